import LocatedJSON

extension JSONNode {
    /// The value's type as MapLibre names it in messages (number, string, boolean, array, object, null):
    /// the same words as `JSONValue.kindName`.
    package var specTypeName: String { value.kindName }

    /// The value as JavaScript's `JSON.stringify` writes it in MapLibre's messages.
    package var specDisplay: String {
        switch value {
        case .number(let number): return JSONNumber(number.doubleValue).text
        default: return String(JSONWriter(style: .compact).string(self).dropLast())
        }
    }
}

extension Array {
    package subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
