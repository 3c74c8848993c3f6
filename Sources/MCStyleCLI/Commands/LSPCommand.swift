import Foundation
import StyleCompiler
import StyleLanguageServer
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `mc-style lsp`: the language server, over standard input and output.
enum LSPCommand: Subcommand {
    static let spec = CommandSpec(
        name: "lsp",
        abstract: "Run the language server: findings, completion and more in an editor.",
        discussion: """
            Speaks the Language Server Protocol 3.17 over standard input and output (JSON-RPC with
            Content-Length headers) for declarations (*.yaml, *.yml and their !include parts), .mc-style.yaml and
            style JSON. An editor starts it; see docs/editors.md for VS Code, Neovim, Helix, Sublime Text and Zed.
            It shows the same findings as validate, from the unsaved text, and completes field names, fixed
            values and the base style's layer ids; it explains fields and anchors on hover, jumps to includes,
            bases and anchor layers, lists sources, views and layers, and offers quick fixes.
            Standard output carries only the protocol; logs go to standard error. The server exits when its
            input closes, when the editor sends exit, or when the process that started it ends.
            Exit status: 0 after shutdown and exit, 1 when the input ended or the editor went away first, 2 misuse.
            """,
        options: options
    )

    /// The options, each declared once.
    struct Options: CommandOptions {
        let stdio = Flag(
            name: "stdio", help: "Talk over standard input and output (the only transport; for\neditors that pass it).")
        let logLevel = Option<LanguageServer.LogLevel>(
            name: "log-level", valueName: "level", help: "How much to log on standard error (default warning).")
        let secretsAbsent = Flag(
            name: "secrets-absent",
            help: "Check ${NAME} values whose variable is not set with a stand-in,\nas validate --secrets-absent.")
        let rulesURL = Option<String>(
            name: "rules-url", valueName: "url",
            help:
                "Where the rules' documentation is, for each finding's link\n(default: the installed docs, when found)."
        )
        var all: [any OptionDeclaration] { [stdio, logLevel, secretsAbsent, rulesURL] }
    }
    static let options = Options()
    static let runsUntilStopped = true

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let level = try options.logLevel.value(in: arguments) ?? .warning
        let rulesURL = try options.rulesURL.value(in: arguments) ?? installedRulesDocumentation()
        signal(SIGPIPE, SIG_IGN)
        let settings = LanguageServer.Settings(
            environment: io.environment, rulesDocumentation: rulesURL, version: MCStyleTool.version, logLevel: level,
            log: { level, text in
                let line = Array("mc-style lsp: \(level.rawValue): \(text)\n".utf8)
                _ = line.withUnsafeBufferPointer { DescriptorWriting.writeAll($0, to: STDERR_FILENO) }
            })
        let server = LanguageServer(settings: settings)
        if options.secretsAbsent.isSet(in: arguments) { server.checksWithStandIns() }
        watchParent(of: server)
        let status = serve(server, input: STDIN_FILENO, output: STDOUT_FILENO)
        return status == 0 ? .success : .inputErrors
    }

    /// Reads messages until `exit` or the end of input, answering each; checks run when no message waits.
    static func serve(_ server: LanguageServer, input: Int32, output: Int32) -> Int32 {
        let reader = MessageReader(descriptor: input)
        let writer = MessageWriter(descriptor: output)
        while true {
            if server.hasPendingWork, !reader.hasPendingInput {
                for message in server.flush() where !writer.write(message) { return 1 }
            }
            let answers: [[UInt8]]
            switch reader.next() {
            case .end: return server.exitStatus ?? 1
            case .malformed(let reason): answers = server.malformed(reason)
            case .message(let body): answers = server.handle(body)
            }
            for message in answers where !writer.write(message) { return 1 }
            if let status = server.exitStatus { return status }
        }
    }

    /// Ends the process when the one that started it ends (its parent, or the client's `processId`): an
    /// editor that crashes must not leave servers behind.
    private static func watchParent(of server: LanguageServer) {
        let parent = getppid()
        let client = server.clientProcessID
        Thread.detachNewThread {
            while true {
                sleep(1)
                if getppid() != parent { _exit(1) }
                if let pid = client.load(), kill(pid, 0) != 0, errno == ESRCH { _exit(1) }
            }
        }
    }

    /// The rules' documentation beside the installed binary (`share/doc/mc-style/rules.md`, as the release
    /// archive installs it) or in the checkout it was built in (`docs/rules.md`), as a file URL.
    private static func installedRulesDocumentation() -> String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        var folder = (executable as NSString).deletingLastPathComponent
        for _ in 0..<5 {
            for candidate in ["share/doc/mc-style/rules.md", "docs/rules.md"] {
                let path = folder + "/" + candidate
                if FileManager.default.fileExists(atPath: path) { return "file://" + path }
            }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }
}

extension LanguageServer.LogLevel: ArgumentValue {}
