import LocatedJSON

/// Expressions checked for shape (the full type-checker is a separate step): where `zoom` may stand, and
/// whether the property accepts zoom- or data-dependent values at all.
enum ExpressionShape {
    /// MapLibre's test: a non-empty array whose first element names an expression operator.
    static func isExpression(_ node: JSONNode) -> Bool {
        guard let first = node[0]?.stringValue else { return false }
        return StyleSpecCatalog.expressionNames.contains(first)
    }

    /// Operators that read the feature being drawn.
    static let featureOperators: Set<String> = ["get", "has", "properties", "feature-state", "geometry-type", "id", "accumulated", "within", "distance"]

    /// What an expression depends on, found in one pass (outside `literal`).
    struct Usage {
        var zoom = false
        var featureState = false
        var data = false
    }

    static func usage(_ node: JSONNode) -> Usage {
        var result = Usage()
        var pending = [node]
        while let current = pending.popLast() {
            guard let items = current.arrayValue, let head = items.first?.stringValue else { continue }
            if head == "literal" { continue }
            if head == "zoom" { result.zoom = true }
            if head == "feature-state" { result.featureState = true }
            if featureOperators.contains(head), !((head == "get" || head == "has") && items.count > 2) { result.data = true }
            pending.append(contentsOf: items.dropFirst().filter { $0.arrayValue != nil })
        }
        return result
    }

    /// Whether any sub-expression (outside `literal`) uses one of `operators`.
    static func uses(_ node: JSONNode, operators: Set<String>) -> Bool {
        var pending = [node]
        while let current = pending.popLast() {
            guard let items = current.arrayValue, let head = items.first?.stringValue else { continue }
            if head == "literal" { continue }
            if operators.contains(head) {
                // `get` and `has` with an object argument read that object, not the feature.
                if (head == "get" || head == "has"), items.count > 2 { pending.append(contentsOf: items.dropFirst()); continue }
                return true
            }
            pending.append(contentsOf: items.dropFirst())
        }
        return false
    }

    /// Result types of operators whose result does not depend on their arguments.
    static let resultTypes: [String: String] = {
        var types: [String: String] = [:]
        for op in ["+", "-", "*", "/", "%", "^", "pi", "e", "ln2", "abs", "ceil", "floor", "round", "sqrt", "log10", "ln", "log2",
                   "sin", "cos", "tan", "asin", "acos", "atan", "min", "max", "length", "to-number", "zoom", "heatmap-density",
                   "line-progress", "index-of", "distance", "number"] { types[op] = "number" }
        for op in ["concat", "downcase", "upcase", "to-string", "typeof", "resolved-locale", "string"] { types[op] = "string" }
        for op in ["==", "!=", ">", "<", ">=", "<=", "!", "all", "any", "has", "in", "within", "to-boolean", "is-supported-script", "boolean"] {
            types[op] = "boolean"
        }
        for op in ["rgb", "rgba", "to-color"] { types[op] = "color" }
        return types
    }()

    /// Operators whose every argument is a number.
    static let numericArguments: Set<String> = ["+", "-", "*", "/", "%", "^", "abs", "ceil", "floor", "round", "sqrt", "log10", "ln",
                                                "log2", "sin", "cos", "tan", "asin", "acos", "atan", "min", "max", "rgb", "rgba"]

