import LocatedJSON

/// `case`: the first output whose test holds, else the last. One type checks it as MapLibre's parse does and compiles
/// it.
package struct CaseForm: SpecialForm {
    /// Type-checks `items` (the whole `case` array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping)
        -> TypedExpression?
    {
        guard items.count >= 4 else {
            return typing.error("Expected at least 3 arguments, but found only \(items.count - 1).")
        }
        guard items.count % 2 == 0 else { return typing.error("Expected an odd number of arguments.") }
        var outputType = Self.branchType(expected)
        var children: [TypedExpression] = []
        var outputs: [TypedExpression] = []
        for index in stride(from: 1, to: items.count - 1, by: 2) {
            guard let test = typing.parse(items, index, expected: .boolean) else { return nil }
            guard let result = typing.parse(items, index + 1, expected: outputType) else { return nil }
            outputType = outputType ?? result.type
            children += [test, result]
            outputs.append(result)
        }
        guard let otherwise = typing.parse(items, items.count - 1, expected: outputType) else { return nil }
        outputs.append(otherwise)
        return .node(outputType ?? otherwise.type, children: children + [otherwise], outputs: outputs)
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError)
        -> CompiledExpression
    {
        var outputType = Self.branchType(expected)
        var branches: [(test: CompiledExpression.Step, output: CompiledExpression.Step)] = []
        var index = 1
        while index + 1 < items.count {
            let test = try compiler.compile(items, index, expected: .boolean)
            let output = try compiler.compile(items, index + 1, expected: outputType)
            outputType = outputType ?? output.type
            branches.append((test.run, output.run))
            index += 2
        }
        let otherwise = try compiler.compile(items, items.count - 1, expected: outputType)
        let fallback = otherwise.run
        return CompiledExpression(type: outputType ?? otherwise.type) { context throws(EvaluationError) in
            for branch in branches where try branch.test(context).isTruthy { return try branch.output(context) }
            return try fallback(context)
        }
    }
}
