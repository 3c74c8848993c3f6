import LocatedJSON

extension ExpressionParser {
    /// Dispatches on the operator name: MapLibre's expression registry.
    func parseOperator(_ op: String, _ items: [JSONNode], expected: ExpressionType?) -> TypedExpression? {
        switch op {
        case "literal": return parseLiteral(items, expected: expected)
        case "semiliteral": return parseSemiliteral(items)
        case "array", "boolean", "number", "string", "object": return parseAssertion(op, items)
        case "to-boolean", "to-color", "to-number", "to-string": return parseCoercion(op, items)
        case "let": return parseLet(items, expected: expected)
        case "var": return parseVar(items)
        case "case": return parseCase(items, expected: expected)
        case "coalesce": return parseCoalesce(items, expected: expected)
        case "match": return parseMatch(items, expected: expected)
        case "step": return parseStep(items, expected: expected)
        case "interpolate", "interpolate-hcl", "interpolate-lab": return parseInterpolate(op, items, expected: expected)
        case "at": return parseAt(items, expected: expected)
        case "in", "index-of": return parseMembership(op, items)
        case "slice": return parseSlice(items)
        case "length": return parseLength(items)
        case "==", "!=", "<", "<=", ">", ">=": return parseComparison(op, items)
        case "format": return parseFormat(items)
        case "number-format": return parseNumberFormat(items)
        case "collator": return parseCollator(items)
        case "image": return parseImage(items)
        case "within", "distance": return parseGeometryOperator(op, items)
        case "global-state": return parseGlobalState(items)
        default:
            guard let definition = CompoundSignatures.definitions[op] else {
                return error("Unknown expression \"\(op)\". If you wanted a literal array, use [\"literal\", [...]].", 0)
            }
            var parsed = parseCompound(op, definition, items)
            if op == "zoom", parsed != nil { parsed?.form = .zoom }
            return parsed
        }
    }
}
