import LocatedJSON

extension SpecValidationRun {
    /// Layer filters, as current MapLibre reads them: a filter that is not wholly legacy is an expression.
    /// Legacy syntax inside one is a warning with the expression to write instead (MapLibre's "Replace …
    /// with …"), and the filter is then type-checked as the expression it is.
    func validateFilter(_ node: JSONNode, path: JSONPath, layer: JSONNode? = nil) {
        guard FilterSyntax.classify(node) != .legacy else {
            validateLegacyFilter(node, path: path)
            return
        }
        if let mixed = FilterSyntax.firstMixedLegacyFilter(in: node) {
            var mixedPath = path
            for index in mixed.path { mixedPath.append(.index(index)) }
            report(.styleFilterMixed, mixedPath, mixed.node, FilterSyntax.mixedFilterMessage(mixed.node))
        }
        validateFilterExpression(node, path: path, layer: layer)
    }

    private static let filterOperators = SpecProperty(
        "filter", "enum", values: ["==", "!=", ">", ">=", "<", "<=", "in", "!in", "all", "any", "none", "has", "!has"])
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
                    if !isPlainlyValid(item, spec: Self.geometryTypes) {
                        validateEnum(item, spec: Self.geometryTypes, path: path().appending(index))
                    }
                } else if item.arrayValue != nil || item.objectValue != nil || item.isNull {
                    report(
                        .styleType, path().appending(index), item,
                        SpecWording.expected("string, number, or boolean", found: item))
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

/// The rules this file checks (listed in `SpecRule.all`).
extension SpecRule {
    /// A filter is invalid.
    public static let styleFilter = SpecRule(
        "style.filter", .error,
        summary: "A filter is invalid.",
        help: "Fix the filter at the marked place.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "filter": ↓["has"]}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "filter": ["has", "class"]}]}"#
            ),
        ])
    /// An expression filter holds legacy filter syntax, which it reads as an expression.
    public static let styleFilterMixed = SpecRule(
        "style.filter-mixed", .warning,
        summary: "An expression filter holds legacy filter syntax, which it reads as an expression.",
        help: "Replace the legacy part with the expression the message gives (mc-style migrate does it).",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "filter": ["all", ↓["==", "class", "sea"], ["==", ["get", "kind"], "sea"]]}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "filter": ["all", ["==", ["get", "class"], "sea"], ["==", ["get", "kind"], "sea"]]}]}"#
            ),
        ])
}
