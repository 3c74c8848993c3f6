// libFuzzer target: the JSON parser, its tape and the writer. Any input must give a document or a located
// syntax error; a parsed document must write and re-parse to an equal tree. The tape must read every input as
// the tree parser does: the same error, or the same tree, duplicate keys and written bytes; the writer's
// chunked output must be the same bytes with the same digest. Parsing while
// reporting the elements of the root's first member must build the same tree (or refuse with the same error),
// and report that member's elements as the tree holds them (unless the key is repeated).
// Built by .ci/fuzz.sh, not by SwiftPM.
import LocatedJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let file = SourceFile(name: "fuzz.json", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let tape = Result { () throws(JSONSyntaxError) in try JSONParser().parseTape(file) }
    do {
        let document = try JSONParser().parse(file)
        let written = JSONWriter(style: .compact).bytes(document.root)
        let again = try JSONParser().parse(SourceFile(name: "again.json", bytes: written))
        if again.root != document.root { fatalError("a round trip changed the tree") }
        guard case .success(let tape) = tape else { fatalError("the tape refused what the tree parser read") }
        if tape.node() != document.root { fatalError("the tape read another tree") }
        if tape.duplicateKeys != document.duplicateKeys { fatalError("the tape found other duplicate keys") }
        for style in [JSONWriter.Style.compact, .pretty] {
            let whole = JSONWriter(style: style).bytes(document.root)
            if JSONWriter(style: style).bytes(tape) != whole { fatalError("the tape wrote other bytes") }
            let chunked = JSONWriter(style: style).chunkedBytes(document.root)
            if chunked.joined != whole || chunked.count != whole.count { fatalError("the chunked output differs from the whole") }
            if SHA256.hex(chunked) != SHA256.hex(whole) { fatalError("the chunks' digest differs from the whole's") }
        }
        checkElementReports(file, document)
    } catch {
        _ = error.location.position
        if let again = try? JSONParser().parse(file, reportingElementsOf: "layers", to: { _, _ in }) {
            fatalError("parsing with reports read what the parser refused: \(again.root)")
        }
        guard case .failure(let tapeError) = tape else { fatalError("the tape read what the tree parser refused") }
        if tapeError.location != error.location || tapeError.message != error.message { fatalError("the tape refused with another error") }
    }
    return 0
}

/// Parses `file` again reporting the elements of the root's first member (the key fuzzed inputs have).
func checkElementReports(_ file: SourceFile, _ document: JSONDocument) {
    guard let key = document.root.objectValue?.members.first?.key else { return }
    var reported: [JSONNode] = []
    guard let again = try? JSONParser().parse(file, reportingElementsOf: key, to: { index, element in
        if index != reported.count { fatalError("an element was reported out of order") }
        reported.append(element)
    }) else { fatalError("parsing with reports refused what the parser read") }
    if again.root != document.root || again.duplicateKeys != document.duplicateKeys { fatalError("parsing with reports built another tree") }
    guard !document.duplicateKeys.contains(where: { $0.key == key && $0.objectPath.components.isEmpty }) else { return }
    let elements = document.root[key]?.arrayValue ?? []
    if reported != elements || reported.map(\.location?.offset) != elements.map(\.location?.offset) {
        fatalError("the elements reported are not the tree's")
    }
}
