import LocatedJSON

extension ExpressionTyping {
    /// Checks an operator by the rule its entry in `ExpressionRegistry` names.
    package func parseOperator(_ op: String, _ items: [JSONNode], expected: ExpressionType?) -> TypedExpression? {
        guard let form = ExpressionRegistry.operators[op] else {
            return error("Unknown expression \"\(op)\". If you wanted a literal array, use [\"literal\", [...]].", 0)
        }
        switch form {
        case .literal: return LiteralForm().parse(items, expected: expected, in: self)
        case .semiliteral: return SemiliteralForm().parse(items, expected: expected, in: self)
        case .assertion(let type): return AssertionForm(asserted: type).parse(items, expected: expected, in: self)
        case .coercion(let type): return CoercionForm(type: type).parse(items, expected: expected, in: self)
        case .bind: return LetForm().parse(items, expected: expected, in: self)
        case .variable: return VarForm().parse(items, expected: expected, in: self)
        case .branch: return CaseForm().parse(items, expected: expected, in: self)
        case .coalesce: return CoalesceForm().parse(items, expected: expected, in: self)
        case .match: return MatchForm().parse(items, expected: expected, in: self)
        case .step: return StepForm().parse(items, expected: expected, in: self)
        case .interpolate(let space): return InterpolateForm(space: space).parse(items, expected: expected, in: self)
        case .at: return AtForm().parse(items, expected: expected, in: self)
        case .membership(let returnsIndex):
            return MembershipForm(op: op, returnsIndex: returnsIndex).parse(items, expected: expected, in: self)
        case .slice: return SliceForm().parse(items, expected: expected, in: self)
        case .length: return LengthForm().parse(items, expected: expected, in: self)
        case .comparison(let comparison):
            return ComparisonForm(op: op, comparison: comparison).parse(items, expected: expected, in: self)
        case .format: return FormatForm().parse(items, expected: expected, in: self)
        case .numberFormat: return NumberFormatForm().parse(items, expected: expected, in: self)
        case .collator: return CollatorForm().parse(items, expected: expected, in: self)
        case .image: return ImageForm().parse(items, expected: expected, in: self)
        case .geometry(let isWithin):
            return GeometryForm(op: op, isWithin: isWithin).parse(items, expected: expected, in: self)
        case .globalState: return GlobalStateForm().parse(items, expected: expected, in: self)
        case .signature(let entry):
            var parsed = parseCompound(entry, items)
            if entry.isZoom, parsed != nil { parsed?.form = .zoom }
            return parsed
        }
    }
}
