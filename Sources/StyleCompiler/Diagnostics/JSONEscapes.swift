/// JSON's string escapes read back (`\u006b` is `k`, `\/` is `/`), for scanning text as a reader sees it: a
/// credential's name or value written with escapes is the same credential.
enum JSONEscapes {
    /// `text` with `\uXXXX` (surrogate pairs joined), `\/`, `\\`, `\"`, `\n`, `\t`, `\r`, `\b` and `\f` decoded;
    /// anything else as it is.
    static func decoded(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        func hex(at position: Int) -> UInt32? {
            guard position + 4 <= scalars.count else { return nil }
            return UInt32(String(String.UnicodeScalarView(scalars[position..<(position + 4)])), radix: 16)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\", index + 1 < scalars.count else {
                output.append(scalar)
                index += 1
                continue
            }
            let next = scalars[index + 1]
            let simple: [Unicode.Scalar: Unicode.Scalar] = [
                "/": "/", "\\": "\\", "\"": "\"", "n": "\n", "t": "\t", "r": "\r", "b": "\u{08}", "f": "\u{0C}",
            ]
            if let replacement = simple[next] {
                output.append(replacement)
                index += 2
                continue
            }
            if next == "u", var value = hex(at: index + 2) {
                var length = 6
                if (0xD800...0xDBFF).contains(value), index + 7 < scalars.count, scalars[index + 6] == "\\",
                    scalars[index + 7] == "u", let low = hex(at: index + 8),
                    (0xDC00...0xDFFF).contains(low)
                {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    length = 12
                }
                if let decoded = Unicode.Scalar(value) {
                    output.append(decoded)
                    index += length
                    continue
                }
            }
            output.append(scalar)
            index += 1
        }
        return String(output)
    }
}
