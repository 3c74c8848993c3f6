/// Where a node sits in a document: keys and array indices from the root.
///
/// Two notations: MapLibre's (`layers[3].paint.fill-color`), used in messages, and RFC 6901 JSON Pointer
/// (`/layers/3/paint/fill-color`), used in manifests and machine output.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step of a path: an object key or an array index.
    public enum Component: Hashable, Sendable {
        /// The member of an object with this key.
        case key(String)
        /// The element of an array at this index, from 0.
        case index(Int)
    }

    /// The last component, linked to its parent: appending is O(1) and shares the parent, which matters
    /// when a validator names the path of every value it visits.
    private final class Link: Sendable {
        let parent: Link?
        let component: Component
        let depth: Int

        init(parent: Link?, component: Component) {
            self.parent = parent
            self.component = component
            self.depth = (parent?.depth ?? 0) + 1
        }
    }

    private var last: Link?

    /// A path of these steps, from the root; empty for the root itself.
    public init(_ components: [Component] = []) {
        var link: Link?
        for component in components { link = Link(parent: link, component: component) }
        self.last = link
    }

    private init(last: Link?) { self.last = last }

    /// The components from the root.
    public var components: [Component] {
        var result: [Component] = []
        result.reserveCapacity(last?.depth ?? 0)
        var link = last
        while let current = link {
            result.append(current.component)
            link = current.parent
        }
        return result.reversed()
    }

    /// The root.
    public static let root = JSONPath()

    /// This path followed by an object key.
    public func appending(_ key: String) -> JSONPath { JSONPath(last: Link(parent: last, component: .key(key))) }
    /// This path followed by an array index.
    public func appending(_ index: Int) -> JSONPath { JSONPath(last: Link(parent: last, component: .index(index))) }
    /// Adds a step at the end.
    public mutating func append(_ component: Component) { last = Link(parent: last, component: component) }
    /// Removes the last step; the root's path stays empty.
    public mutating func removeLast() { last = last?.parent }

    /// Two paths are equal when they have the same steps.
    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
        lhs.last === rhs.last || lhs.components == rhs.components
    }
    /// Hashes the steps.
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }

    /// MapLibre notation: keys joined by `.`, indices in brackets; the root is the empty string.
    public var mapLibreNotation: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// RFC 6901 JSON Pointer: `/`-separated, `~` written `~0` and `/` written `~1`; the root is "".
    public var jsonPointer: String {
        var text = ""
        for component in components {
            text += "/"
            switch component {
            case .key(let key): text += key.replacing("~", with: "~0").replacing("/", with: "~1")
            case .index(let index): text += String(index)
            }
        }
        return text
    }

    /// Parses an RFC 6901 pointer; components made only of digits (without a leading zero) are indices.
    public init?(jsonPointer: String) {
        guard !jsonPointer.isEmpty else {
            self.init()
            return
        }
        guard jsonPointer.hasPrefix("/") else { return nil }
        var components: [Component] = []
        for raw in jsonPointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let token = String(raw).replacing("~1", with: "/").replacing("~0", with: "~")
            let isIndex =
                !token.isEmpty && token.utf8.allSatisfy { (48...57).contains($0) }
                && (token == "0" || !token.hasPrefix("0"))
            if isIndex, let index = Int(token) {
                components.append(.index(index))
            } else {
                components.append(.key(token))
            }
        }
        self.init(components)
    }

    /// The path in MapLibre's notation (`layers[2].paint.fill-color`).
    public var description: String { mapLibreNotation }
}

extension JSONNode {
    /// The node at a path below this one, or nil when a key or index is missing.
    public subscript(path: JSONPath) -> JSONNode? {
        var node = self
        for component in path.components {
            switch component {
            case .key(let key):
                guard let next = node[key] else { return nil }
                node = next
            case .index(let index):
                guard let next = node[index] else { return nil }
                node = next
            }
        }
        return node
    }

    /// Visits this node and every node below it in document order with its path (relative to this node).
    /// Depth is bounded by the parser's nesting limit, so the recursion is too.
    public func walk(from path: JSONPath = .root, _ visit: (JSONPath, JSONNode) throws -> Void) rethrows {
        try visit(path, self)
        switch value {
        case .array(let items):
            for (position, item) in items.enumerated() { try item.walk(from: path.appending(position), visit) }
        case .object(let object):
            for member in object.members { try member.value.walk(from: path.appending(member.key), visit) }
        default:
            break
        }
    }
}
