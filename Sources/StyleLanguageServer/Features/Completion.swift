import LocatedJSON
import StyleCompiler

/// One completion item, as LSP has it.
struct CompletionItem {
    /// LSP's CompletionItemKind values used here.
    enum Kind: Int {
        case value = 12
        case property = 10
        case reference = 18
        case enumMember = 20
        case keyword = 14
    }

    let label: String
    let kind: Kind
    var detail: String?
    var documentation: String?
    /// The text put in place of the typed token.
    let newText: String
    /// Keeps the base's order (layer index) rather than the alphabet.
    var sortText: String?

    /// The item with its own text edit over `range`, or, when the list gives the range once (`itemDefaults`,
    /// nil here), with only the text that differs from its label.
    func node(range: JSONNode?) -> JSONNode {
        .object([
            "label": .string(label), "kind": .integer(kind.rawValue), "detail": detail.map { .string($0) },
            "documentation": documentation.map { .object(["kind": .string("markdown"), "value": .string($0)]) },
            "sortText": sortText.map { .string($0) },
            "textEdit": range.map { .object(["range": $0, "newText": .string(newText)]) },
            "textEditText": range == nil && newText != label ? .string(newText) : nil,
        ])
    }
}

extension LanguageServer {
    /// `textDocument/completion`.
    func completion(_ params: JSONNode) throws(RPCError) -> JSONNode {
        let document = try document(params)
        let offset = try offset(params, in: document)
        let (items, range): ([CompletionItem], Range<Int>)
        switch document.kind {
        case .declarations: (items, range) = declarationsCompletion(document, offset: offset)
        case .configuration: (items, range) = configurationCompletion(document, offset: offset)
        case .style where isNamedAsRules(document.path), .rules:
            (items, range) = rulesCompletion(document, offset: offset)
        case .style: (items, range) = styleCompletion(document, offset: offset)
        }
        let lspRange = DiagnosticConverter.range(range, lines: document.lines, encoding: encoding)
        // A client that takes the edit range once for the list (LSP 3.17) gets it once: 900 layer ids then
        // cost a third fewer bytes to send and to parse.
        guard clientTakesDefaultEditRange else {
            return .object(["isIncomplete": .bool(false), "items": .array(items.map { $0.node(range: lspRange) })])
        }
        return .object([
            "isIncomplete": .bool(false), "itemDefaults": .object(["editRange": lspRange]),
            "items": .array(items.map { $0.node(range: nil) }),
        ])
    }

    /// The YAML path of the document's own root: `[]` for a declarations file, where `!include` puts it for a part.
    func yamlRoot(of document: TextDocument) -> [String] {
        document.isDeclarationsRoot ? [] : (includedPath(of: document.path) ?? [])
    }

    private func declarationsCompletion(_ document: TextDocument, offset: Int) -> ([CompletionItem], Range<Int>) {
        let cursor = YAMLCursor(YAMLOutline(document.bytes), offset: offset)
        let path = yamlRoot(of: document) + cursor.path
        switch cursor.place {
        case .key(let range):
            return (Self.fieldItems(SchemaPath.fields(at: path)), range)
        case .item(let range):
            if let type = SchemaPath.type(at: path), !SchemaPath.words(of: type).isEmpty {
                return (SchemaPath.words(of: type).map { Self.word($0) }, range)
            }
            return (Self.fieldItems(SchemaPath.fields(at: path)), range)
        case .value(let key, let range):
            return (valueItems(key: key, path: path, document: document), range)
        }
    }

    private static func fieldItems(_ fields: [DeclarationSchema.Field]) -> [CompletionItem] {
        fields.map { field in
            CompletionItem(
                label: field.name, kind: .property,
                detail: SchemaPath.describe(field.type) + (field.isRequired ? " (required)" : ""),
                documentation: field.summary, newText: field.name + ": ")
        }
    }

    private static func word(_ text: String) -> CompletionItem {
        CompletionItem(label: text, kind: .enumMember, newText: text)
    }

    private func valueItems(key: String, path: [String], document: TextDocument) -> [CompletionItem] {
        if ["below", "above"].contains(key), path.contains("placement") {
            return anchorItems(for: document.path, excludingBackground: key == "below", declaredLayers: false)
        }
        if ["before", "after"].contains(key), path.first == "layerMapping" {
            return anchorItems(for: document.path, excludingBackground: false, declaredLayers: true)
        }
        if key == "variants", path.first == "views" {
            return variantBases(for: document.path).map {
                CompletionItem(label: $0.variant, kind: .reference, detail: "base \($0.path)", newText: $0.variant)
            }
        }
        guard let type = SchemaPath.type(at: path + [key]) else { return [] }
        return SchemaPath.words(of: type).map { Self.word($0) }
    }

