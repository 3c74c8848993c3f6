import StyleRuntime

/// A source's `attribution` made safe for GL JS's attribution control, which inserts it as HTML: markup is kept
/// only for a short allow-list (`a` with an `http`/`https` target, `b`, `i`, `span`, each rebuilt with no other
/// attribute), and everything else, every other tag, comment or stray `<`, becomes text. Character references
/// (`&copy;`, `&#169;`) stay; any other `&` is escaped. Nothing in the result can run script or open a frame.
enum AttributionHTML {
    /// The tags kept (lowercase).
    static let keptTags: Set<String> = ["a", "b", "i", "span"]

    /// `html` cleaned to the allow-list.
    static func cleaned(_ html: String) -> String {
        var output = ""
        var rest = Substring(html)
        while let open = rest.firstIndex(where: { $0 == "<" || $0 == "&" }) {
            output += escapedText(rest[..<open])
            rest = rest[open...]
            if rest.first == "&" {
                let reference = characterReference(rest)
                output += reference.map(String.init) ?? "&amp;"
                rest = rest.dropFirst(reference?.count ?? 1)
                continue
            }
            guard let (tag, length) = keptTag(rest) else {
                output += "&lt;"
                rest = rest.dropFirst()
                continue
            }
            output += tag
            rest = rest.dropFirst(length)
        }
        return output + escapedText(rest)
    }

    /// A kept tag at the start of `text` (which starts with `<`), rebuilt, and how many characters it took.
    private static func keptTag(_ text: Substring) -> (String, Int)? {
        guard let close = tagEnd(text) else { return nil }
        let inside = text[text.index(after: text.startIndex)..<close]
        let length = text.distance(from: text.startIndex, to: close) + 1
        let closing = inside.hasPrefix("/")
        let body = closing ? inside.dropFirst() : inside
        let name = body.prefix { $0.isASCII && $0.isLetter }.lowercased()
        guard keptTags.contains(name) else { return nil }
        let after = body.dropFirst(name.count)
        guard after.isEmpty || after.first?.isWhitespace == true || after == "/" else { return nil }
        if closing { return ("</\(name)>", length) }
        guard name == "a" else { return ("<\(name)>", length) }
        guard let href = attribute("href", in: after), isWebLink(href) else { return ("<a>", length) }
        return ("<a href=\"\(escapedAttribute(href))\" target=\"_blank\" rel=\"noopener noreferrer\">", length)
    }

    /// The index of the `>` that ends the tag starting `text`, quotes respected; nil when there is none.
    private static func tagEnd(_ text: Substring) -> Substring.Index? {
        var quote: Character?
        for index in text.indices.dropFirst() {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return index
            } else if character == "<" {
                return nil
            }
        }
        return nil
    }

    /// The value of attribute `name` in a tag's attribute text (quoted or not), character references decoded.
    private static func attribute(_ name: String, in text: Substring) -> String? {
        var rest = text
        while !rest.isEmpty {
            rest = rest.drop { $0.isWhitespace || $0 == "/" }
            let key = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" && $0 != "/" }.lowercased()
            guard !key.isEmpty else { return nil }
            rest = rest.dropFirst(key.count).drop(while: \.isWhitespace)
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop(while: \.isWhitespace)
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let body = rest.dropFirst()
                    let end = body.firstIndex(of: quote) ?? body.endIndex
                    value = String(body[..<end])
                    rest = end < body.endIndex ? body[body.index(after: end)...] : body[end...]
                } else {
                    let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
                    value = String(rest[..<end])
                    rest = rest[end...]
                }
            }
            if key == name { return decoded(value) }
        }
        return nil
    }

    /// An `http` or `https` URL that every parser reads alike (no control characters, backslashes or user
    /// information).
    private static func isWebLink(_ url: String) -> Bool {
        guard let authority = URLAuthority(url), authority.ambiguity == nil, !authority.host.isEmpty else {
            return false
        }
        return (authority.scheme == "https" || authority.scheme == "http")
            && url.lowercased().hasPrefix(authority.scheme + "://")
    }

    /// A character reference at the start of `text` (`&name;`, `&#123;`, `&#x1F;`), if there is one.
    private static func characterReference(_ text: Substring) -> Substring? {
        let body = text.dropFirst()
        guard let semicolon = body.prefix(32).firstIndex(of: ";") else { return nil }
        let name = body[..<semicolon]
        let valid: Bool
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            valid = name.count > 2 && name.dropFirst(2).allSatisfy(\.isHexDigit)
        } else if name.hasPrefix("#") {
            valid = name.count > 1 && name.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
        } else {
            valid = !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
        return valid ? text[...semicolon] : nil
    }

    /// The few references a link may be written with, decoded.
    private static func decoded(_ text: String) -> String {
        text.replacing("&quot;", with: "\"").replacing("&#39;", with: "'").replacing("&lt;", with: "<")
            .replacing("&gt;", with: ">").replacing("&amp;", with: "&")
    }

    private static func escapedText(_ text: Substring) -> String {
        String(text).replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }

    private static func escapedAttribute(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("\"", with: "&quot;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;")
    }
}
