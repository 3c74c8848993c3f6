import LocatedJSON

/// `collator`: how strings compare (case, diacritics, locale). One type checks it as MapLibre's parse does and compiles
/// it.
package struct CollatorForm: SpecialForm {

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?
    {

        guard items.count == 2 else { return typing.error("Expected one argument.") }
        guard let object = items[1].objectValue else {
            return typing.error("Collator options argument must be an object.")
        }
        var children: [TypedExpression] = []
        for name in ["case-sensitive", "diacritic-sensitive"] {
            let node = object[name] ?? JSONNode(.bool(false))
            guard let flag = typing.parse(node, key: 1, truthful: false, expected: .boolean) else { return nil }
            children.append(flag)
        }
        guard let locale = typing.parseOptions(object, [("locale", .string)]) else { return nil }
        return .node(.collator, children: children + locale, neverConstant: true)
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {

        guard items.count == 2, let options = items[1].objectValue else {
            throw EvaluationError("collator needs an options object")
        }
        let caseSensitive = try options["case-sensitive"].map { node throws(EvaluationError) in
            try compiler.compile(node, expected: .boolean).run
        }
        let diacriticSensitive = try options["diacritic-sensitive"].map { node throws(EvaluationError) in
            try compiler.compile(node, expected: .boolean).run
        }
        let locale = try options["locale"].map { node throws(EvaluationError) in
            try compiler.compile(node, expected: .string).run
        }
        return CompiledExpression(type: .collator) { context throws(EvaluationError) in
            let caseValue =
                try caseSensitive.map { step throws(EvaluationError) in try step(context).isTruthy } ?? false
            let diacriticValue =
                try diacriticSensitive.map { step throws(EvaluationError) in try step(context).isTruthy } ?? false
            let localeValue = try locale.map { step throws(EvaluationError) in try step(context).text }
            return .collator(
                ExpressionCollator(caseSensitive: caseValue, diacriticSensitive: diacriticValue, locale: localeValue))
        }
    }
}
