import LocatedJSON

extension ExpressionTyping {
    /// Checks an operator by the rule its entry in `ExpressionRegistry` names.
    package func parseOperator(_ op: String, _ items: [JSONNode], expected: ExpressionType?) -> TypedExpression? {
        guard let form = ExpressionRegistry.operators[op] else {
            return error("Unknown expression \"\(op)\". If you wanted a literal array, use [\"literal\", [...]].", 0)
        }
        switch form {
        case .literal: return parseLiteral(items, expected: expected)
        case .semiliteral: return parseSemiliteral(items)
        case .assertion(let type): return parseAssertion(type, items)
        case .coercion(let type): return parseCoercion(type, items)
        case .bind: return LetForm.parse(items, expected: expected, in: self)
        case .variable: return VarForm.parse(items, expected: expected, in: self)
        case .branch: return CaseForm.parse(items, expected: expected, in: self)
        case .coalesce: return CoalesceForm.parse(items, expected: expected, in: self)
        case .match: return MatchForm.parse(items, expected: expected, in: self)
        case .step: return StepForm.parse(items, expected: expected, in: self)
        case .interpolate: return InterpolateForm.parse(items, expected: expected, in: self)
        case .at: return parseAt(items, expected: expected)
        case .membership(let returnsIndex): return parseMembership(returnsIndex: returnsIndex, items)
        case .slice: return parseSlice(items)
        case .length: return parseLength(items)
        case .comparison(let comparison): return parseComparison(op, comparison, items)
        case .format: return parseFormat(items)
        case .numberFormat: return parseNumberFormat(items)
        case .collator: return parseCollator(items)
        case .image: return parseImage(items)
        case .geometry(let isWithin): return parseGeometryOperator(op, isWithin: isWithin, items)
        case .globalState: return parseGlobalState(items)
        case .signature(let entry):
            var parsed = parseCompound(entry, items)
            if entry.isZoom, parsed != nil { parsed?.form = .zoom }
            return parsed
        }
    }
}
