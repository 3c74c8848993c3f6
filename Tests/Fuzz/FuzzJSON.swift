// libFuzzer target: the JSON parser and writer. Any input must give a document or a located syntax error;
// a parsed document must write and re-parse to an equal tree. Built by .ci/fuzz.sh, not by SwiftPM.
import LocatedJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let file = SourceFile(name: "fuzz.json", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    do {
        let document = try JSONParser().parse(file)
        let written = JSONWriter(style: .compact).bytes(document.root)
        let again = try JSONParser().parse(SourceFile(name: "again.json", bytes: written))
        if again.root != document.root { fatalError("a round trip changed the tree") }
    } catch {
        _ = error.location.position
    }
    return 0
}
