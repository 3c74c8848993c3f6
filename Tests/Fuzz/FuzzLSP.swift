// libFuzzer target: the language server. The input's first byte picks the document kind and the position
// encoding, the rest is the document's text; the server opens it, checks it, and answers completion, hover,
// definition, code actions and symbols at places across it, then takes the raw input as a message body. Any
// text must give answers or error responses, never a crash or a trap in the position arithmetic.
// Built by .ci/fuzz.sh, not by SwiftPM.
import LocatedJSON
import StyleLanguageServer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLSP(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let selector = bytes.first else { return 0 }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let names = ["mc-style.yaml", "style.json", ".mc-style.yaml", "part.yaml"]
    let uri = "file:///nonexistent-fuzz-folder/" + names[Int(selector & 3)]
    let server = LanguageServer(settings: .init(environment: [:]))
    func send(_ message: JSONNode) {
        for answer in server.handle(JSONWriter(style: .compact).bytes(message)) {
            guard (try? JSONParser().parse(bytes: answer, name: "answer")) != nil else {
                fatalError("the server sent a message that is not JSON")
            }
        }
    }
    let encodings: [JSONNode] = selector & 4 != 0 ? [.string("utf-8")] : []
    send(
        .object([
            "jsonrpc": .string("2.0"), "id": .integer(1), "method": .string("initialize"),
            "params": .object(["capabilities": .object(["general": .object(["positionEncodings": .array(encodings)])])]
            ),
        ]))
    let document = JSONNode.object([
        "uri": .string(uri), "languageId": .string("yaml"), "version": .integer(1), "text": .string(text),
    ])
    send(
        .object([
            "jsonrpc": .string("2.0"), "method": .string("textDocument/didOpen"),
            "params": .object(["textDocument": document]),
        ]))
    _ = server.flush()
    let identifier = JSONNode.object(["uri": .string(uri)])
    let lines = min(text.split(separator: "\n", omittingEmptySubsequences: false).count + 1, 8)
    var id = 2
    for line in 0..<lines {
        for character in [0, 2, 9, 1000] {
            let position = JSONNode.object(["line": .integer(line), "character": .integer(character)])
            for method in ["textDocument/completion", "textDocument/hover", "textDocument/definition"] {
                id += 1
                send(
                    .object([
                        "jsonrpc": .string("2.0"), "id": .integer(id), "method": .string(method),
                        "params": .object(["textDocument": identifier, "position": position]),
                    ]))
            }
            id += 1
            send(
                .object([
                    "jsonrpc": .string("2.0"), "id": .integer(id), "method": .string("textDocument/codeAction"),
                    "params": .object([
                        "textDocument": identifier, "range": .object(["start": position, "end": position]),
                        "context": .object(["diagnostics": .array([])]),
                    ]),
                ]))
        }
    }
    send(
        .object([
            "jsonrpc": .string("2.0"), "id": .integer(id + 1), "method": .string("textDocument/documentSymbol"),
            "params": .object(["textDocument": identifier]),
        ]))
    _ = server.handle(bytes)
    return 0
}
