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
/// Lines end at `\n`, `\r\n` or a lone `\r`, as LSP and the library's `SourceFile` both count them.
struct LineIndex {
    let bytes: [UInt8]
    /// Byte offset at which each line starts.
    let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                starts.append(index + 1)
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
    }

    /// The 0-based line holding byte `offset`.
    func line(ofOffset offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
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
        var units = 0
        for scalar in String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars {
            units += encoding.width(of: scalar)
        }
        return LSPPosition(line: line, character: units)
    }

    /// The byte offset of an LSP position: a line past the end is the text's end, a character past the line's
    /// end is the line's end, and one inside a scalar's units is that scalar's start.
    func offset(of position: LSPPosition, encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[position.line]
        let end = lineEnd(position.line)
        var offset = start
        var units = 0
        while offset < end, units < position.character {
            let length = Self.scalarLength(bytes[offset])
            let scalarEnd = min(offset + length, end)
            let scalar = String(decoding: bytes[offset..<scalarEnd], as: UTF8.self).unicodeScalars.first
            let width = scalar.map { encoding.width(of: $0) } ?? 1
            if units + width > position.character { break }
            units += width
            offset = scalarEnd
        }
        return offset
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
