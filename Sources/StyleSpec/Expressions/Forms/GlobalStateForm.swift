import LocatedJSON

/// `global-state`: a value the map sets at run time. One type checks it as MapLibre's parse does and compiles it.
package struct GlobalStateForm: SpecialForm {

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?
    {

        guard items.count == 2 else {
            return typing.error("Expected 1 argument, but found \(items.count - 1) instead.")
        }
        if items[1].isNull { return typing.error("Global state property must be defined.") }
        guard items[1].stringValue != nil else {
            return typing.error(
                "Global state property must be string, but found \(items[1].value.javaScriptTypeName) instead.")
        }
        return .node(.value, children: [], neverConstant: true)
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {

        guard items.count == 2, let key = items[1].stringValue else {
            throw EvaluationError("global-state needs a string key")
        }
        return CompiledExpression(type: .value) { context throws(EvaluationError) in context.globalState[key] ?? .null }
    }
}
