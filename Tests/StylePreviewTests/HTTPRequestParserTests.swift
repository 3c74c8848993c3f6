import Testing

@testable import StylePreview

/// The request parser takes whole heads and refuses, with the status to answer, what the server does not serve.
@Suite struct HTTPRequestParserTests {
    private func parse(_ text: String) -> HTTPRequestParser.Outcome { HTTPRequestParser().parse(Array(text.utf8)[...]) }

    @Test func aWholeHeadIsARequestAndItsLengthIsKnown() throws {
        let head =
            "GET /style.json?variant=dark&opacity=a%3A0.5%2Cb%3A1 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nX-A:  b \r\n\r\n"
        guard case .request(let request, let consumed) = parse(head + "GET / HTTP/1.1\r\n") else {
            Issue.record("not a request")
            return
        }
        #expect(consumed == head.utf8.count)
        #expect(request.method == "GET" && request.path == "/style.json" && request.version == "HTTP/1.1")
        #expect(request.parameter("variant") == "dark" && request.parameter("opacity") == "a:0.5,b:1")
        #expect(request.header("host") == "127.0.0.1:8000" && request.header("x-a") == "b")
        #expect(request.keepsAlive)
    }

    @Test func aPartialHeadAsksForMore() {
        #expect(parse("GET / HTTP/1.1\r\nHost: 127.0.0.1:1") == .incomplete)
        #expect(parse("GE") == .incomplete)
    }

    @Test func bareLineFeedsEndLinesToo() {
        guard case .request(let request, _) = parse("GET /a HTTP/1.0\nConnection: keep-alive\n\n") else {
            Issue.record("not a request")
            return
        }
        #expect(request.path == "/a" && request.keepsAlive)
        guard case .request(let closing, _) = parse("GET /a HTTP/1.1\r\nConnection: close\r\n\r\n") else { return }
        #expect(!closing.keepsAlive)
    }

    @Test func aMegabyteRequestLineIsRefusedAtItsLimitWithoutWaitingForTheRest() {
        let long = "GET /" + String(repeating: "a", count: HTTPRequestParser.maximumRequestLineLength)
        #expect(parse(long) == .refused(.uriTooLong, "the request line is too long"))
        #expect(
            parse("GET /" + String(repeating: "a", count: 1 << 20) + " HTTP/1.1\r\n\r\n")
                == .refused(.uriTooLong, "the request line is too long"))
    }

    @Test func aHugeHeadIsRefused() {
        let fields = (0..<2000).map { "X-\($0): \(String(repeating: "v", count: 20))\r\n" }.joined()
        #expect(parse("GET / HTTP/1.1\r\n" + fields) == .refused(.headerFieldsTooLarge, "the header is too long"))
        let many = (0..<(HTTPRequestParser.maximumHeaderCount + 1)).map { "X-\($0): v\r\n" }.joined()
        #expect(
            parse("GET / HTTP/1.1\r\n" + many + "\r\n") == .refused(.headerFieldsTooLarge, "too many header fields"))
    }

    @Test func whatTheServerDoesNotServeIsRefusedWithItsStatus() {
        #expect(parse("POST / HTTP/1.1\r\n\r\n") == .refused(.methodNotAllowed, "only GET and HEAD are served"))
        #expect(
            parse("GET / HTTP/2.0\r\n\r\n") == .refused(.versionNotSupported, "only HTTP/1.1 and HTTP/1.0 are served"))
        #expect(
            parse("GET http://evil.example/ HTTP/1.1\r\n\r\n")
                == .refused(.badRequest, "the request target is not a path"))
        #expect(parse("GET  / HTTP/1.1\r\n\r\n") == .refused(.badRequest, "a malformed request line"))
        #expect(parse("GET / HTTP/1.1\r\nbad header\r\n\r\n") == .refused(.badRequest, "a malformed header field"))
        #expect(
            parse("GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello")
                == .refused(.payloadTooLarge, "requests carry no body here"))
        #expect(
            parse("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n")
                == .refused(.payloadTooLarge, "requests carry no body here"))
    }
}
