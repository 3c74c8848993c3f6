import LocatedJSON

/// How LSP positions count characters within a line: UTF-16 code units unless client and server agree on
/// another (LSP 3.17 `positionEncoding`).
enum PositionEncoding: String, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The encoding to use, from the client's offer in order of its preference: UTF-8 when offered (the
    /// library's byte offsets need no counting then), else UTF-16, the protocol's default.
    static func negotiated(offered: [String]) -> PositionEncoding {
        offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }

    /// How many units of this encoding a scalar takes.
    func width(of scalar: Unicode.Scalar) -> Int {
        switch self {
        case .utf8: return scalar.utf8.count
        case .utf16: return scalar.utf16.count
        case .utf32: return 1
        }
    }
}

/// An LSP position: a 0-based line and a 0-based character offset in the negotiated encoding.
struct LSPPosition: Equatable {
    var line: Int
    var character: Int
}

/// Where each line of a text starts, to turn byte offsets into LSP positions and back.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as LSP and the library's `SourceFile` both count them. A
/// position's character is counted from a checkpoint at most ``checkpointStride`` bytes before it, never from the
/// start of its line, so a minified style of one long line costs O(log n + stride) per position, not O(line).
struct LineIndex {
    let bytes: [UInt8]
    /// Byte offset at which each line starts.
    let lineStarts: [Int]
    /// Scalar boundaries about every ``checkpointStride`` bytes (line starts among them), ascending.
    private let checkpoints: [Int]
    /// The UTF-16 code units and the scalars before each checkpoint, counted from the text's start.
    private let utf16Before: [Int]
    private let scalarsBefore: [Int]

    /// Bytes between two checkpoints, at most (a scalar longer than one byte may push one a little further).
    static let checkpointStride = 256

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var checkpoints = [0]
        var utf16Before = [0]
        var scalarsBefore = [0]
        var utf16 = 0
        var scalars = 0
        var index = 0
        var lastCheckpoint = 0
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            while index < count {
                // A run of plain ASCII (no line end) up to the next checkpoint: one compare per byte.
                let runEnd = min(lastCheckpoint + Self.checkpointStride, count)
                var run = index
                while run < runEnd, buffer[run] < 0x80, buffer[run] != 0x0A, buffer[run] != 0x0D { run += 1 }
                utf16 += run - index
                scalars += run - index
                index = run
                var next = index
                var newLine = false
                if index < count,
                    index < runEnd || buffer[index] >= 0x80 || buffer[index] == 0x0A
                        || buffer[index] == 0x0D
                {
                    let byte = buffer[index]
                    next = index + 1
                    if byte == 0x0D, next < count, buffer[next] == 0x0A { next += 1 }
                    if byte >= 0x80 {
                        next = min(index + Self.scalarLength(byte), count)
                        let scalar = String(decoding: bytes[index..<next], as: UTF8.self).unicodeScalars.first
                        utf16 += scalar.map { PositionEncoding.utf16.width(of: $0) } ?? 1
                        scalars += 1
                    } else {
                        utf16 += next - index
                        scalars += next - index
                    }
                    newLine = byte == 0x0A || byte == 0x0D
                    if newLine { starts.append(next) }
                }
                if newLine || next - lastCheckpoint >= Self.checkpointStride, next < count {
                    checkpoints.append(next)
                    utf16Before.append(utf16)
                    scalarsBefore.append(scalars)
                    lastCheckpoint = next
                }
                index = next
            }
        }
        lineStarts = starts
        self.checkpoints = checkpoints
        self.utf16Before = utf16Before
        self.scalarsBefore = scalarsBefore
    }

    /// The 0-based line holding byte `offset`.
    func line(ofOffset offset: Int) -> Int {
        SourceFile.lastIndex(in: lineStarts, atMost: offset)
    }

    /// Where line `line`'s text ends (before its line end).
    func lineEnd(_ line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[line + 1]
        if end > lineStarts[line], bytes[end - 1] == 0x0A { end -= 1 }
        if end > lineStarts[line], bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The LSP position of byte `offset` (clamped to the text).
    func position(ofOffset offset: Int, encoding: PositionEncoding) -> LSPPosition {
        let clamped = min(max(offset, 0), bytes.count)
        let line = line(ofOffset: clamped)
        let start = lineStarts[line]
        let end = min(clamped, lineEnd(line))
        guard encoding != .utf8 else { return LSPPosition(line: line, character: end - start) }
        return LSPPosition(line: line, character: units(before: end, encoding) - units(before: start, encoding))
    }

    /// The byte offset of an LSP position: a line past the end is the text's end, a character past the line's
    /// end is the line's end, and one inside a scalar's units is that scalar's start.
    func offset(of position: LSPPosition, encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[position.line]
        let end = lineEnd(position.line)
        // No line holds more units than bytes: clamping first keeps a client's huge number from overflowing.
        let character = min(max(position.character, 0), end - start)
        guard encoding != .utf8 else {
            var offset = start + character
            while offset > start, offset < end, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        }
        let lineUnits = units(before: start, encoding)
        let target = lineUnits + character
        // The last checkpoint of this line at or before the target, found by bisection over the checkpoints.
        let table = encoding == .utf16 ? utf16Before : scalarsBefore
        let first = SourceFile.lastIndex(in: checkpoints, atMost: start)
        var low = first
        var high = SourceFile.lastIndex(in: checkpoints, atMost: end)
        while low < high {
            let middle = (low + high + 1) / 2
            if table[middle] <= target { low = middle } else { high = middle - 1 }
        }
        var offset = max(checkpoints[low], start)
        var units = offset == start ? lineUnits : table[low]
        while offset < end, units < target {
            let scalarEnd = min(offset + Self.scalarLength(bytes[offset]), end)
            let width = width(of: offset..<scalarEnd, encoding)
            if units + width > target { break }
            units += width
            offset = scalarEnd
        }
        return offset
    }

    /// The units of `encoding` (UTF-16 or UTF-32) before byte `offset`, counted from the text's start.
    private func units(before offset: Int, _ encoding: PositionEncoding) -> Int {
        let checkpoint = SourceFile.lastIndex(in: checkpoints, atMost: offset)
        var index = checkpoints[checkpoint]
        var units = encoding == .utf16 ? utf16Before[checkpoint] : scalarsBefore[checkpoint]
        while index < offset {
            let next = min(index + Self.scalarLength(bytes[index]), bytes.count)
            units += width(of: index..<next, encoding)
            index = next
        }
        return units
    }

    /// The units of `encoding` that the scalar in `range` takes (1 for a broken sequence).
    private func width(of range: Range<Int>, _ encoding: PositionEncoding) -> Int {
        guard bytes[range.lowerBound] >= 0x80 else { return 1 }
        let scalar = String(decoding: bytes[range], as: UTF8.self).unicodeScalars.first
        return scalar.map { encoding.width(of: $0) } ?? 1
    }

    /// The bytes of a UTF-8 sequence starting with `lead` (1 for a stray continuation byte).
    static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }
}
