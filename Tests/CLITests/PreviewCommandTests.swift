import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `mc-style preview` as a user runs it: the built binary on 127.0.0.1, spoken to over raw sockets.
@Suite(.serialized) struct PreviewCommandTests {
    static let key = "preview-test-key-0123456789"

    /// A running `mc-style preview` over a copy of a small project, stopped when the test ends.
    final class Preview {
        let process = Process()
        let project: URL
        let output = Pipe()
        let errors = Pipe()
        private(set) var port: UInt16 = 0
        private var printed = Data()

        /// A preview of `declarations` in a new project that also holds `files` (name -> text).
        init(
            declarations: String, files: [String: String] = [:], arguments: [String] = [],
            environment: [String: String] = [:]
        ) throws {
            project = FileManager.default.temporaryDirectory.appendingPathComponent(
                "mc-style-preview-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: project.appendingPathComponent(".git"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: project.appendingPathComponent("styles"), withIntermediateDirectories: true)
            for (name, shipped) in [("light", "tomtom-demo-base"), ("dark", "tomtom-demo-dark")] {
                try FileManager.default.copyItem(
                    at: SharedData.repositoryFile("styles/\(shipped).json"),
                    to: project.appendingPathComponent("styles/\(name).json"))
            }
            try write(declarations)
            for (name, text) in files {
                try Data(text.utf8).write(to: project.appendingPathComponent(name))
            }
            process.executableURL = builtTool
            process.arguments = ["preview", "mc-style.yaml", "--api-key-env", "MC_PREVIEW_KEY"] + arguments
            process.currentDirectoryURL = project
            process.environment = ["MC_PREVIEW_KEY": PreviewCommandTests.key, "PATH": "/usr/bin:/bin"].merging(
                environment
            ) { $1 }
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                printed.append(output.fileHandleForReading.availableData)
                let text = String(decoding: printed, as: UTF8.self)
                if let match = text.firstMatch(of: /preview: http:\/\/127\.0\.0\.1:(\d+)\//), let port = UInt16(match.1)
                {
                    self.port = port
                    return
                }
                usleep(20_000)
            }
            Issue.record("mc-style preview printed no address: \(String(decoding: printed, as: UTF8.self))")
        }

        func write(_ declarations: String) throws {
            try Data(declarations.utf8).write(to: project.appendingPathComponent("mc-style.yaml"))
        }

        /// Sends `request` and returns everything read until the server closes or `timeout` seconds pass.
        func raw(_ request: [UInt8], timeout: Double = 5) -> String {
            guard let socket = connect() else { return "" }
            defer { close(socket) }
            var offset = 0
            while offset < request.count {
                let sent = request.withUnsafeBytes {
                    send(socket, $0.baseAddress.map { $0 + offset }, request.count - offset, Int32(MSG_NOSIGNAL))
                }
                if sent <= 0 { break }
                offset += sent
            }
            return read(socket, timeout: timeout)
        }

        /// `GET path` with this server's Host, connection closed after the response.
        func get(_ path: String, host: String? = nil) -> String {
            raw(Array("GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n".utf8))
        }

        func connect() -> Int32? {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { return nil }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else {
                close(descriptor)
                return nil
            }
            return descriptor
        }

        func read(_ socket: Int32, timeout: Double, until marker: String? = nil) -> String {
            var time = timeval(tv_sec: 0, tv_usec: 100_000)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                if count == 0 { break }
                if count > 0 { received += chunk[0..<count] }
                if let marker, String(decoding: received, as: UTF8.self).contains(marker) { break }
            }
            return String(decoding: received, as: UTF8.self)
        }

        /// Interrupts the process with `signal` and returns its exit status and everything it printed.
        func stop(_ signal: Int32 = SIGINT) -> (status: Int32, output: String, errors: String) {
            kill(process.processIdentifier, signal)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            printed.append(output.fileHandleForReading.readDataToEndOfFile())
            let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            try? FileManager.default.removeItem(at: project)
            return (process.terminationStatus, String(decoding: printed, as: UTF8.self), errorText)
        }
    }

    static let declarations = """
        version: 1
        bases:
          light: styles/light.json
          dark: styles/dark.json
        sources:
          - id: heatmap
            localTileServer: { route: heatmap }
            tileSize: 256
            bounds: [139.0, 35.0, 140.5, 36.2]
            opacity: 0.8
            placement: { below: Motorway label }

        """

