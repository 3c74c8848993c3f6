#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Makes Strings from ASCII byte runs, sharing one String between equal runs: style documents repeat the
/// same keys and values (`"type"`, `"$type"`, `"==", "get"`, property names) thousands of times, and a shared
/// String costs no allocation and no memory of its own. Runs of at most 15 bytes are stored inline by
/// String itself and are not worth a lookup; runs longer than `maximumLength` are not shared.
struct StringTable {
    /// Runs longer than this are made afresh each time.
    static let maximumLength = 64
    private static let slotCount = 4096

    /// Allocated on the first string long enough to share, so small documents pay nothing.
    private var slots: [String?] = []

    /// The String for an ASCII byte run (the caller has checked that every byte is below 0x80).
    mutating func string(for bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > 15, bytes.count <= Self.maximumLength else { return String(decoding: bytes, as: UTF8.self) }
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        if slots.isEmpty { slots = Array(repeating: nil, count: Self.slotCount) }
        let slot = Int(hash) & (Self.slotCount - 1)
        if var cached = slots[slot], cached.utf8.count == bytes.count {
            let same = cached.withUTF8 { stored in
                guard let left = stored.baseAddress, let right = bytes.baseAddress else { return false }
                return memcmp(left, right, bytes.count) == 0
            }
            if same { return cached }
        }
        let made = String(decoding: bytes, as: UTF8.self)
        slots[slot] = made
        return made
    }
}
