import Foundation
import LocatedJSON

/// What the special forms (`Forms/`) evaluate with: blending two outputs, finding the stop around an input, the
/// keys of `match`, the curves of `interpolate`.
extension ExpressionCompiler {
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
