/// A remote URL as a style names it, with the tokens GL JS fills (`{z}`, `{x}`, `{y}`, `{quadkey}`, `{ratio}`,
/// `{prefix}`, `{bbox-epsg-3857}`, `{fontstack}`, `{range}`, and a sprite's `.json`/`.png` ending), so that a
/// request can be matched against it: a URL the browser asks for is one the style names exactly when some template
/// matches it. The parts that are not tokens must be the same, compared after both sides are written in one
/// canonical form (host lowercased, default port dropped, percent-encoding normalised), as the browser may escape
/// what the style left plain.
struct URLTemplate: Sendable, Equatable {
    /// A token's value: which characters it may hold.
    enum Token: String, Sendable, CaseIterable {
        case z = "{z}"
        case x = "{x}"
        case y = "{y}"
        case quadkey = "{quadkey}"
        case ratio = "{ratio}"
        case prefix = "{prefix}"
        case bbox = "{bbox-epsg-3857}"
        case fontstack = "{fontstack}"
        case range = "{range}"
        /// A sprite URL's ending: `.json`, `.png`, `@2x.json` or `@2x.png`, before its query.
        case spriteEnding = "{sprite-ending}"

        /// True when `value` is one this token can take.
        func accepts(_ value: Substring) -> Bool {
            let bytes = value.utf8
            switch self {
            case .z, .x, .y: return (1...10).contains(bytes.count) && bytes.allSatisfy { (48...57).contains($0) }
            case .quadkey: return bytes.count <= 30 && bytes.allSatisfy { (48...51).contains($0) }
            case .ratio: return value.isEmpty || value == "@2x"
            case .prefix:
                return bytes.count <= 2 && bytes.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
            case .bbox: return !value.isEmpty && value.allSatisfy { "0123456789.,-e+".contains($0) }
            case .fontstack: return !value.isEmpty && !value.contains(where: { "/?#&".contains($0) })
            case .range: return value.split(separator: "-").count == 2 && value.allSatisfy { $0.isNumber || $0 == "-" }
            case .spriteEnding: return [".json", ".png", "@2x.json", "@2x.png"].contains(value)
            }
        }
    }

    /// A piece of the template: text that must match as it is, or a token.
    enum Piece: Sendable, Equatable {
        case literal(String)
        case token(Token)
    }

    /// The template as the style names it (with the sprite ending's token where it goes).
    let text: String
    /// The template in pieces, literals in canonical form.
    let pieces: [Piece]

    /// The template of a source's tile URL or TileJSON URL, or of the glyphs.
    init(_ text: String) {
        self.text = text
        self.pieces = Self.split(text)
    }

    /// True for a tile URL (`{z}`, `{quadkey}` or `{bbox-epsg-3857}`): one whose 404 or 204 is an empty tile.
    var isTile: Bool {
        pieces.contains { [.token(.z), .token(.quadkey), .token(.bbox)].contains($0) }
    }

    /// The template of a sprite URL: the ending goes before the query, as GL JS puts it.
    init(sprite url: String) {
        let mark = url.firstIndex(of: "?") ?? url.endIndex
        self.init(String(url[..<mark]) + Token.spriteEnding.rawValue + String(url[mark...]))
    }

    /// The token values that make the template `url`, in order, when it matches; nil when it does not.
    func match(_ url: String) -> [Substring]? {
        let canonical = URLCanonicalForm.of(url)
        return Self.match(pieces[...], Substring(canonical))
    }

    /// The template with `values` in its tokens and every literal passed through `fill` (which puts secrets in
    /// place of their stand-ins): the URL to fetch, or to show.
    func filled(_ values: [Substring], literal fill: (String) -> String) -> String {
        var result = ""
        var next = values.makeIterator()
        for piece in pieces {
            switch piece {
            case .literal(let text): result += fill(text)
            case .token: result += next.next() ?? ""
            }
        }
        return result
    }

    private static func match(_ pieces: ArraySlice<Piece>, _ rest: Substring) -> [Substring]? {
        guard let first = pieces.first else { return rest.isEmpty ? [] : nil }
        switch first {
        case .literal(let text):
            guard rest.hasPrefix(text) else { return nil }
            return match(pieces.dropFirst(), rest.dropFirst(text.count))
        case .token(let token):
            // The shortest value first; tokens are short and templates have few of them.
            var end = rest.startIndex
            while true {
                let value = rest[rest.startIndex..<end]
                if token.accepts(value), let values = match(pieces.dropFirst(), rest[end...]) {
                    return [value] + values
                }
                guard end < rest.endIndex, !"/?#".contains(rest[end]) else { return nil }
                end = rest.index(after: end)
            }
        }
    }

    private static func split(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.first == "{", let token = Token.allCases.first(where: { rest.hasPrefix($0.rawValue) }) {
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.token(token))
                rest = rest.dropFirst(token.rawValue.count)
            } else {
                literal.append(rest.removeFirst())
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        // Canonical form is taken of the whole literal run between tokens; the first literal holds the authority.
        var canonical: [Piece] = []
        for (index, piece) in pieces.enumerated() {
            if case .literal(let text) = piece {
                canonical.append(.literal(index == 0 ? URLCanonicalForm.of(text) : URLCanonicalForm.escaped(text)))
            } else {
                canonical.append(piece)
            }
        }
        return canonical
    }
}

/// One way to write a URL, so that what a style names and what a browser sends compare equal: scheme and host
/// lowercased, the default port dropped, every byte outside RFC 3986's unreserved and reserved characters
/// percent-encoded, and every escape of an unreserved character decoded (`%7E` is `~`), other escapes in upper
/// case.
enum URLCanonicalForm {
    /// The canonical form of a whole URL, or of a URL's start (scheme and authority, and any path after it).
    static func of(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return escaped(url) }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        let afterScheme = url[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex { "/?#".contains($0) } ?? afterScheme.endIndex
        var authority = afterScheme[..<authorityEnd].lowercased()
        if scheme == "https", authority.hasSuffix(":443") { authority.removeLast(4) }
        if scheme == "http", authority.hasSuffix(":80") { authority.removeLast(3) }
        return scheme + "://" + authority + escaped(afterScheme[authorityEnd...])
    }

    /// `text` with its percent-encoding normalised.
    static func escaped(_ text: some StringProtocol) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let value = hexValue(bytes[index + 1], bytes[index + 2])
            {
                if isUnreserved(value) {
                    out.append(value)
                } else {
                    out += [byte] + Array(String(format2: value).utf8)
                }
                index += 3
                continue
            }
            if isUnreserved(byte) || isReserved(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%")] + Array(String(format2: byte).utf8)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || "-._~".utf8.contains(byte)
    }

    private static func isReserved(_ byte: UInt8) -> Bool { ":/?#[]@!$&'()*+,;=".utf8.contains(byte) }

    private static func hexValue(_ high: UInt8, _ low: UInt8) -> UInt8? {
        func digit(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 48...57: return byte - 48
            case 65...70: return byte - 55
            case 97...102: return byte - 87
            default: return nil
            }
        }
        guard let high = digit(high), let low = digit(low) else { return nil }
        return high << 4 | low
    }
}

extension String {
    /// Two upper-case hexadecimal digits of `byte`.
    fileprivate init(format2 byte: UInt8) {
        let digits = Array("0123456789ABCDEF".utf8)
        self.init(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
    }
}
