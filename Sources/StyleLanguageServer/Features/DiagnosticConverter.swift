import LocatedJSON
import StyleCompiler
import StyleSpec

/// Turns the library's findings into LSP diagnostics: the range of the token each points at, the rule as
/// `code` with a link to its documentation, severities mapped, related places and the did-you-mean for a fix.
struct DiagnosticConverter {
    let encoding: PositionEncoding
    /// The rules' documentation, to which `#<anchor>` is added; nil gives no link.
    let rulesDocumentation: String?

    /// The LSP diagnostic for `diagnostic`, in a file whose lines are `lines`.
    func node(_ diagnostic: Diagnostic, lines: LineIndex) -> JSONNode {
        let range = diagnostic.location.map { TokenRange.around($0.offset, in: lines.bytes) } ?? 0..<0
        var members: [JSONMember] = [
            JSONMember(key: "range", value: Self.range(range, lines: lines, encoding: encoding)),
            JSONMember(key: "severity", value: .integer(Self.severity(diagnostic.severity))),
            JSONMember(key: "code", value: .string(diagnostic.rule)),
        ]
        if let href = Self.link(rule: diagnostic.rule, documentation: rulesDocumentation) {
            members.append(JSONMember(key: "codeDescription", value: .object(["href": .string(href)])))
        }
        members.append(JSONMember(key: "source", value: .string("mc-style")))
        members.append(JSONMember(key: "message", value: .string(diagnostic.message)))
        if !diagnostic.related.isEmpty {
            let related = diagnostic.related.map { place in
                // The same file object as the finding's is known by identity: comparing a megabyte of bytes per
                // related place made a style with thousands of duplicate layers take minutes.
                let sameFile =
                    place.location.file === diagnostic.location?.file
                    || (place.location.file.bytes.count == lines.bytes.count
                        && place.location.file.bytes == lines.bytes)
                let placeLines = sameFile ? lines : LineIndex(place.location.file.bytes)
                let placeRange = TokenRange.around(place.location.offset, in: placeLines.bytes)
                return JSONNode.object([
                    "location": .object([
                        "uri": .string(DocumentURI.uri(of: place.location.file.name)),
                        "range": Self.range(placeRange, lines: placeLines, encoding: encoding),
                    ]),
                    "message": .string(place.message),
                ])
            }
            members.append(JSONMember(key: "relatedInformation", value: .array(related)))
        }
        if let replacement = Self.suggestion(in: diagnostic.message) {
            members.append(JSONMember(key: "data", value: .object(["replacement": .string(replacement)])))
        }
        return JSONNode(.object(JSONObject(members)))
    }

    /// The LSP range of the bytes `range`.
    static func range(_ range: Range<Int>, lines: LineIndex, encoding: PositionEncoding) -> JSONNode {
        .object([
            "start": position(lines.position(ofOffset: range.lowerBound, encoding: encoding)),
            "end": position(lines.position(ofOffset: range.upperBound, encoding: encoding)),
        ])
    }

    static func position(_ position: LSPPosition) -> JSONNode {
        .object(["line": .integer(position.line), "character": .integer(position.character)])
    }

    /// Error 1, warning 2, note 3 (information).
    static func severity(_ severity: Diagnostic.Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        case .note: return 3
        }
    }

    /// The link to a rule's section: the heading's anchor as GitHub and most Markdown viewers make it.
    static func link(rule: String, documentation: String?) -> String? {
        guard let documentation else { return nil }
        let anchor = rule.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return documentation + "#" + anchor
    }

    /// The words a message quotes ('like this'), longest first, but for the did-you-mean's candidate.
    static func quotedWords(in message: String) -> [String] {
        let parts = message.split(separator: "'", omittingEmptySubsequences: false)
        let candidate = suggestion(in: message)
        let words = stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
        return words.filter { !$0.isEmpty && $0 != candidate }.sorted { $0.count > $1.count }
    }

    /// The candidate of a "did you mean 'X'?" in a message, as `Suggestion` words it.
    static func suggestion(in message: String) -> String? { Suggestion.candidate(inMessage: message) }
}

/// The token a finding's offset points at: a quoted string to its closing quote, a plain YAML or JSON scalar
/// or key to where it ends (a `: `, a flow indicator, a comment or the line's end), a bracket alone.
enum TokenRange {
    static func around(_ offset: Int, in bytes: [UInt8]) -> Range<Int> {
        guard offset >= 0, offset < bytes.count else {
            return min(max(offset, 0), bytes.count)..<min(max(offset, 0), bytes.count)
        }
        let first = bytes[offset]
        if first == 0x0A || first == 0x0D { return offset..<offset }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            var index = offset + 1
            while index < bytes.count, bytes[index] != first, bytes[index] != 0x0A {
                index += bytes[index] == UInt8(ascii: "\\") && first == UInt8(ascii: "\"") ? 2 : 1
            }
            return offset..<min(index + 1, bytes.count)
        }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            // A flow mapping or sequence: all of it, when it closes on its line.
            // Only the collection's own bytes are looked at: a minified style is one line, and scanning to its end
            // for every finding would be quadratic.
            let end = JSONExtent.end(of: offset, in: bytes)
            let breaksLine = bytes[offset..<end].contains { $0 == 0x0A || $0 == 0x0D }
            return offset..<(breaksLine ? offset + 1 : end)
        }
        if "]},".utf8.contains(first) { return offset..<(offset + 1) }
        let isJSON = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
        let inFlow = isJSON || isInFlowCollection(offset, in: bytes)
        var index = offset
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D || (inFlow && ",]}".utf8.contains(byte)) { break }
            if byte == UInt8(ascii: ":"), index + 1 >= bytes.count || [0x20, 0x0A, 0x0D].contains(bytes[index + 1]) {
                break
            }
            if byte == UInt8(ascii: "#"), index > offset, bytes[index - 1] == 0x20 { break }
            index += 1
        }
        while index > offset + 1, bytes[index - 1] == 0x20 { index -= 1 }
        return offset..<max(index, offset + 1)
    }

    /// True when a `{` or `[` opened earlier on the offset's line is still open there (outside quotes): a plain
    /// scalar then ends at `,`, `]` or `}`, which a block scalar may hold (`{z}` in a URL template).
    static func isInFlowCollection(_ offset: Int, in bytes: [UInt8]) -> Bool {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        var depth = 0
        var quote: UInt8?
        for byte in bytes[start..<offset] {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            }
        }
        return depth > 0
    }
}
