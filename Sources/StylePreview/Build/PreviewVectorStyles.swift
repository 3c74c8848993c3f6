import LocatedJSON

/// Where the phone shows a vector style as two rasters, ground and labels, the preview has GL JS draw the MapLibre
/// style itself (GL JS cannot rasterise it first): the style's sources join the composed style's under ids of their
/// own (`mc-vector-<source>-<id>`), its background, fill, line and circle layers take the ground raster's place and
/// its symbol layers the labels raster's, so the stack order is the phone's. What can differ (docs/vector-styles.md):
/// the labels use the composed style's glyphs when it has any, and the style's sprite is not loaded (one style has
/// one sprite in GL JS without prefixed icon names).
enum PreviewVectorStyles {
    /// The prefix of every source and layer id a vector style adds to the preview's style.
    static let prefix = "mc-vector-"

    /// `layers` and `sources` with each vector style of `records` (the manifest's `vectorStyles`, with the bundled
    /// style of each, by declared source id) in place of its two rasters. Returns the ids of the sources added
    /// (declared by the team, so the gateway treats them as declared URLs) and the first shown vector style's
    /// `glyphs`, for a composed style left without any.
    static func mount(
        _ records: [JSONNode], styles: [String: JSONNode], layers: inout [JSONNode], sources: inout JSONObject
    ) -> (sources: [String], glyphs: JSONNode?) {
        var added: [String] = []
        var glyphs: JSONNode?
        for record in records {
            guard let id = record["source"]?.stringValue, let style = styles[id],
                let groundID = record["ground"]?["styleLayerId"]?.stringValue,
                let labelsID = record["labels"]?["styleLayerId"]?.stringValue,
                let ground = layers.firstIndex(where: { $0["id"]?.stringValue == groundID }),
                let labels = layers.firstIndex(where: { $0["id"]?.stringValue == labelsID })
            else { continue }
            let sourceIDs = Dictionary(
                (style["sources"]?.objectValue?.members ?? []).map { ($0.key, "\(prefix)\(id)-\($0.key)") },
                uniquingKeysWith: { first, _ in first })
            for member in style["sources"]?.objectValue?.members ?? [] {
                guard let renamed = sourceIDs[member.key] else { continue }
                sources.insert(JSONMember(key: renamed, value: member.value), at: sources.count)
                added.append(renamed)
            }
            let hidden = [ground, labels].contains { layers[$0]["layout"]?["visibility"]?.stringValue == "none" }
            var groundLayers: [JSONNode] = []
            var labelLayers: [JSONNode] = []
            for layer in style["layers"]?.arrayValue ?? [] {
                let renamed = rename(layer, of: id, sources: sourceIDs, hidden: hidden)
                if layer["type"]?.stringValue == "symbol" {
                    labelLayers.append(renamed)
                } else {
                    groundLayers.append(renamed)
                }
            }
            // The labels raster is above the ground raster: replace it first, so the ground's index still holds.
            layers.replaceSubrange(labels...labels, with: labelLayers)
            layers.replaceSubrange(ground...ground, with: groundLayers)
            // A hidden vector style lends no glyphs: the base's labels would ask its font server for nothing.
            if glyphs == nil, !hidden { glyphs = style["glyphs"] }
        }
        return (added, glyphs)
    }

    /// `layer` with its id and source renamed for the preview, hidden when the app hides the vector style.
    private static func rename(_ layer: JSONNode, of id: String, sources: [String: String], hidden: Bool) -> JSONNode {
        guard case .object(var object) = layer.value else { return layer }
        if let layerID = object["id"]?.stringValue {
            _ = object.modifyValue(forKey: "id") { $0 = .string("\(prefix)\(id)-\(layerID)") }
        }
        if let source = object["source"]?.stringValue, let renamed = sources[source] {
            _ = object.modifyValue(forKey: "source") { $0 = .string(renamed) }
        }
        if hidden {
            var layout = object["layout"]?.objectValue ?? JSONObject()
            if layout["visibility"] == nil {
                layout.insert(JSONMember(key: "visibility", value: .string("none")), at: layout.count)
            } else {
                _ = layout.modifyValue(forKey: "visibility") { $0 = .string("none") }
            }
            if object["layout"] == nil {
                object.insert(JSONMember(key: "layout", value: JSONNode(.object(layout))), at: object.count)
            } else {
                _ = object.modifyValue(forKey: "layout") { $0 = JSONNode(.object(layout)) }
            }
        }
        return JSONNode(.object(object))
    }
}
