/// One property of the style specification, as facts: its type, allowed values, range and how it may vary. A
/// class: validation hands specifications from check to check thousands of times, and a copy of a struct of
/// seven strings and arrays was seven reference-count operations.
package final class SpecProperty: Sendable {
    package let name: String
    /// The specification's type name: `number`, `string`, `boolean`, `color`, `enum`, `array`, `*`, or the name
    /// of a group or special type (`source`, `layer`, `light`, `transition`, `filter`, `padding`, ...).
    package let type: String
    /// For arrays: the element type (`number`, `string`, ..., or `number|color` for function stops).
    package let value: String?
    /// For arrays of arrays: the inner element type and length.
    package let elementValue: String?
    package let elementLength: Int?
    /// Enum values; numbers as their JSON text when `numericValues`.
    package let values: [String]
    package let numericValues: Bool
    package let length: Int?
    package let minimum: Double?
    package let maximum: Double?
    package let isRequired: Bool
    /// Whether expressions may interpolate it.
    package let interpolated: Bool
    /// Expression parameters it accepts: `zoom`, `feature`, `feature-state`, ...
    package let parameters: [String]
    /// `data-driven`, `data-constant`, `cross-faded`, `cross-faded-data-driven`, `color-ramp`, `constant`.
    package let propertyType: String?
    package let transition: Bool
    /// A paint or layout property's default value, as compact JSON text (parsed where it is needed).
    package let defaultJSON: String?

    package init(
        _ name: String, _ type: String, value: String? = nil, elementValue: String? = nil, elementLength: Int? = nil,
        values: [String] = [], numericValues: Bool = false, length: Int? = nil, minimum: Double? = nil,
        maximum: Double? = nil,
        required: Bool = false, interpolated: Bool = false, parameters: [String] = [], propertyType: String? = nil,
        transition: Bool = false,
        defaultJSON: String? = nil
    ) {
        self.name = name
        self.type = type
        self.value = value
        self.elementValue = elementValue
        self.elementLength = elementLength
        self.values = values
        self.numericValues = numericValues
        self.length = length
        self.minimum = minimum
        self.maximum = maximum
        self.isRequired = required
        self.interpolated = interpolated
        self.parameters = parameters
        self.propertyType = propertyType
        self.transition = transition
        self.defaultJSON = defaultJSON
    }

    /// Whether it takes expressions or functions at all (paint and layout properties do).
    package var takesExpressions: Bool { propertyType != nil }
    package var supportsPropertyExpression: Bool {
        propertyType == "data-driven" || propertyType == "cross-faded-data-driven"
    }
    package var supportsZoomExpression: Bool { parameters.contains("zoom") }

    /// The same facts for a value of another type (array elements, function outputs).
    package func with(type: String, value: String? = nil, length: Int? = nil) -> SpecProperty {
        SpecProperty(
            name, type, value: value, values: values, numericValues: numericValues, length: length,
            minimum: minimum, maximum: maximum, interpolated: interpolated, parameters: parameters,
            propertyType: propertyType)
    }
}

/// The style specification's facts, generated from MapLibre's v8.json (see `StyleSpecCatalog+Generated.swift`).
package enum StyleSpecCatalog {
    /// Group -> property name -> property.
    package static let index: [String: [String: SpecProperty]] = groups.mapValues { properties in
        Dictionary(properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    package static func property(_ name: String, in group: String) -> SpecProperty? { index[group]?[name] }

    /// Property names of a group in the specification's order.
    package static func order(of group: String) -> [String] { groups[group]?.map(\.name) ?? [] }
}
