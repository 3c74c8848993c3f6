import LocatedJSON

/// Expressions recognised by shape: whether a value is an expression, and which operators it uses.
package enum ExpressionShape {
    /// MapLibre's test: a non-empty array whose first element names an expression operator.
    package static func isExpression(_ node: JSONNode) -> Bool {
        guard let first = node[0]?.stringValue else { return false }
        return StyleSpecCatalog.expressionNames.contains(first)
    }

    /// Whether any sub-expression (outside `literal`) uses one of `operators`.
    package static func uses(_ node: JSONNode, operators: Set<String>) -> Bool {
        var pending = [node]
        while let current = pending.popLast() {
            guard let items = current.arrayValue, let head = items.first?.stringValue else { continue }
            if head == "literal" { continue }
            if operators.contains(head) {
                // `get` and `has` with an object argument read that object, not the feature.
                if head == "get" || head == "has", items.count > 2 {
                    pending.append(contentsOf: items.dropFirst())
                    continue
                }
                return true
            }
            pending.append(contentsOf: items.dropFirst())
        }
        return false
    }
}
