import LocatedJSON

/// Branching and curves: `case`, `coalesce`, `match`, `step`, `interpolate` (and its hcl/lab forms).
extension ExpressionTyping {
    /// The output type branches must share: the expected type unless it is `value` or absent.
    private func branchType(_ expected: ExpressionType?) -> ExpressionType? {
        guard let expected, !expected.isValue else { return nil }
        return expected
    }

    package func parseCase(_ items: [JSONNode], expected: ExpressionType?) -> TypedExpression? {
        guard items.count >= 4 else {
            return error("Expected at least 3 arguments, but found only \(items.count - 1).")
        }
        guard items.count % 2 == 0 else { return error("Expected an odd number of arguments.") }
        var outputType = branchType(expected)
        var children: [TypedExpression] = []
        var outputs: [TypedExpression] = []
        for index in stride(from: 1, to: items.count - 1, by: 2) {
            guard let test = parse(items, index, expected: .boolean) else { return nil }
            guard let result = parse(items, index + 1, expected: outputType) else { return nil }
            outputType = outputType ?? result.type
            children += [test, result]
            outputs.append(result)
        }
        guard let otherwise = parse(items, items.count - 1, expected: outputType) else { return nil }
        outputs.append(otherwise)
        return .node(outputType ?? otherwise.type, children: children + [otherwise], outputs: outputs)
    }

