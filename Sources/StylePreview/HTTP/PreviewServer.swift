import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for `mc-style preview`: `GET` and `HEAD`, keep-alive, Server-Sent Events,
/// and bounds on what a client can take: the request size (`HTTPRequestParser`), the number of connections open at
/// once (`maximumConnections`, beyond which a connection gets 503 and is closed), and how long a connection may sit
/// idle (`idleSeconds`). It answers only requests whose `Host` is this address with this port (so a page of another
/// site cannot reach it through DNS rebinding), and only what the handler publishes.
final class PreviewServer: Sendable {
    /// What the handler gives for a request.
    enum Reply: Sendable {
        /// A whole response.
        case response(HTTPResponse)
        /// Keep the connection as a Server-Sent Events stream that `broadcast` writes to.
        case eventStream
    }

    typealias Handler = @Sendable (HTTPRequest) -> Reply

    /// Connections open at once; one more is answered 503 and closed.
    static let maximumConnections = 64
    /// Seconds a connection may wait for its next request before it is closed; an event stream gets a comment line
    /// this often instead, which also finds clients that went away.
    static let idleSeconds = 15

    /// The port the server listens on.
    let port: UInt16
    private let listener: Int32
    private let handler: Handler
    private let state = Mutex(State())

    private struct State {
        var connections: Set<Int32> = []
        var subscribers: Set<Int32> = []
        var stopping = false
    }

    /// Binds 127.0.0.1 at `port` (0: a free port the system picks) and starts listening; `start` accepts.
    init(port requested: UInt16, handler: @escaping Handler) throws(PreviewServerError) {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw PreviewServerError("cannot open a socket: \(Self.lastError)") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = requested.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            let reason = Self.lastError
            close(descriptor)
            throw PreviewServerError("cannot listen on 127.0.0.1:\(requested): \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.listener = descriptor
        self.port = UInt16(bigEndian: actual.sin_port)
        self.handler = handler
    }

    /// Accepts connections on a thread of its own until `stop`.
    func start() {
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting and closes every connection; returns at once.
    func stop() {
        let open = state.withLock { state -> Set<Int32> in
            state.stopping = true
            return state.connections
        }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    /// Sends an event to every open event stream.
    func broadcast(_ name: String, data: String) {
        let event = HTTPResponse.event(name, data: data)
        state.withLock { state in
            for descriptor in state.subscribers where !Self.sendAll(descriptor, event) {
                state.subscribers.remove(descriptor)
                shutdown(descriptor, Int32(SHUT_RDWR))
            }
        }
    }

    /// The number of event streams open, for tests.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    private func acceptLoop() {
        while true {
            let descriptor = accept(listener, nil, nil)
            if descriptor < 0 {
                if state.withLock({ $0.stopping }) { return }
                // Out of descriptors or interrupted: wait a moment and go on; the server does not end for it.
                usleep(10_000)
                continue
            }
            Self.configure(descriptor)
            let admitted = state.withLock { state -> Bool in
                guard !state.stopping, state.connections.count < Self.maximumConnections else { return false }
                state.connections.insert(descriptor)
                return true
            }
            guard admitted else {
                let busy = HTTPResponse.text(.serviceUnavailable, "too many connections")
                _ = Self.sendAll(descriptor, busy.head(keepsAlive: false) + busy.body)
                close(descriptor)
                continue
            }
            Thread.detachNewThread { [self] in
                serve(descriptor)
                state.withLock { state in
                    state.connections.remove(descriptor)
                    state.subscribers.remove(descriptor)
                }
                close(descriptor)
            }
        }
    }

    /// Reads requests from one connection and answers each, until it closes, idles too long or asks to close.
    private func serve(_ descriptor: Int32) {
        let parser = HTTPRequestParser()
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            switch parser.parse(buffer[...]) {
            case .incomplete:
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                buffer.append(contentsOf: chunk[0..<count])
            case .refused(let status, let message):
                let response = HTTPResponse.text(status, message)
                _ = Self.sendAll(descriptor, response.head(keepsAlive: false) + response.body)
                return
            case .request(let request, let consumed):
                buffer.removeFirst(consumed)
                guard isOurHost(request.header("host")) else {
                    let response = HTTPResponse.text(.forbidden, "this server answers only to 127.0.0.1:\(port)")
                    _ = Self.sendAll(descriptor, response.head(keepsAlive: false) + response.body)
                    return
                }
                switch handler(request) {
                case .response(let response):
                    let keepsAlive = request.keepsAlive
                    let bytes = response.head(keepsAlive: keepsAlive) + (request.method == "HEAD" ? [] : response.body)
                    guard Self.sendAll(descriptor, bytes), keepsAlive else { return }
                case .eventStream:
                    streamEvents(descriptor)
                    return
                }
            }
        }
    }

    /// Holds an event stream open: `broadcast` writes to it; a comment line every `idleSeconds` finds a client
    /// that went away.
    private func streamEvents(_ descriptor: Int32) {
        let registered = state.withLock { state -> Bool in
            guard Self.sendAll(descriptor, HTTPResponse.eventStreamHead + Array(": connected\n\n".utf8)) else {
                return false
            }
            state.subscribers.insert(descriptor)
            return true
        }
        guard registered else { return }
        var byte: UInt8 = 0
        while true {
            let count = recv(descriptor, &byte, 1, 0)
            if count == 0 { return }
            if count < 0 {
                guard errno == EAGAIN || errno == EWOULDBLOCK else { return }
                let alive = state.withLock { state in
                    state.subscribers.contains(descriptor) && Self.sendAll(descriptor, Array(": keep-alive\n\n".utf8))
                }
                guard alive else { return }
            }
        }
    }

    /// `Host` names this server: 127.0.0.1 or localhost, with this port.
    private func isOurHost(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        return host == "127.0.0.1:\(port)" || host == "localhost:\(port)"
    }

    /// Timeouts for reading and writing, and no SIGPIPE on a closed peer.
    private static func configure(_ descriptor: Int32) {
        var timeout = timeval(tv_sec: idleSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Writes all of `bytes`; false when the peer is gone or too slow.
    private static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return send(descriptor, base + offset, raw.count - offset, flags)
            }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}

/// Why the preview server could not start.
public struct PreviewServerError: Error, CustomStringConvertible {
    /// What went wrong, in words.
    public let description: String
    init(_ description: String) { self.description = description }
}
