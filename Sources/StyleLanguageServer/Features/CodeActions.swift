import LocatedJSON
import StyleCompiler

extension LanguageServer {
    /// `textDocument/codeAction`: for each finding in the range, its did-you-mean as a quick fix; for a literal
    /// credential in declarations, the key moved into a `${NAME}` environment value.
    func codeActions(_ params: JSONNode) throws(RPCError) -> JSONNode {
        let document = try document(params)
        guard let start = params["range"]?["start"], let end = params["range"]?["end"] else {
            throw RPCError(.invalidParams, "the request has no range")
        }
        // A range that ends before it starts (a client's mistake) is taken as the span between its two ends.
        let ends = [start, end].map { document.lines.offset(of: Self.position($0), encoding: encoding) }
        let requested = (ends.min() ?? 0)...(ends.max() ?? 0)
        var actions: [JSONNode] = []
        let converter = DiagnosticConverter(encoding: encoding, rulesDocumentation: settings.rulesDocumentation)
        for diagnostic in findings(in: document.path) {
            // A finding of an earlier text (a change not checked yet) has offsets into that text: none is offered.
            guard let location = diagnostic.location, location.file.bytes == document.bytes else { continue }
            let token = TokenRange.around(location.offset, in: document.bytes)
            guard token.lowerBound <= requested.upperBound, token.upperBound >= requested.lowerBound else { continue }
            let lspDiagnostic = converter.node(diagnostic, lines: document.lines)
            if let replacement = DiagnosticConverter.suggestion(in: diagnostic.message),
                let wrong = Self.misspelling(diagnostic.message, from: location.offset, in: document.bytes)
            {
                let text = Self.replacementText(replacement, replacing: document.bytes[wrong], in: document.kind)
                actions.append(
                    action(
                        "Change to '\(replacement)'", document: document, edits: [(wrong, text)],
                        diagnostic: lspDiagnostic, preferred: true))
            }
            if diagnostic.rule == "secret.literal-key", document.kind == .declarations {
                actions += environmentActions(document, at: location.offset, diagnostic: lspDiagnostic)
            }
        }
        return .array(actions)
    }

    /// The misspelt token a did-you-mean replaces: the token at the finding when the message quotes it, else the
    /// first word the message quotes that is written after the finding's place (a placement's anchor inside the
    /// mapping the finding points at).
    static func misspelling(_ message: String, from offset: Int, in bytes: [UInt8]) -> Range<Int>? {
        let token = TokenRange.around(offset, in: bytes)
        let words = DiagnosticConverter.quotedWords(in: message)
        if words.contains(unquoted(String(decoding: bytes[token], as: UTF8.self))) { return token }
        guard offset < bytes.count else { return nil }
        let window = Array(bytes[offset..<min(bytes.count, offset + 4096)])
        for word in words {
            guard let found = window.firstRange(of: Array(word.utf8)) else { continue }
            let start = offset + found.lowerBound
            let end = offset + found.upperBound
            // Quoted in the text: the quotes go too, and come back around the replacement.
            if start > 0, end < bytes.count, bytes[start - 1] == bytes[end], bytes[end] == UInt8(ascii: "\"") {
                return (start - 1)..<(end + 1)
            }
            return start..<end
        }
        return nil
    }

    /// The suggestion as the token it replaces was written: quoted as it was, else plain (or quoted where YAML or
    /// JSON needs it).
    static func replacementText(_ replacement: String, replacing token: ArraySlice<UInt8>, in kind: DocumentKind)
        -> String
    {
        if token.first == UInt8(ascii: "\"") || kind == .style { return quoted(replacement) }
        if token.first == UInt8(ascii: "'") { return "'" + replacement.replacing("'", with: "''") + "'" }
        return YAMLScalar.text(replacement)
    }

    /// Moves each literal credential on the finding's line into `${NAME}`, NAME made from the source's id.
    private func environmentActions(_ document: TextDocument, at offset: Int, diagnostic: JSONNode) -> [JSONNode] {
        let outline = YAMLOutline(document.bytes)
        let index = outline.lineIndex(ofOffset: offset)
        let line = outline.lines[index]
        let text = outline.text(line.start..<line.end)
        let name = Self.environmentName(outline, line: index)
        var actions: [JSONNode] = []
        for credential in Diagnostic.literalCredentials(in: text) {
            guard let found = text.utf8.firstRange(of: credential.utf8) else { continue }
            let start = line.start + text.utf8.distance(from: text.utf8.startIndex, to: found.lowerBound)
            let range = start..<(start + credential.utf8.count)
            actions.append(
                action(
                    "Move the key into ${\(name)}: set \(name) in the build's environment", document: document,
                    edits: [(range, "${\(name)}")], diagnostic: diagnostic, preferred: false))
        }
        return actions
    }

    /// `<SOURCE_ID>_KEY` for the source holding line `line`, or `TILE_API_KEY` outside one.
    static func environmentName(_ outline: YAMLOutline, line: Int) -> String {
        var index = line
        while index >= 0 {
            let candidate = outline.lines[index]
            if candidate.key == "id", !candidate.valueRange.isEmpty {
                let id = unquoted(outline.text(candidate.valueRange))
                let letters = id.uppercased().map { $0.isLetter && $0.isASCII || $0.isNumber && $0.isASCII ? $0 : "_" }
                let name = String(letters) + "_KEY"
                return name.first?.isLetter == true ? name : "TILE_API_KEY"
            }
            if candidate.isItem, index < line { break }
            index -= 1
        }
        return "TILE_API_KEY"
    }

    private func action(
        _ title: String, document: TextDocument, edits: [(Range<Int>, String)], diagnostic: JSONNode, preferred: Bool
    ) -> JSONNode {
        let textEdits = edits.map { range, text in
            JSONNode.object([
                "range": DiagnosticConverter.range(range, lines: document.lines, encoding: encoding),
                "newText": .string(text),
            ])
        }
        let change = JSONNode(.object(JSONObject([JSONMember(key: document.uri, value: .array(textEdits))])))
        return .object([
            "title": .string(title), "kind": .string("quickfix"), "diagnostics": .array([diagnostic]),
            "isPreferred": .bool(preferred), "edit": .object(["changes": change]),
        ])
    }
}
