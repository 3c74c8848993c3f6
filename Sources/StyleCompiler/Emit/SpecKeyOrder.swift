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

    private static func reordered(_ object: JSONObject, by order: [String]) -> JSONObject {
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        let members = object.members.enumerated().sorted { left, right in
            (rank[left.element.key] ?? order.count, left.offset) < (rank[right.element.key] ?? order.count, right.offset)
        }.map(\.element)
        return JSONObject(members)
    }
}
