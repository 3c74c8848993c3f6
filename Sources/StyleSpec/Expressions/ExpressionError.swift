import LocatedJSON

/// One type-checking error: MapLibre's key of the offending sub-expression (`[2][1]`, `""` for the whole
/// expression), its message, and the node to point at.
///
/// `node` is the deepest node the key truly names: MapLibre gives some sub-expressions keys that are not
/// their position (format options are all `[1]`, match outputs carry their label's index), and there the
/// location stays at the last node the key does name, and `offending` is the node actually at fault.
public struct ExpressionError: Equatable, Sendable {
    /// MapLibre's key of the sub-expression at fault, as indices from the root; empty for the whole expression.
    public let key: [Int]
    /// MapLibre's message.
    public let message: String
    /// The node the key names, to point at; nil for an expression built in code.
    public let node: JSONNode?
    /// The sub-expression at fault, when the key does not lead to it.
    public let offending: JSONNode?

    package init(key: [Int], message: String, node: JSONNode?, offending: JSONNode? = nil) {
        self.key = key
        self.message = message
        self.node = node
        self.offending = offending
    }

    /// MapLibre's notation of the key: `[2][1]`.
    public var keyText: String { key.map { "[\($0)]" }.joined() }

    /// Errors are equal when their keys and messages are.
    public static func == (lhs: ExpressionError, rhs: ExpressionError) -> Bool {
        lhs.key == rhs.key && lhs.message == rhs.message
    }
}
