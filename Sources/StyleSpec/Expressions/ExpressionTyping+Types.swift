import LocatedJSON

/// Literals, type assertions, coercions and variables.
extension ExpressionTyping {
    package func parseLiteral(_ items: [JSONNode], expected: ExpressionType?) -> TypedExpression? {
        guard items.count == 2 else {
            return error("'literal' expression requires exactly one argument, but found \(items.count - 1) instead.")
        }
        var type = ConstantValue.type(of: items[1].value)
        // An empty array literal takes the expected array type.
        if case .array(_, 0) = type, let expected, case .array(_, let length) = expected, length == nil || length == 0 {
            type = expected
        }
        return .literal(type, .json(items[1].value))
    }

    /// `["semiliteral", [...]]`: an array whose elements are expressions; anything else is a literal.
    package func parseSemiliteral(_ items: [JSONNode]) -> TypedExpression? {
        guard items.count == 2 else {
            return error(
                "'semiliteral' expression requires exactly one argument, but found \(items.count - 1) instead.")
        }
        guard let elements = items[1].arrayValue else {
            return .literal(ConstantValue.type(of: items[1].value), .json(items[1].value))
        }
        var parsed: [TypedExpression] = []
        var itemType: ExpressionType?
        for element in elements {
            guard let value = parse(element, key: 1, truthful: false) else { return nil }
            if itemType == nil {
                itemType = value.type
            } else if value.type.isArray || itemType != value.type {
                itemType = .value
            }
            parsed.append(value)
        }
        return .node(.array(itemType ?? .value, elements.count), children: parsed, outputs: parsed)
    }

    /// `array`, `boolean`, `number`, `string`, `object`: the first argument of the asserted type.
    package func parseAssertion(_ asserted: ExpressionType, _ items: [JSONNode]) -> TypedExpression? {
        guard items.count >= 2 else { return error("Expected at least one argument.") }
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
                default: return error("The item type argument of \"array\" must be one of string, number, boolean", 1)
                }
                first += 1
            }
            var length: Int?
            if items.count > 3 {
                if !items[2].isNull {
                    guard let number = items[2].numberValue?.doubleValue, number >= 0, number == number.rounded(.down),
                        number <= Double(Int32.max)
                    else {
                        return error("The length argument to \"array\" must be a positive integer literal", 2)
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
            guard let input = parse(items, index, expected: .value) else { return nil }
            inputs.append(input)
        }
        return .node(type, form: .annotation, operation: .assertion, children: inputs)
    }

    /// `to-boolean`, `to-color`, `to-number`, `to-string`.
    package func parseCoercion(_ type: ExpressionType, _ items: [JSONNode]) -> TypedExpression? {
        guard items.count >= 2 else { return error("Expected at least one argument.") }
        if type == .boolean || type == .string, items.count != 2 { return error("Expected one argument.") }
        var inputs: [TypedExpression] = []
        for index in 1..<items.count {
            guard let input = parse(items, index, expected: .value) else { return nil }
            inputs.append(input)
        }
        return .node(type, form: .annotation, operation: .coercion, children: inputs)
    }

}
