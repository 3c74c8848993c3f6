import Foundation
import LocatedJSON

/// Bindings and branching: `let`, `var`, `case`, `coalesce`, `match`, `step`, `interpolate`.
extension ExpressionCompiler {
    /// The output type MapLibre parses branches against: the expected type unless it is `value`.
    private func branchType(_ expected: ExpressionType?) -> ExpressionType? {
        guard let expected, !expected.isValue else { return nil }
        return expected
    }

    package func compileLet(_ items: [JSONNode], expected: ExpressionType?) throws(EvaluationError)
        -> CompiledExpression
    {
        var bindings: [(name: String, value: CompiledExpression)] = []
        var index = 1
        while index + 1 < items.count {
            guard let name = items[index].stringValue else {
                throw EvaluationError("let: a binding name must be a string")
            }
            bindings.append((name, try compile(items, index + 1)))
            index += 2
        }
        let (body, firstSlot) = try withBindings(bindings) { () throws(EvaluationError) in
            try compile(items, items.count - 1, expected: expected)
        }
        if let constant = body.constant { return .constant(constant, type: body.type) }
        let steps = bindings.map(\.value.run)
        let bodyStep = body.run
        return CompiledExpression(type: body.type) { context throws(EvaluationError) in
            try context.budget.spend()
            var inner = context
            // Slots are numbered from the outermost `let`, as at compile time.
            inner.letBindings.removeSubrange(min(firstSlot, inner.letBindings.count)...)
            for step in steps { inner.letBindings.append(LetBinding(step: step, input: context)) }
            return try bodyStep(inner)
        }
    }

    package func compileVar(_ items: [JSONNode]) throws(EvaluationError) -> CompiledExpression {
        guard items.count == 2, let name = items[1].stringValue, let (bound, slot) = lookUp(name) else {
            throw EvaluationError("Unknown variable")
        }
        if let constant = bound.constant { return .constant(constant, type: bound.type) }
        return CompiledExpression(type: bound.type) { context throws(EvaluationError) in
            guard slot < context.letBindings.count else { throw EvaluationError("Unknown variable") }
            return try context.letBindings[slot].value()
        }
    }

    package func compileCase(_ items: [JSONNode], expected: ExpressionType?) throws(EvaluationError)
        -> CompiledExpression
    {
        var outputType = branchType(expected)
        var branches: [(test: CompiledExpression.Step, output: CompiledExpression.Step)] = []
        var index = 1
        while index + 1 < items.count {
            let test = try compile(items, index, expected: .boolean)
            let output = try compile(items, index + 1, expected: outputType)
            outputType = outputType ?? output.type
            branches.append((test.run, output.run))
            index += 2
        }
        let otherwise = try compile(items, items.count - 1, expected: outputType)
        let fallback = otherwise.run
        return CompiledExpression(type: outputType ?? otherwise.type) { context throws(EvaluationError) in
            for branch in branches where try branch.test(context).isTruthy { return try branch.output(context) }
            return try fallback(context)
        }
    }

    package func compileCoalesce(_ items: [JSONNode], expected: ExpressionType?) throws(EvaluationError)
        -> CompiledExpression
    {
        var outputType = branchType(expected)
        var arguments: [CompiledExpression] = []
        for index in 1..<items.count {
            let argument = try compile(items, index, expected: outputType, annotation: .omit)
            outputType = outputType ?? argument.type
            arguments.append(argument)
        }
        let needsAnnotation =
            expected.map { wanted in arguments.contains { !ExpressionType.isSubtype($0.type, of: wanted) } } ?? false
        let steps = arguments.map(\.run)
        return CompiledExpression(type: needsAnnotation ? .value : (outputType ?? .value)) {
            context throws(EvaluationError) in
            var result = ExpressionValue.null
            var requestedImage: String?
            for (count, step) in steps.enumerated() {
                result = try step(context)
                if case .image(let name, let available) = result, !available {
                    requestedImage = requestedImage ?? name
                    result = .null
                    if count == steps.count - 1, let requestedImage { result = .string(requestedImage) }
                }
                if result != .null { break }
            }
            return result
        }
    }

