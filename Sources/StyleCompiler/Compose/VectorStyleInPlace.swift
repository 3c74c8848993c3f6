import LocatedJSON

/// A vector style drawn in place of its two rasters, as a renderer that draws MapLibre styles itself would draw
/// it: what the preview shows (GL JS cannot rasterise the style first) and what `cost` counts (the vector tiles the
/// phone's rasteriser fetches). The style's sources join the composed style's under ids of their own
/// (`mc-vector-<source>-<id>`), its background, fill, line and circle layers take the ground raster's place and its
/// symbol layers the labels raster's, so the stack order is the phone's. What can differ (docs/vector-styles.md):
/// the labels use the composed style's glyphs when it has any, and the style's sprite is not loaded (one style has
/// one sprite in GL JS without prefixed icon names).
public enum VectorStyleInPlace {
    /// The prefix of every source and layer id a vector style adds.
    public static let prefix = "mc-vector-"

    /// One vector style and the ids of its two rasters in the composed style.
    public struct Placement: Sendable {
        /// The declared source id.
        public var id: String
        /// The ground raster's layer id (`mc-raster-layer-ID-ground`).
        public var groundLayerID: String
        /// The labels raster's layer id.
        public var labelsLayerID: String
        /// The vector style document.
        public var style: JSONNode
        /// Pixels of a tile for the style's tiled sources (the rasteriser's, for `cost`); nil keeps their own.
        public var tileSize: Int?

        /// A vector style `style` declared as `id`, in place of the rasters `groundLayerID` and `labelsLayerID`.
        public init(id: String, groundLayerID: String, labelsLayerID: String, style: JSONNode, tileSize: Int? = nil) {
            self.id = id
            self.groundLayerID = groundLayerID
            self.labelsLayerID = labelsLayerID
            self.style = style
            self.tileSize = tileSize
        }

        /// Each vector style of `declarations` whose document `styles` has (by declared id), at the rasteriser's
        /// tile size when `rasterised`.
        public static func all(
            in declarations: Declarations, styles: [String: JSONNode], rasterised: Bool
        ) -> [Placement] {
            declarations.sources.compactMap { source in
                let parts = VectorStyleParts.parts(of: source)
                guard let address = source.kind.vectorStyle, let style = styles[source.id], parts.count == 2 else {
                    return nil
                }
                return Placement(
                    id: source.id, groundLayerID: parts[0].styleLayerID, labelsLayerID: parts[1].styleLayerID,
                    style: style, tileSize: rasterised ? address.tileSize : nil)
            }
        }
    }

    /// `style` (a composed style) with each vector style of `placements` in place of its two rasters; the ids of
    /// the sources added (declared by the team, so the preview's gateway treats them as declared URLs) and the
    /// first shown vector style's `glyphs`, for a composed style left without any.
    public static func mount(_ placements: [Placement], in style: JSONNode) -> (
        style: JSONNode, sources: [String], glyphs: JSONNode?
    ) {
        guard !placements.isEmpty, case .object(var root) = style.value else { return (style, [], nil) }
        var layers = root["layers"]?.arrayValue ?? []
        var sources = root["sources"]?.objectValue ?? JSONObject()
        let (added, glyphs) = mount(placements, layers: &layers, sources: &sources)
        _ = root.modifyValue(forKey: "sources") { $0 = JSONNode(.object(sources)) }
        _ = root.modifyValue(forKey: "layers") { $0 = JSONNode(.array(layers)) }
        return (JSONNode(.object(root), placedAs: style), added, glyphs)
    }

    /// `layers` and `sources` with each vector style of `placements` in place of its two rasters.
    public static func mount(_ placements: [Placement], layers: inout [JSONNode], sources: inout JSONObject) -> (
        sources: [String], glyphs: JSONNode?
    ) {
        var added: [String] = []
        var glyphs: JSONNode?
        for placement in placements {
            let (id, style) = (placement.id, placement.style)
            guard let ground = layers.firstIndex(where: { $0["id"]?.stringValue == placement.groundLayerID }),
                let labels = layers.firstIndex(where: { $0["id"]?.stringValue == placement.labelsLayerID })
            else { continue }
            let sourceIDs = Dictionary(
                (style["sources"]?.objectValue?.members ?? []).map { ($0.key, "\(prefix)\(id)-\($0.key)") },
                uniquingKeysWith: { first, _ in first })
            for member in style["sources"]?.objectValue?.members ?? [] {
                guard let renamed = sourceIDs[member.key] else { continue }
                var source = member.value
                if let size = placement.tileSize,
                    ["vector", "raster", "raster-dem"].contains(source["type"]?.stringValue)
                {
                    source = Self.setting(source, "tileSize", .integer(size))
                }
                sources.insert(JSONMember(key: renamed, value: source), at: sources.count)
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
            // The rasters' sources go with their layers (each source feeds one layer, and a part across the
            // antimeridian has a layer of its own, which stays with its source).
            for index in [ground, labels] {
                if let source = layers[index]["source"]?.stringValue,
                    !layers.contains(where: { $0["source"]?.stringValue == source && $0["id"] != layers[index]["id"] })
                {
                    _ = sources.removeValue(forKey: source)
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

    /// `node` (an object) with `key` set to `value`.
    private static func setting(_ node: JSONNode, _ key: String, _ value: JSONNode) -> JSONNode {
        guard case .object(var object) = node.value else { return node }
        if object[key] == nil {
            object.insert(JSONMember(key: key, value: value), at: object.count)
        } else {
            _ = object.modifyValue(forKey: key) { $0 = value }
        }
        return JSONNode(.object(object), placedAs: node)
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
