// libFuzzer target: the preview server's request parser. Any bytes must give `incomplete`, a request or a refusal
// with a status, never a crash; a request must take no more bytes than there are, and a path starting with `/`;
// parsing the bytes it took again must give the same request, and a refused head must stay refused with more
// bytes after it. Built by .ci/fuzz.sh.
@testable import StylePreview

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let parser = HTTPRequestParser()
    switch parser.parse(bytes[...]) {
    case .incomplete:
        if bytes.count > HTTPRequestParser.maximumHeadLength {
            fatalError("more than the head limit is still incomplete")
        }
    case .request(let request, let consumed):
        guard consumed > 0, consumed <= bytes.count else {
            fatalError("a request took \(consumed) of \(bytes.count) bytes")
        }
        guard request.path.hasPrefix("/") else { fatalError("a request path without /: \(request.path)") }
        guard case .request(let again, consumed) = parser.parse(bytes[..<consumed]), again == request else {
            fatalError("the bytes a request took do not parse to it again")
        }
    case .refused(let status, _):
        guard case .refused(status, _) = parser.parse((bytes + Array("\r\n\r\nGET / HTTP/1.1\r\n\r\n".utf8))[...])
        else {
            fatalError("a refused head was accepted once more bytes came")
        }
    }
    return 0
}
