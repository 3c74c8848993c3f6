/// One segment of a LocalTileServer tile path (GUIDE.md 2.9): both servers split the path at `/`, so a route
/// id or cache key must be a single segment. mc-style allows letters, digits, `-`, `_` and `.`, which every
/// URL stack passes through unchanged (UUIDs fit), and not `.` or `..`.
public enum PathSegment {
    /// Longest route id or cache key accepted, in bytes.
    public static let maximumLength = 128

    /// True when `text` can stand as one LocalTileServer path segment.
    public static func isValid(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= maximumLength, text != ".", text != ".." else { return false }
        return text.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }
}
