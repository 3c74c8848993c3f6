import LocatedJSON

/// A rules document applied to one style: the adjusted style, and what happened (the schema, each rule's matches,
/// every value changed). Rules apply in order and override each other property by property, as CSS does; within a
/// rule the patch's fields apply in `StylePatch.fields` order, `properties` last. What a rule writes is placed at the
/// rule's own node, so a finding about it points at the rules file.
struct StyleRulesApplication: Sendable {
    /// One value a rule changed.
    struct Change: Sendable {
        /// The layer's id.
        var layerID: String
        /// `paint`, `layout`, or `layer` (minzoom, maxzoom, filter).
        var group: String
        /// The property (`background-color`, `visibility`, `minzoom`).
        var property: String
        /// The value before; nil when the layer did not have it.
        var beforeValue: JSONNode?
        /// The value after.
        var afterValue: JSONNode
        /// The rule that made it, 1 for the first.
        var rule: Int

        /// The value before as compact JSON, canonical for a constant colour (`"#f8f4f0"`); nil when there was none.
        var before: String? {
            beforeValue.map { node in
                node.stringValue.flatMap { StyleColor(css: $0)?.canonical }.map { "\"\($0)\"" }
                    ?? LayerPatching.compact(node)
            }
        }
        /// The value after, as compact JSON.
        var after: String { LayerPatching.compact(afterValue) }
    }

    /// The style with the rules applied.
    var style: JSONNode
    /// Every layer with its roles, as the rules saw them.
    var layers: [LayerDescription]
    /// The schema that gave roles (nil: none; names and types only), and how it was chosen (`named`, `detected: 20
    /// of 22 source layers`, `custom`).
    var schema: TileSchema?
    var schemaReason: String
    /// Layers each rule matched, by rule number - 1.
    var matched: [Int]
    /// Outputs each rule could not reach (colours or widths read from the data), by rule number - 1.
    var unreached: [Int]
    /// Every value changed, in layer order then rule order.
    var changes: [Change]

    /// Applies `document` to `style`.
    init(_ document: StyleRulesDocument, to style: JSONNode) {
        let sourceLayers = (style["layers"]?.arrayValue ?? []).compactMap { $0["source-layer"]?.stringValue }
        switch document.schema {
        case .named(let schema):
            (self.schema, schemaReason) = (schema, "named")
        case .custom(let schema):
            (self.schema, schemaReason) = (schema, "the document's own roles")
        case .detect:
            let (schema, held, of) = TileSchema.detect(sourceLayers: sourceLayers)
            self.schema = schema
            schemaReason =
                schema == nil
                ? "none detected: \(held) of \(of) source layers in the best table; roles come from layer names and types"
                : "detected: \(held) of \(of) source layers are in its table"
        }
        let describer = LayerRoles(schema: schema)
        layers = describer.describe(style)
        matched = Array(repeating: 0, count: document.rules.count)
        unreached = Array(repeating: 0, count: document.rules.count)
        changes = []
        let colours = ColourMemo()
        guard var layerNodes = style["layers"]?.arrayValue else {
            self.style = style
            return
        }
        for described in layers {
            guard var layer = layerNodes[described.index].objectValue else { continue }
            for (position, rule) in document.rules.enumerated() where rule.selector.matches(described) {
                matched[position] += 1
                var patching = LayerPatching(layer: layer, type: described.type, rule: rule.number, colours: colours)
                patching.apply(rule.patch)
                layer = patching.layer
                unreached[position] += patching.unreached
                changes += patching.changes.map { change in
                    var placed = change
                    placed.layerID = described.id
                    return placed
                }
            }
            layerNodes[described.index] = JSONNode(.object(layer), placedAs: layerNodes[described.index])
        }
        var root = style.objectValue ?? JSONObject()
        _ = root.modifyValue(forKey: "layers") { $0 = JSONNode(.array(layerNodes), placedAs: $0) }
        self.style = JSONNode(.object(root), placedAs: style)
    }
}
