import StyleRuntime
import StyleSpec

/// Whether a URL is one a renderer can request: an absolute `http(s)` URL whose host (read the WHATWG way, as
/// `URLAuthority` reads it) is a host name or an IP literal. Declared URLs must be such URLs; in a base or
/// composed style only `http(s)` URLs are checked (other schemes, `mapbox://`, `asset://`, `file://`,
/// `pmtiles://`, are the renderer's or SDK's to resolve), and TomTom's whole-value placeholders pass.
enum URLShape {
    /// What is wrong with a URL: a message and, where one is known, the fix.
    struct Problem: Equatable {
        let message: String
        let fix: String?

        /// The message with its fix, as a diagnostic says it.
        var text: String { fix.map { "\(message): \($0)" } ?? message }
    }

    /// The problem with a declared URL (`urlTemplate`, `tileJson`, `arcGisService`), which must be absolute
    /// `https` (or `http`, which `sources.cleartext` allows to loopback only); nil when it is fine. `shown` is
    /// how messages may name the URL's host (nil: never, the host holds a secret).
    static func declaredProblem(_ url: String, showingHost: Bool = true) -> Problem? {
        if let misspelt = misspeltScheme(url) { return misspelt }
        guard let authority = URLAuthority(url) else {
            return Problem(
                message: "the URL has no scheme, so it would be read relative to the style file", fix: "add `https://`")
        }
        guard authority.scheme == "https" || authority.scheme == "http" else {
            return Problem(
                message: "the URL's scheme is '\(authority.scheme)', which a raster source cannot be fetched with",
                fix: "give an `https://` URL")
        }
        return hostProblem(url, authority, showingHost: showingHost)
    }

    /// The problem with a URL in a base or composed style; nil when it is fine or not an `http(s)` URL.
    static func styleProblem(_ url: String) -> Problem? {
        if isWholePlaceholder(url) { return nil }
        if let misspelt = misspeltScheme(url) { return misspelt }
        guard let authority = URLAuthority(url), authority.scheme == "https" || authority.scheme == "http" else {
            return nil
        }
        return hostProblem(url, authority, showingHost: true)
    }

    /// `{hosted_sprite_url}`, `{hosted_glyphs_url}`: one placeholder that the TomTom SDK replaces whole.
    static func isWholePlaceholder(_ url: String) -> Bool {
        url.hasPrefix("{") && url.hasSuffix("}")
            && !url.dropFirst().dropLast().contains { $0 == "{" || $0 == "}" || $0 == "/" }
    }

    /// `htps://`, `http:/`, `https//`, `https:\\`: a scheme that means `https://` but is not written so.
    private static func misspeltScheme(_ url: String) -> Problem? {
        let lowered = url.lowercased()
        let letters = String(lowered.prefix { $0.isASCII && $0.isLetter })
        let separator = lowered.dropFirst(letters.count).prefix { $0 == ":" || $0 == "/" || $0 == "\\" }
        let isWebScheme = letters == "https" || letters == "http"
        if isWebScheme, separator == "://" { return nil }
        let looksLikeWeb =
            isWebScheme
            || (letters.count >= 3 && Suggestion.editDistance(letters, "https") <= 2 && letters.first == "h")
        guard looksLikeWeb, separator.contains(":") || separator.hasPrefix("//") else { return nil }
        return Problem(
            message:
                "the URL starts with '\(url.prefix(letters.count + separator.count))', which is not how a URL begins",
            fix: "did you mean `https://`?")
    }

    /// The host must be a host name (labels of letters, digits and `-`, or MapLibre's URL tokens) or an IP literal.
    private static func hostProblem(_ url: String, _ authority: URLAuthority, showingHost: Bool) -> Problem? {
        let named = showingHost ? " '\(authority.host)'" : ""
        if let ambiguity = authority.ambiguity {
            switch ambiguity {
            case .malformedAuthority where authority.host.isEmpty:
                return Problem(message: "the URL has no host", fix: nil)
            case .malformedAuthority:
                return Problem(
                    message:
                        "the URL's host\(named) or port is not valid (spaces and other such characters cannot be in a host name)",
                    fix: nil)
            case .nonASCIIHost:
                break
            default:
                return Problem(message: "the URL's host cannot be read unambiguously: \(ambiguity.phrase)", fix: nil)
            }
        }
        let host = authority.host
        if host.hasPrefix("[") { return nil }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        for (index, label) in labels.enumerated() {
            if label.isEmpty {
                // One trailing dot (a fully qualified name) is a valid host.
                if index == labels.count - 1, labels.count > 1 { continue }
                return Problem(
                    message: "the URL's host\(named) has an empty label (two dots in a row, or a dot at its start)",
                    fix: nil)
            }
            guard isHostLabel(label) else {
                return Problem(
                    message: "the URL's host\(named) has a label that is not letters, digits and '-'", fix: nil)
            }
        }
        return nil
    }

    /// Letters (any script: renderers take IDN names and convert them), digits, `-` inside, or `{token}`s.
    private static func isHostLabel(_ label: Substring) -> Bool {
        var rest = label
        var plain = ""
        while let open = rest.firstIndex(of: "{") {
            plain += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { return false }
            plain += "t"
            rest = rest[rest.index(after: close)...]
        }
        plain += rest
        guard let first = plain.first, let last = plain.last, first != "-", last != "-" else { return false }
        return plain.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }
}
