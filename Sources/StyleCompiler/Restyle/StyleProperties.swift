import StyleSpec

/// What the specification says of the properties a patch writes: whether a name is paint or layout, which layer
/// types have it, and which of a type's paint properties are colours.
enum StyleProperties {
    /// `paint` or `layout` for a property some layer type has; nil for a name no type has.
    static func group(of name: String) -> String? {
        for type in StyleSpecCatalog.layerTypes {
            if StyleSpecCatalog.property(name, in: "paint_\(type)") != nil { return "paint" }
            if StyleSpecCatalog.property(name, in: "layout_\(type)") != nil { return "layout" }
        }
        return nil
    }

    /// True when layers of `type` have the property `name` in `group` (`paint` or `layout`).
    static func has(_ name: String, group: String, type: String) -> Bool {
        StyleSpecCatalog.property(name, in: "\(group)_\(type)") != nil
    }

    /// Every paint and layout property name, sorted (for did-you-mean).
    static let allNames: [String] = {
        var names: Set<String> = []
        for type in StyleSpecCatalog.layerTypes {
            names.formUnion(StyleSpecCatalog.order(of: "paint_\(type)"))
            names.formUnion(StyleSpecCatalog.order(of: "layout_\(type)"))
        }
        return names.sorted()
    }()

    /// The colour paint properties of `type`, in the specification's order, with their defaults as text.
    static func colours(of type: String) -> [(name: String, defaultColor: String?)] {
        coloursByType[type] ?? []
    }

    /// `colours(of:)` of every layer type, worked out once.
    private static let coloursByType: [String: [(name: String, defaultColor: String?)]] = Dictionary(
        uniqueKeysWithValues: StyleSpecCatalog.layerTypes.map { ($0, findColours(of: $0)) })

    private static func findColours(of type: String) -> [(name: String, defaultColor: String?)] {
        StyleSpecCatalog.order(of: "paint_\(type)").compactMap { name in
            guard let property = StyleSpecCatalog.property(name, in: "paint_\(type)"), property.type == "color" else {
                return nil
            }
            let fallback = property.defaultJSON.flatMap { text -> String? in
                guard text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 else { return nil }
                return String(text.dropFirst().dropLast())
            }
            return (name, fallback)
        }
    }

    /// The paint properties `color` sets on a layer of `type`.
    static func colourTargets(of type: String) -> [String] {
        switch type {
        case "symbol": return ["text-color", "icon-color"]
        case "background", "fill", "line", "circle", "fill-extrusion": return ["\(type)-color"]
        default: return []
        }
    }

    /// The paint properties `opacity` sets on a layer of `type`.
    static func opacityTargets(of type: String) -> [String] {
        switch type {
        case "symbol": return ["text-opacity", "icon-opacity"]
        case "background", "fill", "line", "circle", "fill-extrusion", "raster", "heatmap": return ["\(type)-opacity"]
        default: return []
        }
    }

    /// The paint property `widthScale` multiplies on a layer of `type`, with the specification's default.
    static func widthTarget(of type: String) -> (name: String, defaultValue: Double)? {
        switch type {
        case "line": return ("line-width", 1)
        case "circle": return ("circle-radius", 5)
        default: return nil
        }
    }
}
