import LocatedJSON

/// `slice`: part of an array or string. One type checks it as MapLibre's parse does and compiles it.
package struct SliceForm: SpecialForm {

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?
    {

        guard items.count == 3 || items.count == 4 else {
            return typing.error("Expected 2 or 3 arguments, but found \(items.count - 1) instead.")
        }
        let input = typing.parse(items, 1, expected: .value)
        let begin = typing.parse(items, 2, expected: .number)
        guard let input, let begin else { return nil }
        guard ["string", "array", "value"].contains(input.type.kind) else {
            return typing.error(
                "Expected first argument to be of type array or string, but found \(input.type) instead")
        }
        var children = [input, begin]
        if items.count == 4 {
            guard let end = typing.parse(items, 3, expected: .number) else { return nil }
            children.append(end)
        }
        return .node(input.type, children: children)
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {

        guard items.count == 3 || items.count == 4 else { throw EvaluationError("slice needs two or three arguments") }
        let input = try compiler.compile(items, 1, expected: .value)
        let begin = try compiler.compile(items, 2, expected: .number).run
        let end = items.count == 4 ? try compiler.compile(items, 3, expected: .number).run : nil
        let source = input.run
        return CompiledExpression(type: input.type.isArray || input.type == .string ? input.type : .value) {
            context throws(EvaluationError) in
            let value = try source(context)
            let from = try ExpressionCompiler.number(try begin(context))
            let to = try end.map { step throws(EvaluationError) in try ExpressionCompiler.number(try step(context)) }
            func range(_ count: Int) -> Range<Int> {
                func clamp(_ index: Double) -> Int {
                    let whole = index.isNaN ? 0 : index.rounded(.towardZero)
                    if whole < 0 { return max(0, count + Int(max(whole, -Double(count)))) }
                    return min(count, Int(min(whole, Double(count))))
                }
                let lower = clamp(from)
                let upper = to.map(clamp) ?? count
                return lower..<max(lower, upper)
            }
            switch value {
            case .string(let text):
                let scalars = Array(text.unicodeScalars)
                var result = String.UnicodeScalarView()
                result.append(contentsOf: scalars[range(scalars.count)])
                return .string(String(result))
            case .array(let values):
                return .array(Array(values[range(values.count)]))
            default:
                throw EvaluationError(
                    "Expected first argument to be of type array or string, but found \(value.type) instead.")
            }
        }
    }
}
