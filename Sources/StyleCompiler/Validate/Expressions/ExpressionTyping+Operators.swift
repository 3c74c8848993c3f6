import LocatedJSON

extension ExpressionTyping {
    /// The operators parsed by their own rules; the rest are defined by signature (`CompoundSignatures`).
    private enum SpecialForm {
        case literal, semiliteral, assertion, coercion, bind, variable, branch, coalesce, match, step, interpolate
        case at, membership, slice, length, comparison, format, numberFormat, collator, image, geometry, globalState
    }

    /// Operator name -> its parsing rule: one hash lookup per expression instead of a chain of comparisons.
    private static let specialForms: [String: SpecialForm] = {
        var table: [String: SpecialForm] = [
            "literal": .literal, "semiliteral": .semiliteral, "let": .bind, "var": .variable, "case": .branch,
            "coalesce": .coalesce, "match": .match, "step": .step, "at": .at, "slice": .slice, "length": .length,
            "format": .format, "number-format": .numberFormat, "collator": .collator, "image": .image,
            "global-state": .globalState,
        ]
        for name in ["array", "boolean", "number", "string", "object"] { table[name] = .assertion }
        for name in ["to-boolean", "to-color", "to-number", "to-string"] { table[name] = .coercion }
        for name in ["interpolate", "interpolate-hcl", "interpolate-lab"] { table[name] = .interpolate }
        for name in ["in", "index-of"] { table[name] = .membership }
        for name in ["==", "!=", "<", "<=", ">", ">="] { table[name] = .comparison }
        for name in ["within", "distance"] { table[name] = .geometry }
        return table
    }()

    /// Dispatches on the operator name: MapLibre's expression registry.
    func parseOperator(_ op: String, _ items: [JSONNode], expected: ExpressionType?) -> TypedExpression? {
        guard let form = Self.specialForms[op] else {
            guard let definition = CompoundSignatures.definitions[op] else {
                return error(
                    "Unknown expression \"\(op)\". If you wanted a literal array, use [\"literal\", [...]].", 0)
            }
            var parsed = parseCompound(op, definition, items)
            if op == "zoom", parsed != nil { parsed?.form = .zoom }
            return parsed
        }
        switch form {
        case .literal: return parseLiteral(items, expected: expected)
        case .semiliteral: return parseSemiliteral(items)
        case .assertion: return parseAssertion(op, items)
        case .coercion: return parseCoercion(op, items)
        case .bind: return parseLet(items, expected: expected)
        case .variable: return parseVar(items)
        case .branch: return parseCase(items, expected: expected)
        case .coalesce: return parseCoalesce(items, expected: expected)
        case .match: return parseMatch(items, expected: expected)
        case .step: return parseStep(items, expected: expected)
        case .interpolate: return parseInterpolate(op, items, expected: expected)
        case .at: return parseAt(items, expected: expected)
        case .membership: return parseMembership(op, items)
        case .slice: return parseSlice(items)
        case .length: return parseLength(items)
        case .comparison: return parseComparison(op, items)
        case .format: return parseFormat(items)
        case .numberFormat: return parseNumberFormat(items)
        case .collator: return parseCollator(items)
        case .image: return parseImage(items)
        case .geometry: return parseGeometryOperator(op, items)
        case .globalState: return parseGlobalState(items)
        }
    }
}
