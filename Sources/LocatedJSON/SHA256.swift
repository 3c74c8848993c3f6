internal import CSHA256

/// SHA-256 (FIPS 180-4) of document bytes: the manifest records it for every input and output, and the run-time
/// module checks it before it trusts a compiled style. No platform crypto library is
/// available on every platform the package supports: this is the standard library only, except that the
/// compression of whole blocks runs on the processor's SHA instructions where it has them (`CSHA256`).
public enum SHA256 {
    /// Whether whole blocks go to the processor's SHA instructions.
    static let usesHardware = mc_style_sha256_hardware_available() == 1

    /// The digest of `bytes` as 64 lowercase hexadecimal digits.
    public static func hex(_ bytes: [UInt8]) -> String { hex(ChunkedBytes(bytes)) }

    /// The digest of the bytes of every chunk in order, as 64 lowercase hexadecimal digits.
    public static func hex(_ bytes: ChunkedBytes) -> String { hexText(digest(bytes, hardware: usesHardware)) }

    /// The 32-byte digest of `bytes`.
    public static func digest(_ bytes: [UInt8]) -> [UInt8] {
        digest(ChunkedBytes(bytes), hardware: usesHardware)
    }

    /// The digest of `bytes`, computed with the SHA instructions (when asked and present) or in Swift; tests
    /// compare the two.
    static func digest(_ bytes: [UInt8], hardware wanted: Bool) -> [UInt8] {
        digest(ChunkedBytes(bytes), hardware: wanted)
    }

    /// The digest of the chunks' bytes in order.
    static func digest(_ bytes: ChunkedBytes, hardware wanted: Bool) -> [UInt8] {
        var hasher = Hasher(hardware: wanted)
        bytes.forEachChunk { hasher.update($0) }
        return hasher.finalize()
    }

    /// 64 lowercase hexadecimal digits for a 32-byte digest.
    static func hexText(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A digest made piece by piece, for bytes that are hashed as they are written and never held whole (a
    /// compiled style streamed to its file). Whole 64-byte blocks are compressed where they lie; a block cut
    /// between two pieces is gathered first.
    public struct Hasher: Sendable {
        private var state: State
        /// The bytes of a block not yet complete (fewer than 64).
        private var carry: [UInt8] = []
        /// Bytes hashed so far.
        public private(set) var count = 0

        /// A hasher that uses the processor's SHA instructions where it has them.
        public init() { self.init(hardware: true) }

        /// With `hardware` false the Swift rounds are used even where SHA instructions exist (tests compare them).
        init(hardware wanted: Bool) {
            state = State(hardware: wanted && SHA256.usesHardware)
            carry.reserveCapacity(128)
        }

        /// Adds `input`'s bytes.
        public mutating func update(_ input: UnsafeBufferPointer<UInt8>) {
            guard let base = input.baseAddress, !input.isEmpty else { return }
            count += input.count
            var start = 0
            if !carry.isEmpty {
                start = min(64 - carry.count, input.count)
                carry.append(contentsOf: UnsafeBufferPointer(start: base, count: start))
                if carry.count == 64 {
                    carry.withUnsafeBufferPointer { block in state.compress(block, blocks: 1) }
                    carry.removeAll(keepingCapacity: true)
                }
            }
            let blocks = (input.count - start) / 64
            if blocks > 0 { state.compress(UnsafeBufferPointer(rebasing: input[start...]), blocks: blocks) }
            carry.append(contentsOf: UnsafeBufferPointer(rebasing: input[(start + blocks * 64)...]))
        }

        /// The 32-byte digest of every byte added.
        public consuming func finalize() -> [UInt8] {
            carry.append(0x80)
            while carry.count % 64 != 56 { carry.append(0) }
            let bitLength = UInt64(count) &* 8
            for shift in stride(from: 56, through: 0, by: -8) {
                carry.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
            }
            carry.withUnsafeBufferPointer { tail in state.compress(tail, blocks: tail.count / 64) }
            return state.words.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
        }

        /// The digest as 64 lowercase hexadecimal digits.
        public consuming func finalizeHex() -> String { SHA256.hexText(finalize()) }
    }

    /// The eight working words and how blocks are compressed into them.
    fileprivate struct State {
        let hardware: Bool
        var words: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ]
        /// The message schedule of the Swift rounds (64 words).
        var schedule = [UInt32](repeating: 0, count: 64)

        init(hardware: Bool) { self.hardware = hardware }

        /// Compresses the first `blocks` 64-byte blocks of `input`.
        mutating func compress(_ input: UnsafeBufferPointer<UInt8>, blocks: Int) {
            guard let base = input.baseAddress, blocks > 0 else { return }
            if hardware {
                mc_style_sha256_hardware_compress(&words, base, blocks)
                return
            }
            let constants = UnsafeBufferPointer(start: mc_style_sha256_round_constants(), count: 64)
            var state = (words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7])
            schedule.withUnsafeMutableBufferPointer { schedule in
                for block in 0..<blocks {
                    SHA256.compress(
                        UnsafeBufferPointer(start: base + block * 64, count: 64), schedule, constants, &state)
                }
            }
            words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        }
    }

    fileprivate static func compress(
        _ block: UnsafeBufferPointer<UInt8>, _ w: UnsafeMutableBufferPointer<UInt32>,
        _ constants: UnsafeBufferPointer<UInt32>,
        _ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
    ) {
        for index in 0..<16 {
            let base = index * 4
            w[index] =
                UInt32(block[base]) &<< 24 | UInt32(block[base + 1]) &<< 16 | UInt32(block[base + 2]) &<< 8
                | UInt32(block[base + 3])
        }
        for index in 16..<64 {
            let s0 = rotate(w[index - 15], 7) ^ rotate(w[index - 15], 18) ^ (w[index - 15] &>> 3)
            let s1 = rotate(w[index - 2], 17) ^ rotate(w[index - 2], 19) ^ (w[index - 2] &>> 10)
            w[index] = w[index - 16] &+ s0 &+ w[index - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        for index in 0..<64 {
            let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
            let choice = (e & f) ^ (~e & g)
            let temp1 = h &+ sum1 &+ choice &+ constants[index] &+ w[index]
            let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ sum0 &+ majority)
        }
        state = (
            state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g,
            state.7 &+ h
        )
    }

    @inline(__always)
    private static func rotate(_ value: UInt32, _ amount: UInt32) -> UInt32 {
        value &>> amount | value &<< (32 &- amount)
    }
}
