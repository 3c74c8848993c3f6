import LocatedJSON
import StyleCompiler
import Synchronization

/// The mc-style language server, short of its transport: it takes each JSON-RPC message the editor sends and
/// gives the messages to send back. It never prints; `mc-style lsp` reads standard input, writes standard
/// output and logs to standard error around it.
///
/// Documents are checked by the same jobs as `validate`, reading the editor's unsaved texts instead of the
/// saved files (`InputOverlay`). Checks wait until the editor's queued messages are read (`flush()`), so a
/// burst of keystrokes is checked once.
public final class LanguageServer {
    /// How much the server logs, most severe first.
    public enum LogLevel: String, CaseIterable, Sendable, Comparable {
        case off, error, warning, info, debug

        private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
        /// Less verbose levels sort first.
        public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }
    }

    /// What the server is started with.
    public struct Settings: Sendable {
        /// The environment `${NAME}` references are filled from (the editor's, as `validate` would see it).
        public var environment: [String: String]
        /// Where the rules' documentation is: `#<rule anchor>` is added for each diagnostic's link; nil gives
        /// no link.
        public var rulesDocumentation: String?
        /// The version reported to the client.
        public var version: String
        /// Receives log lines at or below `logLevel`.
        public var logLevel: LogLevel
        public var log: @Sendable (LogLevel, String) -> Void

        /// Settings with no rule links and no log.
        public init(
            environment: [String: String], rulesDocumentation: String? = nil, version: String = ToolVersion.current,
            logLevel: LogLevel = .off, log: @escaping @Sendable (LogLevel, String) -> Void = { _, _ in }
        ) {
            self.environment = environment
            self.rulesDocumentation = rulesDocumentation
            self.version = version
            self.logLevel = logLevel
            self.log = log
        }
    }

    /// Where the session is: the protocol allows only `initialize` first, and only `exit` after `shutdown`.
    enum Phase { case starting, running, shuttingDown }

    let settings: Settings
    var phase = Phase.starting
    /// The encoding positions are counted in, agreed at `initialize`.
    var encoding = PositionEncoding.utf16
    /// What `initializationOptions` asked for.
    var options = ClientOptions()
    /// Set by `--secrets-absent`.
    var forcedStandIns = false
    /// Open documents, by absolute path.
    var documents: [String: TextDocument] = [:]
    /// The open documents' texts, read instead of the saved files.
    var overlay = InputOverlay()
    /// The last check of each checked document (a declarations file, a style, a configuration), by path.
    var checks: [String: DocumentCheck] = [:]
    /// Documents to check before the next flush.
    var pending: Set<String> = []
    /// Files that have diagnostics published, by path.
    var published: Set<String> = []
    /// Base styles' layers, by path, with the stamp of the text they were read from.
    var baseLayers: [String: (stamp: String, index: BaseLayerIndex)] = [:]
    /// Each open style's last tree that parsed, for completion while its text is half typed.
    var lastStyleTrees: [String: JSONNode] = [:]
    /// The id of the next request the server sends.
    var nextRequestID = 1
    /// True when the client can be asked to watch files for the server.
    var clientWatchesFiles = false
    /// True when the client takes a completion list's edit range once, in `itemDefaults`.
    var clientTakesDefaultEditRange = false

    /// The client's process id from `initialize`, for a watchdog on another thread: the server ends with it.
    public let clientProcessID = ClientProcess()

    /// The exit status once the client has sent `exit` (0 after `shutdown`, 1 without); nil while running.
    public private(set) var exitStatus: Int32?

    /// A server that has not been initialized yet.
    public init(settings: Settings) {
        self.settings = settings
    }

    /// The messages to send in answer to one message from the client (its body, without the header).
    public func handle(_ body: [UInt8]) -> [[UInt8]] {
        switch RPCMessage.decode(body) {
        case .failure(let error):
            log(.warning, "refused a message: \(error.message)")
            return [Outgoing.bytes(Outgoing.error(error))]
        case .success(let message):
            return handle(message).map(Outgoing.bytes)
        }
    }

    /// The answer to a message that could not be framed (a bad header): an error with no id.
    public func malformed(_ reason: String) -> [[UInt8]] {
        log(.warning, "refused a message: \(reason)")
        return [Outgoing.bytes(Outgoing.error(RPCError(.parseError, reason)))]
    }

    /// The diagnostics of every document changed since the last flush: called when no message is waiting.
    public func flush() -> [[UInt8]] {
        guard phase == .running, !pending.isEmpty else { return [] }
        let roots = pending
        pending = []
        return publishChecks(of: roots).map(Outgoing.bytes)
    }

    /// Checks `${NAME}` values whose variable is not set with stand-ins (`validate --secrets-absent`), whatever
    /// the client's options say.
    public func checksWithStandIns() { forcedStandIns = true }

    /// True when documents are waiting to be checked.
    public var hasPendingWork: Bool { phase == .running && !pending.isEmpty }

    func log(_ level: LogLevel, _ text: @autoclosure () -> String) {
        guard level != .off, level <= settings.logLevel else { return }
        settings.log(level, text())
    }

    private func handle(_ message: RPCMessage) -> [JSONNode] {
        guard let method = message.method else { return [] }  // a response to the server's own request
        log(.debug, "<- \(method)")
        if method == "exit" {
            exitStatus = phase == .shuttingDown ? 0 : 1
            return []
        }
        guard let id = message.id else {
            guard phase == .running else { return [] }
            return notification(method, message.params)
        }
        switch phase {
        case .starting where method != "initialize":
            return [Outgoing.error(RPCError(.serverNotInitialized, "the server is not initialized yet", id: id))]
        case .shuttingDown:
            return [Outgoing.error(RPCError(.invalidRequest, "the server is shutting down", id: id))]
        case .running where method == "initialize":
            return [Outgoing.error(RPCError(.invalidRequest, "the server is already initialized", id: id))]
        default:
            break
        }
        do {
            let (result, also) = try request(method, message.params)
            return [Outgoing.response(id: id, result: result)] + also
        } catch {
            var answered = error
            answered.id = id
            log(.info, "\(method) failed: \(error.message)")
            return [Outgoing.error(answered)]
        }
    }

    /// The result of a request, and any messages to send after it.
    private func request(_ method: String, _ params: JSONNode) throws(RPCError) -> (JSONNode?, [JSONNode]) {
        switch method {
        case "initialize": return (initialize(params), [])
        case "shutdown":
            phase = .shuttingDown
            return (nil, [])
        case "textDocument/completion": return (try completion(params), [])
        case "textDocument/hover": return (try hover(params), [])
        case "textDocument/definition": return (try definition(params), [])
        case "textDocument/documentSymbol": return (try documentSymbols(params), [])
        case "textDocument/codeAction": return (try codeActions(params), [])
        default: throw RPCError(.methodNotFound, "the server does not handle '\(method)'")
        }
    }

    private func notification(_ method: String, _ params: JSONNode) -> [JSONNode] {
        switch method {
        case "initialized": return watchFiles()
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didSave": didSave(params)
        case "textDocument/didClose": return didClose(params)
        case "workspace/didChangeWatchedFiles": didChangeWatchedFiles(params)
        default: log(.debug, "ignored the notification '\(method)'")
        }
        return []
    }
}

/// What the client may ask for in `initializationOptions`.
struct ClientOptions {
    /// Check `${NAME}` values whose variable is not set with stand-ins (`validate --secrets-absent`).
    var secretsAbsent = false
    /// A baseline file (absolute, or relative to the workspace root): only findings it does not hold are shown.
    var baseline: String?
    /// The target styles are checked for (`--target`); declarations keep their own.
    var target: Target?
}

/// The client's process id, shared with a watchdog thread.
public final class ClientProcess: Sendable {
    private let value = Mutex<Int32?>(nil)

    /// The id, once `initialize` gave one.
    public func load() -> Int32? { value.withLock { $0 } }

    func store(_ id: Int32) { value.withLock { $0 = id } }
}
