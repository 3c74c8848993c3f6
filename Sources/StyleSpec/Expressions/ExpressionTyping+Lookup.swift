import LocatedJSON

/// Arrays and strings (`at`, `in`, `index-of`, `slice`, `length`) and comparisons.
extension ExpressionTyping {
    package func parseAt(_ items: [JSONNode], expected: ExpressionType?) -> TypedExpression? {
        guard items.count == 3 else { return error("Expected 2 arguments, but found \(items.count - 1) instead.") }
        let index = parse(items, 1, expected: .number)
        let input = parse(items, 2, expected: .array(expected ?? .value, nil))
        guard let index, let input else { return nil }
        return .node(input.type.itemType ?? .value, children: [index, input])
    }

    /// `in` and `index-of`: a needle of a primitive type in an array or string.
    package func parseMembership(returnsIndex: Bool, _ items: [JSONNode]) -> TypedExpression? {
        if !returnsIndex {
            guard items.count == 3 else { return error("Expected 2 arguments, but found \(items.count - 1) instead.") }
        } else {
            guard items.count == 3 || items.count == 4 else {
                return error("Expected 2 or 3 arguments, but found \(items.count - 1) instead.")
            }
        }
        let needle = parse(items, 1, expected: .value)
        let haystack = parse(items, 2, expected: .value)
        guard let needle, let haystack else { return nil }
        guard ["boolean", "string", "number", "null", "value"].contains(needle.type.kind) else {
            return error(
                "Expected first argument to be of type boolean, string, number or null, but found \(needle.type) instead"
            )
        }
        guard ["string", "array", "value"].contains(haystack.type.kind) else {
            return error("Expected second argument to be of type array or string, but found \(haystack.type) instead")
        }
        var children = [needle, haystack]
        if items.count == 4 {
            guard let from = parse(items, 3, expected: .number) else { return nil }
            children.append(from)
        }
        return .node(returnsIndex ? .number : .boolean, children: children)
    }

    package func parseSlice(_ items: [JSONNode]) -> TypedExpression? {
        guard items.count == 3 || items.count == 4 else {
            return error("Expected 2 or 3 arguments, but found \(items.count - 1) instead.")
        }
        let input = parse(items, 1, expected: .value)
        let begin = parse(items, 2, expected: .number)
        guard let input, let begin else { return nil }
        guard ["string", "array", "value"].contains(input.type.kind) else {
            return error("Expected first argument to be of type array or string, but found \(input.type) instead")
        }
        var children = [input, begin]
        if items.count == 4 {
            guard let end = parse(items, 3, expected: .number) else { return nil }
            children.append(end)
        }
        return .node(input.type, children: children)
    }

    package func parseLength(_ items: [JSONNode]) -> TypedExpression? {
        guard items.count == 2 else { return error("Expected 1 argument, but found \(items.count - 1) instead.") }
        guard let input = parse(items, 1) else { return nil }
        guard ["string", "array", "value"].contains(input.type.kind) else {
            return error("Expected argument of type string or array, but found \(input.type) instead.")
        }
        return .node(.number, children: [input])
    }

    /// `==`, `!=`, `<`, `<=`, `>`, `>=`, with an optional collator.
    package func parseComparison(_ op: String, _ comparison: ComparisonOperator, _ items: [JSONNode])
        -> TypedExpression?
    {
        guard items.count == 3 || items.count == 4 else { return error("Expected two or three arguments.") }
        let isEquality = comparison.isEquality
        let comparable: Set<String> =
            isEquality ? ["boolean", "string", "number", "null", "value"] : ["string", "number", "value"]
        guard let lhs = parse(items, 1, expected: .value) else { return nil }
        guard comparable.contains(lhs.type.kind) else {
            return error("\"\(op)\" comparisons are not supported for type '\(lhs.type)'.", 1)
        }
        guard let rhs = parse(items, 2, expected: .value) else { return nil }
        guard comparable.contains(rhs.type.kind) else {
            return error("\"\(op)\" comparisons are not supported for type '\(rhs.type)'.", 2)
        }
        if lhs.type.kind != rhs.type.kind, !lhs.type.isValue, !rhs.type.isValue {
            return error("Cannot compare types '\(lhs.type)' and '\(rhs.type)'.")
        }
        var children = [lhs, rhs]
        if !isEquality {
            // MapLibre asserts a `value` side to the other side's type.
            if lhs.type.isValue, !rhs.type.isValue {
                children[0] = .node(rhs.type, form: .annotation, operation: .assertion, children: [lhs])
            } else if !lhs.type.isValue, rhs.type.isValue {
                children[1] = .node(lhs.type, form: .annotation, operation: .assertion, children: [rhs])
            }
        }
        if items.count == 4 {
            let kinds = [lhs.type.kind, rhs.type.kind]
            guard kinds.contains("string") || kinds.contains("value") else {
                return error("Cannot use collator to compare non-string types.")
            }
            guard let collator = parse(items, 3, expected: .collator) else { return nil }
            children.append(collator)
        }
        return .node(.boolean, children: children)
    }
}
