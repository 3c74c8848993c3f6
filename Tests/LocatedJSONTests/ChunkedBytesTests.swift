import Testing

@testable import LocatedJSON

@Suite struct ChunkedBytesTests {
    /// `bytes` cut before each position of `cuts` (positions out of order or repeated are fine).
    static func cut(_ bytes: [UInt8], at cuts: [Int]) -> ChunkedBytes {
        let bounds = Array(Set([0, bytes.count] + cuts)).sorted()
        var chunked = ChunkedBytes()
        for index in bounds.indices.dropLast() {
            bytes[bounds[index]..<bounds[index + 1]].withUnsafeBufferPointer { chunked.append($0) }
        }
        return chunked
    }

    @Test func equalityIsByContentWhereverTheBytesAreCut() {
        let bytes = Array("{\"version\": 8, \"layers\": []}\n".utf8)
        let whole = ChunkedBytes(bytes)
        for cuts in [[1], [5, 6, 7], [10, 20], Array(1..<bytes.count)] {
            let chunked = Self.cut(bytes, at: cuts)
            #expect(chunked == whole, "\(cuts)")
            #expect(chunked == bytes)
            #expect(chunked.joined == bytes)
            #expect(chunked.count == bytes.count)
            #expect(chunked.chunks.allSatisfy { !$0.isEmpty })
        }
        var changed = bytes
        changed[bytes.count - 3] = UInt8(ascii: "x")
        #expect(Self.cut(changed, at: [3, 9]) != Self.cut(bytes, at: [4, 12]))
        #expect(Self.cut(Array(bytes.dropLast()), at: [3]) != whole)
        #expect(ChunkedBytes() == ChunkedBytes([]))
        #expect(ChunkedBytes().isEmpty)
        #expect(ChunkedBytes([]).chunks.isEmpty)
    }

    @Test func visitingTheChunksGivesEveryByteInOrder() {
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var seen: [UInt8] = []
        Self.cut(bytes, at: [1, 2, 500, 999]).forEachChunk { seen.append(contentsOf: $0) }
        #expect(seen == bytes)
    }
}
