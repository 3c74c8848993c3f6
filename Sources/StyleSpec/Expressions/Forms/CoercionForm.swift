import LocatedJSON

/// `to-boolean`, `to-color`, `to-number`, `to-string`: the first argument that converts. One type checks it as
/// MapLibre's parse does and compiles it.
package struct CoercionForm: SpecialForm {
    /// The type converted to.
    let type: ExpressionType

    /// The form for one of its operators.
    package init(type: ExpressionType) {
        self.type = type
    }

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?
    {

        guard items.count >= 2 else { return typing.error("Expected at least one argument.") }
        if type == .boolean || type == .string, items.count != 2 { return typing.error("Expected one argument.") }
        var inputs: [TypedExpression] = []
        for index in 1..<items.count {
            guard let input = typing.parse(items, index, expected: .value) else { return nil }
            inputs.append(input)
        }
        return .node(type, form: .annotation, operation: .coercion, children: inputs)
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {

        var arguments: [CompiledExpression] = []
        for index in 1..<items.count { arguments.append(try compiler.compile(items, index, expected: .value)) }
        return ExpressionCompiler.coercion(type, arguments)
    }
}
