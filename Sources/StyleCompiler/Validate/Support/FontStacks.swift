import LocatedJSON

/// The font stacks a `text-font` value can take: a literal array of names, or a literal output of `match`,
/// `case`, `step` or `coalesce`, or a legacy function's stop output. One walk, for the font check and for
/// `fetch-base`, which locks a glyph range of each stack.
enum FontStacks {
    /// Calls `visit` with each literal stack in `node` (its name nodes) and its path under `path`.
    static func each(in node: JSONNode, path: JSONPath, _ visit: ([JSONNode], JSONPath) -> Void) {
        if let items = node.arrayValue, items.allSatisfy({ $0.stringValue != nil }) {
            visit(items, path)
            return
        }
        guard let items = node.arrayValue, let op = items.first?.stringValue else {
            for (index, stop) in (node.objectValue?["stops"]?.arrayValue ?? []).enumerated() {
                if let output = stop[1] {
                    each(in: output, path: path.appending("stops").appending(index).appending(1), visit)
                }
            }
            return
        }
        for index in LiteralOutputs.positions(of: op, count: items.count) {
            each(in: items[index], path: path.appending(index), visit)
        }
    }

    /// Every stack the style's symbol layers name (the specification's default for text with no `text-font`),
    /// each once, in the order first met.
    static func used(in style: JSONNode) -> [[String]] {
        var stacks: [[String]] = []
        for layer in style["layers"]?.arrayValue ?? [] {
            guard let layout = layer["layout"] else { continue }
            if let font = layout["text-font"] {
                each(in: font, path: .root) { names, _ in
                    let stack = names.compactMap(\.stringValue)
                    if !stacks.contains(stack) { stacks.append(stack) }
                }
            } else if layout["text-field"] != nil, !stacks.contains(ValidationRun.defaultStack) {
                stacks.append(ValidationRun.defaultStack)
            }
        }
        return stacks
    }
}
