import LocatedJSON

/// One of MapLibre's special forms (every operator not defined by signature: `let`, `case`, `match`, `interpolate`,
/// `literal`, the assertions, `in`, `format`, `within`, ...) as one type that both type-checks it and compiles it, as
/// maplibre-style-spec keeps `parse` and `evaluate` in one class per form (`interpolate.ts`): its checking and its
/// compiling side by side, in one file. `ExpressionRegistry` names the form (and what tells its members apart, which
/// the value holds); `ExpressionTyping.parseOperator` and `ExpressionCompiler.compileOperator` hand it the expression's
/// array.
package protocol SpecialForm {
    /// Type-checks `items` (the whole expression array, operator first) as MapLibre's parse does, against the
    /// `expected` type, reporting errors through `typing`; nil after an error.
    func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?

    /// Compiles `items`, which `parse` accepted, through `compiler` into the step that evaluates them.
    func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
}

extension SpecialForm {
    /// The output type branches must share: the expected type unless it is `value` or absent.
    static func branchType(_ expected: ExpressionType?) -> ExpressionType? {
        guard let expected, !expected.isValue else { return nil }
        return expected
    }

    /// The label of one stop of `step` or `interpolate` (`name`) at `index`: a literal number above the stop before
    /// (`previous`, nil for the first); nil, with MapLibre's error recorded through `typing`, otherwise.
    static func stopLabel(
        _ items: [JSONNode], at index: Int, after previous: Double?, of name: String, in typing: ExpressionTyping
    ) -> Double? {
        guard let label = items[index].numberValue?.doubleValue else {
            typing.error(
                "Input/output pairs for \"\(name)\" expressions must be defined using literal numeric values (not computed expressions) for the input values.",
                index)
            return nil
        }
        if let previous, label <= previous {
            typing.error(
                "Input/output pairs for \"\(name)\" expressions must be arranged with input values in strictly ascending order.",
                index)
            return nil
        }
        return label
    }
}
