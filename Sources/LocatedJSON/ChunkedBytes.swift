/// Bytes held as a list of chunks rather than one array: a writer's output of unknown length, kept without
/// the spare capacity (up to half) and the copies that growing one array by doubling costs.
///
/// A style of a megabyte written pretty is three to four megabytes; as one array it grew from the size
/// guessed from its input to twice and four times that, holding both buffers during the last copy. Chunks are
/// exactly as long as their bytes. Equality is by content, however the bytes are cut.
public struct ChunkedBytes: Sendable, Equatable {
    /// The chunks in order; none is empty.
    public private(set) var chunks: [[UInt8]]
    /// The number of bytes in all chunks.
    public private(set) var count: Int

    /// No bytes.
    public init() {
        chunks = []
        count = 0
    }

    /// The bytes of one array, as a single chunk.
    public init(_ bytes: [UInt8]) {
        chunks = bytes.isEmpty ? [] : [bytes]
        count = bytes.count
    }

    /// Adds a copy of `bytes` as the next chunk.
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        chunks.append(Array(bytes))
        count += bytes.count
    }

    /// True when there are no bytes at all.
    public var isEmpty: Bool { count == 0 }

    /// All bytes in one array (a copy of every chunk but a single one).
    public var joined: [UInt8] {
        if chunks.count == 1 { return chunks[0] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for chunk in chunks { bytes.append(contentsOf: chunk) }
        return bytes
    }

    /// Calls `body` with each chunk's bytes in order.
    public func forEachChunk(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        for chunk in chunks { try chunk.withUnsafeBufferPointer(body) }
    }

    /// Same bytes in the same order, wherever the chunks are cut.
    public static func == (lhs: ChunkedBytes, rhs: ChunkedBytes) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var left = (chunk: 0, offset: 0)
        var right = (chunk: 0, offset: 0)
        var remaining = lhs.count
        while remaining > 0 {
            let leftChunk = lhs.chunks[left.chunk]
            let rightChunk = rhs.chunks[right.chunk]
            let length = min(leftChunk.count - left.offset, rightChunk.count - right.offset)
            let same = leftChunk[left.offset..<(left.offset + length)].elementsEqual(
                rightChunk[right.offset..<(right.offset + length)])
            guard same else { return false }
            remaining -= length
            left.offset += length
            right.offset += length
            if left.offset == leftChunk.count { left = (left.chunk + 1, 0) }
            if right.offset == rightChunk.count { right = (right.chunk + 1, 0) }
        }
        return true
    }

    /// True when the bytes are exactly `bytes`.
    public static func == (lhs: ChunkedBytes, rhs: [UInt8]) -> Bool { lhs == ChunkedBytes(rhs) }
}
