/// RFC 3986 percent-encoding of everything but the unreserved characters (letters, digits, `-`, `.`, `_`,
/// `~`): how an API key goes into a query value.
public enum PercentEncoding {
    /// `text` percent-encoded as RFC 3986 says for a query value: everything but `A-Z a-z 0-9 - . _ ~`, as UTF-8 bytes.
    public static func encoded(_ text: String) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            let unreserved =
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~")
            if unreserved {
                result.append(byte)
            } else {
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return result
    }

    /// The encoded text as a string.
    public static func string(_ text: String) -> String { String(decoding: encoded(text), as: UTF8.self) }
}
