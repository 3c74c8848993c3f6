import LocatedJSON

/// `step`: the output of the highest stop at or below the input; stops are literal, ascending numbers. One type checks
/// it as MapLibre's parse does and compiles it.
package struct StepForm: SpecialForm {
    /// Type-checks `items` (the whole `step` array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping)
        -> TypedExpression?
    {
        guard items.count - 1 >= 4 else {
            return typing.error("Expected at least 4 arguments, but found only \(items.count - 1).")
        }
        guard (items.count - 1) % 2 == 0 else { return typing.error("Expected an even number of arguments.") }
        guard let input = typing.parse(items, 1, expected: .number) else { return nil }
        var outputType = Self.branchType(expected)
        var outputs: [TypedExpression] = []
        var previous: Double?
        for index in stride(from: 1, to: items.count, by: 2) {
            if index > 1 {
                guard let label = Self.stopLabel(items, at: index, after: previous, of: "step", in: typing) else {
                    return nil
                }
                previous = label
            }
            guard let output = typing.parse(items, index + 1, expected: outputType) else { return nil }
            outputType = outputType ?? output.type
            outputs.append(output)
        }
        let ownCurve: TypedExpression.ZoomCurve =
            input.form == .zoom ? .curve(id: typing.nextCurveID(), interpolates: false) : .none
        return .node(outputType ?? .value, children: [input] + outputs, ownCurve: ownCurve, outputs: outputs)
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError)
        -> CompiledExpression
    {
        let input = try compiler.compile(items, 1, expected: .number)
        var outputType = Self.branchType(expected)
        var labels: [Double] = [-.infinity]
        let first = try compiler.compile(items, 2, expected: outputType)
        outputType = outputType ?? first.type
        var outputs = [first.run]
        var index = 3
        while index + 1 < items.count {
            labels.append(items[index].numberValue?.doubleValue ?? 0)
            let output = try compiler.compile(items, index + 1, expected: outputType)
            outputs.append(output.run)
            index += 2
        }
        let inputStep = input.run
        return CompiledExpression(type: outputType ?? first.type) { context throws(EvaluationError) in
            if labels.count == 1 { return try outputs[0](context) }
            let value = try ExpressionCompiler.number(try inputStep(context))
            if value <= labels[0] { return try outputs[0](context) }
            if value >= labels[labels.count - 1] { return try outputs[labels.count - 1](context) }
            return try outputs[try ExpressionCompiler.stopIndex(labels, value)](context)
        }
    }
}
