import LocatedJSON

/// What a property says about the expressions it accepts: its type and how its value may vary. Built from
/// the style specification's catalog, or from a property specification in JSON (`mc-style expression --spec`).
public struct ExpressionSpec: Sendable, Hashable {
    /// The specification type (`number`, `color`, `enum`, `array`, `formatted`, ...).
    public var type: String
    /// For arrays: the element type and fixed length.
    public var value: String?
    /// For arrays of a fixed length: that length.
    public var length: Int?
    /// `data-driven`, `data-constant`, `cross-faded`, ...; data expressions need `data-driven`.
    public var propertyType: String
    /// Whether `interpolate` may produce it.
    public var interpolated: Bool
    /// The inputs it may depend on: `zoom`, `feature`, `feature-state`, `heatmap-density`, `line-progress`, ...
    public var parameters: [String]
    /// Enum values, for legacy identity functions.
    public var values: [String]
    /// Whether `{token}` strings are expanded (legacy zoom functions).
    public var tokens: Bool
    /// The property's default, for legacy functions without one.
    public var defaultValue: JSONNode?
    /// The property's name, for a specification looked up by name (`--property`).
    public var name: String?

    /// A specification; what is not given defaults to a data-driven, interpolated property of zoom and feature.
    public init(
        type: String, value: String? = nil, length: Int? = nil, propertyType: String = "data-driven",
        interpolated: Bool = true,
        parameters: [String] = ["zoom", "feature"], values: [String] = [], tokens: Bool = false,
        defaultValue: JSONNode? = nil
    ) {
        self.type = type
        self.value = value
        self.length = length
        self.propertyType = propertyType
        self.interpolated = interpolated
        self.parameters = parameters
        self.values = values
        self.tokens = tokens
        self.defaultValue = defaultValue
    }

    /// A property specification as the style specification writes it (`{"type": "color", "property-type":
    /// "data-driven", "expression": {"interpolated": true, "parameters": ["zoom"]}}`); missing parts take
    /// MapLibre's test defaults (data-driven, interpolated, zoom and feature).
    public init(json node: JSONNode) {
        let expression = node["expression"]
        self.init(
            type: node["type"]?.stringValue ?? "*",
            value: node["value"]?.stringValue,
            length: node["length"]?.numberValue.flatMap { Int(exactly: $0.doubleValue.rounded(.towardZero)) },
            propertyType: node["property-type"]?.stringValue ?? "data-driven",
            interpolated: expression == nil ? true : expression?["interpolated"]?.boolValue ?? false,
            parameters: expression == nil
                ? ["zoom", "feature"] : (expression?["parameters"]?.arrayValue ?? []).compactMap(\.stringValue),
            values: node["values"]?.objectValue?.members.map(\.key) ?? node["values"]?.arrayValue?.compactMap(
                \.stringValue) ?? [],
            tokens: node["tokens"]?.boolValue ?? false,
            defaultValue: node["default"])
    }

    package init(_ property: SpecProperty) {
        // The catalog's defaults are the specification's JSON: they always parse.
        let defaultValue = property.defaultJSON.flatMap { try? JSONParser().parse($0, name: "default").root }
        self.init(
            type: property.type, value: property.value, length: property.length,
            propertyType: property.propertyType ?? "constant",
            interpolated: property.interpolated, parameters: property.parameters, values: property.values,
            defaultValue: defaultValue)
        name = property.name
    }

    /// The type expressions must produce (MapLibre's `getExpectedType`).
    package var expectedType: ExpressionType? { ExpressionType.expected(specType: type, value: value, length: length) }
    package var supportsDataExpressions: Bool {
        propertyType == "data-driven" || propertyType == "cross-faded-data-driven"
    }
    package var supportsZoomExpressions: Bool { parameters.contains("zoom") }
}

extension ExpressionSpec {
    /// The specification of a paint or layout property by name (`fill-color`, `text-field`), from the
    /// style specification catalog; nil for unknown names.
    public static func property(named name: String) -> ExpressionSpec? {
        let groups = StyleSpecCatalog.groups.keys.filter { $0.hasPrefix("paint_") || $0.hasPrefix("layout_") }.sorted()
        for group in groups {
            if let property = StyleSpecCatalog.property(name, in: group) { return ExpressionSpec(property) }
        }
        return nil
    }

    /// Every paint and layout property name, for suggestions.
    public static var propertyNames: [String] {
        let groups = StyleSpecCatalog.groups.filter { $0.key.hasPrefix("paint_") || $0.key.hasPrefix("layout_") }
        return Set(groups.values.flatMap { $0.map(\.name) }).sorted()
    }
}
