/// What is under the cursor in a YAML text: the mapping it is in, and whether it is on a key or a value.
struct YAMLCursor {
    /// Where the cursor stands.
    enum Place: Equatable {
        /// On a key, or where one would be typed: the text typed so far spans `range`.
        case key(range: Range<Int>)
        /// On the value of `key`; the value's text spans `range` (empty when nothing is typed yet).
        case value(key: String, range: Range<Int>)
        /// On a sequence item's scalar (`- !include parts/a.yaml`, or an element of a flow sequence).
        case item(range: Range<Int>)
    }

    /// The keys (and `-` for items) of the mappings holding the cursor, outermost first.
    let path: [String]
    let place: Place

    /// The cursor at byte `offset` of the text `outline` was read from.
    init(_ outline: YAMLOutline, offset: Int) {
        let index = outline.lineIndex(ofOffset: offset)
        let line = outline.lines[index]
        let bytes = outline.bytes
        let column = offset - line.start
        // A flow mapping or sequence opened on this line before the cursor.
        if let open = Self.flowOpening(bytes, from: line.start, to: min(offset, line.end)) {
            var holder = outline.parentPath(
                above: index, indent: line.isItem ? line.dashColumn : line.indent,
                afterItem: line.isItem)
            if line.isItem { holder.append("-") }
            if let key = line.key, let keyRange = line.keyRange, keyRange.upperBound <= open.offset {
                holder.append(key)
            }
            let segmentStart = open.segmentStart
            let segmentEnd = Self.segmentEnd(bytes, from: offset, to: line.end)
            if open.isSequence {
                self.path = holder + ["-"]
                self.place = .item(range: Self.trimmed(bytes, segmentStart..<segmentEnd))
                return
            }
            if let colon = bytes[segmentStart..<min(offset, line.end)].firstIndex(of: UInt8(ascii: ":")) {
                let key = String(decoding: bytes[segmentStart..<colon], as: UTF8.self).trimmingSpaces
                self.path = holder
                self.place = .value(key: key, range: Self.trimmed(bytes, (colon + 1)..<segmentEnd))
            } else {
                var keyEnd = offset
                while keyEnd < line.end, !" :,}".utf8.contains(bytes[keyEnd]) { keyEnd += 1 }
                self.path = holder
                self.place = .key(range: Self.trimmed(bytes, segmentStart..<keyEnd))
            }
            return
        }
        if let key = line.key, let keyRange = line.keyRange, offset > keyRange.upperBound {
            self.path = outline.path(ofLine: index)
            let range = line.valueRange.isEmpty ? offset..<offset : line.valueRange
            self.place = .value(key: key, range: range)
            return
        }
        if line.isItem, line.key == nil, offset >= line.start + line.indent {
            // `- text`: a scalar item, or the first key of the item's mapping being typed.
            self.path = outline.path(ofLine: index)
            self.place = .item(range: line.valueRange.isEmpty ? offset..<offset : line.valueRange)
            return
        }
        if let keyRange = line.keyRange {
            self.path = outline.path(ofLine: index)
            self.place = .key(range: keyRange)
            return
        }
        // A blank line (or the start of one being typed): the mapping is the one the cursor's column is in.
        let indent = line.isBlank ? column : line.indent
        if line.isItem {
            self.path = outline.path(ofLine: index)
        } else {
            self.path = outline.parentPath(above: index, indent: indent)
        }
        let typedStart = line.isBlank ? offset : line.start + line.indent
        var typedEnd = max(offset, typedStart)
        while typedEnd < line.end, bytes[typedEnd] != 0x20, bytes[typedEnd] != UInt8(ascii: ":") { typedEnd += 1 }
        self.place = .key(range: typedStart..<typedEnd)
    }

    /// The innermost `{` or `[` still open before `end` on the line, and where the cursor's entry starts (after
    /// it or the last `,`).
    private static func flowOpening(_ bytes: [UInt8], from start: Int, to end: Int)
        -> (offset: Int, isSequence: Bool, segmentStart: Int)?
    {
        var stack: [(Int, Bool)] = []
        var segment = start
        var quote: UInt8?
        var index = start
        while index < end {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "#"), index > start, bytes[index - 1] == 0x20 {
                return nil
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                stack.append((index, byte == UInt8(ascii: "[")))
                segment = index + 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                _ = stack.popLast()
                segment = index + 1
            } else if byte == UInt8(ascii: ","), !stack.isEmpty {
                segment = index + 1
            }
            index += 1
        }
        guard let (offset, isSequence) = stack.last else { return nil }
        return (offset, isSequence, segment)
    }

    /// Where the flow entry holding `from` ends: at the next `,`, `}`, `]` or the line's end.
    private static func segmentEnd(_ bytes: [UInt8], from: Int, to end: Int) -> Int {
        var index = from
        while index < end, !",}]".utf8.contains(bytes[index]) { index += 1 }
        return index
    }

    /// `range` without spaces at either end.
    private static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = max(range.upperBound, lower)
        while lower < upper, bytes[lower] == 0x20 { lower += 1 }
        while upper > lower, bytes[upper - 1] == 0x20 { upper -= 1 }
        return lower..<upper
    }
}
