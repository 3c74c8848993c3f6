/// Byte-level facts about a JSON string literal in a document's bytes, for code that splices a document
/// without writing it again (`StyleRuntime`'s resolver, `mc-style redact`).
public enum JSONStringLiteral {
    /// The offset just past the closing quote of the string literal whose opening quote is at `start`
    /// (`bytes.count` when it is not closed).
    public static func end(at start: Int, in bytes: [UInt8]) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }
}
