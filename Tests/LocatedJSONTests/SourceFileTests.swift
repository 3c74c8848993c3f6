import Testing

@testable import LocatedJSON

/// Positions and line bounds from the line index agree, at every offset, with counting from the line's start
/// (what they did before they were made fast for long lines).
@Suite struct SourceFileTests {
    /// Files with every kind of line break, a byte-order mark, multi-byte scalars, and lines longer than the
    /// column index's blocks (so that block counts and the bytes around them are both used).
    static let files: [[UInt8]] = {
        let long = Array(String(repeating: "aé€😀,", count: 3_000).utf8)
        return [
            Array("ab\r\ncd\ref\ngh".utf8),
            [0xEF, 0xBB, 0xBF] + Array("ab\ncdé\n\nx".utf8),
            [],
            Array("\n".utf8),
            [0xEF, 0xBB, 0xBF],
            long,
            Array("x\r\n".utf8) + long + Array("\r".utf8) + long + Array("\ny".utf8),
            // A stray continuation byte and a truncated scalar: offsets inside or after broken UTF-8.
            Array("ab".utf8) + [0x80, 0xE2, 0x82] + Array(String(repeating: "z", count: 9_000).utf8) + [0xC3],
        ]
    }()

    @Test(arguments: files.indices)
    func positionsMatchCountingFromTheLineStart(index: Int) {
        let bytes = Self.files[index]
        let file = SourceFiles().add(name: "f", bytes: bytes)
        for offset in stride(from: -1, through: bytes.count + 1, by: bytes.count > 1_000 ? 7 : 1) {
            #expect(file.position(ofOffset: offset) == Self.countedPosition(bytes, offset), "offset \(offset)")
            #expect(file.lineBounds(around: offset) == Self.scannedBounds(bytes, offset), "offset \(offset)")
        }
    }

    /// The reference: the line from the line starts, the column by counting lead bytes from the line's start.
    private static func countedPosition(_ bytes: [UInt8], _ offset: Int) -> SourcePosition {
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let clamped = min(max(offset, bom), bytes.count)
        var line = 1
        var lineStart = bom
        var index = bom
        while index < clamped {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\r"), index < bytes.count, bytes[index] == UInt8(ascii: "\n") {
                if index == clamped { break }
                index += 1
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                line += 1
                lineStart = index
            }
        }
        var column = 1
        for position in lineStart..<max(lineStart, clamped) where bytes[position] & 0xC0 != 0x80 { column += 1 }
        if clamped < bytes.count, clamped > lineStart, bytes[clamped] & 0xC0 == 0x80 { column -= 1 }
        return SourcePosition(line: line, column: max(column, 1))
    }

    /// The reference: scanning back and forward from the offset to the nearest line breaks.
    private static func scannedBounds(_ bytes: [UInt8], _ offset: Int) -> Range<Int> {
        let offset = min(max(offset, 0), bytes.count)
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n"), bytes[start - 1] != UInt8(ascii: "\r") { start -= 1 }
        if start == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = min(3, offset) }
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        return start..<end
    }
}
