import LocatedJSON

/// `var`: the value a `let` around it bound to the name. One type checks it as MapLibre's parse does and compiles it.
package struct VarForm: SpecialForm {
    /// Type-checks `items` (the whole `var` array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected _: ExpressionType?, in typing: ExpressionTyping)
        -> TypedExpression?
    {
        guard items.count == 2, let name = items[1].stringValue else {
            return typing.error("'var' expression requires exactly one string literal argument.")
        }
        guard let bound = typing.lookUp(name) else {
            return typing.error(
                "Unknown variable \"\(name)\". Make sure \"\(name)\" has been bound in an enclosing \"let\" expression before using it.",
                1)
        }
        var variable = TypedExpression(type: bound.type, form: .variable, operation: .variable)
        variable.isConstant = bound.isConstant
        if bound.isConstant { variable.inputs = [bound.constant ?? .unknown] }
        return variable
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected _: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError)
        -> CompiledExpression
    {
        guard items.count == 2, let name = items[1].stringValue, let (bound, slot) = compiler.lookUp(name) else {
            throw EvaluationError("Unknown variable")
        }
        if let constant = bound.constant { return .constant(constant, type: bound.type) }
        return CompiledExpression(type: bound.type) { context throws(EvaluationError) in
            guard slot < context.letBindings.count else { throw EvaluationError("Unknown variable") }
            return try context.letBindings[slot].value()
        }
    }
}