    @Test func itServesOnlyWhatItPublishesToItsOwnHost() throws {
        let preview = try Preview(declarations: Self.declarations)
        #expect(preview.get("/").hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(preview.get("/").contains("<title>mc-style preview</title>"))
        #expect(preview.get("/", host: "evil.example").hasPrefix("HTTP/1.1 403 "))
        #expect(preview.get("/", host: "evil.example:\(preview.port)").hasPrefix("HTTP/1.1 403 "))
        #expect(preview.get("/", host: "localhost:\(preview.port)").hasPrefix("HTTP/1.1 200 "))
        #expect(preview.raw(Array("GET / HTTP/1.1\r\n\r\n".utf8)).hasPrefix("HTTP/1.1 403 "), "no Host at all")
        for path in ["/etc/passwd", "/mc-style.yaml", "/../mc-style.yaml", "/styles/light.json", "/tiles/../../x"] {
            #expect(preview.get(path).hasPrefix("HTTP/1.1 404 "), "\(path)")
        }
        let tile = preview.get("/tiles/heatmap/256/preview-1/10/909/403.png")
        #expect(tile.hasPrefix("HTTP/1.1 200 ") && tile.contains("Content-Type: image/png"))
        // MapLibre 11 is unified 12 (a 512-pixel world against a 256-pixel one), TomTom 10.54 in Tokyo.
        let zoom = preview.get("/zoom?zoom=11&lat=35.6812")
        #expect(zoom.contains(#""maplibre":11,"unified":12,"tomtom":10.54"#), "\(zoom)")
        let style = preview.get("/style.json?variant=dark")
        #expect(style.hasPrefix("HTTP/1.1 200 ") && style.contains("\"tileSize\":256"))
        let result = preview.stop()
        #expect(result.status == 0 && result.output.hasSuffix("preview: stopped\n"), "\(result)")
        #expect(!result.output.contains(Self.key) && !result.errors.contains(Self.key))
    }

    /// The page gets stand-ins where the key and `${NAME}` values go, every remote URL through the server, and a
    /// strict Content-Security-Policy with every response; the server adds the values on the way out.
    @Test func theKeyAndEnvironmentValuesNeverReachThePage() throws {
        let token = "preview-token-61c0"
        let preview = try Preview(
            declarations: Self.declarations + """
                  - id: private
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png?token=${MC_PREVIEW_TOKEN}
                    attribution: <img src=x onerror=alert(1)>

                """, environment: ["MC_PREVIEW_TOKEN": token])
        let style = preview.get("/style.json?variant=light")
        #expect(style.hasPrefix("HTTP/1.1 200 "), "\(style.prefix(200))")
        #expect(!style.contains(Self.key) && !style.contains(token))
        #expect(style.contains("?key=mc-style-api-key.") && style.contains("?token=mc-style-env.MC_PREVIEW_TOKEN."))
        #expect(style.contains(#""attribution":"&lt;img src=x onerror=alert(1)&gt;""#))
        #expect(!style.contains("https://tiles.example.com") && style.contains("/https/tiles.example.com/"))
        for path in ["/", "/app.js", "/style.json", "/nothing"] {
            let answer = preview.get(path)
            #expect(answer.contains("\r\nContent-Security-Policy: default-src 'none'; script-src 'self'"), "\(path)")
            #expect(answer.contains("\r\nReferrer-Policy: no-referrer\r\n"), "\(path)")
        }
        #expect(!preview.get("/").contains("<style>"), "no inline style")
        let result = preview.stop()
        #expect(!(result.output + result.errors).contains(Self.key) && !(result.output + result.errors).contains(token))
    }

