import Foundation
import LocatedJSON
import StyleLanguageServer
import TestSupport
import Testing

/// The server in process: the protocol's order of things, and answers to what it cannot use.
@Suite struct SessionTests {
    func message(_ text: String) -> [UInt8] { Array(text.utf8) }

    func answers(_ server: LanguageServer, _ text: String) throws -> [JSONNode] {
        try server.handle(message(text)).map { try JSONParser().parse(bytes: $0, name: "answer").root }
    }

    @Test func requestsBeforeInitializeAndAfterShutdownAreRefused() throws {
        let server = LanguageServer(settings: .init(environment: [:]))
        let early = try answers(server, #"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#)
        #expect(early.first?["error"]?["code"]?.numberValue?.intValue == -32002)
        let initialized = try answers(
            server, #"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":{}}}"#)
        #expect(initialized.first?["result"]?["capabilities"]?["positionEncoding"]?.stringValue == "utf-16")
        let again = try answers(server, #"{"jsonrpc":"2.0","id":3,"method":"initialize","params":{}}"#)
        #expect(again.first?["error"]?["code"]?.numberValue?.intValue == -32600)
        _ = try answers(server, #"{"jsonrpc":"2.0","id":4,"method":"shutdown"}"#)
        let late = try answers(server, #"{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{}}"#)
        #expect(late.first?["error"]?["code"]?.numberValue?.intValue == -32600)
        #expect(server.exitStatus == nil)
        _ = try answers(server, #"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(server.exitStatus == 0)
    }

    @Test func exitWithoutShutdownIsAFailure() throws {
        let server = LanguageServer(settings: .init(environment: [:]))
        _ = try answers(server, #"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(server.exitStatus == 1)
    }

    @Test func garbageGetsErrorsWithTheRightCodes() throws {
        let server = LanguageServer(settings: .init(environment: [:]))
        for (text, code) in [
            ("{", -32700), ("[1]", -32600), (#"{"id":{"a":1},"method":"x"}"#, -32600), (#"{"jsonrpc":"2.0"}"#, -32600),
        ] {
            let answer = try answers(server, text)
            #expect(answer.first?["error"]?["code"]?.numberValue?.intValue == code, "\(text)")
        }
    }

    /// A keystroke must never stop the server: a text ending half-way through an escape, and a code-action
    /// range that ends before it starts, each get an answer.
    @Test func halfTypedEscapesAndReversedRangesAreAnswered() throws {
        let server = LanguageServer(settings: .init(environment: [:]))
        _ = try answers(server, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        let uri = "file:///nonexistent-session-folder/mc-style.yaml"
        let text = #"version: 1\nsources:\n  - id: \"a\\"#
        _ = try answers(
            server,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"yaml","version":1,"text":"\#(text)"}}}"#
        )
        _ = server.flush()
        let position = #"{"line":2,"character":11}"#
        for (id, method) in ["textDocument/completion", "textDocument/hover", "textDocument/definition"].enumerated() {
            let answer = try answers(
                server,
                #"{"jsonrpc":"2.0","id":\#(id + 2),"method":"\#(method)","params":{"textDocument":{"uri":"\#(uri)"},"position":\#(position)}}"#
            )
            #expect(answer.first?["error"] == nil, "\(method)")
        }
        let symbols = try answers(
            server,
            #"{"jsonrpc":"2.0","id":9,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(uri)"}}}"#
        )
        #expect(symbols.first?["result"]?.arrayValue != nil)
        let reversed = try answers(
            server,
            #"{"jsonrpc":"2.0","id":10,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":2,"character":9},"end":{"line":0,"character":1}},"context":{"diagnostics":[]}}}"#
        )
        #expect(reversed.first?["result"]?.arrayValue != nil)
    }

    /// Every keystroke of typing the demo's declarations, the start of a style and both shipped rules documents
    /// (JSON and YAML): each prefix of the text gets
    /// every request kind the server answers at its end (completion, hover, definition, a reversed code-action
    /// range, symbols), and a check now and then; each gets an answer.
    @Test func everyPrefixOfATypedFileGetsEveryRequestAnswered() throws {
        let declarations = try String(
            contentsOf: SharedData.repositoryFile("fixtures/demo/mc-style.yaml"), encoding: .utf8)
        let style = String(
            try String(contentsOf: SharedData.repositoryFile("styles/tomtom-demo-base.json"), encoding: .utf8)
                .prefix(2_000))
        // Each ends in a string with an escape, typed one character at a time.
        let typedLast = #"  - id: "caf\u00e9\"x""# + "\n"
        let rulesJSON = try String(
            contentsOf: SharedData.repositoryFile("fixtures/stylerules/rules/dark.rules.json"), encoding: .utf8)
        let rulesYAML = try String(
            contentsOf: SharedData.repositoryFile("fixtures/stylerules/rules/road-emphasis.rules.yaml"),
            encoding: .utf8)
        for (name, text) in [
            ("mc-style.yaml", declarations + typedLast), ("style.json", style + #""caf\u00e9\"x""#),
            ("dark.rules.json", rulesJSON), ("road.rules.yaml", rulesYAML + typedLast),
        ] {
            let server = LanguageServer(settings: .init(environment: [:]))
            _ = try answers(server, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
            let uri = "file:///nonexistent-typing-folder/\(name)"
            let encoded = { (text: String) in
                String(decoding: JSONWriter(style: .compact).bytes(.string(text)), as: UTF8.self)
            }
            _ = try answers(
                server,
                #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"yaml","version":1,"text":""}}}"#
            )
            let scalars = Array(text.unicodeScalars)
            var id = 2
            let lengths =
                Array(stride(from: 0, to: scalars.count - 24, by: 7)) + Array((scalars.count - 24)...scalars.count)
            for (step, length) in lengths.enumerated() {
                var typed = String.UnicodeScalarView()
                typed.append(contentsOf: scalars[..<length])
                let prefix = String(typed)
                let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false)
                let end = #"{"line":\#(lines.count - 1),"character":\#(lines.last?.utf16.count ?? 0)}"#
                _ = try answers(
                    server,
                    #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(step + 2)},"contentChanges":[{"text":\#(encoded(prefix))}]}}"#
                )
                let document = #"{"uri":"\#(uri)"}"#
                for (method, params) in [
                    ("textDocument/completion", #"{"textDocument":\#(document),"position":\#(end)}"#),
                    ("textDocument/hover", #"{"textDocument":\#(document),"position":\#(end)}"#),
                    ("textDocument/definition", #"{"textDocument":\#(document),"position":\#(end)}"#),
                    (
                        "textDocument/codeAction",
                        #"{"textDocument":\#(document),"range":{"start":\#(end),"end":{"line":0,"character":0}},"context":{"diagnostics":[]}}"#
                    ),
                    ("textDocument/documentSymbol", #"{"textDocument":\#(document)}"#),
                ] {
                    id += 1
                    let answer = try answers(
                        server, #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
                    #expect(answer.first?["id"]?.numberValue?.intValue == id, "\(name) at \(length): \(method)")
                }
                if step % 40 == 0 { _ = server.flush() }
            }
        }
    }

    @Test func aChangeIsCheckedOnceAtTheFlush() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#
        try base.write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
        let uri = DocumentURIText.uri(folder.appendingPathComponent("mc-style.yaml").path)
        let server = LanguageServer(settings: .init(environment: [:]))
        _ = try answers(server, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        let text =
            #"version: 1\nbase: base.json\nsources:\n  - id: a\n    urlTemplate: https://t.example.com/{z}/{x}/{y}.png\n    opacity: 2\n"#
        _ = try answers(
            server,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"yaml","version":1,"text":"\#(text)"}}}"#
        )
        for version in 2...4 {
            _ = try answers(
                server,
                #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"text":"\#(text)"}]}}"#
            )
        }
        #expect(server.hasPendingWork)
        let published = try server.flush().map { try JSONParser().parse(bytes: $0, name: "flush").root }
        #expect(published.count == 1)
        #expect(published.first?["params"]?["version"]?.numberValue?.intValue == 4)
        let codes = published.first?["params"]?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue }
        #expect(codes == ["decl.range"])
        #expect(!server.hasPendingWork)
        #expect(server.flush().isEmpty)
    }

    /// A new buffer in a folder that does not exist yet is confined as one in an existing folder: a base outside
    /// its project is refused, never read, and none of its layer ids reaches a message or a completion.
    @Test func aNewBuffersBaseOutsideTheProjectIsNeverRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-confine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = #"{"version": 8, "sources": {}, "layers": [{"id": "Private layer", "type": "background"}]}"#
        try base.write(to: folder.appendingPathComponent("outside.json"), atomically: true, encoding: .utf8)
        let server = LanguageServer(settings: .init(environment: [:]))
        _ = try answers(server, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        let text =
            #"version: 1\nbase: ../../outside.json\nsources:\n  - id: a\n    urlTemplate: https://t.example.com/{z}/{x}/{y}.png\n    placement: { below: Private layr }\n"#
        for (index, subfolder) in ["not-yet/sub", "exists/sub"].enumerated() {
            if index == 1 {
                try FileManager.default.createDirectory(
                    at: folder.appendingPathComponent(subfolder), withIntermediateDirectories: true)
            }
            let uri = DocumentURIText.uri(folder.appendingPathComponent(subfolder + "/mc-style.yaml").path)
            _ = try answers(
                server,
                #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"yaml","version":1,"text":"\#(text)"}}}"#
            )
            let published = try server.flush().map { try JSONParser().parse(bytes: $0, name: "flush").root }
            let diagnostics = published.flatMap { $0["params"]?["diagnostics"]?.arrayValue ?? [] }
            #expect(diagnostics.compactMap { $0["code"]?.stringValue } == ["decl.path-escape"], "\(subfolder)")
            let said = published.map { String(decoding: JSONWriter(style: .compact).bytes($0), as: UTF8.self) }
            #expect(!said.joined().contains("Private layer"), "\(subfolder)")
            let completion = try answers(
                server,
                #"{"jsonrpc":"2.0","id":\#(index + 2),"method":"textDocument/completion","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":5,"character":24}}}"#
            )
            let items =
                completion.first?["result"]?["items"]?.arrayValue ?? completion.first?["result"]?.arrayValue ?? []
            #expect(!items.contains { $0["label"]?.stringValue == "Private layer" }, "\(subfolder)")
        }
    }
}

/// A vector style opened on its own is checked as its declarations (on disk, not open) check it: against
/// MapConductor's rasteriser, not as a TomTom base; the declarations' `style:` leads to it.
@Suite struct VectorStyleSessionTests {
    func answers(_ server: LanguageServer, _ text: String) throws -> [JSONNode] {
        try server.handle(Array(text.utf8)).map { try JSONParser().parse(bytes: $0, name: "answer").root }
    }

    @Test func aVectorStyleIsCheckedAsItsDeclarationsCheckIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-vector-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("vector"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#
        try base.write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
        let declarations =
            "version: 1\nbase: base.json\nsources:\n  - id: shade\n    vectorStyle: {style: vector/style.json, route: shade}\n"
        try declarations.write(to: folder.appendingPathComponent("mc-style.yaml"), atomically: true, encoding: .utf8)
        let style =
            #"{\"version\": 8, \"sources\": {\"dem\": {\"type\": \"raster-dem\", \"tiles\": [\"https://dem.example.com/{z}/{x}/{y}.png\"]}}, \"layers\": [{\"id\": \"shade\", \"type\": \"hillshade\", \"source\": \"dem\"}]}"#
        let stylePath = folder.appendingPathComponent("vector/style.json").path
        try style.replacingOccurrences(of: "\\\"", with: "\"").write(
            toFile: stylePath, atomically: true, encoding: .utf8)
        let server = LanguageServer(settings: .init(environment: [:]))
        _ = try answers(server, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        let styleURI = DocumentURIText.uri(stylePath)
        _ = try answers(
            server,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(styleURI)","languageId":"json","version":1,"text":"\#(style)"}}}"#
        )
        let published = try server.flush().map { try JSONParser().parse(bytes: $0, name: "flush").root }
        let forStyle = published.filter { $0["params"]?["uri"]?.stringValue == styleURI }
        let codes = forStyle.last?["params"]?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue }
        #expect(codes == ["compat.layer-type"], "\(published)")

        let uri = DocumentURIText.uri(folder.appendingPathComponent("mc-style.yaml").path)
        let text = declarations.replacingOccurrences(of: "\n", with: "\\n")
        _ = try answers(
            server,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"yaml","version":1,"text":"\#(text)"}}}"#
        )
        let definition = try answers(
            server,
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/definition","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":4,"character":26}}}"#
        )
        #expect(definition.first?["result"]?[0]?["uri"]?.stringValue == styleURI, "\(definition)")
    }
}

extension RulesSessionTests {
    /// A rules file of any name that declarations name (`rules: rules/dark.json`) is checked as their check reads
    /// it, not as a style, and completed as a rules document.
    @Test func aRulesFileTheDeclarationsNameIsCheckedAsRules() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-named-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("rules"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let base =
            ##"{"version": 8, "sources": {}, "layers": [{"id": "background", "type": "background", "paint": {"background-color": "#ffffff"}}]}"##
        try base.write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
        let declarations =
            "version: 1\nbases:\n  light: base.json\n  dark: {from: light, rules: rules/dark.json}\nsources:\n  - {id: a, urlTemplate: \"https://t.example.com/{z}/{x}/{y}.png\"}\n"
        try declarations.write(to: folder.appendingPathComponent("mc-style.yaml"), atomically: true, encoding: .utf8)
        let rules =
            ##"{"schemaVersion": 1, "rules": [{"selector": {"role": "backgrund"}, "patch": {"color": "#000000"}}]}"##
        let rulesPath = folder.appendingPathComponent("rules/dark.json").path
        try rules.write(toFile: rulesPath, atomically: true, encoding: .utf8)
        let server = LanguageServer(settings: .init(environment: [:]))
        _ = try answers(server, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        let uri = DocumentURIText.uri(rulesPath)
        let escaped = rules.replacingOccurrences(of: "\"", with: "\\\"")
        _ = try answers(
            server,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"json","version":1,"text":"\#(escaped)"}}}"#
        )
        let published = try server.flush().map { try JSONParser().parse(bytes: $0, name: "flush").root }
        let forRules = published.filter { $0["params"]?["uri"]?.stringValue == uri }
        let codes = forRules.last?["params"]?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue }
        #expect(codes?.contains("rules.role") == true, "\(published)")
        #expect(codes?.contains { $0.hasPrefix("style.") } == false, "\(published)")
        let roles = try labels(server, uri, line: 0, character: 57, id: 2)
        #expect(roles.contains("background") && roles.contains("water"), "\(roles)")
    }
}

/// `file://` URIs of test paths (ASCII paths only).
enum DocumentURIText {
    static func uri(_ path: String) -> String { "file://" + path }
}

/// A rules document (`*.rules.json`, `*.rules.yaml`) is checked as `validate` reads it, and completed with the
/// selectors, roles and patch fields MapConductor's StyleRules take.
@Suite struct RulesSessionTests {
    func answers(_ server: LanguageServer, _ text: String) throws -> [JSONNode] {
        try server.handle(Array(text.utf8)).map { try JSONParser().parse(bytes: $0, name: "answer").root }
    }

    func labels(_ server: LanguageServer, _ uri: String, line: Int, character: Int, id: Int) throws -> [String] {
        let completion = try answers(
            server,
            #"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/completion","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)}}}"#
        )
        let items = completion.first?["result"]?["items"]?.arrayValue ?? completion.first?["result"]?.arrayValue ?? []
        return items.compactMap { $0["label"]?.stringValue }
    }

    @Test func aRulesDocumentIsCheckedAndCompleted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = LanguageServer(settings: .init(environment: [:]))
        _ = try answers(server, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        // Line 2 has a role misspelt, line 3 a patch field; the cursor then completes on lines 2 and 3.
        let json = [
            #"{"schemaVersion": 1, "rules": ["#,
            ##"  {"selector": {"role": "roads"}, "patch": {"color": "#ffffff"}},"##,
            ##"  {"selector": {"kind": "line"}, "patch": {"colour": "#000000"}}"##,
            "]}",
        ].joined(separator: "\n")
        let uri = DocumentURIText.uri(folder.appendingPathComponent("dark.rules.json").path)
        let escaped = json.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
        _ = try answers(
            server,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"json","version":1,"text":"\#(escaped)"}}}"#
        )
        let published = try server.flush().map { try JSONParser().parse(bytes: $0, name: "flush").root }
        let diagnostics = published.last?["params"]?["diagnostics"]?.arrayValue ?? []
        let found = diagnostics.map {
            "\($0["code"]?.stringValue ?? ""):\($0["range"]?["start"]?["line"]?.numberValue?.intValue ?? -1)"
        }
        #expect(found == ["rules.role:1", "rules.unknown-field:2"], "\(published)")
        // In the role's value: the roles; on the patch's key: the patch fields; on the kind: the kinds.
        let roles = try labels(server, uri, line: 1, character: 26, id: 2)
        #expect(roles.contains("road") && roles.contains("road-casing"), "\(roles)")
        let fields = try labels(server, uri, line: 2, character: 45, id: 3)
        #expect(
            fields.contains("color") && fields.contains("widthScale") && fields.contains("colorFilter"), "\(fields)")
        let kinds = try labels(server, uri, line: 2, character: 26, id: 4)
        #expect(kinds == ["background", "fill", "line", "circle", "symbol", "other"], "\(kinds)")

        let yaml =
            "schemaVersion: 1\nrules:\n  - selector: {role: water}\n    patch:\n      colorFilter: {darken: 0.3}\n      "
        let yamlURI = DocumentURIText.uri(folder.appendingPathComponent("night.rules.yaml").path)
        _ = try answers(
            server,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(yamlURI)","languageId":"yaml","version":1,"text":"\#(yaml.replacingOccurrences(of: "\n", with: "\\n"))"}}}"#
        )
        let yamlPublished = try server.flush().map { try JSONParser().parse(bytes: $0, name: "flush").root }
        #expect(yamlPublished.last?["params"]?["diagnostics"]?.arrayValue?.isEmpty == true, "\(yamlPublished)")
        let patchKeys = try labels(server, yamlURI, line: 5, character: 6, id: 5)
        #expect(patchKeys.contains("properties") && patchKeys.contains("visible"), "\(patchKeys)")
    }
}

