import LocatedJSON

/// `coalesce`: the first argument that is not null (nor an image the style lacks). One type checks it as MapLibre's
/// parse does and compiles it.
package struct CoalesceForm: SpecialForm {
    /// Type-checks `items` (the whole `coalesce` array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping)
        -> TypedExpression?
    {
        guard items.count >= 2 else { return typing.error("Expected at least one argument.") }
        var outputType = Self.branchType(expected)
        var arguments: [TypedExpression] = []
        for index in 1..<items.count {
            guard let argument = typing.parse(items, index, expected: outputType, annotation: .omit) else { return nil }
            outputType = outputType ?? argument.type
            arguments.append(argument)
        }
        let needsAnnotation =
            expected.map { wanted in arguments.contains { !ExpressionType.isSubtype($0.type, of: wanted) } } ?? false
        let ownCurve = arguments.first { $0.zoomCurve != .none }?.zoomCurve ?? .none
        return .node(
            needsAnnotation ? .value : outputType ?? .value, children: arguments, ownCurve: ownCurve, outputs: arguments
        )
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError)
        -> CompiledExpression
    {
        var outputType = Self.branchType(expected)
        var arguments: [CompiledExpression] = []
        for index in 1..<items.count {
            let argument = try compiler.compile(items, index, expected: outputType, annotation: .omit)
            outputType = outputType ?? argument.type
            arguments.append(argument)
        }
        let needsAnnotation =
            expected.map { wanted in arguments.contains { !ExpressionType.isSubtype($0.type, of: wanted) } } ?? false
        let steps = arguments.map(\.run)
        return CompiledExpression(type: needsAnnotation ? .value : (outputType ?? .value)) {
            context throws(EvaluationError) in
            var result = ExpressionValue.null
            var requestedImage: String?
            for (count, step) in steps.enumerated() {
                result = try step(context)
                if case .image(let name, let available) = result, !available {
                    requestedImage = requestedImage ?? name
                    result = .null
                    if count == steps.count - 1, let requestedImage { result = .string(requestedImage) }
                }
                if result != .null { break }
            }
            return result
        }
    }
}
