import LocatedJSON

/// `in` and `index-of`: a needle of a primitive type in an array or string. One type checks it as MapLibre's parse does
/// and compiles it.
package struct MembershipForm: SpecialForm {
    /// The operator's name, as its messages quote it.
    let op: String
    /// True for `index-of` (the index), false for `in` (a boolean).
    let returnsIndex: Bool

    /// The form for one of its operators.
    package init(op: String, returnsIndex: Bool) {
        self.op = op
        self.returnsIndex = returnsIndex
    }

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?
    {

        if !returnsIndex {
            guard items.count == 3 else {
                return typing.error("Expected 2 arguments, but found \(items.count - 1) instead.")
            }
        } else {
            guard items.count == 3 || items.count == 4 else {
                return typing.error("Expected 2 or 3 arguments, but found \(items.count - 1) instead.")
            }
        }
        let needle = typing.parse(items, 1, expected: .value)
        let haystack = typing.parse(items, 2, expected: .value)
        guard let needle, let haystack else { return nil }
        guard ["boolean", "string", "number", "null", "value"].contains(needle.type.kind) else {
            return typing.error(
                "Expected first argument to be of type boolean, string, number or null, but found \(needle.type) instead"
            )
        }
        guard ["string", "array", "value"].contains(haystack.type.kind) else {
            return typing.error(
                "Expected second argument to be of type array or string, but found \(haystack.type) instead")
        }
        var children = [needle, haystack]
        if items.count == 4 {
            guard let from = typing.parse(items, 3, expected: .number) else { return nil }
            children.append(from)
        }
        return .node(returnsIndex ? .number : .boolean, children: children)
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {
        let isIndex = returnsIndex

        guard items.count >= 3 else { throw EvaluationError("\(op) needs two arguments") }
        let needle = try compiler.compile(items, 1, expected: .value).run
        let haystack = try compiler.compile(items, 2, expected: .value).run
        let from = items.count > 3 ? try compiler.compile(items, 3, expected: .number).run : nil
        return CompiledExpression(type: isIndex ? .number : .boolean) { context throws(EvaluationError) in
            let value = try needle(context)
            let container = try haystack(context)
            if !isIndex, !container.isTruthy { return .boolean(false) }
            switch value {
            case .boolean, .string, .number, .null: break
            default:
                throw EvaluationError(
                    "Expected first argument to be of type boolean, string, number or null, but found \(value.type) instead."
                )
            }
            var start = 0.0
            if let from { start = try ExpressionCompiler.number(try from(context)) }
            switch container {
            case .string(let text):
                let units = Array(text.utf16)
                // JavaScript's `indexOf` makes the needle a string: null is "null".
                let target = Array((value == .null ? "null" : value.text).utf16)
                // String.prototype.indexOf: the position is clamped to 0...length.
                let begin = max(0, min(units.count, ExpressionCompiler.searchPosition(start, count: units.count)))
                var found = -1
                if target.count <= units.count - begin {
                    for position in begin...(units.count - target.count)
                    where Array(units[position..<(position + target.count)]) == target {
                        found = position
                        break
                    }
                }
                if !isIndex { return .boolean(found >= 0) }
                if found < 0 { return .number(-1) }
                return .number(Double(String(decoding: units[..<found], as: UTF16.self).unicodeScalars.count))
            case .array(let values):
                // Array.prototype.indexOf: a negative position counts from the end.
                var begin = ExpressionCompiler.searchPosition(start, count: values.count)
                if begin < 0 { begin = max(0, values.count + begin) }
                let found =
                    begin < values.count
                    ? (begin..<values.count).first { ExpressionCompiler.strictlyEqual(values[$0], value) } : nil
                return isIndex ? .number(Double(found ?? -1)) : .boolean(found != nil)
            default:
                throw EvaluationError(
                    "Expected second argument to be of type array or string, but found \(container.type) instead.")
            }
        }
    }
}
