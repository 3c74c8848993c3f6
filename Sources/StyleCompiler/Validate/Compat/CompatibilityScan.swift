import LocatedJSON
import StyleSpec

/// Finds every use in a style that the specification's support table dates (`RendererSupport`).
public enum CompatibilityScan {
    /// Operators whose value depends on the feature: a property using one is data-driven.
    static let featureOperators: Set<String> = [
        "get", "has", "properties", "feature-state", "geometry-type", "id", "accumulated",
    ]

    /// Every dated use in `style`, in document order; `locator` places them in their files.
    public static func uses(in style: JSONNode, locator: any SourceLocator) -> [CompatibilityUse] {
        uses(in: style, locator: locator, keeping: nil)
    }

    /// The uses of the rows `keeping` keeps (all without it), placed in their files unless `locating` is off: a
    /// check that wants only what some renderer cannot draw skips the thousands of uses every version draws,
    /// and a verdict that shows no place skips finding places.
    static func uses(
        in style: JSONNode, locator: any SourceLocator, keeping: ((RendererSupport.Row) -> Bool)?,
        locating: Bool = true
    ) -> [CompatibilityUse] {
        let scan = Scan(locator: locator, keeping: keeping, locating: locating)
        scan.style(style)
        return scan.found
    }

    /// One walk: the uses found so far.
    private final class Scan {
        let locator: any SourceLocator
        let keeping: ((RendererSupport.Row) -> Bool)?
        let locating: Bool
        var found: [CompatibilityUse] = []

        init(locator: any SourceLocator, keeping: ((RendererSupport.Row) -> Bool)?, locating: Bool) {
            self.locator = locator
            self.keeping = keeping
            self.locating = locating
        }

        func style(_ root: JSONNode) {
            guard let object = root.objectValue else { return }
            for member in object.members {
                let path = JSONPath([.key(member.key)])
                add(
                    group: "$root", name: member.key, kind: .property, feature: "root property '\(member.key)'",
                    path: path, at: locator.keyLocation(of: member) ?? locator.location(of: member.value),
                    value: member.value)
                switch member.key {
                case "sources": sources(member.value)
                case "layers": layers(member.value)
                case "light", "sky", "terrain", "projection": properties(member.value, group: member.key, path: path)
                default: break
                }
            }
            if object["glyphs"] == nil { localFonts(object["layers"]) }
        }

        /// A style without `glyphs` whose symbol layers show text: the renderer draws it with local fonts, which
        /// the table dates as the `omit to use local fonts` capability of `glyphs`. The use is placed at the first
        /// such layer's `text-field`.
        private func localFonts(_ layers: JSONNode?) {
            for (index, layer) in (layers?.arrayValue ?? []).enumerated() where layer["type"]?.stringValue == "symbol" {
                guard let field = layer["layout"]?.objectValue?.member(forKey: "text-field") else { continue }
                for row in RendererSupport.rows(group: "$root", name: "glyphs")
                where row.capability == Capability.localFontsCapability {
                    if let keeping, !keeping(row) { continue }
                    found.append(
                        CompatibilityUse(
                            feature: "text without glyphs (local fonts)", capability: row.capability,
                            path: JSONPath([.key("layers"), .index(index), .key("layout"), .key("text-field")]),
                            location: locating ? locator.keyLocation(of: field) : nil, kind: .capability, row: row))
                }
                return
            }
        }

        private func sources(_ node: JSONNode) {
            for member in node.objectValue?.members ?? [] {
                guard let type = member.value["type"]?.stringValue else { continue }
                let group = "source_" + type.replacing("-", with: "_")
                let path = JSONPath([.key("sources"), .key(member.key)])
                for property in member.value.objectValue?.members ?? [] {
                    add(
                        group: group, name: property.key, kind: .property,
                        feature: "\(type) source property '\(property.key)'", path: path.appending(property.key),
                        at: locator.keyLocation(of: property), value: property.value)
                }
            }
        }

        private func layers(_ node: JSONNode) {
            for (index, layer) in (node.arrayValue ?? []).enumerated() {
                let path = JSONPath([.key("layers"), .index(index)])
                guard let type = layer["type"]?.stringValue else { continue }
                let typeNode = layer.objectValue?.member(forKey: "type")
                add(
                    group: "layer", name: "type:\(type)", kind: .layerType, feature: "layer type '\(type)'",
                    path: path.appending("type"), at: locator.location(of: typeNode?.value), value: nil)
                for member in layer.objectValue?.members ?? [] where !["type", "paint", "layout"].contains(member.key) {
                    add(
                        group: "layer", name: member.key, kind: .property, feature: "layer property '\(member.key)'",
                        path: path.appending(member.key), at: locator.keyLocation(of: member), value: member.value)
                }
                // A legacy filter (`["in", "class", "a"]`) is no expression: every version reads it.
                if let filter = layer["filter"], FilterSyntax.classify(filter) == .expression {
                    expressions(filter, path: path.appending("filter"))
                }
                for part in ["paint", "layout"] {
                    guard let properties = layer[part] else { continue }
                    self.properties(properties, group: "\(part)_\(type)", path: path.appending(part))
                }
            }
        }

        private func properties(_ node: JSONNode, group: String, path: JSONPath) {
            guard let members = node.objectValue?.members, !members.isEmpty else { return }
            let described = group.split(separator: "_").first.map { "\($0) property" } ?? "property"
            for member in members {
                add(
                    group: group, name: member.key, kind: .property, feature: "\(described) '\(member.key)'",
                    path: path.appending(member.key), at: locator.keyLocation(of: member), value: member.value)
                expressions(member.value, path: path.appending(member.key))
            }
        }

