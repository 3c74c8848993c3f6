import LocatedJSON
import StyleSpec

/// What a style value is whatever the feature and zoom, where that can be read off the value itself: the
/// numbers a property can take when every output is a literal (through legacy zoom functions, `interpolate`,
/// `step`, `match`, `case`, `coalesce` and `let`), and filters that are constant true or false. The lint
/// rules use it to find layers that can never draw; anything computed from data is "not constant".
enum ConstantStyleValue {
    /// Every number `node` can evaluate to, or nil when some output is not a literal number.
    static func numbers(_ node: JSONNode) -> [Double]? {
        switch node.value {
        case .number(let number):
            return [number.doubleValue]
        case .object(let function):
            // A data function's value for a feature without the property is the property's default.
            guard function["property"] == nil, let stops = function["stops"]?.arrayValue, !stops.isEmpty else {
                return nil
            }
            return collect(stops.map { $0[1] })
        case .array(let items):
            guard let op = items.first?.stringValue else { return nil }
            switch ExpressionRegistry.operators[op] {
            case .interpolate?:
                guard items.count >= 5 else { return nil }
                return collect(stride(from: 4, to: items.count, by: 2).map { items[$0] })
            case .literal?:
                return items.count == 2 ? numbers(items[1]) : nil
            default:
                let positions = LiteralOutputs.positions(of: op, count: items.count)
                guard !positions.isEmpty else { return nil }
                return collect(positions.map { items[$0] })
            }
        default:
            return nil
        }
    }

    /// True when `node` is a number that is 0 however it is evaluated.
    static func isZero(_ node: JSONNode?) -> Bool {
        guard let node, let values = numbers(node) else { return false }
        return values.allSatisfy { $0 == 0 }
    }

    /// True when `node` is a number that is 1 however it is evaluated (or absent, for a default of 1).
    static func isOneOrAbsent(_ node: JSONNode?) -> Bool {
        guard let node else { return true }
        guard let values = numbers(node) else { return false }
        return values.allSatisfy { $0 == 1 }
    }

    /// True when the filter keeps no feature whatever the data: `false`, `["any"]`, legacy `["in", KEY]`
    /// with no values, and `all`, `any`, `none` and `!` over such filters.
    static func isAlwaysFalse(_ filter: JSONNode) -> Bool { truth(filter) == false }

    /// What the filter gives for every feature, or nil when that depends on the feature.
    static func truth(_ filter: JSONNode) -> Bool? {
        if let flag = filter.boolValue { return flag }
        guard let items = filter.arrayValue, let op = items.first?.stringValue else { return nil }
        func operands() -> [Bool?] { items.dropFirst().map(truth) }
        switch op {
        case "all": return combine(operands(), deciding: false)
        case "any": return combine(operands(), deciding: true)
        case "none": return combine(operands(), deciding: true).map(!)
        case "!": return items.count == 2 ? truth(items[1]).map(!) : nil
        case "in", "!in": return items.count == 2 && items[1].stringValue != nil ? op == "!in" : nil
        default: return nil
        }
    }

    /// `all` (deciding false) or `any` (deciding true) over operands: the deciding value when one operand has
    /// it, the other when every operand has the other (so none at all gives the other), else unknown.
    private static func combine(_ operands: [Bool?], deciding: Bool) -> Bool? {
        if operands.contains(deciding) { return deciding }
        return operands.allSatisfy { $0 == !deciding } ? !deciding : nil
    }

    private static func collect(_ outputs: [JSONNode?]) -> [Double]? {
        var result: [Double] = []
        for output in outputs {
            guard let output, let values = numbers(output) else { return nil }
            result += values
        }
        return result.isEmpty ? nil : result
    }
}
