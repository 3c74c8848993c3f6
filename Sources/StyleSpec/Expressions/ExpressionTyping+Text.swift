import LocatedJSON

/// What the forms with an options object (`format`, `number-format`, `collator`) read it with.
extension ExpressionTyping {
    /// A member of an options object that JavaScript would treat as set (present and truthy).
    func option(_ object: JSONObject, _ key: String) -> JSONNode? {
        guard let member = object[key] else { return nil }
        switch member.value {
        case .null: return nil
        case .bool(let flag): return flag ? member : nil
        case .number(let number): return number.doubleValue == 0 || number.doubleValue.isNaN ? nil : member
        case .string(let text): return text.isEmpty ? nil : member
        default: return member
        }
    }

    /// Parses the options of `object` named in `fields` with their types; MapLibre keys them all `[1]`.
    func parseOptions(_ object: JSONObject, _ fields: [(String, ExpressionType)]) -> [TypedExpression]? {
        var parsed: [TypedExpression] = []
        for (name, type) in fields {
            guard let node = option(object, name) else { continue }
            guard let value = parse(node, key: 1, truthful: false, expected: type) else { return nil }
            parsed.append(value)
        }
        return parsed
    }
}
