import LocatedJSON

/// `match`: the output of the first label equal to the input, else the last; labels are literal strings or integers.
/// One type checks it as MapLibre's parse does and compiles it.
package struct MatchForm: SpecialForm {
    /// Type-checks `items` (the whole `match` array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping)
        -> TypedExpression?
    {
        guard items.count >= 5 else {
            return typing.error("Expected at least 4 arguments, but found only \(items.count - 1).")
        }
        guard items.count % 2 == 1 else { return typing.error("Expected an even number of arguments.") }
        var inputType: ExpressionType?
        var outputType = Self.branchType(expected)
        var stringLabels: Set<String> = []
        var numberLabels: Set<Double> = []
        var outputs: [TypedExpression] = []
        for index in stride(from: 2, to: items.count - 1, by: 2) {
            let written = items[index]
            if case .array(let labels) = written.value {
                guard !labels.isEmpty else { return typing.error("Expected at least one branch label.", index) }
                for label in labels {
                    guard
                        Self.checkLabel(
                            label, at: index, inputType: &inputType, strings: &stringLabels, numbers: &numberLabels,
                            in: typing)
                    else { return nil }
                }
            } else {
                guard
                    Self.checkLabel(
                        written, at: index, inputType: &inputType, strings: &stringLabels, numbers: &numberLabels,
                        in: typing)
                else { return nil }
            }
            // MapLibre keys a branch's output by its label's position.
            guard let result = typing.parse(items[index + 1], key: index, truthful: false, expected: outputType) else {
                return nil
            }
            outputType = outputType ?? result.type
            outputs.append(result)
        }
        guard let input = typing.parse(items, 1, expected: .value) else { return nil }
        guard let otherwise = typing.parse(items, items.count - 1, expected: outputType) else { return nil }
        if let inputType, !input.type.isValue, typing.checkSubtype(inputType, input.type, at: 1) { return nil }
        outputs.append(otherwise)
        return .node(outputType ?? otherwise.type, children: [input] + outputs, outputs: outputs)
    }

    /// One branch label of `match`: a string or an integer, of the type of the first label, not seen before.
    private static func checkLabel(
        _ label: JSONNode, at index: Int, inputType: inout ExpressionType?, strings: inout Set<String>,
        numbers: inout Set<Double>, in typing: ExpressionTyping
    ) -> Bool {
        let isNew: Bool
        switch label.value {
        case .string(let text):
            if let inputType, inputType != .string { return !typing.checkSubtype(inputType, .string, at: index) }
            inputType = .string
            isNew = strings.insert(text).inserted
        case .number(let number):
            let value = number.doubleValue
            guard abs(value) <= 9_007_199_254_740_991 else {
                typing.error("Branch labels must be integers no larger than 9007199254740991.", index)
                return false
            }
            guard value == value.rounded(.down) else {
                typing.error("Numeric branch labels must be integer values.", index)
                return false
            }
            if let inputType, inputType != .number { return !typing.checkSubtype(inputType, .number, at: index) }
            inputType = .number
            isNew = numbers.insert(value).inserted
        default:
            typing.error("Branch labels must be numbers or strings.", index)
            return false
        }
        if !isNew { typing.error("Branch labels must be unique.", index) }
        return isNew
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError)
        -> CompiledExpression
    {
        var outputType = Self.branchType(expected)
        let input = try compiler.compile(items, 1)
        var inputType: ExpressionType?
        var cases: [MatchKey: Int] = [:]
        var outputs: [CompiledExpression.Step] = []
        var index = 2
        while index + 1 < items.count {
            let labels = items[index].arrayValue ?? [items[index]]
            for label in labels {
                let key = MatchKey(label.value)
                inputType = inputType ?? key?.type
                if let key, cases[key] == nil { cases[key] = outputs.count }
            }
            let output = try compiler.compile(items, index + 1, expected: outputType)
            outputType = outputType ?? output.type
            outputs.append(output.run)
            index += 2
        }
        let otherwise = try compiler.compile(items, items.count - 1, expected: outputType)
        let fallback = otherwise.run
        // MapLibre parses the input as a value and asserts nothing: an input of another type takes the fallback.
        let inputStep = input.run
        return CompiledExpression(type: outputType ?? otherwise.type) { context throws(EvaluationError) in
            let value = try inputStep(context)
            if let key = MatchKey(value), key.type == inputType, let output = cases[key] {
                return try outputs[output](context)
            }
            return try fallback(context)
        }
    }
}
