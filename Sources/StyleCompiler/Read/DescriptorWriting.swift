#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Whole writes to an open file or pipe: every byte, again after an interruption. Used from the read stage
/// (a download's request to curl) and from emit (atomic files, spools), so it stands in the earlier one; the
/// command line writes its standard output and error with it too.
package enum DescriptorWriting {
    /// Writes every byte of `bytes` to `descriptor`, again after an interruption; false (with `errno` set) when
    /// a write fails.
    package static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
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
