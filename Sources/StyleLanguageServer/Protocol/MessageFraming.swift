import StyleCompiler
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// The base protocol's framing: `Content-Length: N` headers, a blank line, then N bytes of JSON.
///
/// Reads from a descriptor through a buffer of its own, so that `hasBufferedInput` can tell whether another
/// message is already waiting (diagnostics are published only once the editor's burst of changes is read).
public final class MessageReader {
    /// What one read gives.
    public enum Next: Equatable {
        /// A whole message body.
        case message([UInt8])
        /// A header block that could not be understood, or a body larger than the limit (skipped): the reason.
        case malformed(String)
        /// The input ended.
        case end
    }

    /// The largest body accepted, in bytes: a 64 MiB document with its JSON escapes, and the envelope.
    public static let maximumBodySize = 200 << 20
    /// The longest header block accepted, in bytes.
    static let maximumHeaderSize = 8 << 10

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    /// A reader of `descriptor` (standard input for `mc-style lsp`).
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// True when bytes are buffered or can be read without waiting.
    public var hasPendingInput: Bool {
        if start < buffer.count { return true }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    /// The next message; waits for it.
    public func next() -> Next {
        var contentLength: Int?
        // Headers: lines ending in \r\n (a lone \n is accepted too), up to an empty line.
        var headerBytes = 0
        while true {
            guard let line = readLine() else { return .end }
            headerBytes += line.count + 2
            if headerBytes > Self.maximumHeaderSize { return .malformed("the header block is too long") }
            if line.isEmpty {
                if contentLength == nil, headerBytes == 2 { continue }  // blank lines between messages
                break
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else { return .malformed("a header line has no ':'") }
            let name = text[..<colon].trimmingSpaces.lowercased()
            let value = text[text.index(after: colon)...].trimmingSpaces
            if name == "content-length" {
                guard let length = Int(value), length >= 0 else {
                    return .malformed("Content-Length is not a number of bytes")
                }
                contentLength = length
            }
        }
        guard let length = contentLength else { return .malformed("a message has no Content-Length header") }
        guard length <= Self.maximumBodySize else {
            guard skip(length) else { return .end }
            return .malformed("a message of \(length) bytes is larger than the limit of \(Self.maximumBodySize)")
        }
        guard let body = read(length) else { return .end }
        return .message(body)
    }

    /// One header line without its line end; nil at the end of input. A line longer than a header block may be
    /// is cut there (the caller then reports the block as too long).
    private func readLine() -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                return line
            }
            if buffer.count - start > Self.maximumHeaderSize {
                let line = Array(buffer[start..<(start + Self.maximumHeaderSize + 1)])
                start = buffer.count
                return line
            }
            guard fill() else { return nil }
        }
    }

    /// Exactly `count` bytes; nil when the input ends first.
    private func read(_ count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            guard fill(wanting: count - (buffer.count - start)) else { return nil }
        }
        let body = Array(buffer[start..<(start + count)])
        start += count
        return body
    }

    /// Reads and drops `count` bytes; false when the input ends first.
    private func skip(_ count: Int) -> Bool {
        var left = count
        while left > 0 {
            if start < buffer.count {
                let taken = min(left, buffer.count - start)
                start += taken
                left -= taken
                continue
            }
            guard fill() else { return false }
        }
        return true
    }

    /// Reads more into the buffer (dropping what was consumed); false at the end of input.
    private func fill(wanting: Int = 0) -> Bool {
        guard !ended else { return false }
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: max(1 << 16, min(wanting, 1 << 24)))
        let got = DescriptorReading.readSome(descriptor, into: &chunk)
        guard got > 0 else {
            ended = true
            return false
        }
        buffer.append(contentsOf: chunk[0..<got])
        return true
    }
}

/// Writes framed messages to a descriptor, each whole (the watchdog thread may write too).
public final class MessageWriter: Sendable {
    private let descriptor: Int32
    private let lock = Mutex(())

    /// A writer to `descriptor` (standard output for `mc-style lsp`).
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes `body` with its header; false when the stream is closed.
    @discardableResult
    public func write(_ body: [UInt8]) -> Bool {
        let framed = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        return lock.withLock { _ in
            framed.withUnsafeBufferPointer { DescriptorWriting.writeAll($0, to: descriptor) }
        }
    }
}

extension StringProtocol {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
