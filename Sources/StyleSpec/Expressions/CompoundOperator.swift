import Foundation
import LocatedJSON

/// An operator MapLibre defines by signature (its `CompoundExpression`): the result type, the overloads, what it
/// reads, how the checker records it, and what it does at run time. Its entry in `ExpressionRegistry` is the only
/// place any of this is written.
package struct CompoundOperator: Sendable {
    package typealias Step = CompiledExpression.Step

    /// The parameters of one overload: a fixed list, or any number of one type.
    package enum Parameters: Sendable {
        case fixed([ExpressionType])
        case varargs(ExpressionType)

        package var description: String {
            switch self {
            case .fixed(let types): return "(" + types.map(\.description).joined(separator: ", ") + ")"
            case .varargs(let type): return "(\(type)...)"
            }
        }
    }

    package let type: ExpressionType
    package let overloads: [Parameters]
    /// What the operator itself reads.
    package var reads: TypedExpression.Dependencies = []
    /// How a constant use is folded (`rgb` and `rgba` range-check their channels).
    package var operation: TypedExpression.Operation = .opaque
    /// True for an operator never folded, even with constant arguments (`error`).
    package var neverConstant = false
    /// True when the operator reads the feature's properties if given no object (`get`, `has`).
    package var readsFeatureWithoutObject = false
    /// True for `zoom`, whose use the checker records as the zoom input.
    package var isZoom = false
    /// Its run-time step, given the compiled arguments (already asserted to their parameter types).
    package let step: @Sendable (_ arguments: [Step]) -> Step

    package init(
        _ type: ExpressionType, _ overloads: [Parameters], reads: TypedExpression.Dependencies = [],
        step: @escaping @Sendable (_ arguments: [Step]) -> Step
    ) {
        self.type = type
        self.overloads = overloads
        self.reads = reads
        self.step = step
    }

    /// An operator of numbers to a number, evaluated by `math`.
    package static func math(_ math: @escaping @Sendable (Double) -> Double) -> CompoundOperator {
        CompoundOperator(.number, [.fixed([.number])]) { arguments in
            { context throws(EvaluationError) in .number(math(try number(arguments[0], context))) }
        }
    }

    /// A constant number (`pi`, `e`, `ln2`).
    package static func constant(_ value: Double) -> CompoundOperator {
        CompoundOperator(.number, [.fixed([])]) { _ in { _ throws(EvaluationError) in .number(value) } }
    }

    /// A number of any count of number arguments (`+`, `*`, `min`, `max`).
    package static func fold(_ fold: @escaping @Sendable ([Double]) -> Double) -> CompoundOperator {
        CompoundOperator(.number, [.varargs(.number)]) { arguments in
            { context throws(EvaluationError) in
                var values: [Double] = []
                for argument in arguments { values.append(try number(argument, context)) }
                return .number(fold(values))
            }
        }
    }

    /// A number of two numbers (`/`, `%`, `^`).
    package static func binary(_ operation: @escaping @Sendable (Double, Double) -> Double) -> CompoundOperator {
        CompoundOperator(.number, [.fixed([.number, .number])]) { arguments in
            { context throws(EvaluationError) in
                .number(operation(try number(arguments[0], context), try number(arguments[1], context)))
            }
        }
    }

    /// A string of one string (`upcase`, `downcase`).
    package static func text(_ transform: @escaping @Sendable (String) -> String) -> CompoundOperator {
        CompoundOperator(.string, [.fixed([.string])]) { arguments in
            { context throws(EvaluationError) in .string(transform(try arguments[0](context).text)) }
        }
    }

    /// A global the evaluation input holds (`zoom`, `line-progress`, ...), read as `value`.
    package static func input(
        _ type: ExpressionType, reads: TypedExpression.Dependencies,
        _ value: @escaping @Sendable (EvaluationInput) -> ExpressionValue
    ) -> CompoundOperator {
        CompoundOperator(type, [.fixed([])], reads: reads) { _ in { context throws(EvaluationError) in value(context) }
        }
    }

    /// `get` and `has`: a property of the given object, else of the feature.
    package static func property(
        _ type: ExpressionType, _ result: @escaping @Sendable (ExpressionValue?) -> ExpressionValue
    )
        -> CompoundOperator
    {
        var entry = CompoundOperator(type, [.fixed([.string]), .fixed([.string, .object])]) { arguments in
            { context throws(EvaluationError) in
                let key = try arguments[0](context).text
                guard arguments.count > 1 else { return result(context.properties[key]) }
                guard case .object(let given) = try arguments[1](context) else {
                    throw EvaluationError("Expected an object")
                }
                return result(given[key])
            }
        }
        entry.readsFeatureWithoutObject = true
        return entry
    }

    /// `all` and `any`: true unless (`all`) or once (`any`) an argument is `stopsAt`.
    package static func logical(stopsAt: Bool) -> CompoundOperator {
        CompoundOperator(.boolean, [.fixed([.boolean, .boolean]), .varargs(.boolean)]) { arguments in
            { context throws(EvaluationError) in
                for argument in arguments where try argument(context).isTruthy == stopsAt { return .boolean(stopsAt) }
                return .boolean(!stopsAt)
            }
        }
    }

    package static func number(_ step: Step, _ context: EvaluationInput) throws(EvaluationError) -> Double {
        try ExpressionCompiler.number(try step(context))
    }

    /// JavaScript's `String.prototype.split` with a string separator (an empty one splits UTF-16 units).
    package static func javaScriptSplit(_ text: String, _ separator: String) -> [String] {
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
