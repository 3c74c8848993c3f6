#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and writes on a connected socket, each bounded by a deadline (monotonic seconds, `SocketIO.now()`), so
/// that no peer can hold a thread longer than the server allows.
enum SocketIO {
    /// What a bounded read got.
    enum Received {
        /// Bytes.
        case bytes([UInt8])
        /// The peer closed the connection, or it failed.
        case closed
        /// The deadline passed with nothing read.
        case timedOut
    }

    /// Up to `limit` bytes, waiting until `deadline` at most.
    static func receive(_ descriptor: Int32, limit: Int, until deadline: Double) -> Received {
        while true {
            let left = deadline - now()
            guard left > 0 else { return .timedOut }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 3600) * 1000) + 1)
            if ready < 0 {
                if errno == EINTR { continue }
                return .closed
            }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: limit)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
            guard count > 0 else { return .closed }
            return .bytes(Array(chunk[0..<count]))
        }
    }

    /// Writes all of `bytes` by `deadline`; false when the peer is gone, or too slow to take them in time.
    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8], until deadline: Double) -> Bool {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL | MSG_DONTWAIT)
        #else
            let flags = Int32(MSG_DONTWAIT)
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return send(descriptor, base + offset, raw.count - offset, flags)
            }
            if sent > 0 {
                offset += sent
                continue
            }
            guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
            let left = deadline - now()
            guard left > 0 else { return false }
            var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            guard poll(&poller, 1, Int32(min(left, 3600) * 1000) + 1) >= 0 || errno == EINTR else { return false }
        }
        return true
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
