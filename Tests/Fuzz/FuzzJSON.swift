// libFuzzer target: the JSON parser and the writer. Any input must give a document or a located syntax error;
// a parsed document must write and re-parse to an equal tree, and the writer's chunked and streamed outputs must
// be the same bytes as its whole output, with the same digest.
// Built by .ci/fuzz.sh, not by SwiftPM.
import LocatedJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let file = SourceFiles().add(name: "fuzz.json", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    do {
        let document = try JSONParser().parse(file)
        let written = JSONWriter(style: .compact).bytes(document.root)
        let again = try JSONParser().parse(SourceFiles().add(name: "again.json", bytes: written))
        if again.root != document.root { fatalError("a round trip changed the tree") }
        for style in [JSONWriter.Style.compact, .pretty] {
            let whole = JSONWriter(style: style).bytes(document.root)
            let chunked = JSONWriter(style: style).chunkedBytes(document.root)
            if chunked.joined != whole || chunked.count != whole.count {
                fatalError("the chunked output differs from the whole")
            }
            if SHA256.hex(chunked) != SHA256.hex(whole) { fatalError("the chunks' digest differs from the whole's") }
            var streamed: [UInt8] = []
            JSONWriter(style: style).write(document.root, chunkSize: 64) { streamed += $0 }
            if streamed != whole { fatalError("the streamed output differs from the whole") }
        }
    } catch {
        _ = error.location.position
    }
    return 0
}
