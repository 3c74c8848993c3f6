/// The header fields every response of the preview and snapshot servers carries, whatever it answers: a strict
/// Content-Security-Policy, `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, and
/// `Cache-Control: no-store` (the preview changes with every build). Decided here once; `HTTPResponse` and the
/// event-stream head both take their fields from it.
///
/// The policy lets the page run only scripts and style sheets from the server itself (and from where MapLibre GL
/// JS is loaded, when that is not the server), with no inline script or style; lets it connect and load images
/// only from the server (every remote file goes through the server's `/remote/` path), plus the `data:` and
/// `blob:` images and the `blob:` workers GL JS makes; and allows no frame, no plugin, no form and no `<base>`.
struct SecurityHeaders: Sendable, Equatable {
    /// The `Content-Security-Policy` value.
    let contentSecurityPolicy: String

    /// The policy for pages that load GL JS from `mapLibreOrigin` (nil: from the server itself).
    init(mapLibreOrigin: String?) {
        let scripts = ["'self'"] + (mapLibreOrigin.map { [$0] } ?? [])
        contentSecurityPolicy = [
            "default-src 'none'",
            "script-src \(scripts.joined(separator: " "))",
            "style-src \(scripts.joined(separator: " "))",
            "img-src 'self' data: blob:",
            "connect-src 'self'",
            "worker-src blob:",
            "child-src blob:",
            "font-src 'self'",
            "frame-src 'none'",
            "frame-ancestors 'none'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'none'",
        ].joined(separator: "; ")
    }

    /// The fields, each ending in CR LF, for the head of any response.
    var fields: String {
        "Content-Security-Policy: \(contentSecurityPolicy)\r\n" + "X-Content-Type-Options: nosniff\r\n"
            + "Referrer-Policy: no-referrer\r\n" + "Cache-Control: no-store\r\n"
    }

    /// The origin (`https://host[:port]`) of an http or https URL, for the policy; nil for anything else, or for a
    /// URL whose authority holds a character a policy cannot carry.
    static func origin(of url: String) -> String? {
        for scheme in ["https", "http"] where url.lowercased().hasPrefix(scheme + "://") {
            let authority = url.dropFirst(scheme.count + 3).prefix { !"/\\?#".contains($0) }
            guard !authority.isEmpty,
                authority.unicodeScalars.allSatisfy({
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                            || ".-:[]".unicodeScalars.contains($0))
                })
            else { return nil }
            return scheme + "://" + authority.lowercased()
        }
        return nil
    }
}
