import Foundation

/// What MapLibre's signature-defined operators (`CompoundExpression`) do at run time, given their compiled
/// arguments (already asserted to their parameter types).
enum CompoundOperators {
    typealias Step = CompiledExpression.Step

    static func step(_ op: String, _ arguments: [Step]) -> Step? {
        if let math = unaryMath[op] {
            return { context throws(EvaluationError) in .number(math(try number(arguments[0], context))) }
        }
        switch op {
        case "error":
            return { context throws(EvaluationError) in throw EvaluationError(try arguments[0](context).text) }
        case "typeof":
            return { context throws(EvaluationError) in .string(try arguments[0](context).type.description) }
        case "to-rgba":
            return { context throws(EvaluationError) in
                guard case .color(let color) = try arguments[0](context) else {
                    throw EvaluationError("Expected a color")
                }
                let rgb = color.rgb
                return .array([.number(rgb[0] * 255), .number(rgb[1] * 255), .number(rgb[2] * 255), .number(rgb[3])])
            }
        case "rgb", "rgba":
            return { context throws(EvaluationError) in
                var channels: [ExpressionValue] = []
                for argument in arguments { channels.append(try argument(context)) }
                return .color(try ExpressionCompiler.rgba(channels))
            }
        case "has", "get":
            return { context throws(EvaluationError) in
                let key = try arguments[0](context).text
                let object: ExpressionObject
                if arguments.count > 1 {
                    guard case .object(let given) = try arguments[1](context) else {
                        throw EvaluationError("Expected an object")
                    }
                    object = given
                } else {
                    object = context.properties
                }
                let value = object[key]
                return op == "has" ? .boolean(value != nil) : (value ?? .null)
            }
        case "feature-state":
            return { context throws(EvaluationError) in context.featureState[try arguments[0](context).text] ?? .null }
        case "properties":
            return { context throws(EvaluationError) in .object(context.properties) }
        case "geometry-type":
            return { context throws(EvaluationError) in context.geometryType }
        case "id":
            return { context throws(EvaluationError) in context.id ?? .null }
        case "zoom":
            return { context throws(EvaluationError) in context.zoom.map(ExpressionValue.number) ?? .null }
        case "heatmap-density":
            return { context throws(EvaluationError) in .number(context.heatmapDensity ?? 0) }
        case "line-progress":
            return { context throws(EvaluationError) in .number(context.lineProgress ?? 0) }
        case "elevation":
            return { context throws(EvaluationError) in .number(context.elevation ?? 0) }
        case "accumulated":
            return { context throws(EvaluationError) in context.accumulated ?? .null }
        case "+", "*", "min", "max":
            return { context throws(EvaluationError) in
                var values: [Double] = []
                for argument in arguments { values.append(try number(argument, context)) }
                switch op {
                case "+": return .number(values.reduce(0, +))
                case "*": return .number(values.reduce(1, *))
                case "min": return .number(values.contains { $0.isNaN } ? .nan : values.min() ?? .infinity)
                default: return .number(values.contains { $0.isNaN } ? .nan : values.max() ?? -.infinity)
                }
            }
        case "-":
            return { context throws(EvaluationError) in
                let a = try number(arguments[0], context)
                return .number(arguments.count == 1 ? -a : a - (try number(arguments[1], context)))
            }
        case "/", "%", "^":
            return { context throws(EvaluationError) in
                let a = try number(arguments[0], context)
                let b = try number(arguments[1], context)
                switch op {
                case "/": return .number(a / b)
                case "%": return .number(a.truncatingRemainder(dividingBy: b))
                default: return .number(pow(a, b))
                }
            }
        case "ln2": return { _ throws(EvaluationError) in .number(M_LN2) }
        case "pi": return { _ throws(EvaluationError) in .number(Double.pi) }
        case "e": return { _ throws(EvaluationError) in .number(M_E) }
        case "all":
            return { context throws(EvaluationError) in
                for argument in arguments where !(try argument(context).isTruthy) { return .boolean(false) }
                return .boolean(true)
            }
        case "any":
            return { context throws(EvaluationError) in
                for argument in arguments where try argument(context).isTruthy { return .boolean(true) }
                return .boolean(false)
            }
        case "!":
            return { context throws(EvaluationError) in .boolean(!(try arguments[0](context).isTruthy)) }
        case "is-supported-script":
            return { _ throws(EvaluationError) in .boolean(true) }
        case "upcase":
            return { context throws(EvaluationError) in .string(try arguments[0](context).text.uppercased()) }
        case "downcase":
            return { context throws(EvaluationError) in .string(try arguments[0](context).text.lowercased()) }
        case "concat":
            return { context throws(EvaluationError) in
                var text = ""
                for argument in arguments { text += try argument(context).text }
                return .string(text)
            }
        case "split":
            return { context throws(EvaluationError) in
                let text = try arguments[0](context).text
                let delimiter = try arguments[1](context).text
                return .array(javaScriptSplit(text, delimiter).map(ExpressionValue.string))
            }
        case "join":
            return { context throws(EvaluationError) in
                guard case .array(let values) = try arguments[0](context) else {
                    throw EvaluationError("Expected an array")
                }
                return .string(values.map(\.text).joined(separator: try arguments[1](context).text))
            }
        case "resolved-locale":
            return { context throws(EvaluationError) in
                guard case .collator(let collator) = try arguments[0](context) else {
                    throw EvaluationError("Expected a collator")
                }
                return .string(CollatorComparison.resolvedLocale(collator))
            }
        default:
            return nil
        }
    }

    private static let unaryMath: [String: @Sendable (Double) -> Double] = [
        "sqrt": { $0.squareRoot() }, "log10": { log($0) / M_LN10 }, "ln": { log($0) }, "log2": { log($0) / M_LN2 },
        "sin": { sin($0) }, "cos": { cos($0) }, "tan": { tan($0) }, "asin": { asin($0) }, "acos": { acos($0) },
        "atan": { atan($0) },
        "abs": { abs($0) }, "floor": { $0.rounded(.down) }, "ceil": { $0.rounded(.up) },
        // JavaScript's Math.round goes up at .5; MapLibre rounds negative halves away from zero.
        "round": { $0 < 0 ? -((-$0 + 0.5).rounded(.down)) : ($0 + 0.5).rounded(.down) },
    ]

    private static func number(_ step: Step, _ context: EvaluationInput) throws(EvaluationError) -> Double {
        try ExpressionCompiler.number(try step(context))
    }

    /// JavaScript's `String.prototype.split` with a string separator (an empty one splits UTF-16 units).
    static func javaScriptSplit(_ text: String, _ separator: String) -> [String] {
        let units = Array(text.utf16)
        let target = Array(separator.utf16)
        if target.isEmpty { return units.map { String(decoding: [$0], as: UTF16.self) } }
        var parts: [String] = []
        var start = 0
        var index = 0
        while index + target.count <= units.count {
            if Array(units[index..<(index + target.count)]) == target {
                parts.append(String(decoding: units[start..<index], as: UTF16.self))
                index += target.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(String(decoding: units[start...], as: UTF16.self))
        return parts
    }
}
