import LocatedJSON

/// Evaluates constant expressions as far as their evaluation can fail, so that the errors MapLibre raises
/// while folding constants (a string that is not a color, an `rgba` channel out of range, an assertion on
/// a literal of the wrong type) are found at validation time. Values the checker does not need are
/// `.unknown`, which never fails.
package enum ConstantEvaluator {
    package struct Failure: Error {
        package let message: String
    }

    package static func evaluate(_ expression: TypedExpression) -> Result<ConstantValue, Failure> {
        let inputs = expression.inputs
        switch expression.operation {
        case .opaque:
            return .success(.unknown)
        case .variable:
            return .success(inputs.first ?? .unknown)
        case .assertion:
            return assert(inputs, as: expression.type)
        case .coercion:
            return coerce(inputs, to: expression.type)
        case .rgba:
            let channels = inputs.map { value -> Double? in
                if case .json(.number(let number)) = value { return number.doubleValue }
                return nil
            }
            guard channels.count >= 3, channels.allSatisfy({ $0 != nil }) else { return .success(.unknown) }
            if let message = rgbaError(channels.compactMap { $0 }) { return .failure(Failure(message: message)) }
            return .success(.color)
        }
    }

    /// MapLibre's `Assertion.evaluate`: the first input of the asserted type, else an error naming the last.
    private static func assert(_ inputs: [ConstantValue], as type: ExpressionType) -> Result<ConstantValue, Failure> {
        for (index, input) in inputs.enumerated() {
            guard let actual = input.type else { return .success(.unknown) }
            if ExpressionType.isSubtype(actual, of: type) { return .success(input) }
            if index == inputs.count - 1 {
                return .failure(Failure(message: "Expected value to be of type \(type), but found \(actual) instead."))
            }
        }
        return .success(.unknown)
    }

    /// MapLibre's `Coercion.evaluate` for the coercions that can fail: to color and to number.
    private static func coerce(_ inputs: [ConstantValue], to type: ExpressionType) -> Result<ConstantValue, Failure> {
        switch type {
        case .color: return coerceToColor(inputs)
        case .number: return coerceToNumber(inputs)
        default: return .success(.unknown)
        }
    }

    private static func coerceToColor(_ inputs: [ConstantValue]) -> Result<ConstantValue, Failure> {
        var failure: String?
        var last: JSONNode?
        for input in inputs {
            switch input {
            case .unknown: return .success(.unknown)
            case .color: return .success(.color)
            case .json(let value):
                let node = JSONNode(value)
                last = node
                if let text = node.stringValue {
                    if CSSColor.parse(text) != nil { return .success(.color) }
                } else if let items = node.arrayValue {
                    if items.count < 3 || items.count > 4 {
                        failure =
                            "Invalid rbga value \(node.specDisplay): expected an array containing either three or four numeric values."
                    } else {
                        let channels = items.map { $0.numberValue?.doubleValue }
                        if channels.allSatisfy({ $0 != nil }), let message = rgbaError(channels.compactMap { $0 }) {
                            failure = message
                        } else if channels.allSatisfy({ $0 != nil }) {
                            return .success(.color)
                        } else {
                            failure =
                                "Invalid rgba value \(node.specDisplay): 'r', 'g', and 'b' must be between 0 and 255."
                        }
                    }
                }
            }
        }
        let shown = last.map { $0.stringValue ?? $0.specDisplay } ?? "undefined"
        return .failure(Failure(message: failure ?? "Could not parse color from value '\(shown)'"))
    }

    private static func coerceToNumber(_ inputs: [ConstantValue]) -> Result<ConstantValue, Failure> {
        var last: JSONNode?
        for input in inputs {
            guard case .json(let value) = input else { return .success(.unknown) }
            let node = JSONNode(value)
            last = node
            switch node.value {
            case .null, .bool, .number:
                return .success(.unknown)
            case .string(let text):
                let trimmed = text.trimmingJavaScriptSpace()
                if trimmed.isEmpty || Double(trimmed) != nil { return .success(.unknown) }
            case .array, .object:
                continue
            }
        }
        return .failure(Failure(message: "Could not convert \(last?.specDisplay ?? "null") to number."))
    }

    /// MapLibre's `validateRGBA`: nil when the channels are in range.
    package static func rgbaError(_ channels: [Double]) -> String? {
        let shown = channels.map { JSONNumber($0).text }.joined(separator: ", ")
        guard channels.prefix(3).allSatisfy({ $0 >= 0 && $0 <= 255 }) else {
            return "Invalid rgba value [\(shown)]: 'r', 'g', and 'b' must be between 0 and 255."
        }
        if channels.count > 3, !(channels[3] >= 0 && channels[3] <= 1) {
            return "Invalid rgba value [\(shown)]: 'a' must be between 0 and 1."
        }
        return nil
    }
}

extension String {
    /// The text without the leading and trailing white space JavaScript's `Number()` ignores.
    package func trimmingJavaScriptSpace() -> Substring {
        let space: Set<Character> = [
            " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{A0}", "\u{FEFF}", "\u{2028}", "\u{2029}",
        ]
        var text = Substring(self)
        while let first = text.first, space.contains(first) { text.removeFirst() }
        while let last = text.last, space.contains(last) { text.removeLast() }
        return text
    }
}
