import LocatedJSON

/// `let`: names bound to values for the last argument, which `var` reads. One type checks it as MapLibre's parse does
/// and compiles it.
package struct LetForm: SpecialForm {
    /// Type-checks `items` (the whole `let` array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping)
        -> TypedExpression?
    {
        guard items.count >= 4 else {
            return typing.error("Expected at least 3 arguments, but found \(items.count - 1) instead.")
        }
        var bindings: [(name: String, value: TypedExpression)] = []
        var index = 1
        while index < items.count - 1 {
            guard let name = items[index].stringValue else {
                return typing.error(
                    "Expected string, but found \(items[index].value.javaScriptTypeName) instead.", index)
            }
            if !name.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
            }) {
                return typing.error("Variable names must contain only alphanumeric characters or '_'.", index)
            }
            guard let value = typing.parse(items, index + 1) else { return nil }
            bindings.append((name, value))
            index += 2
        }
        guard let result = typing.parse(items, items.count - 1, expected: expected, bindings: bindings) else {
            return nil
        }
        return .node(
            result.type, children: bindings.map(\.value) + [result], ownCurve: result.zoomCurve, outputs: [result])
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError)
        -> CompiledExpression
    {
        var bindings: [(name: String, value: CompiledExpression)] = []
        var index = 1
        while index + 1 < items.count {
            guard let name = items[index].stringValue else {
                throw EvaluationError("let: a binding name must be a string")
            }
            bindings.append((name, try compiler.compile(items, index + 1)))
            index += 2
        }
        let (body, firstSlot) = try compiler.withBindings(bindings) { () throws(EvaluationError) in
            try compiler.compile(items, items.count - 1, expected: expected)
        }
        if let constant = body.constant { return .constant(constant, type: body.type) }
        let steps = bindings.map(\.value.run)
        let bodyStep = body.run
        return CompiledExpression(type: body.type) { context throws(EvaluationError) in
            try context.budget.spend()
            var inner = context
            // Slots are numbered from the outermost `let`, as at compile time.
            inner.letBindings.removeSubrange(min(firstSlot, inner.letBindings.count)...)
            for step in steps { inner.letBindings.append(LetBinding(step: step, input: context)) }
            return try bodyStep(inner)
        }
    }
}
