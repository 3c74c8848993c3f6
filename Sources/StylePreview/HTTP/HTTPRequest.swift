/// One HTTP/1.1 request head, as the preview server reads it: the server takes `GET` and `HEAD` only, and no body.
struct HTTPRequest: Sendable, Equatable {
    /// One `name=value` pair of the query, percent-decoded.
    struct QueryItem: Sendable, Equatable {
        let name: String
        let value: String
    }

    /// `GET` or `HEAD`.
    let method: String
    /// The path of the request target, as sent (`/style.json`); always starts with `/`.
    let path: String
    /// The query's pairs, in the order sent.
    let query: [QueryItem]
    /// `HTTP/1.1` or `HTTP/1.0`.
    let version: String
    /// The header fields, names in lower case, in the order sent.
    let headers: [(name: String, value: String)]
    /// The query as sent (after `?`, not decoded); nil without one.
    var rawQuery: String? = nil

    /// The first value of a header field (`host`), if the request has it.
    func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// The first value of a query parameter, if the request has it.
    func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// Whether the connection stays open after the response: HTTP/1.1 unless `Connection: close`; HTTP/1.0 only
    /// with `Connection: keep-alive`.
    var keepsAlive: Bool {
        let connection = header("connection")?.lowercased() ?? ""
        return version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
    }

    static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.query == rhs.query && lhs.rawQuery == rhs.rawQuery
            && lhs.version == rhs.version
            && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }
}
