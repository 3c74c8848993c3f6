import LocatedJSON

/// Visits every string below some starting nodes once, iteratively, handing each string a way to spell out
/// its path. Paths are kept as parent links and built only when asked for: the scans that use this (keys,
/// placeholders, secrets) look at every string of a style but report very few.
struct StringWalk {
    private var links: [(parent: Int, component: JSONPath.Component?)] = [(-1, nil)]
    private var pending: [(node: JSONNode, link: Int)] = []

    /// Starts at `node`, whose path from the root is `components`.
    mutating func add(_ node: JSONNode, at components: [JSONPath.Component]) {
        var link = 0
        for component in components {
            links.append((link, component))
            link = links.count - 1
        }
        pending.append((node, link))
    }

    /// Calls `visit` with each string, its node, and a function that makes its path.
    mutating func run(_ visit: (String, JSONNode, () -> JSONPath) -> Void) {
        pending.reverse()
        while let (node, link) = pending.popLast() {
            switch node.value {
            case .string(let text):
                visit(text, node) { path(link) }
            case .array(let items):
                for (index, item) in items.enumerated().reversed() where !item.value.isScalar || item.stringValue != nil {
                    links.append((link, .index(index)))
                    pending.append((item, links.count - 1))
                }
            case .object(let object):
                for member in object.members.reversed() where !member.value.value.isScalar || member.value.stringValue != nil {
                    links.append((link, .key(member.key)))
                    pending.append((member.value, links.count - 1))
                }
            default:
                continue
            }
        }
    }

    private func path(_ link: Int) -> JSONPath {
        var components: [JSONPath.Component] = []
        var current = link
        while current > 0 {
            if let component = links[current].component { components.append(component) }
            current = links[current].parent
        }
        return JSONPath(components.reversed())
    }
}
