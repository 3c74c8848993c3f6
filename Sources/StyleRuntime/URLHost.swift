/// The hosts that matter to a compiled style's URLs: TomTom's (the only ones that may receive the API key)
/// and loopback (the only clear-text HTTP an iOS app may reach, and where LocalTileServer listens).
///
/// Hosts are read the WHATWG way (`URLAuthority`), as browsers, Node and OkHttp read them, and every check that
/// decides where a key may go asks `keyDestination(of:)`, in the compiler and at run time alike.
public enum URLHost {
    /// TomTom's API hosts (GUIDE.md 2.2).
    public static let tomTom: Set<String> = [
        "api.tomtom.com", "a.api.tomtom.com", "b.api.tomtom.com", "c.api.tomtom.com", "d.api.tomtom.com",
    ]
    /// Loopback host names as they appear in URLs.
    public static let loopbackNames: Set<String> = ["localhost", "[::1]"]

    /// Where TomTom's API key would go if it were filled into a URL.
    public enum KeyDestination: Sendable, Equatable {
        /// An `https` URL on one of TomTom's hosts, read the same by every parser: the key may be filled.
        case tomTom
        /// A clear-text `http` URL on one of TomTom's hosts: the key would cross the network unencrypted.
        case cleartextTomTom
        /// A URL whose host a WHATWG parser may read otherwise than it looks (the reason, as a phrase).
        case ambiguous(String)
        /// Any other host, or no URL at all.
        case elsewhere
    }

    /// The host of an absolute `scheme://host[:port]/...` URL as a WHATWG parser gives it (lowercased); nil when
    /// the text is not one or has no host.
    public static func host(of url: some StringProtocol) -> String? {
        guard let authority = URLAuthority(String(url)), !authority.host.isEmpty else { return nil }
        return authority.host
    }

    /// Where the API key would go in `url` (see `KeyDestination`).
    public static func keyDestination(of url: some StringProtocol) -> KeyDestination {
        guard let authority = URLAuthority(String(url)), authority.scheme == "https" || authority.scheme == "http"
        else {
            return .elsewhere
        }
        if let ambiguity = authority.ambiguity { return .ambiguous(ambiguity.phrase) }
        guard tomTom.contains(authority.host) else { return .elsewhere }
        return authority.scheme == "https" ? .tomTom : .cleartextTomTom
    }

    /// True for `https://` URLs on TomTom's API hosts that every URL parser reads alike: the only URLs the API
    /// key is ever filled into.
    public static func isTomTom(_ url: some StringProtocol) -> Bool { keyDestination(of: url) == .tomTom }

    /// True for `http(s)` URLs whose host is or may be TomTom's (ambiguous ones included): where a literal key
    /// is taken for TomTom's, to be masked or redacted.
    public static func mayBeTomTom(_ url: some StringProtocol) -> Bool {
        guard let authority = URLAuthority(String(url)), authority.scheme == "https" || authority.scheme == "http"
        else { return false }
        return tomTom.contains(authority.host) || authority.ambiguity != nil
    }

    /// True for `localhost`, `[::1]` and every 127.0.0.0/8 address.
    public static func isLoopback(_ host: String) -> Bool {
        if loopbackNames.contains(host) || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.utf8.allSatisfy { (48...57).contains($0) }
                && (Int(part) ?? 256) <= 255
        }
    }
}
