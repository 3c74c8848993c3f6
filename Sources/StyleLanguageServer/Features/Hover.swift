import LocatedJSON
import StyleCompiler
import StyleSpec

extension LanguageServer {
    /// `textDocument/hover`: a field's documentation, the base layer an anchor names (and which variants lack
    /// it), a style property's facts, and the rule of any finding under the cursor.
    func hover(_ params: JSONNode) throws(RPCError) -> JSONNode? {
        let document = try document(params)
        let offset = try offset(params, in: document)
        var sections: [String] = []
        var range: Range<Int>?
        switch document.kind {
        case .declarations:
            let cursor = YAMLCursor(YAMLOutline(document.bytes), offset: offset)
            let path = yamlRoot(of: document) + cursor.path
            switch cursor.place {
            case .key(let keyRange) where keyRange.contains(offset) || keyRange.upperBound == offset:
                let key = String(decoding: document.bytes[keyRange], as: UTF8.self)
                if let field = SchemaPath.field(key, at: path) {
                    sections.append(Self.fieldText(field))
                    range = keyRange
                }
            case .value(let key, let valueRange):
                if Self.isAnchor(key: key, path: path) {
                    let id = Self.unquoted(String(decoding: document.bytes[valueRange], as: UTF8.self))
                    sections.append(anchorText(id, for: document.path))
                    range = valueRange
                } else if let field = SchemaPath.field(key, at: path) {
                    sections.append(Self.fieldText(field))
                }
            default: break
            }
        case .style:
            let cursor = JSONCursor(document.bytes, offset: offset)
            if case .key(let keyRange) = cursor.place, let group = Self.group(of: cursor.path, in: styleTree(document))
            {
                let tokenEnd = TokenRange.around(keyRange.lowerBound, in: document.bytes).upperBound
                let key = Self.unquoted(String(decoding: document.bytes[keyRange.lowerBound..<tokenEnd], as: UTF8.self))
                if let property = StylePropertyFacts.property(key, in: group) {
                    sections.append(Self.propertyText(property))
                    range = keyRange.lowerBound..<tokenEnd
                }
            }
        case .configuration, .rules:
            break
        }
        for diagnostic in findings(in: document.path) {
            guard let location = diagnostic.location, location.file.bytes == document.bytes,
                TokenRange.around(location.offset, in: document.bytes).contains(offset),
                let rule = RuleCatalog.rule(id: diagnostic.rule)
            else { continue }
            sections.append("**\(rule.id)** (\(diagnostic.severity.rawValue)): \(rule.summary)\n\n\(rule.help)")
        }
        guard !sections.isEmpty else { return nil }
        return .object([
            "contents": .object([
                "kind": .string("markdown"), "value": .string(sections.joined(separator: "\n\n---\n\n")),
            ]),
            "range": range.map { DiagnosticConverter.range($0, lines: document.lines, encoding: encoding) },
        ])
    }

    /// The findings every check has in the file at `path`.
    func findings(in path: String) -> [Diagnostic] {
        checks.keys.sorted().flatMap { checks[$0]?.findings[path] ?? [] }
    }

    /// True for a value that names a base layer: a placement's `below`/`above`, a layer mapping's
    /// `before`/`after`.
    static func isAnchor(key: String, path: [String]) -> Bool {
        (["below", "above"].contains(key) && path.contains("placement"))
            || (["before", "after"].contains(key) && path.first == "layerMapping")
    }

    private static func fieldText(_ field: DeclarationSchema.Field) -> String {
        "**\(field.name)**: \(SchemaPath.describe(field.type))\(field.isRequired ? " (required)" : "")\n\n\(field.summary)"
    }

    private static func propertyText(_ property: StylePropertyFacts) -> String {
        var text = "**\(property.name)**: \(detail(property))"
        if !property.values.isEmpty {
            text += "\n\nOne of: " + property.values.map { "`\($0)`" }.joined(separator: ", ")
        }
        if let minimum = property.minimum { text += "\n\nAt least \(minimum)." }
        if let maximum = property.maximum { text += " At most \(maximum)." }
        return text
    }

    /// What the base layer `id` is, in each variant's base.
    private func anchorText(_ id: String, for path: String) -> String {
        let bases = variantBases(for: path)
        guard !bases.isEmpty else { return "**\(id)**: no base style is read for these declarations yet" }
        var lines: [String] = []
        var missing: [String] = []
        for base in bases {
            guard let layers = base.layers else {
                lines.append("- \(base.variant): the base \(base.path) cannot be read")
                continue
            }
            if let layer = layers.layer(id) {
                let name = bases.count > 1 ? "\(base.variant): " : ""
                lines.append("- \(name)\(layers.detail(layer))")
            } else {
                missing.append(base.variant)
            }
        }
        if lines.isEmpty, bases.count == 1 { return "**\(id)** is not a layer of the base style \(bases[0].path)" }
        var text = "**\(id)** in the base style\n\n" + lines.joined(separator: "\n")
        if !missing.isEmpty { text += "\n\nNot in the base of: " + missing.joined(separator: ", ") }
        return text
    }
}
