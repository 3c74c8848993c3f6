import LocatedJSON

/// The values a paint property can end up with, found where they stand in its value: the value itself when it is a
/// constant, each stop's output of a legacy function, and each output of `interpolate`, `step`, `match`, `case`,
/// `coalesce`, `let` and `to-color` (never their inputs, labels or conditions: `["match", ..., "red", ...]` keeps a
/// label that merely reads as a colour). A colour filter or a width scale changes those outputs and keeps the
/// curve around them, so a zoom curve stays a zoom curve.
struct ExpressionOutputs {
    /// What `transform` could not reach: outputs read from the data (`["get", "colour"]`), left as they are.
    private(set) var unreached = 0

    /// `node` with `transform` applied to each output; an output `transform` answers nil for is kept and counted.
    mutating func map(_ node: JSONNode, _ transform: (JSONNode) -> JSONNode?) -> JSONNode {
        if let object = node.objectValue, object["stops"] != nil {
            return mapFunction(node, object, transform)
        }
        guard let items = node.arrayValue, let op = items.first?.stringValue else {
            return leaf(node, transform)
        }
        let positions: [Int]
        switch op {
        case "match": positions = Array(stride(from: 3, to: items.count - 1, by: 2)) + [items.count - 1]
        case "case": positions = Array(stride(from: 2, to: items.count - 1, by: 2)) + [items.count - 1]
        case "step": positions = Array(stride(from: 2, to: items.count, by: 2))
        case "interpolate", "interpolate-hcl", "interpolate-lab":
            positions = Array(stride(from: 4, to: items.count, by: 2))
        case "coalesce", "to-color": positions = Array(1..<items.count)
        case "let": positions = [items.count - 1]
        default: return leaf(node, transform)
        }
        var mapped = items
        for position in positions where position > 0 && position < items.count {
            mapped[position] = map(items[position], transform)
        }
        return JSONNode(.array(mapped), placedAs: node)
    }

    private mutating func leaf(_ node: JSONNode, _ transform: (JSONNode) -> JSONNode?) -> JSONNode {
        if let changed = transform(node) { return changed }
        unreached += 1
        return node
    }

    /// A legacy function: each stop's output, and its `default`.
    private mutating func mapFunction(_ node: JSONNode, _ object: JSONObject, _ transform: (JSONNode) -> JSONNode?)
        -> JSONNode
    {
        var copy = object
        if let stops = object["stops"]?.arrayValue {
            let mapped = stops.map { stop -> JSONNode in
                guard var pair = stop.arrayValue, pair.count == 2 else { return stop }
                pair[1] = leaf(pair[1], transform)
                return JSONNode(.array(pair), placedAs: stop)
            }
            _ = copy.modifyValue(forKey: "stops") { $0 = JSONNode(.array(mapped), placedAs: $0) }
        }
        if let fallback = object["default"] {
            let mapped = leaf(fallback, transform)
            _ = copy.modifyValue(forKey: "default") { $0 = mapped }
        }
        return JSONNode(.object(copy), placedAs: node)
    }
}
