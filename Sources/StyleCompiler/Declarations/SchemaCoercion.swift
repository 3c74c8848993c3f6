import LocatedJSON
import StyleSpec

/// Checks a YAML tree against `DeclarationSchema` and gives it JSON types: plain scalars become numbers or
/// booleans where the field wants one, and stay strings where it wants a string (so `NO`, `on`, `0x1F` or
/// `1e3` in a string field are strings). Quoted scalars are always strings. Every mismatch is a diagnostic;
/// a field that fails is left out of the typed tree, so later stages only see well-typed values.
///
/// Recursion follows the schema (a handful of levels), never the input's own depth.
struct SchemaCoercion {
    /// Finds where the tree's nodes were read.
    let files: any SourceLocator
    private(set) var diagnostics: [Diagnostic] = []

    /// The typed node, or nil when it does not fit `type` (a diagnostic says why).
    mutating func coerce(
        _ node: JSONNode, as type: DeclarationSchema.FieldType, path: JSONPath, field: DeclarationSchema.Field?
    ) -> JSONNode? {
        switch type {
        case .string:
            guard case .string = node.value else { return mismatch(node, expected: "a string", path: path) }
            return node
        case .integer(let range):
            guard let value = integer(node) else { return mismatch(node, expected: "a whole number", path: path) }
            if let range, !range.contains(value) {
                return outOfRange(
                    node, "\(value) is outside \(range.lowerBound)..\(range.upperBound)", path: path, field: field)
            }
            return JSONNode(.number(JSONNumber(value)), placedAs: node)
        case .number(let range):
            guard let number = number(node) else { return mismatch(node, expected: "a number", path: path) }
            if let range, !range.contains(number.doubleValue) {
                return outOfRange(
                    node, "\(number.text) is outside \(JSONNumber(range.lowerBound))..\(JSONNumber(range.upperBound))",
                    path: path, field: field)
            }
            return JSONNode(.number(number), placedAs: node)
        case .boolean:
            if let flag = boolean(node) { return JSONNode(.bool(flag), placedAs: node) }
            if case .string(let text) = node.value, node.scalarStyle == .plain,
                Self.yaml11Booleans.contains(text.lowercased())
            {
                report(
                    .declType,
                    "expected true or false, got '\(text)' (YAML 1.1 words like yes/no/on/off are not booleans here)",
                    node, path)
                return nil
            }
            return mismatch(node, expected: "true or false", path: path)
        case .choice(let words):
            guard case .string(let text) = node.value else {
                return mismatch(node, expected: "one of \(words.joined(separator: ", "))", path: path)
            }
            guard words.contains(text) else {
                let hint = Suggestion.didYouMean(text, among: words)
                report(
                    field?.valueRule ?? .declValue,
                    "'\(Self.shown(text))' is not one of \(words.joined(separator: ", "))\(hint)", node, path)
                return nil
            }
            return node
        case .integerChoice(let values):
            let words = values.map(String.init).joined(separator: " or ")
            guard let value = integer(node) else { return mismatch(node, expected: words, path: path) }
            guard values.contains(value) else {
                report(field?.valueRule ?? .declValue, "\(value) is not \(words)", node, path)
                return nil
            }
            return JSONNode(.number(JSONNumber(value)), placedAs: node)
        case .list(let itemType, let count, let unique):
            return list(node, itemType, count: count, unique: unique, path: path, field: field)
        case .object(let spec):
            return object(node, spec, path: path)
        case .map(let valueType):
            guard let object = node.objectValue else {
                return mismatch(node, expected: Self.describe(.map(valueType)), path: path)
            }
            var typed = JSONObject()
            for member in object.members {
                if let value = coerce(member.value, as: valueType, path: path.appending(member.key), field: nil) {
                    typed.setMember(
                        JSONMember(key: member.key, keyLocation: files.keyLocation(of: member), value: value))
                }
            }
            return JSONNode(.object(typed), placedAs: node)
        case .oneOf(let alternatives):
            let match = alternatives.first { alternative in Self.outerKindMatches(alternative, node) }
            guard let match else {
                return mismatch(node, expected: alternatives.map(Self.describe).joined(separator: " or "), path: path)
            }
            return coerce(node, as: match, path: path, field: field)
        }
    }

