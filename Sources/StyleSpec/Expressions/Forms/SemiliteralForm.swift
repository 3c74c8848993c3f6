import LocatedJSON

/// `semiliteral`: an array whose elements are expressions; anything else a literal. One type checks it as MapLibre's
/// parse does and compiles it.
package struct SemiliteralForm: SpecialForm {

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?
    {

        guard items.count == 2 else {
            return typing.error(
                "'semiliteral' expression requires exactly one argument, but found \(items.count - 1) instead.")
        }
        guard let elements = items[1].arrayValue else {
            return .literal(ConstantValue.type(of: items[1].value), .json(items[1].value))
        }
        var parsed: [TypedExpression] = []
        var itemType: ExpressionType?
        for element in elements {
            guard let value = typing.parse(element, key: 1, truthful: false) else { return nil }
            if itemType == nil {
                itemType = value.type
            } else if value.type.isArray || itemType != value.type {
                itemType = .value
            }
            parsed.append(value)
        }
        return .node(.array(itemType ?? .value, elements.count), children: parsed, outputs: parsed)
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {

        guard items.count == 2 else { throw EvaluationError("semiliteral needs one argument") }
        guard let elements = items[1].arrayValue else { return .constant(ExpressionValue(json: items[1].value)) }
        var steps: [CompiledExpression.Step] = []
        for element in elements { steps.append(try compiler.compile(element, expected: .value).run) }
        return CompiledExpression(type: .array(.value, steps.count)) { context throws(EvaluationError) in
            var values: [ExpressionValue] = []
            for step in steps { values.append(try step(context)) }
            return .array(values)
        }
    }
}
