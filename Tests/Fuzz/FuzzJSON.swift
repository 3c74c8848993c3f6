// libFuzzer target: the JSON parser, its tape and the writer. Any input must give a document or a located
// syntax error; a parsed document must write and re-parse to an equal tree. The tape must read every input as
// the tree parser does: the same error, or the same tree, duplicate keys and written bytes.
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
        for style in [JSONWriter.Style.compact, .pretty] where JSONWriter(style: style).bytes(tape) != JSONWriter(style: style).bytes(document.root) {
            fatalError("the tape wrote other bytes")
        }
    } catch {
        _ = error.location.position
        guard case .failure(let tapeError) = tape else { fatalError("the tape read what the tree parser refused") }
        if tapeError.location != error.location || tapeError.message != error.message { fatalError("the tape refused with another error") }
    }
    return 0
}
