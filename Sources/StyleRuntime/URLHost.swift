/// The hosts that matter to a compiled style's URLs: TomTom's (the only ones that may receive the API key)
/// and loopback (the only clear-text HTTP an iOS app may reach, and where LocalTileServer listens).
public enum URLHost {
    /// TomTom's API hosts (GUIDE.md 2.2).
    public static let tomTom: Set<String> = ["api.tomtom.com", "a.api.tomtom.com", "b.api.tomtom.com", "c.api.tomtom.com", "d.api.tomtom.com"]
    /// Loopback host names as they appear in URLs.
    public static let loopbackNames: Set<String> = ["localhost", "[::1]"]

    /// The host of an absolute `scheme://host[:port]/...` URL, lowercased; nil when the text is not one.
    /// Inlinable, so that callers get code for their own string type: unspecialized, the body looks up its
    /// index and slice types at run time (a scan of every conformance record, the first time, in a fresh process).
    @inlinable
    public static func host(of url: some StringProtocol) -> String? {
        guard let schemeEnd = url.firstRange(of: "://") else { return nil }
        let authority = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let afterUser = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        if afterUser.hasPrefix("[") {
            guard let close = afterUser.firstIndex(of: "]") else { return nil }
            return String(afterUser[...close]).lowercased()
        }
        return String(afterUser.prefix { $0 != ":" }).lowercased()
    }

    /// True for `https://` or `http://` URLs whose host is TomTom's API (inlinable, as `host(of:)`).
    @inlinable
    public static func isTomTom(_ url: some StringProtocol) -> Bool {
        guard url.hasPrefix("https://") || url.hasPrefix("http://"), let host = host(of: url) else { return false }
        return tomTom.contains(host)
    }

    /// True for `localhost`, `[::1]` and every 127.0.0.0/8 address.
    public static func isLoopback(_ host: String) -> Bool {
        if loopbackNames.contains(host) || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.utf8.allSatisfy { (48...57).contains($0) } && (Int(part) ?? 256) <= 255
        }
    }
}
