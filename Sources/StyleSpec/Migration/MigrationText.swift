import LocatedJSON

/// Where a JSON value's text ends, from where it starts (strings with their escapes, nesting).
enum JSONSpan {
    static func end(of bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        var depth = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return index + 1 }
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                    if depth < 0 { return index }
                case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                    if depth == 0 { return index }
                default: break
                }
            }
            index += 1
        }
        return depth == 0 && !inString ? index : nil
    }
}

/// Replacement text written the way the value it replaces was: on one line (with the original's spacing
/// after commas and colons), or over several lines with the original's indentation.
enum MigrationText {
    struct Layout {
        /// Nil for one line; else the indentation of the line the value starts on, and one level's indent.
        var multiline: (base: String, unit: String)?
        /// `", "` or `","` between items, `": "` or `":"` after keys.
        var separator: String
        var colon: String

        init(original: [UInt8], range: Range<Int>) {
            let text = Array(original[range])
            separator =
                text.contains(UInt8(ascii: "\n")) || Self.contains(text, ", ") || !Self.contains(text, ",") ? ", " : ","
            colon = Self.contains(text, ": ") || !Self.contains(text, ":") ? ": " : ":"
            guard let newline = text.firstIndex(of: UInt8(ascii: "\n")) else {
                multiline = nil
                return
            }
            var lineStart = range.lowerBound
            while lineStart > 0, original[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            let base = original[lineStart...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let next = text[(newline + 1)...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let unit = next.count > base.count ? Array(next.dropFirst(base.count)) : Array("  ".utf8)
            multiline = (String(decoding: base, as: UTF8.self), String(decoding: unit, as: UTF8.self))
        }

        private static func contains(_ text: [UInt8], _ needle: String) -> Bool {
            let pattern = Array(needle.utf8)
            guard text.count >= pattern.count else { return false }
            return (0...(text.count - pattern.count)).contains { Array(text[$0..<($0 + pattern.count)]) == pattern }
        }
    }

    static func write(_ node: JSONNode, layout: Layout) -> String {
        write(node, layout: layout, depth: 0)
    }

    private static func write(_ node: JSONNode, layout: Layout, depth: Int) -> String {
        switch node.value {
        case .array(let items):
            let parts = items.map { write($0, layout: layout, depth: depth + 1) }
            return container(
                "[", "]", parts, flat: items.allSatisfy { $0.value.isScalar }, layout: layout, depth: depth)
        case .object(let object):
            let parts = object.members.map { member in
                scalar(JSONNode(.string(member.key))) + layout.colon
                    + write(member.value, layout: layout, depth: depth + 1)
            }
            return container(
                "{", "}", parts, flat: object.members.allSatisfy { $0.value.value.isScalar }, layout: layout,
                depth: depth)
        default:
            return scalar(node)
        }
    }

    /// Containers up to this many characters stay on one line in multi-line text, as styles write short
    /// arrays (`["get", "class"]`, `["zoom"]`) inside longer ones.
    static let shortContainer = 60

    private static func container(
        _ open: String, _ close: String, _ parts: [String], flat: Bool, layout: Layout, depth: Int
    ) -> String {
        let oneLine = open + parts.joined(separator: layout.separator) + close
        guard let multiline = layout.multiline, !flat, !parts.isEmpty,
            oneLine.count > shortContainer || oneLine.contains("\n")
        else {
            return oneLine
        }
        let inner = multiline.base + String(repeating: multiline.unit, count: depth + 1)
        let outer = multiline.base + String(repeating: multiline.unit, count: depth)
        return open + "\n" + parts.map { inner + $0 }.joined(separator: ",\n") + "\n" + outer + close
    }

    /// A scalar as JSON (number text kept as written).
    private static func scalar(_ node: JSONNode) -> String {
        JSONWriter(style: .compact).string(node).trimmingNewline
    }
}
