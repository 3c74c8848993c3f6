import Testing

@testable import StyleRuntime

@Suite struct URLHostTests {
    @Test func tomTomHostsOnly() {
        #expect(URLHost.isTomTom("https://api.tomtom.com/map/1/tile/basic/main/{z}/{x}/{y}.png?key={key}"))
        #expect(URLHost.isTomTom("https://B.API.TOMTOM.COM/x"))
        #expect(!URLHost.isTomTom("https://api.tomtom.com.evil.example/x"))
        #expect(!URLHost.isTomTom("https://evil.example/?u=https://api.tomtom.com/"))
        #expect(!URLHost.isTomTom("https://user@evil.example/api.tomtom.com"))
        #expect(!URLHost.isTomTom("{hosted_sprite_url}"))
        #expect(URLHost.host(of: "https://evil.example@api.tomtom.com/x") == "api.tomtom.com")
    }

    @Test func loopback() {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "[::1]"] { #expect(URLHost.isLoopback(host), "\(host)") }
        for host in ["128.0.0.1", "127.0.0.256", "127.0.0", "10.0.0.1", "example.com", "127.0.0.1.example.com"] {
            #expect(!URLHost.isLoopback(host), "\(host)")
        }
    }

    @Test func pathSegments() {
        for segment in ["heatmap", "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "v2.1", "a_b"] {
            #expect(PathSegment.isValid(segment), "\(segment)")
        }
        for segment in ["", ".", "..", "heat/map", "a b", "a?b", "a%2Fb", String(repeating: "a", count: 129)] {
            #expect(!PathSegment.isValid(segment), "\(segment)")
        }
    }
}
