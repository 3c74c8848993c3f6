/// What the style specification says of one property, for an editor's completion and hover: its name, type,
/// allowed words, range and default. The validator's own facts stay internal; this is their public face.
public struct StylePropertyFacts: Sendable, Equatable {
    /// The property's name, as written in a style.
    public let name: String
    /// The specification's type name (`number`, `color`, `enum`, ...), with the element type for arrays.
    public let type: String
    /// The words an `enum` property takes, in the specification's order.
    public let values: [String]
    /// The default value as compact JSON text, when the specification gives one.
    public let defaultJSON: String?
    /// The smallest value a number may take, when limited.
    public let minimum: Double?
    /// The largest value a number may take, when limited.
    public let maximum: Double?
    /// True when the specification requires it.
    public let isRequired: Bool
    /// True when it may vary with the feature's data (a data-driven property).
    public let isDataDriven: Bool

    package init(_ property: SpecProperty) {
        name = property.name
        type = property.value.map { "\(property.type)<\($0)>" } ?? property.type
        values = property.values
        defaultJSON = property.defaultJSON
        minimum = property.minimum
        maximum = property.maximum
        isRequired = property.isRequired
        isDataDriven = property.supportsPropertyExpression
    }

    /// The properties of a group in the specification's order: `$root`, `layer`, `paint_<type>`,
    /// `layout_<type>`, `source_<type>`, `light`, `sky`, `terrain`, ...; empty for a group it does not have.
    public static func properties(in group: String) -> [StylePropertyFacts] {
        StyleSpecCatalog.groups[group]?.map(StylePropertyFacts.init) ?? []
    }

    /// One property of a group, if the group has it.
    public static func property(_ name: String, in group: String) -> StylePropertyFacts? {
        StyleSpecCatalog.property(name, in: group).map(StylePropertyFacts.init)
    }

    /// The layer types the specification knows, in its order.
    public static var layerTypes: [String] { property("type", in: "layer")?.values ?? [] }

    /// The source types the specification knows, in its order.
    public static var sourceTypes: [String] {
        StyleSpecCatalog.groups.keys.filter { $0.hasPrefix("source_") }.map { String($0.dropFirst(7)) }
            .map { $0.replacing("_", with: "-") }.sorted()
    }
}
