import StyleCompiler

/// The declarations schema seen along a YAML path: which fields a mapping there may have, and what type a
/// key's value has.
enum SchemaPath {
    /// The type of the value at `path` (keys, and `-` for items) from the file's root; nil when the schema has
    /// nothing there.
    static func type(at path: [String], from root: DeclarationSchema.FieldType = .object(DeclarationSchema.file))
        -> DeclarationSchema.FieldType?
    {
        var current = root
        for step in path {
            guard let next = child(of: current, step) else { return nil }
            current = next
        }
        return current
    }

    /// The fields of the mapping at `path`, when a mapping is there.
    static func fields(at path: [String], from root: DeclarationSchema.FieldType = .object(DeclarationSchema.file))
        -> [DeclarationSchema.Field]
    {
        guard let type = type(at: path, from: root) else { return [] }
        return objectSpec(type)?.fields ?? []
    }

    /// The field named `key` of the mapping at `path`.
    static func field(
        _ key: String, at path: [String], from root: DeclarationSchema.FieldType = .object(DeclarationSchema.file)
    )
        -> DeclarationSchema.Field?
    {
        fields(at: path, from: root).first { $0.name == key }
    }

    /// The words a value of `type` may be (choices, integer choices, booleans), in the schema's order.
    static func words(of type: DeclarationSchema.FieldType) -> [String] {
        switch type {
        case .choice(let words): return words
        case .integerChoice(let numbers): return numbers.map(String.init)
        case .boolean: return ["true", "false"]
        case .oneOf(let alternatives): return alternatives.flatMap(words(of:))
        default: return []
        }
    }

    /// A short name of `type`, for a completion's detail and a hover.
    static func describe(_ type: DeclarationSchema.FieldType) -> String {
        switch type {
        case .string: return "string"
        case .integer(let range): return range.map { "integer \($0.lowerBound)…\($0.upperBound)" } ?? "integer"
        case .number(let range):
            return range.map { "number \(format($0.lowerBound))…\(format($0.upperBound))" } ?? "number"
        case .boolean: return "boolean"
        case .choice(let words): return words.joined(separator: " | ")
        case .integerChoice(let numbers): return numbers.map(String.init).joined(separator: " | ")
        case .list(let element, _, _): return "list of \(describe(element))"
        case .object(let spec): return "mapping (\(spec.noun))"
        case .map(let value): return "mapping of names to \(describe(value))"
        case .oneOf(let alternatives): return alternatives.map(describe).joined(separator: ", or ")
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private static func child(of type: DeclarationSchema.FieldType, _ step: String) -> DeclarationSchema.FieldType? {
        switch type {
        case .list(let element, _, _): return step == "-" ? element : nil
        case .object(let spec): return step == "-" ? nil : spec.field(step)?.type
        case .map(let value): return step == "-" ? nil : value
        case .oneOf(let alternatives):
            for alternative in alternatives {
                if let found = child(of: alternative, step) { return found }
            }
            return nil
        default: return nil
        }
    }

    private static func objectSpec(_ type: DeclarationSchema.FieldType) -> DeclarationSchema.ObjectSpec? {
        switch type {
        case .object(let spec): return spec
        case .oneOf(let alternatives): return alternatives.lazy.compactMap(objectSpec).first
        default: return nil
        }
    }
}
