import StyleRuntime

/// Decodes a query component: `%XX` as a byte and `+` as a space; a `%` not followed by two hex digits stays.
enum PercentDecoding {
    static func decoded(_ text: Substring) -> String {
        String(decoding: PercentEncoding.decoded(text.utf8, plusIsSpace: true), as: UTF8.self)
    }
}
