import LocatedJSON

/// Puts a style's root keys and each layer's keys in the style specification's order, as MapLibre's own
/// formatter does; keys the specification does not define follow, in their original order.
public enum SpecKeyOrder {
    /// `style` with its root and layer keys in the style specification's order (keys it does not define follow, in
    /// their order).
    public static func sorted(_ style: JSONNode) -> JSONNode {
        guard var root = style.objectValue else { return style }
        root = reordered(root, by: StyleSpecCatalog.order(of: "$root"))
        root.modifyValue(forKey: "layers") { layers in
            guard let items = layers.arrayValue else { return }
            let order = StyleSpecCatalog.order(of: "layer")
            layers.value = .array(
                items.map { layer in
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
