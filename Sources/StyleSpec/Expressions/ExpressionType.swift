/// The type lattice of MapLibre expressions: what a (sub-)expression evaluates to.
///
/// `value` is the top type (any JSON-like value); `array(item, length)` carries an optional fixed length.
/// Names are written as MapLibre writes them (`array<number, 2>`, `array` for `array<value>`).
public indirect enum ExpressionType: Equatable, Sendable, CustomStringConvertible {
    /// `null`.
    case null
    /// A number.
    case number
    /// A string.
    case string
    /// A boolean.
    case boolean
    /// A colour.
    case color
    /// A projection definition (`mercator`, `globe`, or a transition between them).
    case projectionDefinition
    /// An object.
    case object
    /// Any value: the top type.
    case value
    /// A collator.
    case collator
    /// Formatted text.
    case formatted
    /// A padding (one to four numbers, in pixels).
    case padding
    /// An array of numbers of any length.
    case numberArray
    /// An array of colours.
    case colorArray
    /// An image the sprite may or may not have.
    case resolvedImage
    /// Anchors with offsets, for `text-variable-anchor-offset`.
    case variableAnchorOffsetCollection
    /// The type of `["error"]`, which never returns.
    case error
    /// An array of items of one type, with a fixed length when given.
    case array(ExpressionType, Int?)

    /// The kind alone, without an array's item type or length (MapLibre's `type.kind`).
    package var kind: String {
        switch self {
        case .array: return "array"
        case .null: return "null"
        case .number: return "number"
        case .string: return "string"
        case .boolean: return "boolean"
        case .color: return "color"
        case .projectionDefinition: return "projectionDefinition"
        case .object: return "object"
        case .value: return "value"
        case .collator: return "collator"
        case .formatted: return "formatted"
        case .padding: return "padding"
        case .numberArray: return "numberArray"
        case .colorArray: return "colorArray"
        case .resolvedImage: return "resolvedImage"
        case .variableAnchorOffsetCollection: return "variableAnchorOffsetCollection"
        case .error: return "error"
        }
    }

    package var isValue: Bool { if case .value = self { return true } else { return false } }
    package var isArray: Bool { if case .array = self { return true } else { return false } }

    /// The item type of an array type; nil for other types.
    package var itemType: ExpressionType? { if case .array(let item, _) = self { return item } else { return nil } }

    /// MapLibre's name of the type (`array<number, 2>`).
    public var description: String {
        guard case .array(let item, let length) = self else { return kind }
        if let length { return "array<\(item), \(length)>" }
        return item.isValue ? "array" : "array<\(item)>"
    }

    /// MapLibre's `typeOf` of an array whose elements have these types: their common type, else `value`
    /// (nested arrays never share a type: MapLibre compares them by identity).
    package static func array(of elementTypes: [ExpressionType]) -> ExpressionType {
        var item: ExpressionType?
        for elementType in elementTypes {
            if item == nil {
                item = elementType
            } else if elementType.isArray || item != elementType {
                item = .value
                break
            }
        }
        return .array(item ?? .value, elementTypes.count)
    }

    /// Nil when a value of type `actual` may stand where `expected` is wanted, else MapLibre's message.
    package static func subtypeError(expected: ExpressionType, actual: ExpressionType) -> String? {
        isSubtype(actual, of: expected) ? nil : "Expected \(expected) but found \(actual) instead."
    }

    /// MapLibre's `checkSubtype` as a predicate.
    package static func isSubtype(_ actual: ExpressionType, of expected: ExpressionType) -> Bool {
        if case .error = actual { return true }
        switch expected {
        case .array(let expectedItem, let expectedLength):
            guard case .array(let item, let length) = actual else { return false }
            let itemFits = (length == 0 && item.isValue) || isSubtype(item, of: expectedItem)
            return itemFits && (expectedLength == nil || expectedLength == length)
        case .value:
            // Every member of `value` (MapLibre's list) but collators; arrays when their items are values.
            switch actual {
            case .collator: return false
            case .array(let item, _): return isSubtype(item, of: .value)
            default: return true
            }
        default:
            return expected == actual
        }
    }

    /// The type a property of specification type `type` expects (MapLibre's `getExpectedType`); nil when
    /// the specification type has no expression type.
    package static func expected(specType type: String, value: String?, length: Int?) -> ExpressionType? {
        if type == "array" { return .array(named(value ?? "") ?? .value, length) }
        return named(type)
    }

    private static func named(_ name: String) -> ExpressionType? {
        switch name {
        case "color": return .color
        case "string", "enum": return .string
        case "number": return .number
        case "boolean": return .boolean
        case "formatted": return .formatted
        case "padding": return .padding
        case "numberArray": return .numberArray
        case "colorArray": return .colorArray
        case "projectionDefinition": return .projectionDefinition
        case "resolvedImage": return .resolvedImage
        case "variableAnchorOffsetCollection": return .variableAnchorOffsetCollection
        default: return nil
        }
    }
}