    package func compileMatch(_ items: [JSONNode], expected: ExpressionType?) throws(EvaluationError)
        -> CompiledExpression
    {
        var outputType = branchType(expected)
        let input = try compile(items, 1)
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
            let output = try compile(items, index + 1, expected: outputType)
            outputType = outputType ?? output.type
            outputs.append(output.run)
            index += 2
        }
        let otherwise = try compile(items, items.count - 1, expected: outputType)
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

    package func compileStep(_ items: [JSONNode], expected: ExpressionType?) throws(EvaluationError)
        -> CompiledExpression
    {
        let input = try compile(items, 1, expected: .number)
        var outputType = branchType(expected)
        var labels: [Double] = [-.infinity]
        let first = try compile(items, 2, expected: outputType)
        outputType = outputType ?? first.type
        var outputs = [first.run]
        var index = 3
        while index + 1 < items.count {
            labels.append(items[index].numberValue?.doubleValue ?? 0)
            let output = try compile(items, index + 1, expected: outputType)
            outputs.append(output.run)
            index += 2
        }
        let inputStep = input.run
        return CompiledExpression(type: outputType ?? first.type) { context throws(EvaluationError) in
            if labels.count == 1 { return try outputs[0](context) }
            let value = try Self.number(try inputStep(context))
            if value <= labels[0] { return try outputs[0](context) }
            if value >= labels[labels.count - 1] { return try outputs[labels.count - 1](context) }
            return try outputs[try Self.stopIndex(labels, value)](context)
        }
    }

    package func compileInterpolate(_ space: ColorSpace, _ items: [JSONNode], expected: ExpressionType?)
        throws(EvaluationError)
        -> CompiledExpression
    {
        guard items.count >= 5, let interpolation = items[1].arrayValue, let kind = interpolation.first?.stringValue
        else {
            throw EvaluationError("interpolate: bad arguments")
        }
        let curve: Interpolation
        switch kind {
        case "linear": curve = .exponential(1)
        case "exponential": curve = .exponential(interpolation[safe: 1]?.numberValue?.doubleValue ?? 1)
        case "cubic-bezier":
            let points = interpolation.dropFirst().compactMap(\.numberValue?.doubleValue)
            guard points.count == 4 else { throw EvaluationError("cubic-bezier needs four numbers") }
            curve = .bezier(UnitBezier(points[0], points[1], points[2], points[3]))
        default: throw EvaluationError("Unknown interpolation type \(kind)")
        }
        let input = try compile(items, 2, expected: .number)
        var outputType: ExpressionType? = branchType(expected)
        if space != .rgb, outputType != .colorArray { outputType = .color }
        var labels: [Double] = []
        var outputs: [CompiledExpression.Step] = []
        var index = 3
        while index + 1 < items.count {
            labels.append(items[index].numberValue?.doubleValue ?? 0)
            let output = try compile(items, index + 1, expected: outputType)
            outputType = outputType ?? output.type
            outputs.append(output.run)
            index += 2
        }
        let type = outputType ?? .number
        let inputStep = input.run
        return CompiledExpression(type: type) { context throws(EvaluationError) in
            if labels.count == 1 { return try outputs[0](context) }
            let value = try Self.number(try inputStep(context))
            if value <= labels[0] { return try outputs[0](context) }
            if value >= labels[labels.count - 1] { return try outputs[labels.count - 1](context) }
            let stop = try Self.stopIndex(labels, value)
            let t = curve.factor(value, lower: labels[stop], upper: labels[stop + 1])
            let lower = try outputs[stop](context)
            let upper = try outputs[stop + 1](context)
            return try Self.interpolate(lower, upper, t, space: space)
        }
    }