    /// The first plain type error an expression shows without full type-checking: a literal argument of the
    /// wrong type to a numeric operator (`[2]`), or a result type the property cannot take (`""`).
    static func typeMismatch(_ node: JSONNode, expected spec: SpecProperty) -> (index: Int?, node: JSONNode, message: String)? {
        guard let items = node.arrayValue, let head = items.first?.stringValue else { return nil }
        if numericArguments.contains(head) {
            for (index, argument) in items.enumerated().dropFirst() where argument.stringValue != nil || argument.boolValue != nil {
                return (index, argument, "Expected number but found \(argument.specTypeName) instead.")
            }
        }
        let wanted: String?
        switch spec.type {
        case "number": wanted = "number"
        case "color": wanted = "color"
        case "boolean": wanted = "boolean"
        case "string", "enum": wanted = "string"
        default: wanted = nil
        }
        guard let wanted else { return nil }
        var found = resultTypes[head]
        if head == "literal", items.count == 2 {
            switch items[1].value {
            case .string: found = "string"
            case .number: found = "number"
            case .bool: found = "boolean"
            default: found = nil
            }
        }
        guard let found, found != wanted, !(wanted == "color" && found == "string") else { return nil }
        return (nil, node, "Expected \(wanted) but found \(found) instead.")
    }

    /// Whether `zoom` appears anywhere but as the input of one top-level `step` or `interpolate` (reached
    /// directly, through the result of `let`, or through an argument of `coalesce`), as MapLibre requires.
    static func misplacesZoom(_ node: JSONNode, usesZoom: Bool? = nil) -> Bool {
        guard usesZoom ?? uses(node, operators: ["zoom"]) else { return false }
        switch findZoomCurve(node) {
        case .failure: return true
        case .success(let curve): return curve == nil
        }
    }

    private struct ZoomCurveError: Error {}

    /// MapLibre's `findZoomCurve`: the zoom-input curve of an expression, nil when there is none, or an error
    /// when one is misplaced or there are two.
    private static func findZoomCurve(_ node: JSONNode) -> Result<JSONNode?, ZoomCurveError> {
        guard let items = node.arrayValue, let head = items.first?.stringValue, head != "literal" else { return .success(nil) }
        var result: JSONNode?
        if head == "step", items.count > 1, isZoom(items[1]) {
            result = node
        } else if head.hasPrefix("interpolate"), items.count > 2, isZoom(items[2]) {
            result = node
        } else if head == "let", let body = items.last, items.count > 1 {
            guard case .success(let inner) = findZoomCurve(body) else { return .failure(ZoomCurveError()) }
            result = inner
        } else if head == "coalesce" {
            for argument in items.dropFirst() {
                guard case .success(let inner) = findZoomCurve(argument) else { return .failure(ZoomCurveError()) }
                if let inner { result = inner; break }
            }
        }
        for child in items.dropFirst() {
            guard case .success(let found) = findZoomCurve(child) else { return .failure(ZoomCurveError()) }
            guard let found else { continue }
            guard let result, sameLocation(result, found) else { return .failure(ZoomCurveError()) }
        }
        return .success(result)
    }

    private static func isZoom(_ node: JSONNode) -> Bool { node.arrayValue?.count == 1 && node[0]?.stringValue == "zoom" }

    private static func sameLocation(_ a: JSONNode, _ b: JSONNode) -> Bool {
        if let first = a.location, let second = b.location { return first == second }
        return a == b
    }
}

extension ValidationRun {
    func validateExpressionShape(_ node: JSONNode, spec: SpecProperty, path: JSONPath, context: PropertyContext?) {
        if let mismatch = ExpressionShape.typeMismatch(node, expected: spec) {
            report("style.expression", mismatch.index.map { path.appending($0) } ?? path, mismatch.node, mismatch.message)
            return
        }
        let usage = ExpressionShape.usage(node)
        if ExpressionShape.misplacesZoom(node, usesZoom: usage.zoom) {
            report("style.expression", path, node, "\"zoom\" expression may only be used as input to a top-level \"step\" or \"interpolate\" expression.")
            return
        }
        let (usesZoom, usesFeatureState, usesData) = (usage.zoom, usage.featureState, usage.data)
        if context?.kind == "layout", usesFeatureState {
            report("style.expression", path, node, "\"feature-state\" data expressions are not supported with layout properties.")
        } else if usesData, !spec.supportsPropertyExpression {
            report("style.expression", path, node, "data expressions not supported")
        } else if usesZoom, !spec.supportsZoomExpression {
            report("style.expression", path, node, "zoom expressions not supported")
        }
    }

