#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Reads from an open file or pipe, again after an interruption: what every reader of a descriptor needs (the
/// input loader, and emit's comparison of an output with the file already there and its spools), so it stands
/// in the earlier stage, beside `DescriptorWriting`.
package enum DescriptorReading {
    /// Reads up to `count` bytes into `buffer` (at the descriptor's position, or at `offset` in the file when one
    /// is given), again while interrupted. The number of bytes read, 0 at the end, or -1 with `errno` set.
    package static func readSome(
        _ descriptor: Int32, into buffer: UnsafeMutableRawPointer?, count: Int, at offset: Int? = nil
    )
        -> Int
    {
        while true {
            let got = offset.map { pread(descriptor, buffer, count, off_t($0)) } ?? read(descriptor, buffer, count)
            if got < 0, errno == EINTR { continue }
            return got
        }
    }

    /// `readSome` into the whole of `buffer`.
    package static func readSome(_ descriptor: Int32, into buffer: inout [UInt8], at offset: Int? = nil) -> Int {
        buffer.withUnsafeMutableBytes { readSome(descriptor, into: $0.baseAddress, count: $0.count, at: offset) }
    }
}
