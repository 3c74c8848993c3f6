import LocatedJSON

/// Visits every string below some starting nodes once, in document order, handing each string a way to
/// spell out its path. The path is one stack of components, pushed and popped on the way down and made into
/// a `JSONPath` only when asked for: the scans that use this (keys, placeholders, secrets) look at every
/// string of a style but report very few. Depth is bounded by the parser's nesting limit.
struct StringWalk {
    private var starts: [(node: JSONNode, components: [JSONPath.Component])] = []

    /// Starts at `node`, whose path from the root is `components`.
    mutating func add(_ node: JSONNode, at components: [JSONPath.Component]) {
        starts.append((node, components))
    }

    /// Calls `visit` with each string, its node, and a function that makes its path.
    func run(_ visit: (String, JSONNode, () -> JSONPath) -> Void) {
        for start in starts {
            var stack = start.components
            walk(start.node, &stack, visit)
        }
    }

    private func walk(
        _ node: JSONNode, _ stack: inout [JSONPath.Component], _ visit: (String, JSONNode, () -> JSONPath) -> Void
    ) {
        switch node.value {
        case .string(let text):
            let components = stack
            visit(text, node) { JSONPath(components) }
        case .array(let items):
            for index in items.indices where !items[index].value.isScalar || items[index].stringValue != nil {
                stack.append(.index(index))
                walk(items[index], &stack, visit)
                stack.removeLast()
            }
        case .object(let object):
            for member in object.members where !member.value.value.isScalar || member.value.stringValue != nil {
                stack.append(.key(member.key))
                walk(member.value, &stack, visit)
                stack.removeLast()
            }
        default:
            return
        }
    }
}
