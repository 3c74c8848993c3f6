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

    /// `bytes` with each `%XX` decoded to its byte, and `+` to a space when `plusIsSpace` (a query component); a
    /// `%` not followed by two hex digits stays as it is.
    public static func decoded(_ bytes: some Collection<UInt8>, plusIsSpace: Bool = false) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var rest = Array(bytes)[...]
        while let byte = rest.popFirst() {
            if plusIsSpace, byte == UInt8(ascii: "+") {
                result.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), rest.count >= 2, let high = hexValue(rest[rest.startIndex]),
                let low = hexValue(rest[rest.startIndex + 1])
            {
                result.append(high << 4 | low)
                rest = rest.dropFirst(2)
            } else {
                result.append(byte)
            }
        }
        return result
    }

    /// The value of one hex digit (either case); nil for any other byte.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