    private mutating func list(
        _ node: JSONNode, _ itemType: DeclarationSchema.FieldType, count: ClosedRange<Int>?, unique: Bool,
        path: JSONPath, field: DeclarationSchema.Field?
    ) -> JSONNode? {
        guard let items = node.arrayValue else { return mismatch(node, expected: "a list", path: path) }
        if let count, !count.contains(items.count) {
            report(.declType, Self.countProblem(count, got: items.count), node, path)
            return nil
        }
        var typed: [JSONNode] = []
        var failed = false
        for (index, item) in items.enumerated() {
            if let value = coerce(item, as: itemType, path: path.appending(index), field: field) {
                if unique, typed.contains(value) {
                    report(.declValue, Self.duplicateProblem(Self.scalarText(value)), item, path.appending(index))
                    failed = true
                }
                typed.append(value)
            } else {
                failed = true
            }
        }
        return failed && count != nil ? nil : JSONNode(.array(typed), placedAs: node)
    }

    private mutating func object(_ node: JSONNode, _ spec: DeclarationSchema.ObjectSpec, path: JSONPath) -> JSONNode? {
        guard let object = node.objectValue else {
            return mismatch(node, expected: "a mapping (\(spec.noun))", path: path)
        }
        var typed = JSONObject()
        // An unknown key taken for a source kind (`url:` holding a tile URL) is the one finding: the source's
        // "needs exactly one of" would only say it again.
        var kindSuggested = false
        // Likewise a required key that a misspelt one was taken for is not missing as well.
        var suggested: Set<String> = []
        for member in object.members {
            let memberPath = path.appending(member.key)
            guard let field = spec.field(member.key) else {
                let names = spec.fields.map(\.name)
                var hint = Suggestion.didYouMean(member.key, among: names)
                if spec.exactlyOneOf.contains(DeclarationSchema.sourceKinds) {
                    if let near = Suggestion.closest(to: member.key, among: names) {
                        kindSuggested = kindSuggested || DeclarationSchema.sourceKinds.contains(near)
                    } else if let kind = SourceKind.all.first(where: { $0.recognizes(member.value) }) {
                        hint = "; did you mean '\(kind.keyword)'? (its value looks like one)"
                        kindSuggested = true
                    }
                }
                if let near = Suggestion.closest(to: member.key, among: names) { suggested.insert(near) }
                if hint.isEmpty { hint = "; \(spec.noun) has " + Self.list(names) }
                if path.components.isEmpty, DeclarationSchema.source.field(member.key) != nil {
                    // A source's field written at the top of the file: where it belongs, not only that it is unknown.
                    let defaultable = DeclarationSchema.defaults.field(member.key) != nil
                    hint =
                        defaultable
                        ? ": '\(member.key)' is a source field; put it under 'defaults:' (for every source) or in a source"
                        : ": '\(member.key)' is a source field; put it in a source under 'sources:'"
                }
                diagnostics.append(
                    Diagnostic(
                        .declUnknownKey, "unknown key '\(Self.shown(member.key))' in \(spec.noun)\(hint)",
                        at: files.keyLocation(of: member) ?? files.location(of: member.value), path: memberPath))
                continue
            }
            if let value = coerce(member.value, as: field.type, path: memberPath, field: field) {
                typed.setMember(JSONMember(key: member.key, keyLocation: files.keyLocation(of: member), value: value))
            }
        }
        for field in spec.fields where field.isRequired && object[field.name] == nil && !suggested.contains(field.name)
        {
            diagnostics.append(
                Diagnostic(
                    .declMissingKey, "\(spec.noun) needs '\(field.name)'", at: files.location(of: node), path: path))
        }
        for group in spec.exactlyOneOf {
            let present = group.filter { object[$0] != nil }
            guard present.count != 1, !(present.isEmpty && kindSuggested) else { continue }
            let rule: Rule = group == DeclarationSchema.sourceKinds ? .declSourceKind : .declExactlyOne
            let choices = group.joined(separator: ", ")
            let message =
                present.isEmpty
                ? "\(spec.noun) needs exactly one of \(choices); it has none"
                : "\(spec.noun) takes exactly one of \(choices); it has \(present.joined(separator: " and "))"
            let second = present.dropFirst().first.flatMap { files.keyLocation(of: object.member(forKey: $0)) }
            diagnostics.append(Diagnostic(rule, message, at: second ?? files.location(of: node), path: path))
        }
        return JSONNode(.object(typed), placedAs: node)
    }

