import LocatedJSON

/// One rule's patch applied to one layer object: what it became, the values changed, and the outputs it could not
/// reach.
struct LayerPatching {
    /// The layer as patched so far.
    private(set) var layer: JSONObject
    /// The layer's `type`.
    let type: String
    /// The rule's number, for the changes.
    let rule: Int
    private(set) var changes: [StyleRulesApplication.Change] = []
    private(set) var unreached = 0
    /// The colours read so far in this application.
    let colours: ColourMemo

    init(layer: JSONObject, type: String, rule: Int, colours: ColourMemo = ColourMemo()) {
        self.layer = layer
        self.type = type
        self.rule = rule
        self.colours = colours
    }

    /// True for a symbol's text properties when it draws text, and its icon properties when it draws an icon.
    private func draws(_ property: String) -> Bool {
        guard type == "symbol" else { return true }
        let layout = layer["layout"]
        if property.hasPrefix("text-") { return layout?["text-field"] != nil }
        if property.hasPrefix("icon-") { return layout?["icon-image"] != nil }
        return true
    }

    mutating func apply(_ patch: StylePatch) {
        if let (flag, node) = patch.visible {
            set("layout", "visibility", JSONNode(.string(flag ? "visible" : "none"), placedAs: node))
        }
        if let (color, node) = patch.color {
            for property in StyleProperties.colourTargets(of: type) where draws(property) {
                set("paint", property, JSONNode(.string(color.canonical), placedAs: node))
            }
        }
        if let (opacity, node) = patch.opacity {
            for property in StyleProperties.opacityTargets(of: type) where draws(property) {
                set("paint", property, JSONNode(.number(JSONNumber(opacity)), placedAs: node))
            }
        }
        if let (factor, node) = patch.widthScale, let target = StyleProperties.widthTarget(of: type) {
            let current =
                layer["paint"]?[target.name] ?? JSONNode(.number(JSONNumber(target.defaultValue)), placedAs: node)
            var outputs = ExpressionOutputs()
            let scaled = outputs.map(current) { Self.scaled($0, by: factor, placedAs: node) }
            set("paint", target.name, scaled)
        }
        if let (zoom, node) = patch.minZoom {
            setLayer("minzoom", JSONNode(.number(JSONNumber(zoom)), placedAs: node))
        }
        if let (zoom, node) = patch.maxZoom {
            setLayer("maxzoom", JSONNode(.number(JSONNumber(zoom)), placedAs: node))
        }
        if let (filter, node) = patch.colorFilter {
            filterColours(filter, placedAs: node)
        }
        if let filter = patch.filter, type != "background" {
            setLayer("filter", filter)
        }
        for member in patch.properties {
            guard let group = StyleProperties.group(of: member.key),
                StyleProperties.has(member.key, group: group, type: type)
            else { continue }
            set(group, member.key, member.value)
        }
    }

    /// Every colour paint property the layer draws with, through `filter` (a property the layer leaves out is
    /// filtered from the specification's default, so default black text turns light under `invertLightness`).
    private mutating func filterColours(_ filter: ColorFilter, placedAs node: JSONNode) {
        for (name, fallback) in StyleProperties.colours(of: type) where draws(name) {
            let existing = layer["paint"]?[name]
            if existing == nil {
                guard let fallback, let color = StyleColor(css: fallback), color.alpha > 0,
                    ["text-color", "\(type)-color"].contains(name)
                else { continue }
                let filtered = filter.applied(to: color)
                set("paint", name, JSONNode(.string(filtered.canonical), placedAs: node))
                continue
            }
            guard let existing else { continue }
            var outputs = ExpressionOutputs()
            let mapped = outputs.map(existing) { output in
                if let text = output.stringValue {
                    return colours.filtered(text, by: filter, rule: rule).map { JSONNode(.string($0), placedAs: node) }
                }
                guard let color = Self.constantColour(output, colours) else { return nil }
                return JSONNode(.string(filter.applied(to: color).canonical), placedAs: node)
            }
            unreached += outputs.unreached
            set("paint", name, mapped)
        }
    }

    /// The colour a constant output gives: a colour string, or `rgb`/`rgba` of constant numbers.
    static func constantColour(_ node: JSONNode, _ colours: ColourMemo = ColourMemo()) -> StyleColor? {
        if let text = node.stringValue { return colours.colour(text) }
        guard let items = node.arrayValue, let op = items.first?.stringValue, op == "rgb" || op == "rgba" else {
            return nil
        }
        let numbers = items.dropFirst().compactMap { $0.numberValue?.doubleValue }
        guard numbers.count == items.count - 1, numbers.count == (op == "rgb" ? 3 : 4) else { return nil }
        return StyleColor(
            red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers.count == 4 ? numbers[3] : 1)
    }

    /// A width output times `factor`: a number multiplied (to 6 places), anything else read from the data wrapped in
    /// `["*", output, factor]`.
    static func scaled(_ output: JSONNode, by factor: Double, placedAs node: JSONNode) -> JSONNode? {
        if let number = output.numberValue?.doubleValue {
            let product = (number * factor * 1_000_000).rounded() / 1_000_000
            return JSONNode(.number(JSONNumber(product)), placedAs: output)
        }
        guard output.arrayValue != nil else { return nil }
        return JSONNode(
            .array([
                JSONNode(.string("*"), placedAs: node), output, JSONNode(.number(JSONNumber(factor)), placedAs: node),
            ]), placedAs: output)
    }

    /// Sets `group` (`paint` or `layout`) `name` to `value`, recording the change when the value differs.
    private mutating func set(_ group: String, _ name: String, _ value: JSONNode) {
        var object = layer[group]?.objectValue ?? JSONObject()
        let before = object[name]
        guard before != value else { return }
        record(group, name, before, value)
        _ = object.setMember(JSONMember(key: name, value: value))
        if layer[group] != nil {
            _ = layer.modifyValue(forKey: group) { $0 = JSONNode(.object(object), placedAs: $0) }
        } else {
            _ = layer.setMember(JSONMember(key: group, value: JSONNode(.object(object), placedAs: value)))
        }
    }

    /// Sets the layer's own `name` (`minzoom`, `maxzoom`, `filter`).
    private mutating func setLayer(_ name: String, _ value: JSONNode) {
        let before = layer[name]
        guard before != value else { return }
        record("layer", name, before, value)
        _ = layer.setMember(JSONMember(key: name, value: value))
    }

    private mutating func record(_ group: String, _ name: String, _ before: JSONNode?, _ after: JSONNode) {
        changes.append(
            StyleRulesApplication.Change(
                layerID: "", group: group, property: name, beforeValue: before, afterValue: after, rule: rule))
    }

    /// `node` as one line of JSON.
    static func compact(_ node: JSONNode) -> String {
        var text = JSONWriter(style: .compact).string(node)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
