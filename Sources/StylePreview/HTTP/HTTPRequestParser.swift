/// Reads request heads from the bytes a connection has received, with bounds on every part, so no client can make
/// the server hold more than `maximumHeadLength` bytes or wait for a request line without end.
struct HTTPRequestParser: Sendable {
    /// What the bytes so far amount to.
    enum Outcome: Sendable, Equatable {
        /// Not a whole head yet, and nothing wrong so far: read more.
        case incomplete
        /// A whole head, and how many bytes of the buffer it took.
        case request(HTTPRequest, consumed: Int)
        /// A request the server will not serve: answer with this status and close.
        case refused(HTTPStatus, String)
    }

    /// The longest request line read, in bytes: a longer one is refused as soon as that many bytes have come.
    static let maximumRequestLineLength = 8 * 1024
    /// The longest head (request line and header fields) read, in bytes.
    static let maximumHeadLength = 32 * 1024
    /// The most header fields read.
    static let maximumHeaderCount = 100

    private static let tokenCharacters = Set(
        "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    /// Reads the first request head in `buffer`.
    func parse(_ buffer: ArraySlice<UInt8>) -> Outcome {
        guard let lineEnd = buffer.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.count > Self.maximumRequestLineLength {
                return .refused(.uriTooLong, "the request line is too long")
            }
            return .incomplete
        }
        if lineEnd - buffer.startIndex > Self.maximumRequestLineLength {
            return .refused(.uriTooLong, "the request line is too long")
        }
        guard let headEnd = Self.endOfHead(buffer) else {
            if buffer.count > Self.maximumHeadLength {
                return .refused(.headerFieldsTooLarge, "the header is too long")
            }
            return .incomplete
        }
        if headEnd - buffer.startIndex > Self.maximumHeadLength {
            return .refused(.headerFieldsTooLarge, "the header is too long")
        }
        let lines = Self.lines(buffer[buffer.startIndex..<headEnd])
        guard let requestLine = lines.first else { return .refused(.badRequest, "no request line") }
        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ Self.tokenCharacters.contains($0) }) else {
            return .refused(.badRequest, "a malformed request line")
        }
        guard let version = String(validating: parts[2], as: UTF8.self), ["HTTP/1.1", "HTTP/1.0"].contains(version)
        else {
            return .refused(.versionNotSupported, "only HTTP/1.1 and HTTP/1.0 are served")
        }
        let method = String(decoding: parts[0], as: UTF8.self)
        guard method == "GET" || method == "HEAD" else {
            return .refused(.methodNotAllowed, "only GET and HEAD are served")
        }
        guard let target = String(validating: parts[1], as: UTF8.self), target.hasPrefix("/"),
            target.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else {
            return .refused(.badRequest, "the request target is not a path")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard headers.count < Self.maximumHeaderCount else {
                return .refused(.headerFieldsTooLarge, "too many header fields")
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                line[line.startIndex..<colon].allSatisfy({ Self.tokenCharacters.contains($0) })
            else {
                return .refused(.badRequest, "a malformed header field")
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces
            headers.append((name, value))
        }
        // Two of either would let two readers of one request disagree on where it is going or where it ends
        // (RFC 9110 7.2, RFC 9112 6.3).
        for name in ["host", "content-length"] where headers.count(where: { $0.name == name }) > 1 {
            return .refused(.badRequest, "more than one \(name) header field")
        }
        if let length = headers.first(where: { $0.name == "content-length" })?.value, length != "0" {
            return .refused(.payloadTooLarge, "requests carry no body here")
        }
        if headers.contains(where: { $0.name == "transfer-encoding" }) {
            return .refused(.payloadTooLarge, "requests carry no body here")
        }
        let (path, query) = Self.split(target)
        let rawQuery = target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) }
        let request = HTTPRequest(
            method: method, path: path, query: query, version: version, headers: headers, rawQuery: rawQuery)
        return .request(request, consumed: Self.afterHead(buffer, headEnd) - buffer.startIndex)
    }

    /// The index of the empty line that ends the head (CRLF CRLF, or LF LF as RFC 9112 allows).
    private static func endOfHead(_ buffer: ArraySlice<UInt8>) -> Int? {
        var index = buffer.startIndex
        while let newline = buffer[index...].firstIndex(of: UInt8(ascii: "\n")) {
            let next = newline + 1
            if next < buffer.endIndex, buffer[next] == UInt8(ascii: "\n") { return newline }
            if next + 1 < buffer.endIndex, buffer[next] == UInt8(ascii: "\r"), buffer[next + 1] == UInt8(ascii: "\n") {
                return newline
            }
            index = next
        }
        return nil
    }

    /// The index just past the empty line that ends the head at `headEnd`.
    private static func afterHead(_ buffer: ArraySlice<UInt8>, _ headEnd: Int) -> Int {
        buffer[headEnd + 1] == UInt8(ascii: "\r") ? headEnd + 3 : headEnd + 2
    }

    /// The head's lines, without their CR LF.
    private static func lines(_ head: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }.filter { !$0.isEmpty }
    }

    /// The path and the decoded query of a request target.
    private static func split(_ target: String) -> (String, [HTTPRequest.QueryItem]) {
        guard let mark = target.firstIndex(of: "?") else { return (target, []) }
        let query = target[target.index(after: mark)...].split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return HTTPRequest.QueryItem(
                name: PercentDecoding.decoded(parts[0]), value: parts.count > 1 ? PercentDecoding.decoded(parts[1]) : ""
            )
        }
        return (String(target[..<mark]), query)
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
