import LocatedJSON
import StyleLanguageServer

// libFuzzer target: the language server, every message kind it handles. The input's first byte picks the document
// kind (bits 0-1: declarations, style, configuration, part; with bit 3 a rules document, JSON or YAML), the
// position encoding (bit 2) and the folder (bit 4: one with a fetch-base lock and its assets beside `style.json`,
// so the icon, font and source-layer checks run on the text), the rest is the document's text; the server opens it, checks it, and answers
// completion, hover, definition, code actions (forward, reversed and huge ranges) and symbols at places across it;
// then the text is edited in ranges taken from its own bytes, saved, watched, closed, and the raw input is taken as
// a message body. Any text must give answers or error responses, never a crash or a trap in the position
// arithmetic.
// Built by .ci/fuzz.sh, not by SwiftPM.
#if canImport(Glibc)
    import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLSP(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let selector = bytes.first else { return 0 }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let names =
        selector & 8 == 0
        ? ["mc-style.yaml", "style.json", ".mc-style.yaml", "part.yaml"]
        : ["dark.rules.json", "dark.rules.yaml", "dark.rules.json", "dark.rules.yaml"]
    let folder = selector & 16 == 0 ? "/nonexistent-fuzz-folder" : lockedFolder
    let uri = "file://" + folder + "/" + names[Int(selector & 3)]
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
    func at(_ line: Int, _ character: Int) -> JSONNode {
        .object(["line": .integer(line), "character": .integer(character)])
    }
    // Ranges that end before they start, or lie far past the text, as a confused client may send.
    for (start, end) in [(at(lines, 3), at(0, 1)), (at(0, Int.max), at(Int.max, 0)), (at(-1, -5), at(1, Int.min))] {
        id += 1
        send(
            .object([
                "jsonrpc": .string("2.0"), "id": .integer(id), "method": .string("textDocument/codeAction"),
                "params": .object([
                    "textDocument": identifier, "range": .object(["start": start, "end": end]),
                    "context": .object(["diagnostics": .array([])]),
                ]),
            ]))
    }
    id += 1
    send(
        .object([
            "jsonrpc": .string("2.0"), "id": .integer(id), "method": .string("textDocument/documentSymbol"),
            "params": .object(["textDocument": identifier]),
        ]))
    // Incremental edits whose ranges and texts come from the input's own bytes, each checked at the flush.
    var version = 1
    for (index, byte) in bytes.dropFirst().prefix(6).enumerated() {
        version += 1
        let line = Int(byte % 5)
        let character = Int(byte / 5)
        let range = JSONNode.object([
            "start": at(line, character), "end": at(line - Int(byte & 1), character / (index + 1)),
        ])
        let inserted = String(decoding: bytes.dropFirst(index).prefix(Int(byte % 7)), as: UTF8.self)
        send(
            .object([
                "jsonrpc": .string("2.0"), "method": .string("textDocument/didChange"),
                "params": .object([
                    "textDocument": .object(["uri": .string(uri), "version": .integer(version)]),
                    "contentChanges": .array([.object(["range": range, "text": .string(inserted)])]),
                ]),
            ]))
        id += 1
        send(
            .object([
                "jsonrpc": .string("2.0"), "id": .integer(id), "method": .string("textDocument/hover"),
                "params": .object(["textDocument": identifier, "position": at(line, character)]),
            ]))
    }
    _ = server.flush()
    for (method, params) in [
        ("textDocument/didSave", JSONNode.object(["textDocument": identifier])),
        (
            "workspace/didChangeWatchedFiles",
            .object(["changes": .array([.object(["uri": .string(uri), "type": .integer(Int(selector % 3) + 1)])])])
        ),
        ("textDocument/didClose", .object(["textDocument": identifier])),
    ] {
        send(.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params]))
        _ = server.flush()
    }
    id += 1
    send(
        .object([
            "jsonrpc": .string("2.0"), "id": .integer(id), "method": .string("textDocument/completion"),
            "params": .object(["textDocument": identifier, "position": at(0, 0)]),
        ]))
    _ = server.handle(bytes)
    send(.object(["jsonrpc": .string("2.0"), "id": .integer(id + 1), "method": .string("shutdown")]))
    send(.object(["jsonrpc": .string("2.0"), "method": .string("exit")]))
    return 0
}

/// A folder with a fetch-base lock beside `style.json` (a sprite, one font stack, one source's layers), made once
/// per fuzzing process.
let lockedFolder: String = {
    let folder = "/tmp/mc-style-fuzz-lock-\(getpid())"
    let sprite = #"{"pin": {"x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1}}"#
    let glyphs = "glyphs"
    let tileJSON =
        #"{"tilejson": "3.0.0", "tiles": ["https://api.tomtom.com/t/{z}/{x}/{y}.pbf?key={key}"], "vector_layers": [{"id": "Water", "fields": {"class": "String"}}]}"#
    func entry(_ kind: String, _ path: String, _ text: String, _ extra: String) -> String {
        #"{"kind": "\#(kind)", "url": "https://api.tomtom.com/\#(path)?key={key}", "path": "\#(path)", "sha256": "\#(SHA256.hex(Array(text.utf8)))"\#(extra)}"#
    }
    let lock =
        #"{"format": "mc-style-base-lock", "assets": {"folder": "style.assets", "entries": ["#
        + [
            entry("sprite", "sprite.json", sprite, ""),
            entry("glyphs", "glyphs/Noto-Bold.0-255.pbf", glyphs, #", "fontStack": "Noto-Bold", "range": "0-255""#),
            entry("vector-layers", "tilejson/v.json", tileJSON, #", "source": "v""#),
        ].joined(separator: ", ") + "]}}"
    for (path, text) in [
        ("style.assets/glyphs/Noto-Bold.0-255.pbf", glyphs), ("style.assets/tilejson/v.json", tileJSON),
        ("style.assets/sprite.json", sprite), ("style.lock.json", lock),
    ] {
        let file = folder + "/" + path
        var parent = ""
        for part in file.split(separator: "/").dropLast() {
            parent += "/" + part
            mkdir(parent, 0o755)
        }
        if let handle = fopen(file, "w") {
            fputs(text, handle)
            fclose(handle)
        }
    }
    return folder
}()