    // MARK: Scalars

    /// Words YAML 1.1 read as booleans; YAML 1.2 and mc-style do not.
    private static let yaml11Booleans: Set<String> = ["yes", "no", "on", "off", "y", "n"]

    private func integer(_ node: JSONNode) -> Int? {
        switch node.value {
        case .number(let number): return number.intValue
        case .string(let text) where node.scalarStyle == .plain:
            let digits = text.hasPrefix("+") ? String(text.dropFirst()) : text
            guard !digits.isEmpty,
                digits.utf8.dropFirst(digits.hasPrefix("-") ? 1 : 0).allSatisfy({ (48...57).contains($0) })
            else { return nil }
            return Int(digits)
        default: return nil
        }
    }

    private func number(_ node: JSONNode) -> JSONNumber? {
        switch node.value {
        case .number(let number): return number.doubleValue.isFinite ? number : nil
        case .string(let text) where node.scalarStyle == .plain: return Self.yamlNumber(text)
        default: return nil
        }
    }

    /// The number a plain YAML scalar reads as (core schema, decimal, finite), kept as written when that is JSON
    /// syntax; nil for any other text (`0x1F`, `.inf`, `1_000` stay strings).
    static func yamlNumber(_ text: String) -> JSONNumber? {
        guard isYAMLNumber(text), let value = Double(text), value.isFinite else { return nil }
        return isJSONNumber(text) ? JSONNumber(text: text) : JSONNumber(value)
    }

