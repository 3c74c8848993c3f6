/// A whole response: status, content type and body. The head carries `SecurityHeaders`' fields on every response.
struct HTTPResponse: Sendable {
    let status: HTTPStatus
    /// The `Content-Type` (`application/json`, `image/png`, ...).
    let contentType: String
    let body: [UInt8]

    init(_ status: HTTPStatus = .ok, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A plain-text response, for errors.
    static func text(_ status: HTTPStatus, _ text: String) -> HTTPResponse {
        HTTPResponse(status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }

    /// A JSON response of already written bytes.
    static func json(_ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(contentType: "application/json; charset=utf-8", body: bytes)
    }

    /// The status line and header fields, ending with the empty line.
    func head(keepsAlive: Bool, security: SecurityHeaders) -> [UInt8] {
        var text = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        text += "Content-Type: \(contentType)\r\n"
        text += "Content-Length: \(body.count)\r\n"
        text += security.fields
        text += "Connection: \(keepsAlive ? "keep-alive" : "close")\r\n\r\n"
        return Array(text.utf8)
    }

    /// The whole response for `method` (a `HEAD` gets the head alone).
    func bytes(method: String, keepsAlive: Bool, security: SecurityHeaders) -> [UInt8] {
        head(keepsAlive: keepsAlive, security: security) + (method == "HEAD" ? [] : body)
    }

    /// The head of a Server-Sent Events stream; events follow as the server sends them (none for `HEAD`, whose
    /// connection then closes).
    static func eventStreamHead(security: SecurityHeaders, keepsAlive: Bool = true) -> [UInt8] {
        Array(
            ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n" + security.fields
                + "Connection: \(keepsAlive ? "keep-alive" : "close")\r\n\r\n").utf8)
    }

    /// One Server-Sent Event: `event: NAME` and its data, one `data:` line per line.
    static func event(_ name: String, data: String) -> [UInt8] {
        let lines = data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined()
        return Array("event: \(name)\n\(lines)\n".utf8)
    }
}
