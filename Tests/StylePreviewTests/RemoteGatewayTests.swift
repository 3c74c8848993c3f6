import Foundation
import LocatedJSON
import StyleCompiler
import Synchronization
import TestSupport
import Testing

@testable import StylePreview

/// The gateway every remote file of the preview's and snapshot's pages goes through: what it routes, what it
/// fetches for whom, where secrets go, and what a tiles folder answers.
@Suite struct RemoteGatewayTests {
    static let key = "gateway-test-key-8c1d"
    static let style = Array(
        #"""
        {"version":8,"sprite":"https://api.tomtom.com/sprites/sprite?key=mc-style-api-key.",
         "glyphs":"https://api.tomtom.com/fonts/{fontstack}/{range}.pbf?key=mc-style-api-key.",
         "sources":{
          "base":{"type":"vector","tiles":["https://a.api.tomtom.com/t/{z}/{x}/{y}.pbf?key=mc-style-api-key."]},
          "own":{"type":"raster","tiles":["https://tiles.example.com/{z}/{x}/{y}.png?token=mc-style-env.MAP_TOKEN."]},
          "leak":{"type":"raster","tiles":["https://evil.example.com/{z}/{x}/{y}.png?key=mc-style-api-key."]},
          "plain":{"type":"raster","tiles":["http://tiles.example.com/{z}/{x}/{y}.png?key=mc-style-api-key."]},
          "json":{"type":"raster","url":"https://j.example.com/radar/tiles.json"},
          "local":{"type":"raster","tiles":["http://127.0.0.1:9/tiles/r/256/{z}/{x}/{y}.png"]},
          "private":{"type":"raster","tiles":["https://10.1.2.3/{z}/{x}/{y}.png","https://0x7f.1/{z}/{x}/{y}.png"]}},
         "layers":[]}
        """#.utf8)

    private func gateway(archive: TileArchive? = nil) -> RemoteGateway {
        RemoteGateway(
            secrets: [
                RemoteSecret(.apiKey, value: Self.key), RemoteSecret(.environment("MAP_TOKEN"), value: "env-t0ken-5d"),
            ],
            archive: archive)
    }

    private func request(_ target: String) -> HTTPRequest {
        let mark = target.firstIndex(of: "?")
        return HTTPRequest(
            method: "GET", path: String(target[..<(mark ?? target.endIndex)]), query: [], version: "HTTP/1.1",
            headers: [], rawQuery: mark.map { String(target[target.index(after: $0)...]) })
    }

    @Test func everyRemoteURLIsRoutedWithTheRunsTokenAndTheLocalOnesAreNot() throws {
        let gateway = gateway()
        let routed = String(decoding: gateway.route(style: Self.style, port: 9), as: UTF8.self)
        let token = try #require(routed.firstMatch(of: /remote\/([0-9a-f]+)\//)?.1)
        #expect(token.count >= 24, "the token is unguessable")
        #expect(
            routed.contains(
                #""sprite":"http://127.0.0.1:9/remote/\#(token)/https/api.tomtom.com/sprites/sprite?key=mc-style-api-key.""#
            ))
        #expect(
            routed.contains(#"http://127.0.0.1:9/remote/\#(token)/https/api.tomtom.com/fonts/{fontstack}/{range}.pbf"#))
        #expect(routed.contains(#""url":"http://127.0.0.1:9/remote/\#(token)/https/j.example.com/radar/tiles.json""#))
        #expect(routed.contains(#""tiles":["http://127.0.0.1:9/tiles/r/256/{z}/{x}/{y}.png"]"#), "the server's own")
        #expect(!routed.contains(Self.key) && !routed.contains("env-t0ken-5d"))
        // Another run's token is refused; a URL no template names is not fetched.
        #expect(gateway.answer(request("/remote/0123/https/tiles.example.com/1/2/3.png"), port: 9).status == .forbidden)
        let other = gateway.answer(request("/remote/\(token)/http/127.0.0.1:6379/"), port: 9)
        #expect(other.status == .notFound && gateway.problems.isEmpty)
    }

    @Test func theKeyGoesOnlyIntoHTTPSURLsOnTomTomsHostsAndEnvironmentValuesIntoTheirOwn() throws {
        let gateway = gateway()
        _ = gateway.route(style: Self.style, port: 9)
        let base = try #require(gateway.target(of: "https://a.api.tomtom.com/t/3/4/5.pbf?key=mc-style-api-key."))
        #expect(base.owner == .source("base"))
        #expect(base.upstream == "https://a.api.tomtom.com/t/3/4/5.pbf?key=\(Self.key)")
        #expect(base.display == "https://a.api.tomtom.com/t/3/4/5.pbf?key={key}")
        let sprite = try #require(
            gateway.target(of: "https://api.tomtom.com/sprites/sprite@2x.json?key=mc-style-api-key."))
        #expect(sprite.owner == .sprite && sprite.upstream.hasSuffix("sprite@2x.json?key=\(Self.key)"))
        let glyphs = try #require(
            gateway.target(of: "https://api.tomtom.com/fonts/Noto%20Sans%20Bold/0-255.pbf?key=mc-style-api-key."))
        #expect(glyphs.owner == .glyphs && glyphs.upstream.contains("/Noto%20Sans%20Bold/0-255.pbf?key=\(Self.key)"))
        let own = try #require(gateway.target(of: "https://tiles.example.com/7/8/9.png?token=mc-style-env.MAP_TOKEN."))
        #expect(own.upstream == "https://tiles.example.com/7/8/9.png?token=env-t0ken-5d")
        #expect(own.display == "https://tiles.example.com/7/8/9.png?token=${MAP_TOKEN}")
        // Another host, or clear text, never gets the key: the stand-in goes as it is.
        let leak = try #require(gateway.target(of: "https://evil.example.com/1/2/3.png?key=mc-style-api-key."))
        #expect(!leak.upstream.contains(Self.key))
        let plain = try #require(gateway.target(of: "http://tiles.example.com/1/2/3.png?key=mc-style-api-key."))
        #expect(!plain.upstream.contains(Self.key))
        // A stand-in moved into a token's place is not a secret's place: tokens take digits only.
        #expect(gateway.target(of: "https://a.api.tomtom.com/t/mc-style-api-key./4/5.pbf?key=x") == nil)
        #expect(gateway.target(of: "https://a.api.tomtom.com/t/3/4/5.pbf?key=other") == nil)
        #expect(gateway.target(of: "https://a.api.tomtom.com/t/3/4/5.pbf") == nil)
    }

    @Test func loopbackLinkLocalAndPrivateAddressesAreNeverFetched() throws {
        let gateway = gateway()
        let routed = String(decoding: gateway.route(style: Self.style, port: 9), as: UTF8.self)
        let token = try #require(routed.firstMatch(of: /remote\/([0-9a-f]+)\//)?.1)
        for target in ["10.1.2.3/1/2/3.png", "0x7f.1/1/2/3.png"] {
            let answer = gateway.answer(request("/remote/\(token)/https/\(target)"), port: 9)
            #expect(answer.status == .forbidden, "\(target)")
        }
        #expect(gateway.problems.map(\.owner) == [.source("private"), .source("private")])
        #expect(gateway.problems.allSatisfy { $0.message.contains("loopback, link-local or private") })
        for host in [
            "127.0.0.1", "127.1", "2130706433", "0177.0.0.1", "0x7f000001", "[::1]", "[::ffff:127.0.0.1]",
            "169.254.169.254", "192.168.1.1", "172.20.0.1", "100.64.0.1", "0.0.0.0", "localhost", "a.localhost",
            "[fe80::1]", "[fd00::1]", "224.0.0.1", "1.2.3.4.5", "256.1.1.1",
        ] {
            #expect(NetworkDestination.refusal(host: host) != nil, "\(host)")
        }
        for host in ["8.8.8.8", "[2001:4860:4860::8888]", "93.184.216.34"] {
            #expect(NetworkDestination.refusal(host: host) == nil, "\(host)")
        }
    }

    @Test func templatesMatchWhatABrowserSendsAndNothingElse() {
        let tiles = URLTemplate("https://Tiles.Example.com:443/a b/{z}/{x}/{y}{ratio}.png?x={quadkey}&s={s}")
        #expect(tiles.match("https://tiles.example.com/a%20b/1/2/3@2x.png?x=0123&s=%7Bs%7D") != nil)
        #expect(tiles.match("https://tiles.example.com/a%20b/1/2/3.png?x=0123&s={s}") != nil)
        #expect(tiles.match("https://tiles.example.com/a%20b/1/2/3@3x.png?x=0123&s={s}") == nil)
        #expect(tiles.match("https://tiles.example.com/a%20b/1/2/3.png?x=0124&s={s}") == nil)
        #expect(tiles.match("https://tiles.example.com/a%20b/1/2/3.png?x=0123&s={s}&more") == nil)
        #expect(tiles.match("https://tiles.example.com/a%20b/../1/2/3.png?x=0123&s={s}") == nil)
        let sprite = URLTemplate(sprite: "https://s.example.com/sprite?v=1")
        #expect(sprite.match("https://s.example.com/sprite@2x.png?v=1") != nil)
        #expect(sprite.match("https://s.example.com/sprite.js?v=1") == nil)
    }

    @Test func aTilesFolderAnswersWhatItHoldsUnderTheShownURLAndNothingThroughALink() throws {
        let folder = try makeTemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: TileArchiveError.self) { try TileArchive(folder: folder, mode: .replay) }
        let name = String(repeating: "a", count: 64)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        try Data(png).write(to: URL(fileURLWithPath: folder + "/" + name))
        let linked = String(repeating: "b", count: 64)
        try FileManager.default.createSymbolicLink(atPath: folder + "/" + linked, withDestinationPath: "/etc/passwd")
        try Data(
            #"""
            {"https://a.api.tomtom.com/t/1/2/3.pbf?key={key}": {"file": "\#(name)", "type": "image/png"},
             "https://a.api.tomtom.com/t/1/2/4.pbf?key={key}": {"file": "\#(linked)", "type": "image/png"}}
            """#.utf8
        ).write(to: URL(fileURLWithPath: folder + "/index.json"))
        let gateway = gateway(archive: try TileArchive(folder: folder, mode: .replay))
        let routed = String(decoding: gateway.route(style: Self.style, port: 9), as: UTF8.self)
        let token = try #require(routed.firstMatch(of: /remote\/([0-9a-f]+)\//)?.1)
        let prefix = "/remote/\(token)/https/a.api.tomtom.com/t/"
        #expect(gateway.answer(request(prefix + "1/2/3.pbf?key=mc-style-api-key."), port: 9).body == png)
        let linkedAnswer = gateway.answer(request(prefix + "1/2/4.pbf?key=mc-style-api-key."), port: 9)
        #expect(
            linkedAnswer.status == .badGateway && !String(decoding: linkedAnswer.body, as: UTF8.self).contains("root"))
        #expect(gateway.answer(request(prefix + "9/9/9.pbf?key=mc-style-api-key."), port: 9).status == .notFound)
        #expect(gateway.answer(request(prefix + "9/9/8.pbf?key=mc-style-api-key."), port: 9).status == .notFound)
        // Once per source and cause; no value of a secret in any of it.
        #expect(gateway.problems.map(\.isMissing) == [false, true])
        #expect(gateway.problems[0].message.contains("is a symbolic link"))
        #expect(gateway.problems[1].message.hasSuffix("has no https://a.api.tomtom.com/t/9/9/9.pbf?key={key}"))
        #expect(
            gateway.problems[1].count == 2
                && gateway.problems[1].description.hasSuffix("(and 1 more file of a.api.tomtom.com)"))
        // An index whose file names leave the folder is refused; so is an index that is a link.
        try Data(#"{"https://x/": {"file": "../../etc/passwd", "type": "text/plain"}}"#.utf8).write(
            to: URL(fileURLWithPath: folder + "/index.json"))
        #expect(throws: TileArchiveError.self) { try TileArchive(folder: folder, mode: .replay) }
        try FileManager.default.removeItem(atPath: folder + "/index.json")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/index.json", withDestinationPath: "/proc/self/environ")
        #expect(throws: TileArchiveError.self) { try TileArchive(folder: folder, mode: .replay) }
    }

    @Test func attributionKeepsOnlyLinksAndPlainMarkup() {
        #expect(
            AttributionHTML.cleaned(#"<a href="https://www.openstreetmap.org/copyright">&copy; OSM</a> <b>x</b>"#)
                == #"<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">&copy; OSM</a> <b>x</b>"#
        )
        #expect(
            AttributionHTML.cleaned(#"<iframe srcdoc="<script>parent.x()</script>"></iframe>"#)
                == #"&lt;iframe srcdoc="&lt;script&gt;parent.x()&lt;/script&gt;"&gt;&lt;/iframe&gt;"#)
        #expect(
            AttributionHTML.cleaned(#"<img src=x onload=1 onerror="fetch('/style.json')">"#)
                == #"&lt;img src=x onload=1 onerror="fetch('/style.json')"&gt;"#)
        #expect(AttributionHTML.cleaned(#"<a href="javascript:alert(1)">x</a>"#) == "<a>x</a>")
        #expect(AttributionHTML.cleaned(#"<a href="https://e.com\@evil.com">x</a>"#) == "<a>x</a>")
        #expect(AttributionHTML.cleaned(#"<span style="x" onclick="y">国土地理院</span>"#) == "<span>国土地理院</span>")
        #expect(AttributionHTML.cleaned("a & b < c") == "a &amp; b &lt; c")
        #expect(
            AttributionHTML.cleaned("<a href='https://e.com/?a=1&amp;b=\"2'>x")
                == #"<a href="https://e.com/?a=1&amp;b=&quot;2" target="_blank" rel="noopener noreferrer">x"#)
    }
}

extension RemoteGatewayTests {
    /// A source the declarations name may be on a loopback or private host (a team's own tile server); the base's
    /// may not, and the server's own LocalTileServer stand-in is not routed at all.
    @Test func aDeclaredSourceMayNameALoopbackServerAndTheBasesMayNot() throws {
        let style = Array(
            #"""
            {"version":8,"sources":{
              "mc-raster-src-dev":{"type":"raster","tiles":["http://127.0.0.1:8080/t/{z}/{x}/{y}.png"]},
              "base":{"type":"raster","tiles":["http://127.0.0.1:6379/{z}/{x}/{y}.png"]},
              "mc-raster-src-heat":{"type":"raster","tiles":["http://127.0.0.1:9/tiles/heat/256/{z}/{x}/{y}.png"]}},
             "layers":[]}
            """#.utf8)
        let gateway = gateway()
        let routed = String(
            decoding: gateway.route(style: style, port: 9, declared: ["mc-raster-src-dev", "mc-raster-src-heat"]),
            as: UTF8.self)
        let token = try #require(routed.firstMatch(of: /remote\/([0-9a-f]+)\//)?.1)
        #expect(routed.contains("\"http://127.0.0.1:9/tiles/heat/256/{z}/{x}/{y}.png\""))
        #expect(try #require(gateway.target(of: "http://127.0.0.1:8080/t/1/2/3.png")).isDeclared)
        let base = gateway.answer(request("/remote/\(token)/http/127.0.0.1:6379/1/2/3.png"), port: 9)
        #expect(base.status == .forbidden && gateway.problems.first?.owner == .source("base"))
    }

    /// Tile services answer 404 (or an empty 200/204) where they have nothing: such a tile is recorded as empty,
    /// drawn transparent, counted once per source and host, and only --strict makes it an error. A TileJSON
    /// that answers 404 is still a failure.
    @Test func aTileTheServerHasNothingForIsAnEmptyTileNotAFailure() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7]
        let upstream = try PreviewServer(port: 0, security: SecurityHeaders(mapLibreOrigin: nil)) { request in
            switch request.path {
            case "/t/1/1/1.png", "/t/1/0/1.png", "/t/tiles.json": return .response(.text(.notFound, "nothing here"))
            case "/t/1/1/2.png": return .response(HTTPResponse(contentType: "image/png", body: []))
            default: return .response(HTTPResponse(contentType: "image/png", body: png))
            }
        }
        upstream.start()
        defer { upstream.stop() }
        let style = Array(
            #"""
            {"version":8,"sources":{
              "mc-raster-src-dev":{"type":"raster","tiles":["http://127.0.0.1:\#(upstream.port)/t/{z}/{x}/{y}.png"]},
              "mc-raster-src-json":{"type":"raster","url":"http://127.0.0.1:\#(upstream.port)/t/tiles.json"}},
             "layers":[]}
            """#.utf8)
        let folder = try makeTemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func run(_ gateway: RemoteGateway) throws -> (empty: [UInt8], full: [UInt8], json: HTTPStatus) {
            let routed = String(
                decoding: gateway.route(style: style, port: 9, declared: ["mc-raster-src-dev", "mc-raster-src-json"]),
                as: UTF8.self)
            let token = try #require(routed.firstMatch(of: /remote\/([0-9a-f]+)\//)?.1)
            let prefix = "/remote/\(token)/http/127.0.0.1:\(upstream.port)/t/"
            let notFound = gateway.answer(request(prefix + "1/1/1.png"), port: 9)
            let emptyBody = gateway.answer(request(prefix + "1/1/2.png"), port: 9)
            _ = gateway.answer(request(prefix + "1/0/1.png"), port: 9)
            #expect(notFound.status == HTTPStatus.ok && notFound.body == emptyBody.body)
            return (
                notFound.body, gateway.answer(request(prefix + "1/1/3.png"), port: 9).body,
                gateway.answer(request(prefix + "tiles.json"), port: 9).status
            )
        }
        for archive in [nil, try TileArchive(folder: folder, mode: .record)] {
            let gateway = RemoteGateway(secrets: [], archive: archive)
            let (empty, full, json) = try run(gateway)
            #expect(empty == RemoteGateway.transparentTile && full == png)
            #expect(json == .badGateway)
            #expect(gateway.emptyTiles.map(\.description) == ["source 'mc-raster-src-dev' (127.0.0.1): 3 empty tiles"])
            #expect(gateway.problems.map(\.owner) == [.source("mc-raster-src-json")], "a TileJSON's 404 is a failure")
            try archive?.save()
        }
        // Replayed offline, the empty tiles are empty again, without asking anyone.
        upstream.stop()
        let replay = RemoteGateway(secrets: [], archive: try TileArchive(folder: folder, mode: .replay))
        let routed = String(
            decoding: replay.route(style: style, port: 9, declared: ["mc-raster-src-dev"]), as: UTF8.self)
        let token = try #require(routed.firstMatch(of: /remote\/([0-9a-f]+)\//)?.1)
        let answer = replay.answer(request("/remote/\(token)/http/127.0.0.1:\(upstream.port)/t/1/1/1.png"), port: 9)
        #expect(answer.body == RemoteGateway.transparentTile && replay.problems.isEmpty)
        #expect(replay.emptyTiles.first?.count == 1)
        // With --strict an empty tile is a problem of its source, naming the status.
        let strict = RemoteGateway(
            secrets: [], archive: try TileArchive(folder: folder, mode: .replay), emptyTilesAreProblems: true)
        let strictToken = try #require(
            String(decoding: strict.route(style: style, port: 9, declared: ["mc-raster-src-dev"]), as: UTF8.self)
                .firstMatch(of: /remote\/([0-9a-f]+)\//)?.1)
        _ = strict.answer(request("/remote/\(strictToken)/http/127.0.0.1:\(upstream.port)/t/1/1/1.png"), port: 9)
        #expect(
            strict.problems.first?.message.hasSuffix("answered HTTP 404, an empty tile (an error with --strict)")
                == true)
    }
}

extension RemoteGatewayTests {
    /// Only what the team declared, exactly, may reach a private host: a declared TileJSON's tiles on its own
    /// origin are fetched, tiles it lists on another port of the same host (or anywhere else private) are refused,
    /// and a redirect to another port of the same host is not followed.
    @Test func aTileJSONCannotLendItsPermissionToOtherPrivateHosts() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7]
        let secret = try PreviewServer(port: 0, security: SecurityHeaders(mapLibreOrigin: nil)) { _ in
            .response(HTTPResponse(contentType: "image/png", body: Array("secret-from-another-port".utf8)))
        }
        secret.start()
        defer { secret.stop() }
        let tileJSON = #"""
            {"tilejson":"3.0.0","tiles":["http://127.0.0.1:PORT/own/{z}/{x}/{y}.png",
              "http://127.0.0.1:\#(secret.port)/db/{z}/{x}/{y}.png"]}
            """#
        let ownPort = Mutex<UInt16>(0)
        let upstream = try PreviewServer(port: 0, security: SecurityHeaders(mapLibreOrigin: nil)) { request in
            switch request.path {
            case "/tiles.json":
                return .response(
                    HTTPResponse(
                        contentType: "application/json",
                        body: Array(tileJSON.replacing("PORT", with: String(ownPort.withLock { $0 })).utf8)))
            default: return .response(HTTPResponse(contentType: "image/png", body: png))
            }
        }
        upstream.start()
        defer { upstream.stop() }
        ownPort.withLock { $0 = upstream.port }
        // A server that answers every request with a redirect to the other port of the same host.
        let hop = try RedirectingServer(to: "http://127.0.0.1:\(secret.port)/x.png")
        defer { hop.stop() }
        let style = Array(
            #"""
            {"version":8,"sources":{
              "mc-raster-src-json":{"type":"raster","url":"http://127.0.0.1:\#(upstream.port)/tiles.json"},
              "mc-raster-src-hop":{"type":"raster","tiles":["http://127.0.0.1:\#(hop.port)/hop/{z}/{x}/{y}.png"]}},
             "layers":[]}
            """#.utf8)
        let gateway = gateway()
        let routed = String(
            decoding: gateway.route(style: style, port: 9, declared: ["mc-raster-src-json", "mc-raster-src-hop"]),
            as: UTF8.self)
        let token = try #require(routed.firstMatch(of: /remote\/([0-9a-f]+)\//)?.1)
        let local = "/remote/\(token)/http/127.0.0.1:"
        let json = gateway.answer(request(local + "\(upstream.port)/tiles.json"), port: 9)
        #expect(json.status == .ok, "\(String(decoding: json.body, as: UTF8.self))")
        let own = gateway.answer(request(local + "\(upstream.port)/own/1/1/1.png"), port: 9)
        #expect(own.status == .ok && own.body == png)
        let other = gateway.answer(request(local + "\(secret.port)/db/1/1/1.png"), port: 9)
        #expect(other.status == .forbidden, "a TileJSON's tile on another port reached: \(other.status)")
        #expect(!String(decoding: other.body, as: UTF8.self).contains("secret-from-another-port"))
        let hopped = gateway.answer(request(local + "\(hop.port)/hop/1/1/1.png"), port: 9)
        #expect(
            hopped.status != .ok && !String(decoding: hopped.body, as: UTF8.self).contains("secret-from-another-port"))
        #expect(
            gateway.problems.contains { $0.message.contains("redirects to another port or scheme") },
            "\(gateway.problems.map(\.message))")
    }
}

/// A loopback server that answers every request with `302 Found` to one location, on a thread of its own, until
/// stopped.
final class RedirectingServer: @unchecked Sendable {
    let port: UInt16
    private let socket: Int32

    init(to location: String) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.socket = socket
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socket, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let listening = socket
        let answer = Array(
            "HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
        Thread.detachNewThread {
            while true {
                let client = accept(listening, nil, nil)
                guard client >= 0 else { return }
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = read(client, &buffer, buffer.count)
                _ = answer.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                close(client)
            }
        }
    }

    func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}

extension RemoteGatewayTests {
    /// A vector tile the server has nothing for (204, 404) reaches the page as an empty vector tile, not a PNG
    /// that GL JS cannot read ("Unimplemented type: 4"); a raster source's stays a transparent PNG.
    @Test func anEmptyVectorTileIsAnEmptyVectorTile() throws {
        let upstream = try PreviewServer(port: 0, security: SecurityHeaders(mapLibreOrigin: nil)) { _ in
            .response(.text(.notFound, "nothing here"))
        }
        upstream.start()
        defer { upstream.stop() }
        let style = Array(
            #"""
            {"version":8,"sources":{
              "mc-raster-src-v":{"type":"vector","tiles":["http://127.0.0.1:\#(upstream.port)/v/{z}/{x}/{y}.pbf"]},
              "mc-raster-src-r":{"type":"raster","tiles":["http://127.0.0.1:\#(upstream.port)/r/{z}/{x}/{y}.png"]}},
             "layers":[]}
            """#.utf8)
        let gateway = RemoteGateway(secrets: [], archive: nil)
        let routed = String(
            decoding: gateway.route(style: style, port: 9, declared: ["mc-raster-src-v", "mc-raster-src-r"]),
            as: UTF8.self)
        let token = try #require(routed.firstMatch(of: /remote\/([0-9a-f]+)\//)?.1)
        let prefix = "/remote/\(token)/http/127.0.0.1:\(upstream.port)/"
        let vector = gateway.answer(request(prefix + "v/1/1/1.pbf"), port: 9)
        #expect(vector.status == .ok && vector.body.isEmpty && vector.contentType == "application/x-protobuf")
        let raster = gateway.answer(request(prefix + "r/1/1/1.png"), port: 9)
        #expect(
            raster.status == .ok && raster.body == RemoteGateway.transparentTile && raster.contentType == "image/png")
    }
}
