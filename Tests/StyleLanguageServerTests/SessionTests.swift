import Foundation
import LocatedJSON
import StyleLanguageServer
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
}

/// `file://` URIs of test paths (ASCII paths only).
enum DocumentURIText {
    static func uri(_ path: String) -> String { "file://" + path }
}
