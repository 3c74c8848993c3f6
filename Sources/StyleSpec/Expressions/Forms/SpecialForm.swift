import LocatedJSON

/// One of MapLibre's special forms (`let`, `var`, `case`, `coalesce`, `match`, `step`, `interpolate`) as one type
/// that both type-checks it and compiles it, as maplibre-style-spec keeps `parse` and `evaluate` in one class per
/// form (`interpolate.ts`): what the form's arguments are is read in one place. `ExpressionRegistry` names the
/// form; `ExpressionTyping.parseOperator` and `ExpressionCompiler.compileOperator` hand it the expression's array.
package protocol SpecialForm {
    /// Type-checks `items` (the whole expression array, operator first) as MapLibre's parse does, against the
    /// `expected` type, reporting errors through `typing`; nil after an error.
    static func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?

    /// Compiles `items`, which `parse` accepted, through `compiler` into the step that evaluates them.
    static func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
}

extension SpecialForm {
    /// The output type branches must share: the expected type unless it is `value` or absent.
    static func branchType(_ expected: ExpressionType?) -> ExpressionType? {
        guard let expected, !expected.isValue else { return nil }
        return expected
    }
}
