private enum Byte {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let colon = UInt8(ascii: ":")
    static let comma = UInt8(ascii: ",")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let lowerE = UInt8(ascii: "e")
    static let upperE = UInt8(ascii: "E")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")

    static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }
}

/// The parser's working state over one file's bytes: it checks the syntax and throws the errors, and hands
/// what it accepts to `sink`, which builds the tree (`JSONTreeSink`). Recursion depth is bounded by `maximumDepth`.
struct JSONScanner: ~Copyable {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: SourceFile
    let maximumDepth: Int
    let maximumStringLength: Int
    var position = 0
    var depth = 0
    /// What is built from the text.
    var sink: JSONTreeSink

    init(
        bytes: UnsafeBufferPointer<UInt8>, file: SourceFile, sink: consuming JSONTreeSink, maximumDepth: Int,
        maximumStringLength: Int = JSONParser.defaultMaximumStringLength
    ) {
        self.bytes = bytes
        self.file = file
        self.sink = sink
        self.maximumDepth = maximumDepth
        self.maximumStringLength = maximumStringLength
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// Scans the whole text: the root value and the duplicate keys found, each with the path of its object.
    mutating func parseDocument() throws(JSONSyntaxError) -> (root: JSONNode, duplicateKeys: [DuplicateKey]) {
        skipWhitespace()
        guard position < bytes.count else {
            throw JSONSyntaxError(.emptyInput, at: location(position), "the input is empty: expected a JSON value")
        }
        let root = try parseValue()
        skipWhitespace()
        if position < bytes.count {
            throw JSONSyntaxError(
                .trailingContent, at: location(position),
                "unexpected text after the document: expected the end of the input")
        }
        let duplicates = sink.duplicates
        // One walk for all of them: a walk per duplicate made 20,000 small objects with a key written twice
        // take 85 seconds.
        let paths = duplicates.isEmpty ? [:] : sink.paths(ofObjectsAt: Set(duplicates.map(\.object)), in: root)
        let found = duplicates.map { duplicate in
            DuplicateKey(
                key: duplicate.key, first: location(duplicate.first), second: location(duplicate.second),
                objectPath: paths[duplicate.object] ?? .root)
        }
        return (root, found)
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        guard position < bytes.count else {
            throw JSONSyntaxError(.unexpectedEnd, at: location(position), "unexpected end of input: expected a value")
        }
        let start = position
        switch bytes[position] {
        case Byte.openBrace: return try parseObject()
        case Byte.openBracket: return try parseArray()
        case Byte.quote: return sink.string(try parseString(), at: start)
        case Byte.minus, Byte.zero...Byte.nine:
            try scanNumber()
            return sink.number(UnsafeBufferPointer(rebasing: bytes[start..<position]), at: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return sink.bool(true, at: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return sink.bool(false, at: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return sink.null(at: start)
        default: throw unexpected("a value (object, array, string, number, true, false or null)")
        }
    }

    /// Steps into the container whose opening byte is at `position`; true, having stepped out again, when it
    /// is empty (the next byte past white space is `closing`).
    private mutating func openContainer(closedBy closing: UInt8) throws(JSONSyntaxError) -> Bool {
        try enterContainer()
        position += 1
        skipWhitespace()
        guard position < bytes.count, bytes[position] == closing else { return false }
        position += 1
        depth -= 1
        return true
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONNode {
        let start = position
        if try openContainer(closedBy: Byte.closeBrace) { return sink.emptyObject(at: start) }
        var object = sink.beginObject(at: start)
        var lastComma: Int?
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw endOfInput("a string key or '}'") }
            guard bytes[position] == Byte.quote else {
                if let comma = lastComma, bytes[position] == Byte.closeBrace {
                    throw JSONSyntaxError(
                        .trailingComma, at: location(comma), "trailing comma: expected another member after ','")
                }
                throw unexpected(lastComma == nil ? "a string key or '}'" : "a string key")
            }
            let keyStart = position
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == Byte.colon else {
                if position >= bytes.count { throw endOfInput("':' after the key") }
                throw JSONSyntaxError(
                    .missingColon, at: location(position), "missing ':' after the key \"\(sink.words(key))\"")
            }
            position += 1
            skipWhitespace()
            let value = try parseValue()
            sink.member(consume key, keyAt: keyStart, value: consume value, in: &object)
            skipWhitespace()
            guard position < bytes.count else { throw endOfInput("',' or '}'") }
            switch bytes[position] {
            case Byte.comma:
                lastComma = position
                position += 1
            case Byte.closeBrace:
                position += 1
                depth -= 1
                return sink.endObject(object, at: start)
            default:
                throw unexpected("',' or '}' after the object member")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONNode {
        let start = position
        if try openContainer(closedBy: Byte.closeBracket) { return sink.emptyArray(at: start) }
        var array = sink.beginArray(at: start)
        while true {
            skipWhitespace()
            let element = try parseValue()
            sink.element(consume element, in: &array)
            skipWhitespace()
            guard position < bytes.count else { throw endOfInput("',' or ']'") }
            switch bytes[position] {
            case Byte.comma:
                let comma = position
                position += 1
                skipWhitespace()
                if position < bytes.count, bytes[position] == Byte.closeBracket {
                    throw JSONSyntaxError(
                        .trailingComma, at: location(comma), "trailing comma: expected another element after ','")
                }
            case Byte.closeBracket:
                position += 1
                depth -= 1
                return sink.endArray(array, at: start)
            default:
                throw unexpected("',' or ']' after the array element")
            }
        }
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > maximumDepth {
            throw JSONSyntaxError(.tooDeep, at: location(position), "nesting deeper than \(maximumDepth) levels")
        }
    }

    // MARK: Strings

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let opening = position
        let text = try scanString()
        if position - opening - 2 > maximumStringLength {
            throw JSONSyntaxError(
                .stringTooLong, at: location(opening), "string longer than the limit of \(maximumStringLength) bytes")
        }
        return text
    }

    private mutating func scanString() throws(JSONSyntaxError) -> String {
        let opening = position
        position += 1
        let contentStart = position
        var highBits: UInt8 = 0
        skipPlainASCII()
        while position < bytes.count {
            let byte = bytes[position]
            if byte == Byte.quote {
                let text = try makeString(contentStart..<position, hasNonASCII: highBits & 0x80 != 0)
                position += 1
                return text
            }
            if byte == Byte.backslash { return try parseEscapedString(opening: opening, contentStart: contentStart) }
            if byte < 0x20 { throw controlCharacter(byte, opening: opening) }
            highBits |= byte
            position += 1
        }
        throw unterminated(opening)
    }

    /// Skips eight bytes at a time while none of them is a quote, a backslash, a control character or
    /// non-ASCII; the byte loop in `parseString` handles whatever it stops at.
    private mutating func skipPlainASCII() {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while position + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* UInt64(Byte.quote))
            let backslash = word ^ (ones &* UInt64(Byte.backslash))
            let special =
                ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- ones &* 0x20) | word
            if special & highs != 0 { return }
            position += 8
        }
    }

    private mutating func makeString(_ range: Range<Int>, hasNonASCII: Bool) throws(JSONSyntaxError) -> String {
        if let text = sink.plainText(
            UnsafeBufferPointer(rebasing: bytes[range]), at: range.lowerBound, hasNonASCII: hasNonASCII)
        {
            return text
        }
        let bad = firstInvalidUTF8Offset(in: bytes, range) ?? range.lowerBound
        throw JSONSyntaxError(.invalidUTF8, at: location(bad), "invalid UTF-8 byte 0x\(hex(bytes[bad])) in a string")
    }

    /// The slow path for strings with escapes: decodes into a buffer, which the sink validates once.
    private mutating func parseEscapedString(opening: Int, contentStart: Int) throws(JSONSyntaxError) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(position - contentStart + 16)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case Byte.quote:
                position += 1
                if let text = sink.escapedText(buffer, at: contentStart) { return text }
                let bad = firstInvalidUTF8Offset(in: bytes, contentStart..<(position - 1)) ?? contentStart
                throw JSONSyntaxError(
                    .invalidUTF8, at: location(bad), "invalid UTF-8 byte 0x\(hex(bytes[bad])) in a string")
            case Byte.backslash:
                try decodeEscape(into: &buffer)
            case 0..<0x20:
                throw controlCharacter(byte, opening: opening)
            default:
                buffer.append(byte)
                position += 1
            }
        }
        throw unterminated(opening)
    }

    private mutating func decodeEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = position
        position += 1
        guard position < bytes.count else { throw unterminatedEscape(escapeStart) }
        let code = bytes[position]
        position += 1
        switch code {
        case Byte.quote: buffer.append(Byte.quote)
        case Byte.backslash: buffer.append(Byte.backslash)
        case Byte.slash: buffer.append(Byte.slash)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(Byte.newline)
        case UInt8(ascii: "r"): buffer.append(Byte.carriageReturn)
        case UInt8(ascii: "t"): buffer.append(Byte.tab)
        case UInt8(ascii: "u"):
            let unit = try readHexUnit(escapeStart)
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                let lowStart = position
                guard position + 1 < bytes.count, bytes[position] == Byte.backslash,
                    bytes[position + 1] == UInt8(ascii: "u")
                else {
                    throw JSONSyntaxError(
                        .loneSurrogate, at: location(escapeStart),
                        "lone high surrogate \\u\(hex16(unit)): expected a low surrogate escape after it")
                }
                position += 2
                let low = try readHexUnit(lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONSyntaxError(
                        .loneSurrogate, at: location(escapeStart),
                        "lone high surrogate \\u\(hex16(unit)): \\u\(hex16(low)) is not a low surrogate")
                }
                scalarValue = 0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw JSONSyntaxError(
                    .loneSurrogate, at: location(escapeStart),
                    "lone low surrogate \\u\(hex16(unit)) without a high surrogate before it")
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw JSONSyntaxError(
                    .invalidEscape, at: location(escapeStart), "\\u escape does not name a Unicode scalar")
            }
            buffer.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
        default:
            throw JSONSyntaxError(
                .invalidEscape, at: location(escapeStart),
                "invalid escape '\\\(printable(code))': expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
    }

    private mutating func readHexUnit(_ escapeStart: Int) throws(JSONSyntaxError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw unterminatedEscape(escapeStart) }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case Byte.zero...Byte.nine: digit = byte - Byte.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw JSONSyntaxError(
                    .invalidEscape, at: location(escapeStart), "invalid \\u escape: expected four hexadecimal digits")
            }
            unit = unit << 4 | UInt16(digit)
            position += 1
        }
        return unit
    }

    // MARK: Numbers and literals

    /// Steps over a number, checking its syntax; the sink takes its bytes as written.
    private mutating func scanNumber() throws(JSONSyntaxError) {
        let start = position
        if bytes[position] == Byte.minus { position += 1 }
        guard position < bytes.count, Byte.isDigit(bytes[position]) else {
            throw JSONSyntaxError(.invalidNumber, at: location(position), "invalid number: expected a digit after '-'")
        }
        if bytes[position] == Byte.zero {
            position += 1
            if position < bytes.count, Byte.isDigit(bytes[position]) {
                throw JSONSyntaxError(
                    .leadingZero, at: location(start), "invalid number: leading zeros are not allowed")
            }
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == Byte.dot {
            position += 1
            guard position < bytes.count, Byte.isDigit(bytes[position]) else {
                throw JSONSyntaxError(
                    .invalidNumber, at: location(position), "invalid number: expected a digit after '.'")
            }
            skipDigits()
        }
        if position < bytes.count, bytes[position] == Byte.lowerE || bytes[position] == Byte.upperE {
            position += 1
            if position < bytes.count, bytes[position] == Byte.plus || bytes[position] == Byte.minus { position += 1 }
            guard position < bytes.count, Byte.isDigit(bytes[position]) else {
                throw JSONSyntaxError(
                    .invalidNumber, at: location(position), "invalid number: expected a digit in the exponent")
            }
            skipDigits()
        }
    }

    private mutating func skipDigits() {
        while position < bytes.count, Byte.isDigit(bytes[position]) { position += 1 }
    }

    private mutating func expectLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let start = position
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard position < bytes.count, bytes[position] == byte else {
                throw JSONSyntaxError(.invalidLiteral, at: location(start), "invalid literal: expected '\(word)'")
            }
            position += 1
        }
    }

    // MARK: Whitespace, locations, errors

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case Byte.space, Byte.newline, Byte.carriageReturn, Byte.tab: position += 1
            default: return
            }
        }
    }

    private func location(_ offset: Int) -> SourceLocation { SourceLocation(file: file, offset: offset) }

    private func endOfInput(_ expected: String) -> JSONSyntaxError {
        JSONSyntaxError(.unexpectedEnd, at: location(position), "unexpected end of input: expected \(expected)")
    }

    /// An error for the byte at `position`: invalid UTF-8 where the bytes are not UTF-8, else the character.
    private func unexpected(_ expected: String) -> JSONSyntaxError {
        guard position < bytes.count else { return endOfInput(expected) }
        let byte = bytes[position]
        if byte >= 0x80, firstInvalidUTF8Offset(in: bytes, position..<min(position + 4, bytes.count)) == position {
            return JSONSyntaxError(.invalidUTF8, at: location(position), "invalid UTF-8 byte 0x\(hex(byte))")
        }
        let character =
            String(
                decoding: UnsafeBufferPointer(rebasing: bytes[position..<min(position + 4, bytes.count)]), as: UTF8.self
            ).first.map(String.init) ?? "?"
        return JSONSyntaxError(
            .unexpectedCharacter, at: location(position),
            "unexpected character '\(printable(character))': expected \(expected)")
    }

    private func unterminated(_ opening: Int) -> JSONSyntaxError {
        JSONSyntaxError(
            .unterminatedString, at: location(opening), "unterminated string: expected a closing '\"' on the same line")
    }

    private func unterminatedEscape(_ escapeStart: Int) -> JSONSyntaxError {
        JSONSyntaxError(.invalidEscape, at: location(escapeStart), "unexpected end of input inside an escape sequence")
    }

    private func controlCharacter(_ byte: UInt8, opening: Int) -> JSONSyntaxError {
        if byte == Byte.newline || byte == Byte.carriageReturn { return unterminated(opening) }
        return JSONSyntaxError(
            .controlCharacter, at: location(position),
            "control character U+00\(hex(byte)) in a string: write it as an escape such as \\u00\(hex(byte).lowercased())"
        )
    }

    private func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + hex(byte)
    }

    private func printable(_ character: String) -> String {
        character.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
            ? character : "U+" + character.unicodeScalars.map { hex16(UInt16(truncatingIfNeeded: $0.value)) }.joined()
    }
}

private let hexDigits = Array("0123456789ABCDEF".utf8)

func hex(_ byte: UInt8) -> String {
    String(decoding: [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]], as: UTF8.self)
}

func hex16(_ unit: UInt16) -> String { hex(UInt8(unit >> 8)) + hex(UInt8(unit & 0xFF)) }
