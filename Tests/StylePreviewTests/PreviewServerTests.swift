import Foundation
import Testing

@testable import StylePreview

#if canImport(Glibc)
    import Glibc
#endif

/// The server under clients that do not play along: ones that never read, never send, or send what RFC 9110 and
/// 9112 forbid. Each must cost the others nothing.
@Suite(.serialized) struct PreviewServerTests {
    /// A started server answering `/` and `/events`, stopped by `stop`.
    final class Running {
        let server: PreviewServer

        init() throws {
            server = try PreviewServer(port: 0, security: SecurityHeaders(mapLibreOrigin: nil)) { request in
                request.path == "/events" ? .eventStream : .response(.text(.ok, "page"))
            }
            server.start()
        }

        func connect(receiveBuffer: Int32? = nil) -> Int32? {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { return nil }
            if var size = receiveBuffer {
                setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = server.port.bigEndian
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

        func send(_ descriptor: Int32, _ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        /// What arrives within `timeout` seconds, or until the peer closes or what came ends with `marker`.
        func read(_ descriptor: Int32, timeout: Double, until marker: String? = nil) -> String {
            var time = timeval(tv_sec: 0, tv_usec: 50_000)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                let got = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if got == 0 { break }
                if got > 0 { received += chunk[0..<got] }
                if let marker, got > 0, received.count >= marker.utf8.count,
                    received.suffix(marker.utf8.count).elementsEqual(marker.utf8)
                {
                    break
                }
            }
            return String(decoding: received, as: UTF8.self)
        }

        /// `GET path` on a new connection, and how long the whole answer took.
        func get(_ path: String, method: String = "GET", extra: String = "") -> (String, Double) {
            let started = Date()
            guard let descriptor = connect() else { return ("", 0) }
            defer { close(descriptor) }
            send(
                descriptor,
                "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\(extra)Connection: close\r\n\r\n")
            let answer = read(descriptor, timeout: 10)
            return (answer, Date().timeIntervalSince(started))
        }
    }

    @Test func aClientThatNeverReadsItsEventsHoldsUpNobody() throws {
        let running = try Running()
        defer { running.server.stop() }
        let stuck = try #require(running.connect(receiveBuffer: 1024))
        defer { close(stuck) }
        running.send(stuck, "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(running.server.port)\r\n\r\n")
        let reading = try #require(running.connect())
        defer { close(reading) }
        running.send(reading, "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(running.server.port)\r\n\r\n")
        #expect(running.read(reading, timeout: 5, until: ": connected\n\n").contains("text/event-stream"))
        var waited = 0.0
        var seen = ""
        for build in 1...20 {
            let started = Date()
            // A build whose findings make a large event: the stuck client's buffers fill at once.
            running.server.broadcast("build", data: "{\"version\":\(build)}" + String(repeating: "x", count: 1 << 20))
            waited = max(waited, Date().timeIntervalSince(started))
            let event = running.read(reading, timeout: 5, until: "\n\n")
            seen += event.matches(of: /\{"version":\d+\}/).map { String($0.output) }.joined()
        }
        #expect(waited < 0.5, "a broadcast waited \(waited) s for a client")
        for build in 1...20 { #expect(seen.contains("{\"version\":\(build)}"), "build \(build) reached the reader") }
        let (page, seconds) = running.get("/")
        #expect(page.hasPrefix("HTTP/1.1 200 ") && seconds < 2, "GET / took \(seconds) s")
        #expect(running.server.subscriberCount == 1, "the client that fell behind is dropped, the reader kept")
    }

    @Test func connectionsThatNeverSendAByteLockNobodyOut() throws {
        let running = try Running()
        defer { running.server.stop() }
        let idle = (0..<(PreviewServer.maximumConnections * 2)).compactMap { _ in running.connect() }
        defer { for socket in idle { close(socket) } }
        usleep(200_000)
        let (page, seconds) = running.get("/")
        #expect(page.hasPrefix("HTTP/1.1 200 ") && seconds < 2, "GET / took \(seconds) s: \(page.prefix(40))")
        // Event streams hold no request slot.
        let streams = (0..<PreviewServer.maximumConnections).compactMap { _ in running.connect() }
        defer { for socket in streams { close(socket) } }
        for stream in streams {
            running.send(stream, "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(running.server.port)\r\n\r\n")
        }
        let (again, _) = running.get("/")
        #expect(again.hasPrefix("HTTP/1.1 200 "))
    }

    @Test func aHeadThatNeverEndsIsClosedAfterTheHeadTimeout() throws {
        let running = try Running()
        defer { running.server.stop() }
        let slow = try #require(running.connect())
        defer { close(slow) }
        let started = Date()
        running.send(slow, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(running.server.port)\r\nX-Slow: ")
        var closed = false
        while Date().timeIntervalSince(started) < PreviewServer.headSeconds + 3, !closed {
            running.send(slow, "a")
            var byte: UInt8 = 0
            var time = timeval(tv_sec: 0, tv_usec: 500_000)
            setsockopt(slow, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            closed = recv(slow, &byte, 1, 0) == 0
        }
        let seconds = Date().timeIntervalSince(started)
        #expect(closed && seconds >= PreviewServer.headSeconds - 0.5, "closed after \(seconds) s")
    }

    @Test func duplicateHostOrLengthIsABadRequestAndHeadHasNoBody() throws {
        let running = try Running()
        defer { running.server.stop() }
        let host = "Host: 127.0.0.1:\(running.server.port)\r\n"
        #expect(running.get("/", extra: host).0.hasPrefix("HTTP/1.1 400 "), "two Host fields")
        #expect(running.get("/", extra: "Content-Length: 0\r\nContent-Length: 0\r\n").0.hasPrefix("HTTP/1.1 400 "))
        let head = running.get("/events", method: "HEAD").0
        #expect(head.hasPrefix("HTTP/1.1 200 ") && head.hasSuffix("\r\n\r\n"), "\(head)")
        let page = running.get("/", method: "HEAD").0
        #expect(page.hasSuffix("\r\n\r\n") && !page.contains("page"))
    }

    @Test func everyResponseCarriesTheSecurityHeaders() throws {
        let running = try Running()
        defer { running.server.stop() }
        for answer in [
            running.get("/").0, running.get("/", extra: "Host: x\r\n").0, running.get("/events", method: "HEAD").0,
        ] {
            #expect(answer.contains("\r\nContent-Security-Policy: default-src 'none'; script-src 'self';"), "\(answer)")
            #expect(answer.contains("connect-src 'self'") && answer.contains("frame-src 'none'"))
            #expect(answer.contains("\r\nX-Content-Type-Options: nosniff\r\n"))
            #expect(answer.contains("\r\nReferrer-Policy: no-referrer\r\n"))
        }
    }
}
