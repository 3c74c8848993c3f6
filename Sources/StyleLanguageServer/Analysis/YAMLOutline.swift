/// The block structure of a YAML text, line by line, read without a parser: the editor's text is often half
/// typed and would not parse, yet completion must still know which mapping the cursor is in.
///
/// It knows block mappings and sequences (`key:`, `- `), one flow mapping or sequence on a line, quoted
/// scalars and comments; offsets are byte offsets into the text.
struct YAMLOutline {
    /// One line's parts.
    struct Line {
        /// Where the line starts and ends (before its line end), in bytes.
        let start: Int
        let end: Int
        /// True for a line of white space or a comment only.
        let isBlank: Bool
        /// True when the line starts a sequence item (`- `).
        let isItem: Bool
        /// The column of the `-`, for an item.
        let dashColumn: Int
        /// The column at which the line's content starts (after `- ` for an item).
        let indent: Int
        /// The key of a `key:` line, unquoted.
        let key: String?
        /// Where the key's text starts and ends.
        let keyRange: Range<Int>?
        /// Where the value after `key:` (or the item's content, for an item without a key) starts and ends,
        /// without a trailing comment or spaces; empty when there is none.
        let valueRange: Range<Int>
    }

    let bytes: [UInt8]
    let lines: [Line]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var lines: [Line] = []
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            lines.append(Self.read(bytes, start: start, end: end))
            guard end < bytes.count else { break }
            start = end + (bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A ? 2 : 1)
        }
        self.lines = lines
    }

    /// The text of `range`.
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The index of the line holding byte `offset`.
    func lineIndex(ofOffset offset: Int) -> Int {
        lines.lastIndex { $0.start <= offset } ?? 0
    }

    private static func read(_ bytes: [UInt8], start: Int, end: Int) -> Line {
        var index = start
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        let blank = index == end || bytes[index] == UInt8(ascii: "#")
        var isItem = false
        let dashColumn = index - start
        if !blank, bytes[index] == UInt8(ascii: "-"), index + 1 == end || bytes[index + 1] == 0x20 {
            isItem = true
            index += 1
            while index < end, bytes[index] == 0x20 { index += 1 }
        }
        let contentStart = index
        let contentEnd = valueEnd(bytes, from: contentStart, to: end)
        var key: String?
        var keyRange: Range<Int>?
        var valueRange = contentStart..<contentEnd
        if !blank, let (name, range, colon) = readKey(bytes, from: contentStart, to: end) {
            key = name
            keyRange = range
            var valueStart = colon + 1
            while valueStart < end, bytes[valueStart] == 0x20 { valueStart += 1 }
            valueRange = valueStart..<max(valueStart, valueEnd(bytes, from: valueStart, to: end))
        }
        return Line(
            start: start, end: end, isBlank: blank && !isItem, isItem: isItem, dashColumn: dashColumn,
            indent: contentStart - start, key: key, keyRange: keyRange, valueRange: valueRange)
    }

    /// A `key:` at `from`: the key, its range and the colon's offset.
    private static func readKey(_ bytes: [UInt8], from: Int, to end: Int) -> (String, Range<Int>, Int)? {
        guard from < end else { return nil }
        let first = bytes[from]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            var index = from + 1
            while index < end, bytes[index] != first { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
            guard index < end else { return nil }
            var colon = index + 1
            while colon < end, bytes[colon] == 0x20 { colon += 1 }
            guard colon < end, bytes[colon] == UInt8(ascii: ":") else { return nil }
            let name = String(decoding: bytes[(from + 1)..<index], as: UTF8.self)
            return (name, from..<(index + 1), colon)
        }
        guard !"{[!&*#|>%@`,".utf8.contains(first) else { return nil }
        var index = from
        while index < end {
            if bytes[index] == UInt8(ascii: ":"), index + 1 == end || bytes[index + 1] == 0x20 {
                var keyEnd = index
                while keyEnd > from, bytes[keyEnd - 1] == 0x20 { keyEnd -= 1 }
                guard keyEnd > from else { return nil }
                return (String(decoding: bytes[from..<keyEnd], as: UTF8.self), from..<keyEnd, index)
            }
            if bytes[index] == UInt8(ascii: "#"), index > from, bytes[index - 1] == 0x20 { return nil }
            index += 1
        }
        return nil
    }

    /// Where a value starting at `from` ends: before a ` #` comment (outside quotes) and trailing spaces.
    private static func valueEnd(_ bytes: [UInt8], from: Int, to end: Int) -> Int {
        var index = from
        var quote: UInt8?
        while index < end {
            let byte = bytes[index]
            if let open = quote {
                if byte == UInt8(ascii: "\\"), open == UInt8(ascii: "\"") {
                    index += 1
                } else if byte == open {
                    quote = nil
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "#"), index == from || bytes[index - 1] == 0x20 {
                break
            }
            index += 1
        }
        // A backslash last on the line (an escape half typed) skips past the end: the value ends there.
        index = min(index, end)
        while index > from, bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 { index -= 1 }
        return index
    }

    /// The keys (and `-` for sequence items) of the mappings that hold a line whose content starts at column
    /// `indent`, looking above line `index`; `afterItem` when that content follows a `- ` at column `indent`.
    func parentPath(above index: Int, indent: Int, afterItem: Bool = false) -> [String] {
        var path: [String] = []
        var column = indent
        var inItem = afterItem
        var lineIndex = index - 1
        while lineIndex >= 0, column > 0 || inItem {
            let line = lines[lineIndex]
            lineIndex -= 1
            guard !line.isBlank else { continue }
            if let key = line.key, line.valueRange.isEmpty, line.indent < column || (inItem && line.indent <= column) {
                path.insert(key, at: 0)
                column = line.indent
                inItem = false
                if line.isItem {
                    path.insert("-", at: 0)
                    column = line.dashColumn
                    inItem = true
                }
            } else if line.isItem, line.dashColumn < column, line.indent <= column {
                path.insert("-", at: 0)
                column = line.dashColumn
                inItem = true
            } else if line.indent < column || (line.isItem && line.dashColumn < column) {
                // A less indented scalar: the line is not inside it; its own holders still are.
                column = line.isItem ? line.dashColumn : line.indent
                inItem = line.isItem
                if line.isItem { path.insert("-", at: 0) }
            }
        }
        return path
    }

    /// The path of the mapping a line's own key belongs to (its holders, and `-` when the line is an item).
    func path(ofLine index: Int) -> [String] {
        let line = lines[index]
        if line.isItem { return parentPath(above: index, indent: line.dashColumn, afterItem: true) + ["-"] }
        return parentPath(above: index, indent: line.indent)
    }
}
