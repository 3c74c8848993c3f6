import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// The bytes of one input file and where its lines start, shared by every node read from it.
///
/// A file is made by the `SourceFiles` table of the compilation that reads it, which gives it its number
/// (`id`). A node names its file by that number, so that copying a node counts no reference to the file, and
/// its location is found through that table (`SourceFiles.location(of:)`) or through the file
/// (`location(of:)`).
///
/// Lines are 1-based and end at `\n`, `\r\n` or a lone `\r`. Columns are 1-based and count Unicode scalars
/// (UTF-8 lead bytes), the unit that libyaml also reports, so JSON and YAML positions agree. A UTF-8
/// byte-order mark is not counted (libyaml does not count it either).
public final class SourceFile: SourceLocator {
    /// The name shown in diagnostics: a path relative to where the user pointed, or `<stdin>`.
    public let name: String
    /// The file's bytes as read.
    public let bytes: [UInt8]
    /// Byte offset at which each line starts (`[0]` is 0, or 3 after a byte-order mark), found on the first
    /// position asked for: a compile without findings in a file never needs its lines.
    private let foundLineStarts = Mutex<[Int]?>(nil)
    /// UTF-8 continuation bytes before each multiple of `blockSize`, counted on the first column asked for far
    /// into a line: a minified style is one line of up to megabytes, and counting from the line's start for
    /// each finding would make many findings quadratic.
    private let continuationCounts = Mutex<[Int]>([])
    private static let blockSize = 4096
    /// The bytes' SHA-256, made on first need: the manifest asks for it.
    private let digest = Mutex<String?>(nil)

    /// This file's number in its table: from 1 to `numberLimit - 1`, or 0 (no number, so its nodes have no
    /// location) for a file past the table's limit.
    public let id: UInt32

    /// Numbers are below this (2^20), so that a node holds its file's number in 20 bits.
    public static let numberLimit: UInt32 = 1 << 20

    /// A file numbered `id`; made by `SourceFiles.add(name:bytes:)`.
    init(name: String, bytes: [UInt8], id: UInt32) {
        self.name = name
        self.bytes = bytes
        self.id = id
    }

    /// Where `node` starts, when it was read from this file; nil otherwise.
    public func location(of node: JSONNode?) -> SourceLocation? {
        guard let node, node.isRead(from: self), let offset = node.sourceOffset else { return nil }
        return SourceLocation(file: self, offset: offset)
    }

    /// Where `member`'s key stands, when it was read from this file; nil otherwise.
    public func keyLocation(of member: JSONMember?) -> SourceLocation? {
        guard let member, id != 0, member.keyFileNumber == id, let offset = member.keySourceOffset else { return nil }
        return SourceLocation(file: self, offset: offset)
    }

    private var lineStarts: [Int] {
        foundLineStarts.withLock { found in
            if let found { return found }
            let starts = Self.findLineStarts(bytes)
            found = starts
            return starts
        }
    }

