import Testing

@testable import LocatedJSON

@Suite struct SHA256Tests {
    /// FIPS 180-4 example messages.
    @Test func knownDigests() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// The processor's SHA instructions (where present) and the Swift rounds agree on every length around
    /// block and padding boundaries, and on a large input.
    @Test(.enabled(if: SHA256.usesHardware, "this processor has no SHA instructions: only the Swift rounds run"))
    func hardwareAndSoftwareAgree() {
        var generator = SystemRandomNumberGenerator()
        var lengths = Array(0...200)
        lengths += [1_000, 4_095, 4_096, 65_537, 1_234_567]
        for length in lengths {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(SHA256.digest(bytes, hardware: true) == SHA256.digest(bytes, hardware: false), "length \(length)")
        }
    }

    /// The digest of chunked bytes is the digest of their concatenation wherever they are cut: inside a block,
    /// on a block boundary, into pieces of one byte, on both the SHA instructions and the Swift rounds.
    @Test func chunksCutAnywhereGiveTheWholeDigest() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 55, 56, 63, 64, 65, 127, 128, 129, 1_000, 16_384, 40_001] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let whole = SHA256.digest(bytes, hardware: false)
            var cuts = [0, length]
            for _ in 0..<5 { cuts.append(Int.random(in: 0...length, using: &generator)) }
            cuts += [min(63, length), min(64, length), min(65, length)]
            cuts = Array(Set(cuts)).sorted()
            var chunked = ChunkedBytes()
            for index in cuts.indices.dropLast() {
                bytes[cuts[index]..<cuts[index + 1]].withUnsafeBufferPointer { chunked.append($0) }
            }
            var single = ChunkedBytes()
            for byte in bytes.prefix(200) { [byte].withUnsafeBufferPointer { single.append($0) } }
            bytes.dropFirst(200).withUnsafeBufferPointer { single.append($0) }
            for hardware in [false, true] {
                var hasher = SHA256.Hasher(hardware: hardware)
                for index in cuts.indices.dropLast() {
                    bytes[cuts[index]..<cuts[index + 1]].withUnsafeBufferPointer { hasher.update($0) }
                }
                #expect(hasher.count == length)
                #expect(hasher.finalize() == whole, "length \(length), pieces cut at \(cuts)")
                #expect(SHA256.digest(chunked, hardware: hardware) == whole, "length \(length), cuts \(cuts)")
                #expect(SHA256.digest(single, hardware: hardware) == whole, "length \(length), one-byte chunks")
            }
        }
    }
}