    /// Interpolates two outputs of the same type.
    package static func interpolate(_ lower: ExpressionValue, _ upper: ExpressionValue, _ t: Double, space: ColorSpace)
        throws(EvaluationError) -> ExpressionValue
    {
        switch (lower, upper) {
        case (.number(let a), .number(let b)): return .number(a + t * (b - a))
        case (.color(let a), .color(let b)): return .color(ColorSpace.interpolate(a, b, t, in: space))
        case (.array(let a), .array(let b)) where a.count == b.count:
            var result: [ExpressionValue] = []
            for (x, y) in zip(a, b) { result.append(try interpolate(x, y, t, space: space)) }
            return .array(result)
        case (.wrapped(let kind, let a), .wrapped(_, let b)):
            if kind == .variableAnchorOffsetCollection {
                guard a.count == b.count,
                    zip(a, b).enumerated().allSatisfy({ $0.offset % 2 == 1 || $0.element.0 == $0.element.1 })
                else {
                    throw EvaluationError(
                        "Cannot interpolate values containing mismatched anchors. from[0]: \(a.first?.text ?? ""), to[0]: \(b.first?.text ?? "")"
                    )
                }
            } else if a.count != b.count {
                throw EvaluationError(
                    "Cannot interpolate values of different length. from: \(lower.jsonText), to: \(upper.jsonText)")
            }
            var result: [ExpressionValue] = []
            for (x, y) in zip(a, b) { result.append(try interpolate(x, y, t, space: space)) }
            return .wrapped(kind, result)
        case (.string(let a), .string(let b)):
            return .projection(from: a, to: b, transition: t)
        default: return t < 1 ? lower : upper
        }
    }

    /// MapLibre's `findStopLessThanOrEqualTo`.
    package static func stopIndex(_ labels: [Double], _ value: Double) throws(EvaluationError) -> Int {
        var low = 0
        var high = labels.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if labels[middle] <= value {
                if middle == labels.count - 1 || value < labels[middle + 1] { return middle }
                low = middle + 1
            } else if labels[middle] > value {
                high = middle - 1
            } else {
                throw EvaluationError("Input is not a number.")
            }
        }
        return 0
    }

    package static func number(_ value: ExpressionValue) throws(EvaluationError) -> Double {
        guard case .number(let number) = value else {
            throw EvaluationError("Expected value to be of type number, but found \(value.type) instead.")
        }
        return number
    }
}

/// A `match` label as a dictionary key: numbers and strings (labels are literals of one of the two).
package struct MatchKey: Hashable {
    package let number: Double?
    package let string: String?

    package init?(_ value: JSONValue) {
        switch value {
        case .number(let number):
            self.number = number.doubleValue
            string = nil
        case .string(let text):
            string = text
            number = nil
        default: return nil
        }
    }

    package init?(_ value: ExpressionValue) {
        switch value {
        case .number(let number):
            self.number = number
            string = nil
        case .string(let text):
            string = text
            number = nil
        default: return nil
        }
    }

    package var type: ExpressionType { number != nil ? .number : .string }
}

/// How `interpolate` maps an input between two stops to 0...1.
package enum Interpolation {
    case exponential(Double)
    case bezier(UnitBezier)

    package func factor(_ value: Double, lower: Double, upper: Double) -> Double {
        switch self {
        case .exponential(let base):
            let difference = upper - lower
            let progress = value - lower
            if difference == 0 { return 0 }
            if base == 1 { return progress / difference }
            return (pow(base, progress) - 1) / (pow(base, difference) - 1)
        case .bezier(let curve):
            return curve.solve(Interpolation.exponential(1).factor(value, lower: lower, upper: upper))
        }
    }
}

/// A cubic Bézier timing curve through (0, 0) and (1, 1) (WebKit's `UnitBezier`, which MapLibre uses).
package struct UnitBezier {
    package let cx, bx, ax, cy, by, ay: Double

    package init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    package func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    package func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    package func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    package func solveX(_ x: Double, epsilon: Double = 1e-6) -> Double {
        if x < 0 { return 0 }
        if x > 1 { return 1 }
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < epsilon { return t }
            let derivative = sampleDerivativeX(t)
            if abs(derivative) < 1e-6 { break }
            t -= error / derivative
        }
        var low = 0.0
        var high = 1.0
        t = x
        for _ in 0..<20 {
            let sample = sampleX(t)
            if abs(sample - x) < epsilon { break }
            if x > sample { low = t } else { high = t }
            t = (high - low) * 0.5 + low
        }
        return t
    }

    package func solve(_ x: Double, epsilon: Double = 1e-6) -> Double { sampleY(solveX(x, epsilon: epsilon)) }
}
