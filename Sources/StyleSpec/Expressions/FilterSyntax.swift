import LocatedJSON

/// How current MapLibre tells legacy filters from expressions (`classifyFilter`): by the shape of each node.
/// A filter is legacy only when nothing in it must be an expression; a node both syntaxes read alike
/// (`true`, `["has", "name"]`, an `all` of such) is neutral.
package enum FilterSyntax: Equatable {
    case legacy
    case expression
    case neutral

    package static func classify(_ filter: JSONNode) -> FilterSyntax {
        if filter.boolValue != nil { return .neutral }
        guard let items = filter.arrayValue, let first = items.first else { return .legacy }
        switch first.stringValue {
        case "has":
            if items.count < 2 || items[1].stringValue == "$id" || items[1].stringValue == "$type" { return .legacy }
            return items.count == 2 ? .neutral : .expression
        case "in":
            // Legacy `in` tests a property against values; the expression tests membership in an array or string.
            return items.count >= 3 && (items[1].stringValue == nil || items[2].arrayValue != nil)
                ? .expression : .legacy
        case "!in", "!has", "none":
            return .legacy
        case "==", "!=", ">", ">=", "<", "<=":
            return items.count != 3 || items[1].arrayValue != nil || items[2].arrayValue != nil ? .expression : .legacy
        case "any", "all":
            var sawLegacy = false
            for child in items.dropFirst() {
                switch classify(child) {
                case .expression: return .expression
                case .legacy: sawLegacy = true
                case .neutral: break
                }
            }
            return sawLegacy ? .legacy : .neutral
        default:
            return .expression
        }
    }

    /// The first legacy filter inside an expression filter, where MapLibre looks for one (operands of `all`,
    /// `any`, `none` and `!`, and the tests of `case`), with its position under the filter.
    package static func firstMixedLegacyFilter(in filter: JSONNode) -> (path: [Int], node: JSONNode)? {
        mixedLegacyFilters(in: filter).first
    }

    /// Every legacy filter inside an expression filter where MapLibre looks for one, outermost first (what
    /// `mc-style migrate` rewrites; a legacy filter's own insides are part of it).
    package static func mixedLegacyFilters(in filter: JSONNode, path: [Int] = []) -> [(path: [Int], node: JSONNode)] {
        guard let items = filter.arrayValue, let op = items.first?.stringValue else { return [] }
        var found: [(path: [Int], node: JSONNode)] = []
        for index in operandPositions(op, count: items.count) where items[index].arrayValue != nil {
            let child = items[index]
            if classify(child) == .legacy {
                found.append((path + [index], child))
            } else {
                found += mixedLegacyFilters(in: child, path: path + [index])
            }
        }
        return found
    }

    /// Where MapLibre looks for legacy filters inside an expression: operands of `all`, `any`, `none`, `!`,
    /// and the tests of `case`.
    private static func operandPositions(_ op: String, count: Int) -> [Int] {
        switch op {
        case "all", "any", "none": return Array(1..<max(1, count))
        case "!": return count > 1 ? [1] : []
        case "case": return count > 2 ? Array(stride(from: 1, to: count - 1, by: 2)) : []
        default: return []
        }
    }

    /// MapLibre's warning for a legacy filter inside an expression, with the expression to write instead.
    package static func mixedFilterMessage(_ legacy: JSONNode) -> String {
        let items = legacy.arrayValue ?? []
        let op = items.first?.stringValue ?? ""
        if ["<", "<=", ">", ">="].contains(op), items.count > 1, items[1].stringValue == "$type" {
            return "\"$type\" cannot be use with operator \"\(op)\""
        }
        let shown = javaScriptJSON(legacy)
        guard let replacement = expression(replacing: legacy) else {
            return
                "Mixing deprecated filter syntax with expression syntax is not supported. Convert \(shown) to expression syntax."
        }
        return
            "Mixing deprecated filter syntax with expression syntax is not supported. Replace \(shown) with \(javaScriptJSON(replacement))."
    }

    /// The expression MapLibre suggests for one legacy comparison, membership or presence test; nil for others.
    package static func expression(replacing legacy: JSONNode) -> JSONNode? {
        guard let items = legacy.arrayValue, let op = items.first?.stringValue else { return nil }
        func property(_ name: String) -> JSONNode {
            name == "$type"
                ? .array([.string("geometry-type")])
                : name == "$id" ? .array([.string("id")]) : .array([.string("get"), .string(name)])
        }
        switch op {
        case "==", "!=", "<", "<=", ">", ">=":
            guard items.count == 3, let key = items[1].stringValue else { return nil }
            return .array([.string(op), property(key), items[2]])
        case "in", "!in":
            guard items.count >= 2, let key = items[1].stringValue else { return nil }
            let test = JSONNode.array([
                .string("in"), property(key), .array([.string("literal"), .array(Array(items.dropFirst(2)))]),
            ])
            return op == "!in" ? .array([.string("!"), test]) : test
        case "has", "!has":
            guard items.count == 2, let key = items[1].stringValue, key != "$type", key != "$id" else { return nil }
            let test = JSONNode.array([.string("has"), .string(key)])
            return op == "!has" ? .array([.string("!"), test]) : test
        default:
            return nil
        }
    }

    /// `JSON.stringify` of a value: compact, numbers as JavaScript writes them.
    package static func javaScriptJSON(_ node: JSONNode) -> String { ExpressionValue(json: node.value).jsonText }
}