    /// The boolean a plain YAML scalar reads as in the core schema (`true`, `True`, `TRUE` and the same for false);
    /// nil for any other text (YAML 1.1's `yes`, `on` stay strings).
    static func yamlBoolean(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    private func boolean(_ node: JSONNode) -> Bool? {
        switch node.value {
        case .bool(let flag): return flag
        case .string(let text) where node.scalarStyle == .plain: return Self.yamlBoolean(text)
        default: return nil
        }
    }

    /// YAML 1.2 core-schema decimal numbers: `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`.
    static func isYAMLNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        }
        let digit: (UInt8) -> Bool = { (48...57).contains($0) }
        let whole = bytes.prefix(while: digit)
        bytes = bytes.dropFirst(whole.count)
        var fraction = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = bytes.prefix(while: digit).count
            bytes = bytes.dropFirst(fraction)
        }
        guard whole.count + fraction > 0 else { return false }
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                bytes = bytes.dropFirst()
            }
            let exponent = bytes.prefix(while: digit).count
            guard exponent > 0 else { return false }
            bytes = bytes.dropFirst(exponent)
        }
        return bytes.isEmpty
    }

    /// True when the text is already JSON number syntax (kept as written): a YAML number without a leading
    /// `+`, without a bare `.` at either end of the digits, and without leading zeros.
    static func isJSONNumber(_ text: String) -> Bool {
        guard isYAMLNumber(text), !text.hasPrefix("+") else { return false }
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let mantissa = unsigned.prefix { $0 != "e" && $0 != "E" }
        if mantissa.hasPrefix(".") || mantissa.hasSuffix(".") { return false }
        let whole = mantissa.prefix { $0 != "." }
        return whole == "0" || !whole.hasPrefix("0")
    }

    // MARK: Reporting

    private mutating func mismatch(_ node: JSONNode, expected: String, path: JSONPath) -> JSONNode? {
        report(.declType, "expected \(expected), got \(Self.describe(node))", node, path)
        return nil
    }

    private mutating func outOfRange(
        _ node: JSONNode, _ message: String, path: JSONPath, field: DeclarationSchema.Field?
    ) -> JSONNode? {
        report(field?.valueRule ?? .declRange, message, node, path)
        return nil
    }

    private mutating func report(_ rule: Rule, _ message: String, _ node: JSONNode, _ path: JSONPath) {
        diagnostics.append(Diagnostic(rule, message, at: files.location(of: node), path: path))
    }

    /// How a value is named in a message; long text is cut, and secrets are never shown.
    static func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "nothing (null)"
        case .bool(let flag): return "\(flag)"
        case .number(let number): return "the number \(shown(number.text))"
        case .array: return "a list"
        case .object: return "a mapping"
        case .string(let text):
            if node.isSecret { return "a string" }
            switch node.scalarStyle {
            case .plain: return "'\(shown(text))'"
            case .literal, .folded: return "a block of text"
            default: return "the quoted string \"\(shown(text))\""
            }
        }
    }

    private static func describe(_ type: DeclarationSchema.FieldType) -> String {
        switch type {
        case .string: return "a string"
        case .integer, .integerChoice: return "a whole number"
        case .number: return "a number"
        case .boolean: return "true or false"
        case .choice(let words): return "one of \(words.joined(separator: ", "))"
        case .list: return "a list"
        case .object(let spec): return "a mapping (\(spec.noun))"
        case .map(let valueType):
            if case .string = valueType { return "a mapping of names to strings" }
            return "a mapping of names to \(describe(valueType))"
        case .oneOf(let alternatives): return alternatives.map(describe).joined(separator: " or ")
        }
    }

    /// A list of the wrong length, in the words both the decoder and `DeclarationValueRules` report.
    static func countProblem(_ count: ClosedRange<Int>, got: Int) -> String {
        let size =
            count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)"
        return "expected a list of \(size) items, got \(got)"
    }

    /// An item a list of unique items repeats.
    static func duplicateProblem(_ shown: String) -> String { "\(shown) is listed twice" }

    private static func scalarText(_ node: JSONNode) -> String {
        switch node.value {
        case .number(let number): return number.text
        case .string(let text): return "'\(shown(text))'"
        default: return describe(node)
        }
    }

    /// At most 40 characters of a value.
    /// "the keys a, b and c", for a mapping whose unknown key is near none of them.
    private static func list(_ names: [String]) -> String {
        guard let last = names.last else { return "no keys" }
        let quoted = names.dropLast().map { "'\($0)'" }
        return quoted.isEmpty
            ? "the one key '\(last)'" : "the keys " + quoted.joined(separator: ", ") + " and '\(last)'"
    }

    static func shown(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(37)) + "..."
    }

    private static func outerKindMatches(_ type: DeclarationSchema.FieldType, _ node: JSONNode) -> Bool {
        switch (type, node.value) {
        case (.list, .array), (.object, .object), (.map, .object): return true
        case (.list, _), (.object, _), (.map, _), (_, .array), (_, .object): return false
        default: return true
        }
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let declType = Rule(
        "decl.type", .error,
        summary: "A declarations value has the wrong type.",
        help: "Give the value the type the field takes (the message names it).",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    opacity: ↓[1]
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    opacity: 0.5
                """#),
        ])
    static let declUnknownKey = Rule(
        "decl.unknown-key", .error,
        summary: "A declarations key is not known (with a suggestion).",
        help: "Fix the spelling (the message suggests the closest key) or remove the key.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    ↓opacty: 0.5
                """#),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
    static let declValue = Rule(
        "decl.value", .error,
        summary: "A declarations value is not one of the allowed values.",
        help: "Use one of the values the message lists.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                target: ↓mapbox
                base: base.json
                sources: []
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                target: tomtom
                base: base.json
                sources: []
                """#),
        ])
    static let declRange = Rule(
        "decl.range", .error,
        summary: "A declarations number is out of range.",
        help: "Give a number within the range the message states.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    opacity: ↓1.5
                """#),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
    static let declSourceKind = Rule(
        "decl.source-kind", .error,
        summary: "A source needs exactly one of \(SourceKind.keywords.joined(separator: ", ")).",
        help: "Give each source exactly one of \(SourceKind.keywords.joined(separator: ", ")).",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - ↓id: hillshade
                    opacity: 0.5
                """#),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
    static let declExactlyOne = Rule(
        "decl.exactly-one", .error,
        summary: "Exactly one of a group of keys must be given.",
        help: "Give exactly one of the keys the message names.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    placement: {↓above: Ocean, below: City}
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    placement: {above: Ocean}
                """#),
        ])
}
