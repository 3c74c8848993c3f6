import LocatedJSON

/// `length`: how many items an array or characters a string has. One type checks it as MapLibre's parse does and
/// compiles it.
package struct LengthForm: SpecialForm {

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?
    {

        guard items.count == 2 else {
            return typing.error("Expected 1 argument, but found \(items.count - 1) instead.")
        }
        guard let input = typing.parse(items, 1) else { return nil }
        guard ["string", "array", "value"].contains(input.type.kind) else {
            return typing.error("Expected argument of type string or array, but found \(input.type) instead.")
        }
        return .node(.number, children: [input])
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {

        guard items.count == 2 else { throw EvaluationError("length needs one argument") }
        let input = try compiler.compile(items, 1).run
        return CompiledExpression(type: .number) { context throws(EvaluationError) in
            switch try input(context) {
            case .string(let text): return .number(Double(text.unicodeScalars.count))
            case .array(let values): return .number(Double(values.count))
            case let value:
                throw EvaluationError("Expected value to be of type string or array, but found \(value.type) instead.")
            }
        }
    }
}
