import LocatedJSON

/// `number-format`: a number as text, by locale, currency and digits. One type checks it as MapLibre's parse does and
/// compiles it.
package struct NumberFormatForm: SpecialForm {

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?
    {

        guard items.count == 3 else { return typing.error("Expected two arguments.") }
        guard let number = typing.parse(items, 1, expected: .number) else { return nil }
        guard let object = items[2].objectValue else {
            return typing.error("NumberFormat options argument must be an object.")
        }
        guard
            let options = typing.parseOptions(
                object,
                [
                    ("locale", .string), ("currency", .string), ("unit", .string),
                    ("min-fraction-digits", .number), ("max-fraction-digits", .number),
                ])
        else { return nil }
        if typing.option(object, "currency") != nil, typing.option(object, "unit") != nil {
            return typing.error("NumberFormat options `currency` and `unit` are mutually exclusive")
        }
        return .node(.string, children: [number] + options)
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {

        guard items.count == 3, let options = items[2].objectValue else {
            throw EvaluationError("number-format needs a number and options")
        }
        let number = try compiler.compile(items, 1, expected: .number).run
        func option(_ key: String, _ type: ExpressionType) throws(EvaluationError) -> CompiledExpression.Step? {
            guard let node = options[key] else { return nil }
            return try compiler.compile(node, expected: type).run
        }
        let locale = try option("locale", .string)
        let currency = try option("currency", .string)
        let unit = try option("unit", .string)
        let minimum = try option("min-fraction-digits", .number)
        let maximum = try option("max-fraction-digits", .number)
        return CompiledExpression(type: .string) { context throws(EvaluationError) in
            let value = try ExpressionCompiler.number(try number(context))
            var settings = NumberFormatting()
            settings.locale = try locale.map { step throws(EvaluationError) in try step(context).text }
            settings.currency = try currency.map { step throws(EvaluationError) in try step(context).text }
            settings.unit = try unit.map { step throws(EvaluationError) in try step(context).text }
            if let minimum, case .number(let digits) = try minimum(context) { settings.minimumFractionDigits = digits }
            if let maximum, case .number(let digits) = try maximum(context) { settings.maximumFractionDigits = digits }
            return .string(try settings.format(value))
        }
    }
}
