import LocatedJSON

/// Checks and encodes the values that fill placeholders. Each failure names the placeholder; none shows the
/// API key.
enum PlaceholderValues {
    /// The value for one placeholder, ready to splice into a JSON string (needs no JSON escaping).
    static func value(for record: RuntimeManifest.PlaceholderRecord, in settings: RuntimeSettings) throws(RuntimeError)
        -> [UInt8]
    {
        switch record.placeholder {
        case .apiKey:
            guard let key = settings.apiKey else {
                throw RuntimeError(
                    .unfilled, "\(record.placeholder.token) (the TomTom API key) is not filled: give the API key")
            }
            guard !key.isEmpty else { throw RuntimeError(.invalidValue, "the TomTom API key is empty") }
            return percentEncoded(key)
        case .localTileServer:
            guard let base = settings.localTileServer else {
                throw RuntimeError(
                    .unfilled,
                    "\(record.placeholder.token) (the LocalTileServer base URL) is not filled: give http://127.0.0.1:<port>"
                )
            }
            return Array(try loopbackBase(base).utf8)
        case .route(let name):
            let id = settings.routeIDs[name] ?? record.defaultValue ?? name
            guard PathSegment.isValid(id) else {
                throw RuntimeError(
                    .invalidValue,
                    "the route id \(RuntimeError.quoted(id)) for route '\(name)' is not one path segment (letters, digits, '-', '_', '.')"
                )
            }
            return Array(id.utf8)
        case .cacheKey(let name):
            guard let key = settings.cacheKeys[name] ?? record.defaultValue else {
                throw RuntimeError(
                    .unfilled,
                    "\(record.placeholder.token) (the cache key of LocalTileServer route '\(name)') is not filled: give the current cache key"
                )
            }
            guard PathSegment.isValid(key) else {
                throw RuntimeError(
                    .invalidValue,
                    "the cache key \(RuntimeError.quoted(key)) for route '\(name)' is not one path segment (letters, digits, '-', '_', '.')"
                )
            }
            return Array(key.utf8)
        case .environment(let name):
            guard let value = settings.environment[name] else {
                throw RuntimeError(
                    .unfilled, "${\(name)} (a value the declarations take from the environment) is not filled")
            }
            guard !value.isEmpty || record.mayBeEmpty else {
                throw RuntimeError(
                    .invalidValue,
                    "the value of ${\(name)} is empty (the declarations' environment.mayBeEmpty may allow it)")
            }
            return jsonStringContent(value)
        }
    }

    /// `http://<loopback host>[:port]` with any trailing `/` dropped; anything else is an error.
    static func loopbackBase(_ text: String) throws(RuntimeError) -> String {
        var base = Substring(text)
        while base.hasSuffix("/") { base = base.dropLast() }
        let problem = "the LocalTileServer base URL \(RuntimeError.quoted(text)) is not http://<loopback host>[:port]"
        guard base.hasPrefix("http://") else { throw RuntimeError(.invalidValue, problem) }
        let authority = base.dropFirst("http://".count)
        guard !authority.isEmpty, !authority.contains(where: { "/?#@ \"\\".contains($0) || !$0.isASCII }) else {
            throw RuntimeError(.invalidValue, problem)
        }
        guard let host = URLHost.host(of: base), URLHost.isLoopback(host) else {
            throw RuntimeError(
                .invalidValue,
                problem + ": LocalTileServer listens on loopback only, and iOS allows clear-text HTTP to loopback only")
        }
        let afterHost = authority.dropFirst(host.count)
        if !afterHost.isEmpty {
            let port = afterHost.dropFirst()
            guard afterHost.first == ":", let number = Int(port), port.utf8.allSatisfy({ (48...57).contains($0) }),
                (1...65535).contains(number)
            else {
                throw RuntimeError(.invalidValue, problem)
            }
        }
        return String(base)
    }

    /// `text` as it stands between the quotes of a JSON string: filled as written, as `compile --embed-env` writes
    /// it (a value may be a whole origin, `https://tiles.example.com`, not only a token).
    static func jsonStringContent(_ text: String) -> [UInt8] {
        let quoted = JSONWriter(style: .compact).bytes(JSONNode(.string(text)))
        guard let first = quoted.firstIndex(of: UInt8(ascii: "\"")),
            let last = quoted.lastIndex(of: UInt8(ascii: "\"")), first < last
        else { return [] }
        return Array(quoted[(first + 1)..<last])
    }

    /// RFC 3986 percent-encoding of everything but the unreserved characters.
    static func percentEncoded(_ text: String) -> [UInt8] { PercentEncoding.encoded(text) }
}