/// A base style with a `fetch-base` lock beside it is checked in the editor against the locked assets, as
/// `validate` checks it, with no `assets:` and no flags.
@Suite struct LockedAssetsSessionTests {
    func answers(_ server: LanguageServer, _ text: String) throws -> [JSONNode] {
        try server.handle(Array(text.utf8)).map { try JSONParser().parse(bytes: $0, name: "answer").root }
    }

    @Test func anOpenedBaseIsCheckedAgainstItsLockedSprite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("base.assets"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sprite = #"{"hospital": {"x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1}}"#
        try sprite.write(
            to: folder.appendingPathComponent("base.assets/sprite.json"), atomically: true, encoding: .utf8)
        let lock = """
            {"format": "mc-style-base-lock", "assets": {"folder": "base.assets", "entries": [{"kind": "sprite", \
            "url": "https://api.tomtom.com/sprite.json?key={key}", "path": "sprite.json", \
            "sha256": "\(SHA256.hex(Array(sprite.utf8)))"}]}}
            """
        try lock.write(to: folder.appendingPathComponent("base.lock.json"), atomically: true, encoding: .utf8)
        let style =
            #"{\"version\": 8, \"sources\": {}, \"layers\": [{\"id\": \"poi\", \"type\": \"symbol\", \"source\": \"s\", \"layout\": {\"icon-image\": \"hospitl\"}}]}"#
        let stylePath = folder.appendingPathComponent("base.json").path
        let server = LanguageServer(settings: .init(environment: [:]))
        _ = try answers(server, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        let uri = DocumentURIText.uri(stylePath)
        _ = try answers(
            server,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"json","version":1,"text":"\#(style)"}}}"#
        )
        let published = try server.flush().map { try JSONParser().parse(bytes: $0, name: "flush").root }
        let diagnostics = published.last { $0["params"]?["uri"]?.stringValue == uri }?["params"]?["diagnostics"]
        let icon = diagnostics?.arrayValue?.first { $0["code"]?.stringValue == "assets.sprite-image" }
        #expect(icon?["message"]?.stringValue?.contains("did you mean 'hospital'?") == true, "\(published)")
        let unescaped = style.replacingOccurrences(of: "\\\"", with: "\"")
        let column = try #require(unescaped.range(of: "\"hospitl\"")).lowerBound.utf16Offset(in: unescaped)
        #expect(icon?["range"]?["start"]?["character"]?.numberValue?.text == String(column), "\(published)")

        // fetch-base runs again and TomTom now has the image: the lock's change on disk checks the style again.
        let renamed = #"{"hospitl": {"x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1}}"#
        try renamed.write(
            to: folder.appendingPathComponent("base.assets/sprite.json"), atomically: true, encoding: .utf8)
        try lock.replacingOccurrences(of: SHA256.hex(Array(sprite.utf8)), with: SHA256.hex(Array(renamed.utf8)))
            .write(to: folder.appendingPathComponent("base.lock.json"), atomically: true, encoding: .utf8)
        let lockURI = DocumentURIText.uri(folder.appendingPathComponent("base.lock.json").path)
        _ = try answers(
            server,
            #"{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[{"uri":"\#(lockURI)","type":2}]}}"#
        )
        let again = try server.flush().map { try JSONParser().parse(bytes: $0, name: "flush").root }
        let codes = again.last { $0["params"]?["uri"]?.stringValue == uri }?["params"]?["diagnostics"]?.arrayValue?
            .compactMap { $0["code"]?.stringValue }
        #expect(codes != nil && codes?.contains("assets.sprite-image") == false, "\(again)")
    }
}
