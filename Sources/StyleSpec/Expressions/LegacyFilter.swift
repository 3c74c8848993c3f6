import LocatedJSON

/// Rewrites a legacy filter as the expression MapLibre evaluates in its place (its `convertFilter`): same
/// result for every feature, including legacy filters' rule that a comparison with a value of another type
/// is false (inside `any` and `none`, where an expression's run-time error would otherwise decide, a type
/// check runs first).
package enum LegacyFilter {
    /// The expression for `filter`; an expression filter (or a neutral one) is returned as it is.
    package static func convert(_ filter: JSONNode) -> JSONNode {
        var types: [(String, String)] = []
        return convert(filter, expectedTypes: &types)
    }

    private static func node(_ items: [JSONNode]) -> JSONNode { JSONNode(.array(items)) }
    private static func string(_ text: String) -> JSONNode { JSONNode(.string(text)) }
    private static func bool(_ flag: Bool) -> JSONNode { JSONNode(.bool(flag)) }

    /// What a legacy key reads: `$type` the geometry type, `$id` the id, anything else a property.
    private static func input(_ key: String) -> JSONNode {
        key == "$type"
            ? node([string("geometry-type")])
            : key == "$id" ? node([string("id")]) : node([string("get"), string(key)])
    }

    private static func convert(_ filter: JSONNode, expectedTypes: inout [(String, String)]) -> JSONNode {
        guard FilterSyntax.classify(filter) == .legacy else { return filter }
        guard let items = filter.arrayValue, let op = items.first?.stringValue else { return bool(true) }
        if items.count <= 1 { return bool(op != "any") }
        switch op {
        case "==", "!=", "<", ">", "<=", ">=":
            return comparison(
                op, key: items[1].stringValue ?? "", value: items.count > 2 ? items[2] : JSONNode(.null),
                expectedTypes: &expectedTypes)
        case "any":
            return node(
                [string("any")]
                    + items.dropFirst().map { child in
                        var types: [(String, String)] = []
                        let converted = convert(child, expectedTypes: &types)
                        let checks = typeChecks(types)
                        return checks.boolValue == true
                            ? converted : node([string("case"), checks, converted, bool(false)])
                    })
        case "all":
            let children = items.dropFirst().map { convert($0, expectedTypes: &expectedTypes) }
            return children.count > 1 ? node([string("all")] + children) : children[0]
        case "none":
            var types: [(String, String)] = []
            return node([string("!"), convert(node([string("any")] + items.dropFirst()), expectedTypes: &types)])
        case "in", "!in":
            return membership(key: items[1].stringValue ?? "", values: Array(items.dropFirst(2)), negated: op == "!in")
        case "has":
            return has(items[1].stringValue ?? "")
        case "!has":
            return node([string("!"), has(items[1].stringValue ?? "")])
        default:
            return bool(true)
        }
    }

    /// `["all", ["==", ["typeof", GET], TYPE], ...]` for the keys a converted filter compares.
    private static func typeChecks(_ types: [(String, String)]) -> JSONNode {
        let checks = types.map { key, type in
            node([
                string("=="),
                node([string("typeof"), key == "$id" ? node([string("id")]) : node([string("get"), string(key)])]),
                string(type),
            ])
        }
        if checks.isEmpty { return bool(true) }
        return checks.count == 1 ? checks[0] : node([string("all")] + checks)
    }

    private static func comparison(_ op: String, key: String, value: JSONNode, expectedTypes: inout [(String, String)])
        -> JSONNode
    {
        if key == "$type" { return node([string(op), node([string("geometry-type")]), value]) }
        if value.value != .null {
            let type: String
            switch value.value {
            case .bool: type = "boolean"
            case .number: type = "number"
            case .string: type = "string"
            default: type = "object"
            }
            if let index = expectedTypes.firstIndex(where: { $0.0 == key }) {
                expectedTypes[index].1 = type
            } else {
                expectedTypes.append((key, type))
            }
        }
        let get = input(key)
        if op == "==", key != "$id", value.value == .null {
            return node([
                string("all"), node([string("has"), string(key)]), node([string("=="), get, JSONNode(.null)]),
            ])
        }
        if op == "!=", key != "$id", value.value == .null {
            return node([
                string("any"), node([string("!"), node([string("has"), string(key)])]),
                node([string("!="), get, JSONNode(.null)]),
            ])
        }
        return node([string(op), get, value])
    }

    private static func membership(key: String, values: [JSONNode], negated: Bool) -> JSONNode {
        if values.isEmpty { return bool(negated) }
        let get = input(key)
        let kinds = Set(
            values.map { value -> String in
                switch value.value {
                case .string: return "string"
                case .number: return "number"
                case .bool: return "boolean"
                default: return "object"
                }
            })
        if kinds.count == 1, let kind = kinds.first, kind == "string" || kind == "number" {
            // JavaScript's default sort compares the values as strings; duplicates next to each other go.
            let sorted = values.enumerated().sorted { a, b in
                let x = Array(ExpressionValue(json: a.element.value).text.utf16)
                let y = Array(ExpressionValue(json: b.element.value).text.utf16)
                return x == y ? a.offset < b.offset : x.lexicographicallyPrecedes(y)
            }.map(\.element)
            var unique: [JSONNode] = []
            for value in sorted
            where
                !(unique.last.map {
                    ExpressionCompiler.strictlyEqual(
                        ExpressionValue(json: $0.value), ExpressionValue(json: value.value))
                } ?? false)
            {
                unique.append(value)
            }
            return node([string("match"), get, node(unique), bool(!negated), bool(negated)])
        }
        if negated { return node([string("all")] + values.map { node([string("!="), get, $0]) }) }
        return node([string("any")] + values.map { node([string("=="), get, $0]) })
    }

    private static func has(_ key: String) -> JSONNode {
        if key == "$type" { return bool(true) }
        if key == "$id" { return node([string("!="), node([string("id")]), JSONNode(.null)]) }
        return node([string("has"), string(key)])
    }
}
