/// The scheme, host and port of an absolute URL, read as the WHATWG URL standard reads them (browsers, Node and
/// OkHttp do), with what makes the reading ambiguous: where a simpler reader would see another host.
///
/// Only what decides where a request goes is modelled: the scheme, the slashes after it, the authority's end
/// (a backslash ends it in the special schemes `http`, `https`, `ws`, `wss`, `ftp` and `file`), user
/// information, and the host's bytes. A URL with any of the ambiguities is never trusted with a key.
public struct URLAuthority: Sendable, Equatable {
    /// Why a URL's host cannot be trusted to be what it looks like.
    public enum Ambiguity: String, Sendable, Equatable {
        /// Spaces or control characters around the URL, or tabs and line breaks inside it (WHATWG drops them).
        case controlCharacters
        /// A backslash: WHATWG reads it as `/` in the special schemes, so it may end the authority.
        case backslash
        /// Not exactly two slashes after the scheme: WHATWG skips any run of them.
        case slashes
        /// `user@` before the host.
        case userInfo
        /// `%` in the host: WHATWG decodes it before it compares anything.
        case percentEncodedHost
        /// Letters outside ASCII in the host: IDNA maps many of them (full-width letters, soft hyphens) to ASCII.
        case nonASCIIHost
        /// A host with characters no host name may hold, an empty host, or a port that is not a number.
        case malformedAuthority

        /// The reason as a phrase for a message.
        public var phrase: String {
            switch self {
            case .controlCharacters: return "it holds spaces or control characters, which URL parsers drop"
            case .backslash: return "it holds a backslash, which browsers read as '/' (it can end the host)"
            case .slashes: return "the scheme is not followed by exactly '//'"
            case .userInfo: return "it has user information ('...@') before the host"
            case .percentEncodedHost: return "its host is percent-encoded"
            case .nonASCIIHost: return "its host has non-ASCII letters, which IDNA maps to other host names"
            case .malformedAuthority: return "its host or port is malformed"
            }
        }
    }

    /// The schemes whose URLs WHATWG parses with a host, `\` read as `/`.
    public static let specialSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp", "file"]

    /// The scheme, lowercased (`https`).
    public let scheme: String
    /// The host as WHATWG serialises it when the URL is unambiguous: lowercased, IPv6 in brackets; empty when
    /// there is none.
    public let host: String
    /// The port, when one is written.
    public let port: Int?
    /// The first ambiguity found; nil when every parser reads the same host.
    public let ambiguity: Ambiguity?

    /// `scheme://host:port` with the scheme's default port written out (80 for http, 443 for https): two URLs
    /// with the same origin reach the same server.
    public var origin: String {
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : -1
        return "\(scheme)://\(host):\(port ?? defaultPort)"
    }

    /// Reads `url`; nil when it does not start with a scheme (`letter (letter | digit | + | - | .)* :`).
    public init?(_ url: String) {
        var ambiguity: Ambiguity?
        func note(_ found: Ambiguity) { if ambiguity == nil { ambiguity = found } }
        let scalars = Array(url.unicodeScalars)
        if let first = scalars.first, let last = scalars.last, first.value <= 0x20 || last.value <= 0x20 {
            note(.controlCharacters)
        }
        if scalars.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) { note(.controlCharacters) }
        let text = scalars.filter { $0.value > 0x20 || ($0 != "\t" && $0 != "\n" && $0 != "\r") }
        var start = 0
        while start < text.count, text[start].value <= 0x20 { start += 1 }
        var index = start
        guard index < text.count, Self.isASCIILetter(text[index]) else { return nil }
        while index < text.count,
            Self.isASCIILetter(text[index]) || ("0"..."9").contains(text[index])
                || "+-.".unicodeScalars.contains(text[index])
        {
            index += 1
        }
        guard index < text.count, text[index] == ":" else { return nil }
        let scheme = String(String.UnicodeScalarView(text[start..<index])).lowercased()
        index += 1
        let special = Self.specialSchemes.contains(scheme)
        if special, text.contains("\\") { note(.backslash) }
        var slashes = 0
        while index < text.count, text[index] == "/" || (special && text[index] == "\\") {
            slashes += 1
            index += 1
        }
        guard slashes >= 2 || special else {
            self.init(scheme: scheme, host: "", port: nil, ambiguity: ambiguity)
            return
        }
        if slashes != 2 { note(.slashes) }
        let authorityStart = index
        while index < text.count,
            !(text[index] == "/" || text[index] == "?" || text[index] == "#" || (special && text[index] == "\\"))
        {
            index += 1
        }
        var authority = Array(text[authorityStart..<index])
        if let at = authority.lastIndex(of: "@") {
            note(.userInfo)
            authority = Array(authority[(at + 1)...])
        }
        var hostScalars = authority
        var portText: [Unicode.Scalar]?
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else {
                note(.malformedAuthority)
                self.init(scheme: scheme, host: "", port: nil, ambiguity: ambiguity)
                return
            }
            hostScalars = Array(authority[...close])
            let rest = authority[(close + 1)...]
            if rest.first == ":" {
                portText = Array(rest.dropFirst())
            } else if !rest.isEmpty {
                note(.malformedAuthority)
            }
        } else if let colon = authority.firstIndex(of: ":") {
            hostScalars = Array(authority[..<colon])
            portText = Array(authority[(colon + 1)...])
        }
        var port: Int?
        if let portText, !portText.isEmpty {
            let digits = String(String.UnicodeScalarView(portText))
            if digits.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(digits), number <= 65535
            {
                port = number
            } else {
                note(.malformedAuthority)
            }
        }
        if hostScalars.contains("%") { note(.percentEncodedHost) }
        if hostScalars.contains(where: { !$0.isASCII }) { note(.nonASCIIHost) }
        if special, scheme != "file" {
            let isIPv6 = hostScalars.first == "["
            let valid =
                isIPv6
                ? hostScalars.allSatisfy(Self.isIPv6LiteralScalar)
                : !hostScalars.contains(where: Self.isForbiddenInHost)
            if hostScalars.isEmpty || !valid { note(.malformedAuthority) }
        }
        let host = String(String.UnicodeScalarView(hostScalars)).lowercased()
        self.init(scheme: scheme, host: host, port: port, ambiguity: ambiguity)
    }

    private init(scheme: String, host: String, port: Int?, ambiguity: Ambiguity?) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.ambiguity = ambiguity
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// What an IPv6 literal in brackets may hold.
    private static func isIPv6LiteralScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "[" || scalar == "]" || scalar == ":" || scalar == "." || scalar.properties.isASCIIHexDigit
    }

    /// WHATWG's forbidden domain code points: controls, space, DEL and `# / : < > ? @ [ \ ] ^ | %`.
    private static func isForbiddenInHost(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x20 || scalar.value == 0x7F || "#/:<>?@[\\]^|%".unicodeScalars.contains(scalar)
    }
}
