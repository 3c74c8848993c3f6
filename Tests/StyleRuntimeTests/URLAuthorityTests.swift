import Testing

@testable import StyleRuntime

/// Host tricks that would send TomTom's key elsewhere: each is refused (never `.tomTom`), and the hosts read
/// are the ones WHATWG parsing (browsers, Node, OkHttp) gives. `.ci/check_url_hosts.mjs` checks the same
/// verdicts against Node's own `URL`.
@Suite struct URLAuthorityTests {
    static let path = "/map/1/tile/basic/main/{z}/{x}/{y}.png?key={key}"

    @Test func aBackslashEndsTheAuthorityAndIsRefused() {
        let url = #"https://evil.example.com\@api.tomtom.com/{z}/{x}/{y}.png?key={key}"#
        #expect(URLHost.keyDestination(of: url) == .ambiguous(URLAuthority.Ambiguity.backslash.phrase))
        #expect(!URLHost.isTomTom(url))
        #expect(URLAuthority(url)?.host == "evil.example.com")
    }

    @Test func clearTextIsNotTomTom() {
        #expect(URLHost.keyDestination(of: "http://api.tomtom.com" + Self.path) == .cleartextTomTom)
        #expect(!URLHost.isTomTom("http://api.tomtom.com" + Self.path))
    }

    @Test func plainTomTomURLsAreTomTom() {
        for url in [
            "https://api.tomtom.com", "https://API.TomTom.com", "https://d.api.tomtom.com:443",
            "HTTPS://b.api.tomtom.com",
        ] {
            #expect(URLHost.keyDestination(of: url + Self.path) == .tomTom, "\(url)")
        }
    }

    /// WHATWG ends the authority at the first `?` code point, even when a combining mark follows it and the
    /// two make one Swift `Character`; an `@` in that query is not userinfo. (Node reads this URL's host as
    /// api.tomtom.com; the fuzz target once split by Character and took the query for the authority.)
    @Test func aQueryStartingWithACombiningMarkEndsTheAuthority() {
        let url = "HTTPS://API.TOMTOM.COM?\u{59A}\u{FFFD}@\u{FFFD}y\"/"
        #expect(URLHost.keyDestination(of: url) == .tomTom)
        #expect(URLHost.host(of: url) == "api.tomtom.com")
    }

    /// The tricks: none may fill the key. Ambiguous ones are refused with a reason; others are simply not
    /// TomTom's host.
    @Test(arguments: [
        ("https://evil.example.com\\@api.tomtom.com/x?key={key}", true),
        ("https://api.tomtom.com\\@evil.example.com/x?key={key}", true),
        ("https:\\\\api.tomtom.com/x?key={key}", true),
        ("https:/api.tomtom.com/x?key={key}", true),
        ("https:///api.tomtom.com/x?key={key}", true),
        ("https:api.tomtom.com/x?key={key}", true),
        ("https://user@api.tomtom.com/x?key={key}", true),
        ("https://api.tomtom.com@evil.example.com/x?key={key}", true),
        ("https://api.tomtom.com:pass@evil.example.com/x?key={key}", true),
        ("https://api%2Etomtom.com/x?key={key}", true),
        ("https://%61pi.tomtom.com/x?key={key}", true),
        ("https://ａpi.tomtom.com/x?key={key}", true),
        ("https://api.tom\u{AD}tom.com/x?key={key}", true),
        ("https://api.tomtom.com\u{3002}evil.example/x?key={key}", true),
        (" https://api.tomtom.com/x?key={key}", true),
        ("https://api.tom\ttom.com/x?key={key}", true),
        ("https://api.tomtom.com\n.evil.example/x?key={key}", true),
        ("https://api.tomtom.com:99999/x?key={key}", true),
        ("https://api.tomtom.com:x/x?key={key}", true),
        ("https://api tomtom.com/x?key={key}", true),
        ("https://api.tomtom.com.evil.example/x?key={key}", false),
        ("https://evil.example/?u=https://api.tomtom.com/&key={key}", false),
        ("https://evil.example/api.tomtom.com/x?key={key}", false),
        ("https://api.tomtom.com./x?key={key}", false),
        ("https://apitomtom.com/x?key={key}", false),
        ("https://[::1]/x?key={key}", false),
        ("wss://api.tomtom.com/x?key={key}", false),
        ("//api.tomtom.com/x?key={key}", false),
        ("api.tomtom.com/x?key={key}", false),
        ("{hosted_sprite_url}", false),
    ])
    func hostTricksAreRefused(url: String, ambiguous: Bool) {
        let destination = URLHost.keyDestination(of: url)
        #expect(destination != .tomTom, "\(url)")
        if case .ambiguous = destination {
            #expect(ambiguous, "\(url) is not ambiguous, only not TomTom's")
        } else {
            #expect(!ambiguous, "\(url) should be refused as ambiguous, not \(destination)")
        }
    }

    @Test func hostsAreReadAsWHATWGReadsThem() {
        #expect(URLHost.host(of: "https://evil.example@api.tomtom.com/x") == "api.tomtom.com")
        #expect(URLHost.host(of: "https://Tiles.Example.COM:8443/a") == "tiles.example.com")
        #expect(URLAuthority("https://Tiles.Example.COM:8443/a")?.port == 8443)
        #expect(URLHost.host(of: "http://[::1]:8080/tiles") == "[::1]")
        #expect(URLHost.host(of: "https://a.example#frag@b.example/") == "a.example")
        #expect(URLHost.host(of: "https://a.example?q=@b.example/") == "a.example")
        #expect(URLHost.host(of: "mapbox://styles/x") == "styles")
        #expect(URLHost.host(of: "no scheme") == nil)
        #expect(URLAuthority("asset://style.json")?.ambiguity == nil)
    }
}
