import LocatedJSON

/// `at`: the item of an array at an index. One type checks it as MapLibre's parse does and compiles it.
package struct AtForm: SpecialForm {

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?
    {

        guard items.count == 3 else {
            return typing.error("Expected 2 arguments, but found \(items.count - 1) instead.")
        }
        let index = typing.parse(items, 1, expected: .number)
        let input = typing.parse(items, 2, expected: .array(expected ?? .value, nil))
        guard let index, let input else { return nil }
        return .node(input.type.itemType ?? .value, children: [index, input])
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {

        guard items.count == 3 else { throw EvaluationError("at needs two arguments") }
        let index = try compiler.compile(items, 1, expected: .number).run
        let input = try compiler.compile(items, 2, expected: .array(expected ?? .value, nil))
        let array = input.run
        return CompiledExpression(type: input.type.itemType ?? .value) { context throws(EvaluationError) in
            let position = try ExpressionCompiler.number(try index(context))
            guard case .array(let values) = try array(context) else { throw EvaluationError("Expected an array") }
            if position < 0 {
                throw EvaluationError("Array index out of bounds: \(JavaScriptNumber.string(position)) < 0.")
            }
            if position >= Double(values.count) {
                throw EvaluationError(
                    "Array index out of bounds: \(JavaScriptNumber.string(position)) > \(values.count - 1).")
            }
            if position != position.rounded(.down) {
                throw EvaluationError(
                    "Array index must be an integer, but found \(JavaScriptNumber.string(position)) instead.")
            }
            return values[Int(position)]
        }
    }
}
