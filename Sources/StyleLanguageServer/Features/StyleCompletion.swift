import LocatedJSON
import StyleCompiler
import StyleSpec

extension LanguageServer {
    /// Completion in a style: property names for the place (root, source, layer, paint and layout for the
    /// layer's type), enum values, layer types and the style's source ids.
    func styleCompletion(_ document: TextDocument, offset: Int) -> ([CompletionItem], Range<Int>) {
        let cursor = JSONCursor(document.bytes, offset: offset)
        let style = styleTree(document)
        switch cursor.place {
        case .key(let range):
            guard let group = Self.group(of: cursor.path, in: style) else { return ([], range) }
            let items = StylePropertyFacts.properties(in: group).map { property in
                CompletionItem(
                    label: property.name, kind: .property, detail: Self.detail(property),
                    newText: Self.quoted(property.name))
            }
            return (items, range)
        case .value(let key?, let range):
            if cursor.path.count == 2, cursor.path[0] == .key("layers") {
                if key == "type" { return (StylePropertyFacts.layerTypes.map { Self.enumItem($0) }, range) }
                if key == "source" {
                    let sources = style?["sources"]?.objectValue?.keys ?? []
                    return (sources.map { Self.enumItem($0, kind: .reference) }, range)
                }
            }
            guard let group = Self.group(of: cursor.path, in: style),
                let property = StylePropertyFacts.property(key, in: group)
            else { return ([], range) }
            return (property.values.map { Self.enumItem($0) }, range)
        case .value(nil, let range):
            return ([], range)
        }
    }

    /// The document's parsed tree, or the last one that parsed while it is being typed.
    func styleTree(_ document: TextDocument) -> JSONNode? {
        if let tree = try? JSONParser().parse(bytes: document.bytes, name: document.path).root {
            lastStyleTrees[document.path] = tree
            return tree
        }
        return lastStyleTrees[document.path]
    }

    /// The specification's group of the object at `path`: `$root`, `source_<type>`, `layer`, or
    /// `paint_<type>`/`layout_<type>` with the layer's type read from the parsed style (nil when unknown).
    static func group(of path: [JSONCursor.Step], in style: JSONNode?) -> String? {
        switch path.count {
        case 0: return "$root"
        case 2 where path[0] == .key("sources"):
            guard case .key(let name) = path[1], let type = style?["sources"]?[name]?["type"]?.stringValue else {
                return nil
            }
            return "source_" + type.replacing("-", with: "_")
        case 2 where path[0] == .key("layers"): return "layer"
        case 3 where path[0] == .key("layers"):
            guard case .index(let index) = path[1], case .key(let part) = path[2], part == "paint" || part == "layout",
                let type = style?["layers"]?[index]?["type"]?.stringValue
            else { return nil }
            return "\(part)_\(type)"
        case 1 where ["light", "sky", "terrain", "projection"].contains(where: { path[0] == .key($0) }):
            guard case .key(let name) = path[0] else { return nil }
            return name
        default: return nil
        }
    }

    static func detail(_ property: StylePropertyFacts) -> String {
        var parts = [property.type]
        if let value = property.defaultJSON { parts.append("default \(value)") }
        if property.isRequired { parts.append("required") }
        if property.isDataDriven { parts.append("data-driven") }
        return parts.joined(separator: " · ")
    }

    private static func enumItem(_ value: String, kind: CompletionItem.Kind = .enumMember) -> CompletionItem {
        CompletionItem(label: value, kind: kind, newText: quoted(value))
    }

    static func quoted(_ text: String) -> String {
        JSONWriter(style: .compact).string(.string(text)).trimmingSuffix("\n")
    }
}
