/// A `file:` URI and the absolute path it names (RFC 8089, percent-encoded UTF-8).
enum DocumentURI {
    /// The absolute path of a `file://` URI (empty or `localhost` authority), or nil for any other URI.
    static func path(of uri: String) -> String? {
        let prefixes = ["file://localhost/", "file:///"]
        guard let prefix = prefixes.first(where: { uri.lowercased().hasPrefix($0) }) else { return nil }
        let encoded = "/" + uri.dropFirst(prefix.count)
        var bytes: [UInt8] = []
        var characters = Array(encoded.utf8)[...]
        while let byte = characters.popFirst() {
            if byte == UInt8(ascii: "%"), characters.count >= 2,
                let value = UInt8(String(decoding: characters.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                characters = characters.dropFirst(2)
            } else if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                break
            } else {
                bytes.append(byte)
            }
        }
        guard !bytes.contains(0), let path = String(validating: bytes, as: UTF8.self) else { return nil }
        return path
    }

    /// The `file://` URI of an absolute path: every byte outside the unreserved set and `/` percent-encoded.
    static func uri(of path: String) -> String {
        var text = "file://"
        for byte in path.utf8 {
            if Self.unreserved(byte) || byte == UInt8(ascii: "/") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return text
    }

    private static func unreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default: return false
        }
    }
}

extension String {
    fileprivate var leftPadded: String { count < 2 ? "0" + self : self }
}
