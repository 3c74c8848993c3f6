import LocatedJSON

/// `==`, `!=`, `<`, `<=`, `>`, `>=`, with an optional collator. One type checks it as MapLibre's parse does and
/// compiles it.
package struct ComparisonForm: SpecialForm {
    /// The operator's name, as its messages quote it.
    let op: String
    /// Which comparison.
    let comparison: ComparisonOperator

    /// The form for one of its operators.
    package init(op: String, comparison: ComparisonOperator) {
        self.op = op
        self.comparison = comparison
    }

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?
    {

        guard items.count == 3 || items.count == 4 else { return typing.error("Expected two or three arguments.") }
        let isEquality = comparison.isEquality
        let comparable: Set<String> =
            isEquality ? ["boolean", "string", "number", "null", "value"] : ["string", "number", "value"]
        guard let lhs = typing.parse(items, 1, expected: .value) else { return nil }
        guard comparable.contains(lhs.type.kind) else {
            return typing.error("\"\(op)\" comparisons are not supported for type '\(lhs.type)'.", 1)
        }
        guard let rhs = typing.parse(items, 2, expected: .value) else { return nil }
        guard comparable.contains(rhs.type.kind) else {
            return typing.error("\"\(op)\" comparisons are not supported for type '\(rhs.type)'.", 2)
        }
        if lhs.type.kind != rhs.type.kind, !lhs.type.isValue, !rhs.type.isValue {
            return typing.error("Cannot compare types '\(lhs.type)' and '\(rhs.type)'.")
        }
        var children = [lhs, rhs]
        if !isEquality {
            // MapLibre asserts a `value` side to the other side's type.
            if lhs.type.isValue, !rhs.type.isValue {
                children[0] = .node(rhs.type, form: .annotation, operation: .assertion, children: [lhs])
            } else if !lhs.type.isValue, rhs.type.isValue {
                children[1] = .node(lhs.type, form: .annotation, operation: .assertion, children: [rhs])
            }
        }
        if items.count == 4 {
            let kinds = [lhs.type.kind, rhs.type.kind]
            guard kinds.contains("string") || kinds.contains("value") else {
                return typing.error("Cannot use collator to compare non-string types.")
            }
            guard let collator = typing.parse(items, 3, expected: .collator) else { return nil }
            children.append(collator)
        }
        return .node(.boolean, children: children)
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {

        guard items.count == 3 || items.count == 4 else { throw EvaluationError("Expected two or three arguments.") }
        let lhs = try compiler.compile(items, 1, expected: .value)
        let rhs = try compiler.compile(items, 2, expected: .value)
        let collator = items.count == 4 ? try compiler.compile(items, 3, expected: .collator).run : nil
        let ordered = !comparison.isEquality
        let untyped = lhs.type.isValue || rhs.type.isValue
        let left = lhs.run
        let right = rhs.run
        return CompiledExpression(type: .boolean) { context throws(EvaluationError) in
            let a = try left(context)
            let b = try right(context)
            if ordered, untyped {
                let (at, bt) = (a.type.kind, b.type.kind)
                guard at == bt, at == "string" || at == "number" else {
                    throw EvaluationError(
                        "Expected arguments for \"\(op)\" to be (string, string) or (number, number), but found (\(at), \(bt)) instead."
                    )
                }
            }
            if let collator {
                if !ordered, untyped, !(a.type.kind == "string" && b.type.kind == "string") {
                    return .boolean(ExpressionCompiler.compareBasic(comparison, a, b))
                }
                guard case .collator(let settings) = try collator(context), case .string(let x) = a,
                    case .string(let y) = b
                else {
                    return .boolean(ExpressionCompiler.compareBasic(comparison, a, b))
                }
                return .boolean(comparison.holds(order: CollatorComparison.compare(x, y, settings)))
            }
            return .boolean(ExpressionCompiler.compareBasic(comparison, a, b))
        }
    }
}
