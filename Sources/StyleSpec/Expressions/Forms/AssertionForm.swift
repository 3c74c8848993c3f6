import LocatedJSON

/// `array`, `boolean`, `number`, `string`, `object`: the first argument of the asserted type. One type checks it as
/// MapLibre's parse does and compiles it.
package struct AssertionForm: SpecialForm {
    /// The type asserted (`array` takes its item type and length from its arguments).
    let asserted: ExpressionType

    /// The form for one of its operators.
    package init(asserted: ExpressionType) {
        self.asserted = asserted
    }

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?
    {

        guard items.count >= 2 else { return typing.error("Expected at least one argument.") }
        var first = 1
        let type: ExpressionType
        switch asserted {
        case .array:
            var item = ExpressionType.value
            if items.count > 2 {
                switch items[1].stringValue {
                case "string": item = .string
                case "number": item = .number
                case "boolean": item = .boolean
                default:
                    return typing.error("The item type argument of \"array\" must be one of string, number, boolean", 1)
                }
                first += 1
            }
            var length: Int?
            if items.count > 3 {
                if !items[2].isNull {
                    guard let number = items[2].numberValue?.doubleValue, number >= 0, number == number.rounded(.down),
                        number <= Double(Int32.max)
                    else {
                        return typing.error("The length argument to \"array\" must be a positive integer literal", 2)
                    }
                    length = Int(number)
                }
                first += 1
            }
            type = .array(item, length)
        default: type = asserted
        }
        var inputs: [TypedExpression] = []
        for index in first..<items.count {
            guard let input = typing.parse(items, index, expected: .value) else { return nil }
            inputs.append(input)
        }
        return .node(type, form: .annotation, operation: .assertion, children: inputs)
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {

        var type = asserted
        var first = 1
        if case .array = asserted {
            var item = ExpressionType.value
            var length: Int?
            if items.count > 2, let name = items[1].stringValue {
                item = ["string": .string, "number": .number, "boolean": .boolean][name] ?? .value
                first = 2
            }
            if items.count > 3, let count = items[2].numberValue?.intValue {
                length = count
                first = 3
            }
            type = .array(item, length)
        }
        var arguments: [CompiledExpression] = []
        for index in first..<items.count { arguments.append(try compiler.compile(items, index, expected: .value)) }
        return ExpressionCompiler.assertion(type, arguments)
    }
}