    package func parseCoalesce(_ items: [JSONNode], expected: ExpressionType?) -> TypedExpression? {
        guard items.count >= 2 else { return error("Expected at least one argument.") }
        var outputType = branchType(expected)
        var arguments: [TypedExpression] = []
        for index in 1..<items.count {
            guard let argument = parse(items, index, expected: outputType, annotation: .omit) else { return nil }
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

    package func parseMatch(_ items: [JSONNode], expected: ExpressionType?) -> TypedExpression? {
        guard items.count >= 5 else {
            return error("Expected at least 4 arguments, but found only \(items.count - 1).")
        }
        guard items.count % 2 == 1 else { return error("Expected an even number of arguments.") }
        var inputType: ExpressionType?
        var outputType = branchType(expected)
        var stringLabels: Set<String> = []
        var numberLabels: Set<Double> = []
        var outputs: [TypedExpression] = []
        for index in stride(from: 2, to: items.count - 1, by: 2) {
            let written = items[index]
            if case .array(let labels) = written.value {
                guard !labels.isEmpty else { return error("Expected at least one branch label.", index) }
                for label in labels {
                    guard
                        checkLabel(
                            label, at: index, inputType: &inputType, strings: &stringLabels, numbers: &numberLabels)
                    else { return nil }
                }
            } else {
                guard
                    checkLabel(
                        written, at: index, inputType: &inputType, strings: &stringLabels, numbers: &numberLabels)
                else { return nil }
            }
            // MapLibre keys a branch's output by its label's position.
            guard let result = parse(items[index + 1], key: index, truthful: false, expected: outputType) else {
                return nil
            }
            outputType = outputType ?? result.type
            outputs.append(result)
        }
        guard let input = parse(items, 1, expected: .value) else { return nil }
        guard let otherwise = parse(items, items.count - 1, expected: outputType) else { return nil }
        if let inputType, !input.type.isValue, checkSubtype(inputType, input.type, at: 1) { return nil }
        outputs.append(otherwise)
        return .node(outputType ?? otherwise.type, children: [input] + outputs, outputs: outputs)
    }

    /// One branch label of `match`: a string or an integer, of the type of the first label, not seen before.
    private func checkLabel(
        _ label: JSONNode, at index: Int, inputType: inout ExpressionType?, strings: inout Set<String>,
        numbers: inout Set<Double>
    ) -> Bool {
        let isNew: Bool
        switch label.value {
        case .string(let text):
            if let inputType, inputType != .string { return !checkSubtype(inputType, .string, at: index) }
            inputType = .string
            isNew = strings.insert(text).inserted
        case .number(let number):
            let value = number.doubleValue
            guard abs(value) <= 9_007_199_254_740_991 else {
                error("Branch labels must be integers no larger than 9007199254740991.", index)
                return false
            }
            guard value == value.rounded(.down) else {
                error("Numeric branch labels must be integer values.", index)
                return false
            }
            if let inputType, inputType != .number { return !checkSubtype(inputType, .number, at: index) }
            inputType = .number
            isNew = numbers.insert(value).inserted
        default:
            error("Branch labels must be numbers or strings.", index)
            return false
        }
        if !isNew { error("Branch labels must be unique.", index) }
        return isNew
    }

    package func parseStep(_ items: [JSONNode], expected: ExpressionType?) -> TypedExpression? {
        guard items.count - 1 >= 4 else {
            return error("Expected at least 4 arguments, but found only \(items.count - 1).")
        }
        guard (items.count - 1) % 2 == 0 else { return error("Expected an even number of arguments.") }
        guard let input = parse(items, 1, expected: .number) else { return nil }
        var outputType = branchType(expected)
        var outputs: [TypedExpression] = []
        var previous = -Double.infinity
        for index in stride(from: 1, to: items.count, by: 2) {
            if index > 1 {
                guard let label = items[index].numberValue?.doubleValue else {
                    return error(
                        "Input/output pairs for \"step\" expressions must be defined using literal numeric values (not computed expressions) for the input values.",
                        index)
                }
                guard label > previous else {
                    return error(
                        "Input/output pairs for \"step\" expressions must be arranged with input values in strictly ascending order.",
                        index)
                }
                previous = label
            }
            guard let output = parse(items, index + 1, expected: outputType) else { return nil }
            outputType = outputType ?? output.type
            outputs.append(output)
        }
        let ownCurve: TypedExpression.ZoomCurve =
            input.form == .zoom ? .curve(id: nextCurveID(), interpolates: false) : .none
        return .node(outputType ?? .value, children: [input] + outputs, ownCurve: ownCurve, outputs: outputs)
    }

    package func parseInterpolate(_ space: ColorSpace, _ items: [JSONNode], expected: ExpressionType?)
        -> TypedExpression?
    {
        guard items.count > 1, let interpolation = items[1].arrayValue, let kind = interpolation.first else {
            return error("Expected an interpolation type expression.", 1)
        }
        switch kind.stringValue {
        case "linear":
            break
        case "exponential":
            guard interpolation.count > 1, interpolation[1].numberValue != nil else {
                return error("Exponential interpolation requires a numeric base.", 1, 1)
            }
        case "cubic-bezier":
            let points = interpolation.dropFirst()
            guard points.count == 4,
                points.allSatisfy({ ($0.numberValue?.doubleValue).map { $0 >= 0 && $0 <= 1 } ?? false })
            else {
                return error(
                    "Cubic bezier interpolation requires four numeric arguments with values between 0 and 1.", 1)
            }
        default:
            return error("Unknown interpolation type \(kind.stringValue ?? kind.specDisplay)", 1, 0)
        }
        guard items.count - 1 >= 4 else {
            return error("Expected at least 4 arguments, but found only \(items.count - 1).")
        }
        guard (items.count - 1) % 2 == 0 else { return error("Expected an even number of arguments.") }
        guard let input = parse(items, 2, expected: .number) else { return nil }
        var outputType: ExpressionType?
        if space != .rgb, expected != .colorArray {
            outputType = .color
        } else {
            outputType = branchType(expected)
        }
        var outputs: [TypedExpression] = []
        var previous = -Double.infinity
        for index in stride(from: 3, to: items.count, by: 2) {
            guard let label = items[index].numberValue?.doubleValue else {
                return error(
                    "Input/output pairs for \"interpolate\" expressions must be defined using literal numeric values (not computed expressions) for the input values.",
                    index)
            }
            guard outputs.isEmpty || label > previous else {
                return error(
                    "Input/output pairs for \"interpolate\" expressions must be arranged with input values in strictly ascending order.",
                    index)
            }
            previous = label
            guard let output = parse(items, index + 1, expected: outputType) else { return nil }
            outputType = outputType ?? output.type
            outputs.append(output)
        }
        let type = outputType ?? .value
        guard Self.isInterpolatable(type) else { return error("Type \(type) is not interpolatable.") }
        let ownCurve: TypedExpression.ZoomCurve =
            input.form == .zoom ? .curve(id: nextCurveID(), interpolates: true) : .none
        return .node(type, children: [input] + outputs, ownCurve: ownCurve, outputs: outputs)
    }

    /// The output types `interpolate` can blend.
    private static func isInterpolatable(_ type: ExpressionType) -> Bool {
        switch type {
        case .number, .projectionDefinition, .color, .padding, .numberArray, .colorArray,
            .variableAnchorOffsetCollection:
            return true
        case .array(.number, let length): return length != nil
        default: return false
        }
    }
}