    /// Layer filters: expressions by shape, legacy filters as MapLibre checks them.
    func validateFilter(_ node: JSONNode, path: JSONPath) {
        if Self.isExpressionFilter(node) { return }
        validateLegacyFilter(node, path: path)
    }

    /// MapLibre's `isExpressionFilter`: tells an expression from a legacy filter by the shape of its arguments.
    static func isExpressionFilter(_ node: JSONNode) -> Bool {
        if node.boolValue != nil { return true }
        guard let items = node.arrayValue, let head = items.first?.stringValue else { return false }
        switch head {
        case "has": return items.count >= 2 && items[1].stringValue != "$id" && items[1].stringValue != "$type"
        case "in": return items.count >= 3 && (items[1].stringValue == nil || items[2].arrayValue != nil)
        case "!in", "!has", "none": return false
        case "==", "!=", ">", ">=", "<", "<=": return items.count != 3 || items[1].arrayValue != nil || items[2].arrayValue != nil
        case "any", "all": return items.dropFirst().allSatisfy { isExpressionFilter($0) || $0.boolValue != nil }
        default: return true
        }
    }

    private static let filterOperators = SpecProperty("filter", "enum", values: ["==", "!=", ">", ">=", "<", "<=", "in", "!in", "all", "any", "none", "has", "!has"])
    private static let geometryTypes = SpecProperty("$type", "enum", values: ["Point", "LineString", "Polygon"])

    /// Legacy filters, as MapLibre's `validateNonExpressionFilter`. `path` is made only for a finding.
    private func validateLegacyFilter(_ node: JSONNode, path: @autoclosure () -> JSONPath) {
        guard let items = node.arrayValue else {
            report("style.type", path(), node, "array expected, \(node.specTypeName) found")
            return
        }
        guard let first = items.first else {
            report("style.filter", path(), node, "filter array must have at least 1 element")
            return
        }
        if !isPlainlyValid(first, spec: Self.filterOperators) {
            validateEnum(first, spec: Self.filterOperators, path: path().appending(0))
        }
        let op = first.stringValue ?? ""
        switch op {
        case "<", "<=", ">", ">=", "==", "!=", "in", "!in":
            if ["<", "<=", ">", ">="].contains(op), items.count >= 2, items[1].stringValue == "$type" {
                report("style.filter", path(), node, "\"$type\" cannot be use with operator \"\(op)\"")
            }
            if ["<", "<=", ">", ">=", "==", "!="].contains(op), items.count != 3 {
                report("style.filter", path(), node, "filter array for operator \"\(op)\" must have 3 elements")
            }
            if items.count >= 2, items[1].stringValue == nil {
                report("style.type", path().appending(1), items[1], "string expected, \(items[1].specTypeName) found")
            }
            let isType = items.count >= 2 && items[1].stringValue == "$type"
            for index in items.indices.dropFirst(2) {
                let item = items[index]
                if isType {
                    if !isPlainlyValid(item, spec: Self.geometryTypes) { validateEnum(item, spec: Self.geometryTypes, path: path().appending(index)) }
                } else if item.arrayValue != nil || item.objectValue != nil || item.isNull {
                    report("style.type", path().appending(index), item, "string, number, or boolean expected, \(item.specTypeName) found")
                }
            }
        case "any", "all", "none":
            for index in items.indices.dropFirst() { validateLegacyFilter(items[index], path: path().appending(index)) }
        case "has", "!has":
            if items.count != 2 {
                report("style.filter", path(), node, "filter array for \"\(op)\" operator must have 2 elements")
            } else if items[1].stringValue == nil {
                report("style.type", path().appending(1), items[1], "string expected, \(items[1].specTypeName) found")
            }
        default:
            break
        }
    }
}
