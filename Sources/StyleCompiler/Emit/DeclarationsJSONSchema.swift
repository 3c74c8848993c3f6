import LocatedJSON

/// Writes the declarations file's JSON Schema (draft 2020-12) from `DeclarationSchema`, the same catalog the
/// decoder checks against, for editors with a YAML language server.
public enum DeclarationsJSONSchema {
    /// The schema's `$id`.
    public static let identifier = "https://mapconductor.com/schemas/mc-style/declarations-1.json"

    /// The schema document.
    public static func document() -> JSONNode {
        var root = object(DeclarationSchema.file)
        root.insert(JSONMember(key: "$schema", value: string("https://json-schema.org/draft/2020-12/schema")), at: 0)
        root.insert(JSONMember(key: "$id", value: string(identifier)), at: 1)
        root.insert(JSONMember(key: "title", value: string("mc-style raster-source declarations")), at: 2)
        return JSONNode(.object(root))
    }

    private static func schema(_ type: DeclarationSchema.FieldType, summary: String?) -> JSONObject {
        var result = JSONObject()
        if let summary { result["description"] = string(summary) }
        switch type {
        case .string:
            result["type"] = string("string")
        case .integer(let range):
            result["type"] = string("integer")
            if let range {
                result["minimum"] = number(range.lowerBound)
                result["maximum"] = number(range.upperBound)
            }
        case .number(let range):
            result["type"] = string("number")
            if let range {
                result["minimum"] = JSONNode(.number(JSONNumber(range.lowerBound)))
                result["maximum"] = JSONNode(.number(JSONNumber(range.upperBound)))
            }
        case .boolean:
            result["type"] = string("boolean")
        case .choice(let words):
            result["type"] = string("string")
            result["enum"] = JSONNode(.array(words.map(string)))
        case .integerChoice(let values):
            result["type"] = string("integer")
            result["enum"] = JSONNode(.array(values.map(number)))
        case .list(let item, let count, let unique):
            result["type"] = string("array")
            result["items"] = JSONNode(.object(schema(item, summary: nil)))
            if let count {
                result["minItems"] = number(count.lowerBound)
                result["maxItems"] = number(count.upperBound)
            }
            if unique { result["uniqueItems"] = JSONNode(.bool(true)) }
        case .object(let spec):
            for member in object(spec).members { result.setMember(member) }
        case .map(let valueType):
            result["type"] = string("object")
            result["additionalProperties"] = JSONNode(.object(schema(valueType, summary: nil)))
        case .oneOf(let alternatives):
            result["oneOf"] = JSONNode(.array(alternatives.map { JSONNode(.object(schema($0, summary: nil))) }))
        }
        return result
    }

    private static func object(_ spec: DeclarationSchema.ObjectSpec) -> JSONObject {
        var result = JSONObject()
        result["type"] = string("object")
        var properties = JSONObject()
        for field in spec.fields {
            properties[field.name] = JSONNode(.object(schema(field.type, summary: field.summary)))
        }
        result["properties"] = JSONNode(.object(properties))
        let required = spec.fields.filter(\.isRequired).map { string($0.name) }
        if !required.isEmpty { result["required"] = JSONNode(.array(required)) }
        result["additionalProperties"] = JSONNode(.bool(false))
        for group in spec.exactlyOneOf {
            let choices = group.map { key in
                JSONNode(.object(JSONObject([JSONMember(key: "required", value: JSONNode(.array([string(key)])))])))
            }
            result["oneOf"] = JSONNode(.array(choices))
        }
        return result
    }

    private static func string(_ text: String) -> JSONNode { JSONNode(.string(text)) }
    private static func number(_ value: Int) -> JSONNode { JSONNode(.number(JSONNumber(value))) }
}