    /// The SHA-256 of the file's bytes, as 64 lowercase hexadecimal digits; computed once per file.
    public var sha256: String {
        digest.withLock { digest in
            if let digest { return digest }
            let made = SHA256.hex(bytes)
            digest = made
            return made
        }
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset; offsets past the end map to the end.
    /// Takes O(log lines) plus at most two blocks of bytes, however long the line.
    public func position(ofOffset offset: Int) -> SourcePosition {
        let lineStarts = self.lineStarts
        let clamped = min(max(offset, lineStarts[0]), bytes.count)
        let line = Self.lastIndex(in: lineStarts, atMost: clamped)
        let start = lineStarts[line]
        var column = clamped - start - continuations(in: start..<clamped) + 1
        // A column that starts inside a multi-byte scalar counts that scalar.
        if clamped < bytes.count, clamped > start, bytes[clamped] & 0xC0 == 0x80 { column -= 1 }
        return SourcePosition(line: line + 1, column: max(column, 1))
    }

    /// The bytes of the line around `offset`, without its line break: from just after the line break before
    /// `offset` to the first line break at or after it (an offset on a line break gives an empty end part).
    /// A byte-order mark is not part of the first line.
    public func lineBounds(around offset: Int) -> Range<Int> {
        let lineStarts = self.lineStarts
        let offset = min(max(offset, 0), bytes.count)
        let line = Self.lastIndex(in: lineStarts, atMost: max(offset, lineStarts[0]))
        var start = min(lineStarts[line], offset)
        // Between the two bytes of a CRLF: the line break is right before `offset`.
        if offset > start, bytes[offset - 1] == UInt8(ascii: "\r") || bytes[offset - 1] == UInt8(ascii: "\n") {
            start = offset
        }
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<max(end, offset)
    }

    /// The index of the last element of ascending `values` that is at most `value` (0 when none is), by
    /// bisection: O(log n). The line holding an offset, given the lines' starts.
    public static func lastIndex(in values: [Int], atMost value: Int) -> Int {
        var low = 0
        var high = values.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if values[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// UTF-8 continuation bytes (0b10xxxxxx) in `range`: counted directly in short ranges, from the block
    /// counts in long ones.
    private func continuations(in range: Range<Int>) -> Int {
        guard range.count > 2 * Self.blockSize else { return countContinuations(range) }
        let counts = continuationCounts.withLock { counts in
            if counts.isEmpty { counts = blockCounts() }
            return (counts[range.lowerBound / Self.blockSize], counts[range.upperBound / Self.blockSize])
        }
        let lowerBlock = range.lowerBound / Self.blockSize * Self.blockSize
        let upperBlock = range.upperBound / Self.blockSize * Self.blockSize
        return counts.1 + countContinuations(upperBlock..<range.upperBound) - counts.0
            - countContinuations(lowerBlock..<range.lowerBound)
    }

    private func countContinuations(_ range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            for index in range where buffer[index] & 0xC0 == 0x80 { count += 1 }
            return count
        }
    }

    /// `counts[k]`: continuation bytes before byte `k * blockSize`.
    private func blockCounts() -> [Int] {
        var counts = [0]
        counts.reserveCapacity(bytes.count / Self.blockSize + 1)
        var total = 0
        var blockStart = 0
        while blockStart + Self.blockSize <= bytes.count {
            total += countContinuations(blockStart..<(blockStart + Self.blockSize))
            blockStart += Self.blockSize
            counts.append(total)
        }
        return counts
    }

    /// The byte offset of a 1-based line and column (Unicode scalars); positions past the end of a line or of
    /// the file map to that end. The inverse of `position(ofOffset:)`.
    public func offset(line: Int, column: Int) -> Int {
        let lineStarts = self.lineStarts
        guard line >= 1 else { return 0 }
        guard line <= lineStarts.count else { return bytes.count }
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        var index = lineStarts[line - 1]
        var remaining = column - 1
        while remaining > 0, index < end {
            index += 1
            while index < end, bytes[index] & 0xC0 == 0x80 { index += 1 }
            remaining -= 1
        }
        return index
    }

    /// The text of a 1-based line without its line break (invalid UTF-8 shown as U+FFFD), or nil past the end.
    public func lineText(_ line: Int) -> String? {
        let lineStarts = self.lineStarts
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The number of lines (a final line break does not open a line of its own only when the file is empty).
    public var lineCount: Int { lineStarts.count }

    /// A UTF-8 byte-order mark is not part of the first line: columns there count from after it. Files without
    /// a carriage return (nearly all) are scanned with `memchr` for line feeds alone.
    private static func findLineStarts(_ bytes: [UInt8]) -> [Int] {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var starts = [start]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > start else { return }
            let count = buffer.count
            if memchr(base + start, Int32(UInt8(ascii: "\r")), count - start) == nil {
                var index = start
                while index < count, let found = memchr(base + index, Int32(UInt8(ascii: "\n")), count - index) {
                    index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    starts.append(index)
                }
                return
            }
            var index = start
            while index < count {
                let byte = buffer[index]
                index += 1
                if byte == UInt8(ascii: "\n") {
                    starts.append(index)
                } else if byte == UInt8(ascii: "\r") {
                    if index < count, buffer[index] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(index)
                }
            }
        }
        return starts
    }
}

/// A 1-based line and a 1-based column counted in Unicode scalars.
public struct SourcePosition: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public let line: Int
    /// The column, from 1, in Unicode scalars.
    public let column: Int
    /// A position at `line` and `column`, both from 1.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

/// Where something came from: a file and a byte offset in it. Line and column are computed on demand.
public struct SourceLocation: Sendable, CustomStringConvertible {
    /// The file the location is in; a location keeps its file alive.
    public let file: SourceFile
    /// Byte offset from the start of the file (a byte-order mark counts).
    public let offset: Int

    /// The location at byte `offset` of `file`.
    public init(file: SourceFile, offset: Int) {
        self.file = file
        self.offset = offset
    }

    /// 1-based line and column (Unicode scalars).
    public var position: SourcePosition { file.position(ofOffset: offset) }

    /// `file:line:column`.
    public var description: String { "\(file.name):\(position)" }
}

extension SourceLocation: Equatable, Hashable {
    /// Two locations are equal when they are the same byte of the same file.
    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.file === rhs.file && lhs.offset == rhs.offset
    }

    /// Hashes the file and the offset.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(file))
        hasher.combine(offset)
    }
}
