import LocatedJSON

/// Puts a style's root keys and each layer's keys in the style specification's order, as MapLibre's own
/// formatter does; keys the specification does not define follow, in their original order.
public enum SpecKeyOrder {
    public static func sorted(_ style: JSONNode) -> JSONNode {
        guard var root = style.objectValue else { return style }
        root = reordered(root, by: StyleSpecCatalog.order(of: "$root"))
        root.modifyValue(forKey: "layers") { layers in
            guard let items = layers.arrayValue else { return }
            let order = StyleSpecCatalog.order(of: "layer")
            layers.value = .array(items.map { layer in
                guard let object = layer.objectValue else { return layer }
                var sortedLayer = layer
                sortedLayer.value = .object(reordered(object, by: order))
                return sortedLayer
            })
        }
        var result = style
        result.value = .object(root)
        return result
    }

    /// The same order for a style read as a tape: the members of the root object and of each layer object in
    /// the order to write them, by object entry (for `JSONWriter`'s `memberOrder`).
    public static func memberOrder(_ style: JSONTape) -> [Int: [JSONTape.Member]] {
        guard style.kind(at: 0) == .object else { return [:] }
        let root = style.members(ofObjectAt: 0)
        var order = [0: reordered(root, keys: root.map { style.key(of: $0) }, by: StyleSpecCatalog.order(of: "$root"))]
        guard let layers = root.first(where: { style.key(of: $0) == "layers" })?.value, style.kind(at: layers) == .array else {
            return order
        }
        let layerOrder = StyleSpecCatalog.order(of: "layer")
        for layer in style.elements(ofArrayAt: layers) where style.kind(at: layer) == .object {
            let members = style.members(ofObjectAt: layer)
            order[layer] = reordered(members, keys: members.map { style.key(of: $0) }, by: layerOrder)
        }
        return order
    }

    private static func reordered(_ object: JSONObject, by order: [String]) -> JSONObject {
        JSONObject(reordered(object.members, keys: object.keys, by: order))
    }

    /// `items` (whose keys are `keys`) by the rank of their key in `order`, unknown keys last; a stable sort.
    private static func reordered<Item>(_ items: [Item], keys: [String], by order: [String]) -> [Item] {
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        return items.indices.sorted { left, right in
            (rank[keys[left]] ?? order.count, left) < (rank[keys[right]] ?? order.count, right)
        }.map { items[$0] }
    }
}