    /// The base's layer ids for a placement or a layer mapping, in drawing order, each with its type, source
    /// and position; a layer missing from some variants says which.
    private func anchorItems(for path: String, excludingBackground: Bool, declaredLayers: Bool) -> [CompletionItem] {
        let bases = variantBases(for: path)
        guard let first = bases.first?.layers else { return [] }
        var items: [CompletionItem] = []
        for layer in first.layers where !(excludingBackground && layer.type == "background") {
            var detail = first.detail(layer)
            let missing = bases.dropFirst().filter { $0.layers?.layer(layer.id) == nil }.map(\.variant)
            if !missing.isEmpty { detail += " · not in " + missing.joined(separator: ", ") }
            items.append(
                CompletionItem(
                    label: layer.id, kind: .reference, detail: detail, newText: YAMLScalar.text(layer.id),
                    sortText: String(1_000_000 + layer.index)))
        }
        if declaredLayers, let declarations = declarationsCheck(for: path)?.check.declarations {
            for source in declarations.sources {
                let id = StyleID.layer(source.id)
                items.append(
                    CompletionItem(
                        label: id, kind: .reference, detail: "the layer of source '\(source.id)'",
                        newText: YAMLScalar.text(id), sortText: "2" + id))
            }
        }
        return items
    }

    private func configurationCompletion(_ document: TextDocument, offset: Int) -> ([CompletionItem], Range<Int>) {
        let cursor = YAMLCursor(YAMLOutline(document.bytes), offset: offset)
        let severities = ["off", "note", "warning", "error"]
        switch cursor.place {
        case .key(let range) where cursor.path.isEmpty:
            return (["version", "rules", "ignoreLayers"].map { Self.keyItem($0) }, range)
        case .key(let range) where cursor.path == ["rules"]:
            let rules = RuleCatalog.all.filter(\.isConfigurable).map { rule in
                CompletionItem(
                    label: rule.id, kind: .property, detail: rule.defaultSeverity.rawValue, documentation: rule.summary,
                    newText: rule.id + ": ")
            }
            return (rules, range)
        case .key(let range) where cursor.path.count == 2 && cursor.path[0] == "rules":
            return (["severity", "ignoreLayers"].map { Self.keyItem($0) }, range)
        case .value(let key, let range) where cursor.path == ["rules"] || key == "severity":
            return (severities.map { Self.word($0) }, range)
        case .key(let range), .item(let range), .value(_, let range):
            return ([], range)
        }
    }

    /// Completion in a rules document, JSON or YAML: the keys and values `StyleRulesVocabulary` offers at the place.
    private func rulesCompletion(_ document: TextDocument, offset: Int) -> ([CompletionItem], Range<Int>) {
        let isJSON = document.path.hasSuffix(".json")
        func item(_ word: StyleRulesVocabulary.Word, key: Bool) -> CompletionItem {
            let text: String
            if isJSON {
                text =
                    Self.isBare(word.text, key: key)
                    ? word.text : JSONWriter(style: .compact).string(.string(word.text)).trimmingSuffix("\n")
            } else {
                text = key ? word.text + ": " : YAMLScalar.text(word.text)
            }
            return CompletionItem(
                label: word.text, kind: key ? .property : .enumMember, detail: word.detail, newText: text)
        }
        if isJSON {
            let cursor = JSONCursor(document.bytes, offset: offset)
            let path = cursor.path.compactMap { step -> String? in
                if case .key(let key) = step { return key }
                return nil
            }
            switch cursor.place {
            case .key(let range): return (StyleRulesVocabulary.keys(at: path).map { item($0, key: true) }, range)
            case .value(let key?, let range):
                return (StyleRulesVocabulary.values(of: key, at: path).map { item($0, key: false) }, range)
            case .value(nil, let range): return ([], range)
            }
        }
        let cursor = YAMLCursor(YAMLOutline(document.bytes), offset: offset)
        switch cursor.place {
        case .key(let range): return (StyleRulesVocabulary.keys(at: cursor.path).map { item($0, key: true) }, range)
        case .value(let key, let range):
            return (StyleRulesVocabulary.values(of: key, at: cursor.path).map { item($0, key: false) }, range)
        case .item(let range): return ([], range)
        }
    }

    /// True for a JSON value written bare: a number or `true`/`false` (never a key).
    private static func isBare(_ text: String, key: Bool) -> Bool {
        !key && (["true", "false"].contains(text) || Int(text) != nil)
    }

    private static func keyItem(_ name: String) -> CompletionItem {
        CompletionItem(label: name, kind: .property, newText: name + ": ")
    }
}

/// A YAML scalar as completion writes it: plain when YAML reads it back as the same string, else double-quoted.
enum YAMLScalar {
    static func text(_ value: String) -> String {
        let indicators = "-?:,[]{}#&*!|>'\"%@`"
        let plain =
            !value.isEmpty && !indicators.contains(value.first ?? " ") && value.first != " " && value.last != " "
            && !value.contains(": ") && !value.contains(" #") && !value.contains(where: { ",[]{}".contains($0) })
            && !["true", "false", "null", "yes", "no", "on", "off", "~"].contains(value.lowercased())
            && Double(value) == nil
        if plain { return value }
        return JSONWriter(style: .compact).string(.string(value)).trimmingSuffix("\n")
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
