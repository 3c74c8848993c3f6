#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A new file of a unique name (`mkstemp`) and whole writes to it, as the atomic writer and the style spool
/// both make them.
enum TemporaryFile {
    /// Creates and opens a new file (mode 0600) from `template`, a path ending in `XXXXXX`: its descriptor and
    /// path, or nil with `errno` set.
    static func make(_ template: String) -> (descriptor: Int32, path: String)? {
        var characters = Array(template.utf8CString)
        let descriptor = characters.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { return nil }
        return (descriptor, String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Writes every byte of `bytes` to `descriptor`, again after an interruption; false (with `errno` set) when
    /// a write fails.
    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
