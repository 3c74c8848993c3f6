import LocatedJSON
import StyleCompiler

extension LanguageServer {
    /// `initialize`: agrees the position encoding, reads the client's options and says what the server does.
    func initialize(_ params: JSONNode) -> JSONNode {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue)
        encoding = PositionEncoding.negotiated(offered: offered ?? [])
        clientWatchesFiles =
            params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue == true
        if let id = params["processId"]?.numberValue?.intValue, id > 0, let pid = Int32(exactly: id) {
            clientProcessID.store(pid)
        }
        let defaults = params["capabilities"]?["textDocument"]?["completion"]?["completionList"]?["itemDefaults"]
        clientTakesDefaultEditRange = defaults?.arrayValue?.contains { $0.stringValue == "editRange" } == true
        let root = params["rootUri"]?.stringValue.flatMap(DocumentURI.path(of:))
        if let given = params["initializationOptions"] {
            options.secretsAbsent = given["secretsAbsent"]?.boolValue ?? false
            if let baseline = given["baseline"]?.stringValue {
                options.baseline = baseline.hasPrefix("/") ? baseline : root.map { FilePaths.join($0, baseline) }
            }
            options.target = given["target"]?.stringValue.flatMap(Target.init(rawValue:))
        }
        phase = .running
        log(.info, "initialized: positions in \(encoding.rawValue)")
        let triggers = [":", " ", "-", "\"", "{", ",", "["].map { JSONNode.string($0) }
        return .object([
            "capabilities": .object([
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": .object([
                    "openClose": .bool(true), "change": .integer(2),
                    "save": .object(["includeText": .bool(false)]),
                ]),
                "completionProvider": .object(["triggerCharacters": .array(triggers)]),
                "hoverProvider": .bool(true),
                "definitionProvider": .bool(true),
                "documentSymbolProvider": .bool(true),
                "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")])]),
            ]),
            "serverInfo": .object(["name": .string("mc-style"), "version": .string(settings.version)]),
        ])
    }

    /// After `initialized`: asks the client to report changes of styles and declarations on disk (a base
    /// edited elsewhere, or one that vanishes), when it can.
    func watchFiles() -> [JSONNode] {
        guard clientWatchesFiles else { return [] }
        let watchers = ["**/*.json", "**/*.yaml", "**/*.yml"].map { JSONNode.object(["globPattern": .string($0)]) }
        let registration = JSONNode.object([
            "id": .string("mc-style-watched-files"), "method": .string("workspace/didChangeWatchedFiles"),
            "registerOptions": .object(["watchers": .array(watchers)]),
        ])
        nextRequestID += 1
        return [
            Outgoing.request(
                id: nextRequestID - 1, "client/registerCapability",
                .object(["registrations": .array([registration])]))
        ]
    }
}
