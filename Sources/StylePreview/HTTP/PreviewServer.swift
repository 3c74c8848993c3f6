import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for `mc-style preview` and `snapshot`: `GET` and `HEAD`, keep-alive,
/// Server-Sent Events, and bounds on everything a client can hold:
/// - the request size (`HTTPRequestParser`);
/// - `maximumConnections` request slots; when they are all taken, the connection idle longest is closed for a new
///   one, and with none idle the new one gets 503;
/// - a request head must come whole within `headSeconds` (of the connection's opening, or of its first byte);
///   a kept-alive connection may wait `idleSeconds` for its next request; a response must be taken within
///   `writeSeconds`;
/// - event streams (`/events`) hold no request slot: at most `maximumStreams`, each with a small queue that a
///   broadcast fills without waiting; a client that falls behind is dropped (`EventStream`).
/// It answers only requests whose `Host` is this address with this port (so a page of another site cannot reach
/// it through DNS rebinding), only what the handler publishes, and every response carries `SecurityHeaders`.
final class PreviewServer: Sendable {
    /// What the handler gives for a request.
    enum Reply: Sendable {
        /// A whole response.
        case response(HTTPResponse)
        /// Keep the connection as a Server-Sent Events stream that `broadcast` writes to.
        case eventStream
    }

    typealias Handler = @Sendable (HTTPRequest) -> Reply

    /// Request slots: connections open at once, event streams aside.
    static let maximumConnections = 64
    /// Event streams open at once; one more is answered 503.
    static let maximumStreams = 64
    /// Seconds within which a request head must come whole: of the connection's opening for its first request,
    /// of the head's first byte for later ones.
    static let headSeconds = 5.0
    /// Seconds a kept-alive connection may wait for its next request.
    static let idleSeconds = 15.0
    /// Seconds within which a client must take a whole response (or an event).
    static let writeSeconds = 10.0
    /// Seconds between comment lines on a quiet event stream (they find clients that went away).
    static let streamCommentSeconds = 15.0

    /// The port the server listens on.
    let port: UInt16
    /// The header fields every response carries.
    let security: SecurityHeaders
    private let listener: Int32
    private let handler: Handler
    private let state = Mutex(State())

    private struct State {
        /// Open request connections, each with the time it began to wait for a request (nil while it reads or
        /// answers one).
        var connections: [Int32: Double?] = [:]
        var streams: [Int32: EventStream] = [:]
        var stopping = false
    }

    /// Binds 127.0.0.1 at `port` (0: a free port the system picks) and starts listening; `start` accepts.
    init(port requested: UInt16, security: SecurityHeaders, handler: @escaping Handler) throws(PreviewServerError) {
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
        self.security = security
        self.handler = handler
    }

