import LocatedJSON

extension ValidationRun {
    /// Layer filters: expressions type-checked as boolean expressions, legacy filters as MapLibre checks
    /// them (with a warning when a legacy filter holds expressions, which it then cannot read).
    func validateFilter(_ node: JSONNode, path: JSONPath, layer: JSONNode? = nil) {
        if Self.isExpressionFilter(node) {
            validateFilterExpression(node, path: path, layer: layer)
            return
        }
        if let items = node.arrayValue, ["all", "any", "none"].contains(items.first?.stringValue ?? ""),
           items.dropFirst().contains(where: Self.isExpressionOnlyFilter) {
            report(.styleFilterMixed, path, node,
                   "this filter mixes legacy filter syntax and expressions, so it is read as a legacy filter and its expressions are not understood; write it wholly as an expression")
        }
        validateLegacyFilter(node, path: path)
    }

    /// A filter that only reads as an expression (`["==", ["get", "x"], 1]`, `["match", ...]`), not one that
    /// is also a legacy filter (`["has", "name"]`, `true`).
    static func isExpressionOnlyFilter(_ node: JSONNode) -> Bool {
        guard let items = node.arrayValue, let head = items.first?.stringValue, isExpressionFilter(node) else { return false }
        switch head {
        case "has": return items.count != 2 || items[1].stringValue == nil
        case "any", "all": return items.dropFirst().contains(where: isExpressionOnlyFilter)
        default: return true
        }
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
            report(.styleType, path(), node, SpecWording.expected("array", found: node))
            return
        }
        guard let first = items.first else {
            report(.styleFilter, path(), node, "filter array must have at least 1 element")
            return
        }
        if !isPlainlyValid(first, spec: Self.filterOperators) {
            validateEnum(first, spec: Self.filterOperators, path: path().appending(0))
        }
        let op = first.stringValue ?? ""
        switch op {
        case "<", "<=", ">", ">=", "==", "!=", "in", "!in":
            if ["<", "<=", ">", ">="].contains(op), items.count >= 2, items[1].stringValue == "$type" {
                report(.styleFilter, path(), node, "\"$type\" cannot be use with operator \"\(op)\"")
            }
            if ["<", "<=", ">", ">=", "==", "!="].contains(op), items.count != 3 {
                report(.styleFilter, path(), node, "filter array for operator \"\(op)\" must have 3 elements")
            }
            if items.count >= 2, items[1].stringValue == nil {
                report(.styleType, path().appending(1), items[1], SpecWording.expected("string", found: items[1]))
            }
            let isType = items.count >= 2 && items[1].stringValue == "$type"
            for index in items.indices.dropFirst(2) {
                let item = items[index]
                if isType {
                    if !isPlainlyValid(item, spec: Self.geometryTypes) { validateEnum(item, spec: Self.geometryTypes, path: path().appending(index)) }
                } else if item.arrayValue != nil || item.objectValue != nil || item.isNull {
                    report(.styleType, path().appending(index), item, SpecWording.expected("string, number, or boolean", found: item))
                }
            }
        case "any", "all", "none":
            for index in items.indices.dropFirst() { validateLegacyFilter(items[index], path: path().appending(index)) }
        case "has", "!has":
            if items.count != 2 {
                report(.styleFilter, path(), node, "filter array for \"\(op)\" operator must have 2 elements")
            } else if items[1].stringValue == nil {
                report(.styleType, path().appending(1), items[1], SpecWording.expected("string", found: items[1]))
            }
        default:
            break
        }
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let styleFilter = Rule("style.filter", .error,
                              summary: "A filter is invalid.",
                              help: "Fix the filter at the marked place.")
    static let styleFilterMixed = Rule("style.filter-mixed", .warning,
                              summary: "A legacy filter holds expressions, which it cannot read.",
                              help: "Write the whole filter as an expression.")
}
