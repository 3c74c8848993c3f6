extension JSONWriter {
    /// The bytes a writer has made so far, handed on in chunks when there is a sink, or kept as chunks when
    /// `keepsChunks` is set.
    ///
    /// Writers make their output a byte or a few bytes at a time. Each `Array.append` checks the array's
    /// uniqueness and capacity, which for a style of a megabyte was most of the writing time; so bytes are
    /// gathered in a fixed buffer of `pendingCapacity` bytes first, written by plain stores, and moved to
    /// `bytes` in one copy when it is full, at a checkpoint, or at the end.
    struct Output: ~Copyable {
        /// The bytes moved out of the pending buffer (all of them after `flush()`), unless `keepsChunks`.
        private(set) var bytes: [UInt8] = []
        /// With `keepsChunks`: the bytes moved out of the pending buffer, one chunk per move.
        private var chunks = ChunkedBytes()
        /// Whether the pending buffer's bytes become chunks of their own instead of growing `bytes`.
        let keepsChunks: Bool
        let sink: (([UInt8]) -> Void)?
        let chunkSize: Int
        private let pending: UnsafeMutablePointer<UInt8>
        private var pendingCount = 0
        /// The pending buffer's size in bytes.
        static let pendingCapacity = 16_384

        init(capacity: Int, sink: (([UInt8]) -> Void)?, chunkSize: Int = .max, keepsChunks: Bool = false) {
            if !keepsChunks { bytes.reserveCapacity(capacity) }
            self.keepsChunks = keepsChunks
            self.sink = sink
            self.chunkSize = chunkSize
            pending = .allocate(capacity: Self.pendingCapacity)
        }

        deinit { pending.deallocate() }

        /// Appends one byte.
        @inline(__always)
        mutating func append(_ byte: UInt8) {
            if pendingCount == Self.pendingCapacity { flush() }
            pending[pendingCount] = byte
            pendingCount += 1
        }

        /// Appends two bytes (a separator such as `", "` or `",\n"`).
        @inline(__always)
        mutating func append(_ first: UInt8, _ second: UInt8) {
            if pendingCount + 2 > Self.pendingCapacity { flush() }
            pending[pendingCount] = first
            pending[pendingCount + 1] = second
            pendingCount += 2
        }

        /// Appends a run of bytes.
        mutating func append(_ run: UnsafeBufferPointer<UInt8>) {
            guard let start = run.baseAddress, !run.isEmpty else { return }
            if pendingCount + run.count > Self.pendingCapacity {
                flush()
                if run.count > Self.pendingCapacity {
                    if keepsChunks { chunks.append(run) } else { bytes.append(contentsOf: run) }
                    return
                }
            }
            (pending + pendingCount).update(from: start, count: run.count)
            pendingCount += run.count
        }

        /// Appends the UTF-8 bytes of a literal (`null`, `true`, `false`).
        mutating func append(_ literal: StaticString) {
            append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }

        /// Appends the UTF-8 bytes of `text`.
        mutating func append(_ text: String) {
            if text.utf8.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
            var text = text
            text.withUTF8 { append($0) }
        }

        /// Appends the indent of a line at `level` (two spaces a level).
        mutating func appendIndent(_ level: Int) {
            var remaining = level * 2
            while remaining > 0 {
                if pendingCount == Self.pendingCapacity { flush() }
                let count = min(remaining, Self.pendingCapacity - pendingCount)
                (pending + pendingCount).update(repeating: UInt8(ascii: " "), count: count)
                pendingCount += count
                remaining -= count
            }
        }

        /// Moves the pending bytes to `bytes` (or to a chunk of their own).
        mutating func flush() {
            guard pendingCount > 0 else { return }
            let moved = UnsafeBufferPointer(start: pending, count: pendingCount)
            if keepsChunks { chunks.append(moved) } else { bytes.append(contentsOf: moved) }
            pendingCount = 0
        }

        /// Passes the bytes on once there are `chunkSize` of them (called between elements).
        mutating func checkpoint() {
            guard let sink, bytes.count + pendingCount >= chunkSize else { return }
            flush()
            sink(bytes)
            bytes.removeAll(keepingCapacity: true)
        }

        /// Every byte written, with the final newline.
        consuming func finish() -> [UInt8] {
            append(UInt8(ascii: "\n"))
            flush()
            return bytes
        }

        /// Every byte written, with the final newline, as chunks (for an output made with `keepsChunks`).
        consuming func finishChunks() -> ChunkedBytes {
            append(UInt8(ascii: "\n"))
            flush()
            return chunks
        }
    }
}
