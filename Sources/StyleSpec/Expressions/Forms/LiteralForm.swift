import LocatedJSON

/// `literal`: its one argument as a value, never an expression. One type checks it as MapLibre's parse does and
/// compiles it.
package struct LiteralForm: SpecialForm {

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?
    {

        guard items.count == 2 else {
            return typing.error(
                "'literal' expression requires exactly one argument, but found \(items.count - 1) instead.")
        }
        var type = ConstantValue.type(of: items[1].value)
        // An empty array literal takes the expected array type.
        if case .array(_, 0) = type, let expected, case .array(_, let length) = expected, length == nil || length == 0 {
            type = expected
        }
        return .literal(type, .json(items[1].value))
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {

        guard items.count == 2 else { throw EvaluationError("literal needs one argument") }
        var type = ConstantValue.type(of: items[1].value)
        if case .array(_, 0) = type, let expected, case .array(_, let length) = expected, length == nil || length == 0 {
            type = expected
        }
        return .constant(ExpressionValue(json: items[1].value), type: type)
    }
}