        /// The operators used in `node` (an expression, a filter or a function's stops), but not inside `literal`.
        private func expressions(_ node: JSONNode, path: JSONPath) {
            if let items = node.arrayValue {
                if let name = items.first?.stringValue {
                    if name == "literal" { return }
                    if !RendererSupport.rows(group: "expression_name", name: name).isEmpty {
                        add(
                            group: "expression_name", name: name, kind: .expression, feature: "expression '\(name)'",
                            path: path, at: locator.location(of: node), value: node)
                    } else if !RendererSupport.rows(group: "interpolation_name", name: name).isEmpty {
                        add(
                            group: "interpolation_name", name: name, kind: .expression,
                            feature: "interpolation '\(name)'", path: path, at: locator.location(of: node), value: node)
                    }
                }
                // Scalars hold no operator: no path is made for them.
                for (index, item) in items.enumerated() where item.arrayValue != nil || item.objectValue != nil {
                    expressions(item, path: path.appending(index))
                }
            } else if let object = node.objectValue {
                for member in object.members where member.key == "stops" || member.key == "default" {
                    expressions(member.value, path: path.appending(member.key))
                }
            }
        }

        /// The rows of an entry that apply to how it is written: basic functionality always, and each capability
        /// the value shows.
        private func add(
            group: String, name: String, kind: CompatibilityUse.Kind, feature: @autoclosure () -> String,
            path: JSONPath, at location: @autoclosure () -> SourceLocation?, value: JSONNode?
        ) {
            for row in RendererSupport.rows(group: group, name: name) {
                if let keeping, !keeping(row) { continue }
                guard let capability = Capability.parsed[row.capability], capability.applies(to: value, entry: name)
                else { continue }
                let feature = feature()
                let rowKind: CompatibilityUse.Kind = capability == .basic ? kind : .capability
                let words = capability == .basic ? feature : "\(row.capability.plainCapability) of \(feature)"
                found.append(
                    CompatibilityUse(
                        feature: words, capability: row.capability, path: path, location: locating ? location() : nil,
                        kind: rowKind,
                        row: row))
            }
        }
    }
}

/// The capabilities the scan can see in a style; the table's others (`omit to use local fonts`, ...) are not
/// detected.
enum Capability: Equatable {
    /// Each capability text of the table, parsed once (those the scan cannot see are absent).
    static let parsed: [String: Capability] = Dictionary(
        RendererSupport.rows.compactMap { row in Capability(row.capability).map { (row.capability, $0) } },
        uniquingKeysWith: { first, _ in first })

    /// The table's wording for a style without `glyphs` (the scan finds it by what is missing, not by a value).
    static let localFontsCapability = "omit to use local fonts"

    case basic
    case dataDriven
    case globalState
    case multidirectional
    /// A value of the entry, such as `encoding: mlt`.
    case value(String)
    /// `0-85 degrees` of `pitch`: the smallest range that holds the value.
    case degrees(Double)
    /// `number-format`'s `unit` option.
    case unit

    init?(_ text: String) {
        switch text {
        case "basic functionality": self = .basic
        case "data-driven styling": self = .dataDriven
        case "multidirectional": self = .multidirectional
        case "`unit` property": self = .unit
        case "mvt", "mlt": self = .value(text)
        default:
            if text.contains("`global-state`") {
                self = .globalState
            } else if text.hasPrefix("0-"), text.hasSuffix(" degrees"),
                let limit = Double(text.dropFirst(2).dropLast(8))
            {
                self = .degrees(limit)
            } else {
                return nil
            }
        }
    }

    /// True when the value (nil for a layer type) shows this capability.
    func applies(to value: JSONNode?, entry: String) -> Bool {
        switch self {
        case .basic: return true
        case .dataDriven: return value.map(Self.usesFeatureData) ?? false
        case .globalState: return value.map { Self.usesOperator(in: $0) { $0 == "global-state" } } ?? false
        case .multidirectional:
            // The array form: a list of directions or colours, not an expression.
            guard let items = value?.arrayValue, let first = items.first else { return false }
            return first.numberValue != nil || (first.stringValue.map { !ExpressionRegistry.isOperator($0) } ?? false)
        case .value(let word): return value?.stringValue == word
        case .degrees(let limit):
            // Only the smallest bracket that holds the value: 40 needs `0-60`, 70 needs `0-85`.
            guard let number = value?.numberValue?.doubleValue else { return false }
            let brackets: [Double] = [60, 85, 180]
            return brackets.first { number <= $0 } == limit
        case .unit:
            guard entry == "number-format", let options = value?.arrayValue?.last?.objectValue else { return false }
            return options["unit"] != nil
        }
    }

    static func usesFeatureData(_ node: JSONNode) -> Bool {
        if let object = node.objectValue { return object["property"] != nil }
        return usesOperator(in: node) { CompatibilityScan.featureOperators.contains($0) }
    }

    /// True when an operator `matches` accepts is used in `node` (one walk), outside `literal`.
    static func usesOperator(in node: JSONNode, _ matches: (String) -> Bool) -> Bool {
        guard let items = node.arrayValue else {
            return node.objectValue?.members.contains { usesOperator(in: $0.value, matches) } ?? false
        }
        if let name = items.first?.stringValue {
            if name == "literal" { return false }
            if matches(name) { return true }
        }
        return items.contains { usesOperator(in: $0, matches) }
    }
}

extension String {
    /// The capability without its Markdown link: "`global-state` expression".
    var plainCapability: String {
        guard let open = firstIndex(of: "["), let close = firstIndex(of: "]"), open < close,
            let end = self[close...].firstIndex(of: ")")
        else { return self }
        return String(self[..<open]) + String(self[index(after: open)..<close]) + String(self[index(after: end)...])
    }
}