    /// Accepts connections on a thread of its own until `stop`.
    func start() {
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting and closes every connection and stream; returns at once.
    func stop() {
        let (open, streams) = state.withLock { state -> ([Int32], [EventStream]) in
            state.stopping = true
            return (Array(state.connections.keys), Array(state.streams.values))
        }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)) }
        for stream in streams {
            stream.close()
            shutdown(stream.descriptor, Int32(SHUT_RDWR))
        }
    }

    /// Queues an event for every open event stream; never waits for a client. A stream whose client has fallen
    /// `EventStream.queueLimit` events behind is dropped.
    func broadcast(_ name: String, data: String) {
        let event = HTTPResponse.event(name, data: data)
        state.withLock { state in
            for (descriptor, stream) in state.streams where !stream.enqueue(event) {
                state.streams[descriptor] = nil
                shutdown(descriptor, Int32(SHUT_RDWR))
            }
        }
    }

    /// The number of event streams open, for tests.
    var subscriberCount: Int { state.withLock { $0.streams.count } }

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
            guard admit(descriptor) else {
                let busy = HTTPResponse.text(.serviceUnavailable, "too many connections")
                _ = SocketIO.sendAll(
                    descriptor, busy.bytes(method: "GET", keepsAlive: false, security: security),
                    until: SocketIO.now() + 1)
                close(descriptor)
                continue
            }
            Thread.detachNewThread { [self] in
                serve(descriptor)
                state.withLock { state in
                    state.connections[descriptor] = nil
                    state.streams[descriptor] = nil
                }
                close(descriptor)
            }
        }
    }

    /// Gives `descriptor` a request slot, closing the connection idle longest when every slot is taken; false
    /// when none is free and none idle.
    private func admit(_ descriptor: Int32) -> Bool {
        state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            if state.connections.count >= Self.maximumConnections {
                let idle = state.connections.compactMap { entry in entry.value.map { (entry.key, $0) } }
                guard let oldest = idle.min(by: { $0.1 < $1.1 }) else { return false }
                state.connections[oldest.0] = nil
                shutdown(oldest.0, Int32(SHUT_RDWR))
            }
            state.connections[descriptor] = .some(SocketIO.now())
            return true
        }
    }

    private func markWaiting(_ descriptor: Int32, _ waiting: Bool) {
        state.withLock { state in
            guard state.connections[descriptor] != nil else { return }
            state.connections[descriptor] = waiting ? .some(SocketIO.now()) : .some(nil)
        }
    }

    /// Reads requests from one connection and answers each, until it closes, runs out of time or asks to close.
    private func serve(_ descriptor: Int32) {
        let parser = HTTPRequestParser()
        var buffer: [UInt8] = []
        var deadline = SocketIO.now() + Self.headSeconds
        while true {
            switch parser.parse(buffer[...]) {
            case .incomplete:
                switch SocketIO.receive(descriptor, limit: 16 * 1024, until: deadline) {
                case .closed, .timedOut: return
                case .bytes(let bytes):
                    if buffer.isEmpty {
                        markWaiting(descriptor, false)
                        deadline = min(deadline, SocketIO.now() + Self.headSeconds)
                    }
                    buffer.append(contentsOf: bytes)
                }
            case .refused(let status, let message):
                let response = HTTPResponse.text(status, message)
                _ = SocketIO.sendAll(
                    descriptor, response.bytes(method: "GET", keepsAlive: false, security: security),
                    until: SocketIO.now() + Self.writeSeconds)
                return
            case .request(let request, let consumed):
                buffer.removeFirst(consumed)
                guard isOurHost(request.header("host")) else {
                    let response = HTTPResponse.text(.forbidden, "this server answers only to 127.0.0.1:\(port)")
                    _ = SocketIO.sendAll(
                        descriptor, response.bytes(method: request.method, keepsAlive: false, security: security),
                        until: SocketIO.now() + Self.writeSeconds)
                    return
                }
                switch handler(request) {
                case .response(let response):
                    let keepsAlive = request.keepsAlive
                    let bytes = response.bytes(method: request.method, keepsAlive: keepsAlive, security: security)
                    guard SocketIO.sendAll(descriptor, bytes, until: SocketIO.now() + Self.writeSeconds), keepsAlive
                    else { return }
                    deadline = SocketIO.now() + Self.idleSeconds
                    if buffer.isEmpty { markWaiting(descriptor, true) }
                case .eventStream:
                    if request.method == "HEAD" {
                        _ = SocketIO.sendAll(
                            descriptor, HTTPResponse.eventStreamHead(security: security, keepsAlive: false),
                            until: SocketIO.now() + Self.writeSeconds)
                    } else {
                        streamEvents(descriptor)
                    }
                    return
                }
            }
        }
    }

    /// Turns the connection into an event stream (out of the request slots) and writes its events as they are
    /// queued, a comment line when none comes for `streamCommentSeconds`.
    private func streamEvents(_ descriptor: Int32) {
        let stream = EventStream(descriptor: descriptor)
        let registered = state.withLock { state -> Bool in
            state.connections[descriptor] = nil
            guard !state.stopping, state.streams.count < Self.maximumStreams else { return false }
            state.streams[descriptor] = stream
            return true
        }
        guard registered else {
            let busy = HTTPResponse.text(.serviceUnavailable, "too many event streams")
            _ = SocketIO.sendAll(
                descriptor, busy.bytes(method: "GET", keepsAlive: false, security: security),
                until: SocketIO.now() + 1)
            return
        }
        var pending = HTTPResponse.eventStreamHead(security: security) + Array(": connected\n\n".utf8)
        while SocketIO.sendAll(descriptor, pending, until: SocketIO.now() + Self.writeSeconds) {
            switch stream.next(waiting: Self.streamCommentSeconds) {
            case .closed: return
            case .idle: pending = Array(": keep-alive\n\n".utf8)
            case .event(let event): pending = event
            }
        }
        stream.close()
    }

    /// `Host` names this server: 127.0.0.1 or localhost, with this port.
    private func isOurHost(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        return host == "127.0.0.1:\(port)" || host == "localhost:\(port)"
    }

    /// No SIGPIPE on a closed peer (Linux passes MSG_NOSIGNAL instead).
    private static func configure(_ descriptor: Int32) {
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}

/// Why the preview server could not start.
public struct PreviewServerError: Error, CustomStringConvertible {
    /// What went wrong, in words.
    public let description: String
    init(_ description: String) { self.description = description }
}