    @Test func aVariantTheDeclarationsLackIsMisuse() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mc-style-preview-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("styles"), withIntermediateDirectories: true)
        for name in ["light", "dark"] {
            try FileManager.default.copyItem(
                at: SharedData.repositoryFile("styles/tomtom-demo-base.json"),
                to: folder.appendingPathComponent("styles/\(name).json"))
        }
        try Data(Self.declarations.utf8).write(to: folder.appendingPathComponent("mc-style.yaml"))
        let process = Process()
        process.executableURL = builtTool
        process.arguments = ["preview", "--variant", "night"]
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2)
        #expect(text.hasPrefix("mc-style: error: no variant 'night': the declarations have light, dark\n"), "\(text)")
    }

    @Test func aMegabyteRequestLineAndAThousandIdleConnectionsDoNotStopIt() throws {
        let preview = try Preview(declarations: Self.declarations)
        let long = preview.raw(Array(("GET /" + String(repeating: "a", count: 1 << 20) + " HTTP/1.1\r\n\r\n").utf8))
        #expect(long.hasPrefix("HTTP/1.1 414 "), "\(long.prefix(80))")
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = max(limit.rlim_cur, min(limit.rlim_max, 4096))
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        let idle = (0..<1000).compactMap { _ in preview.connect() }
        #expect(idle.count == 1000, "only \(idle.count) connections could be opened")
        let whileIdle = preview.get("/state.json")
        #expect(whileIdle.hasPrefix("HTTP/1.1 503 ") || whileIdle.hasPrefix("HTTP/1.1 200 "), "\(whileIdle.prefix(60))")
        for socket in idle { close(socket) }
        var after = ""
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !after.hasPrefix("HTTP/1.1 200 ") {
            after = preview.get("/state.json")
            usleep(50_000)
        }
        #expect(after.hasPrefix("HTTP/1.1 200 "), "the server did not answer after the idle connections closed")
        let result = preview.stop(SIGTERM)
        #expect(result.status == 0 && result.output.hasSuffix("preview: stopped\n"), "\(result)")
    }

    @Test func aChangeOnDiskReachesThePageAndABrokenBuildKeepsTheLastGoodOne() throws {
        let preview = try Preview(declarations: Self.declarations)
        let events = try #require(preview.connect())
        defer { close(events) }
        let head = Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\n\r\n".utf8)
        _ = head.withUnsafeBytes { send(events, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        #expect(preview.read(events, timeout: 5, until: ": connected").contains("text/event-stream"))
        let started = Date()
        try preview.write(Self.declarations.replacing("opacity: 0.8", with: "opacity: 0.3"))
        let changed = preview.read(events, timeout: 5, until: "\n\n")
        #expect(
            changed.contains("event: build") && changed.contains(#""version":2"#)
                && changed.contains(#""succeeded":true"#), "\(changed)")
        #expect(Date().timeIntervalSince(started) < 2, "the change took \(Date().timeIntervalSince(started)) s")
        #expect(preview.get("/style.json?variant=light").contains("\"raster-opacity\":0.3"))
        try preview.write(Self.declarations.replacing("opacity: 0.8", with: "opacity: 7"))
        let broken = preview.read(events, timeout: 5, until: "\n\n")
        #expect(broken.contains(#""succeeded":false"#) && broken.contains("mc-style.yaml:10:14: error:"), "\(broken)")
        #expect(preview.get("/style.json?variant=light").contains("\"raster-opacity\":0.3"), "the last good map stays")
        try preview.write(Self.declarations)
        let fixed = preview.read(events, timeout: 5, until: "\n\n")
        #expect(fixed.contains(#""succeeded":true"#) && fixed.contains(#""findings":[]"#), "\(fixed)")
        let result = preview.stop()
        #expect(result.status == 0)
        #expect(result.errors.contains("mc-style.yaml:10:14: error:"), "the terminal shows the findings too")
        #expect(!result.output.contains(Self.key) && !result.errors.contains(Self.key))
    }

    /// The assets the declarations name are inputs of the build: a change to the sprite rebuilds.
    @Test func aChangedAssetRebuilds() throws {
        let sprite = #"{"marker": {"width": 8, "height": 8, "x": 0, "y": 0, "pixelRatio": 1}}"#
        let preview = try Preview(
            declarations: Self.declarations + "assets:\n  sprite: sprite.json\n", files: ["sprite.json": sprite])
        let events = try #require(preview.connect())
        defer { close(events) }
        let head = Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\n\r\n".utf8)
        _ = head.withUnsafeBytes { send(events, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        #expect(preview.read(events, timeout: 5, until: ": connected").contains("text/event-stream"))
        try Data(sprite.replacing("marker", with: "pin").utf8).write(
            to: preview.project.appendingPathComponent("sprite.json"))
        let changed = preview.read(events, timeout: 5, until: "\n\n")
        #expect(changed.contains("event: build") && changed.contains(#""version":2"#), "\(changed)")
        #expect(preview.stop().status == 0)
    }
}

extension PreviewCommandTests {
    /// A first build that fails to compose (a placement naming a layer the base lacks) still watches its inputs:
    /// fixing the file builds again, without a restart.
    @Test func aFirstBuildThatFailsIsBuiltAgainOnceFixed() throws {
        let broken = Self.declarations.replacing("below: Motorway label", with: "below: Motorway labels")
        let preview = try Preview(declarations: broken)
        let events = try #require(preview.connect())
        defer { close(events) }
        let head = Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\n\r\n".utf8)
        _ = head.withUnsafeBytes { send(events, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        #expect(preview.read(events, timeout: 5, until: ": connected").contains("text/event-stream"))
        #expect(preview.get("/state.json").contains(#""succeeded":false"#))
        try preview.write(Self.declarations)
        let fixed = preview.read(events, timeout: 5, until: "\n\n")
        #expect(fixed.contains(#""succeeded":true"#), "\(fixed)")
        #expect(preview.stop().status == 0)
    }
}
