import LocatedJSON

/// A layer as a renderer draws it, for the lint rules: a legacy `ref` layer takes its type, source,
/// source-layer, filter, zoom range and layout from the layer it refers to (MapLibre's `derefLayers`).
/// A class: the rules pass it around a lot, and one reference is cheaper to copy than its ten values.
final class DrawnLayer {
    let index: Int
    let node: JSONNode
    let id: String?
    let type: String?
    let source: String?
    let sourceLayer: JSONNode?
    let filter: JSONNode?
    let layout: JSONNode?
    let paint: JSONNode?
    /// The lowest zoom the layer shows at (inclusive), 0 when not given.
    let minimumZoom: Double
    /// The zoom the layer stops showing at (exclusive), 24 when not given.
    let maximumZoom: Double
    let minzoomNode: JSONNode?
    let maxzoomNode: JSONNode?

    /// The highest zoom a renderer draws at, plus one: the end of a layer's zoom range when it gives none.
    static let zoomCeiling = 24.0

    init(index: Int, node: JSONNode, layers: [JSONNode], indexByID: [String: Int]) {
        self.index = index
        self.node = node
        id = node["id"]?.stringValue
        let parent = node["ref"]?.stringValue.flatMap { indexByID[$0] }.map { layers[$0] }
        let from = parent ?? node
        type = from["type"]?.stringValue
        source = from["source"]?.stringValue
        sourceLayer = from["source-layer"]
        filter = from["filter"]
        layout = from["layout"]
        paint = node["paint"]
        minzoomNode = from["minzoom"]
        maxzoomNode = from["maxzoom"]
        minimumZoom = minzoomNode?.numberValue?.doubleValue ?? 0
        maximumZoom = maxzoomNode?.numberValue?.doubleValue ?? Self.zoomCeiling
    }

    /// True when `layout.visibility` is `none`.
    var isHidden: Bool { layout?["visibility"]?.stringValue == "none" }

    /// True when the zoom range is empty (`minzoom` ≥ `maxzoom`).
    var hasEmptyZoomRange: Bool { minimumZoom >= maximumZoom }

    /// Where findings about the layer go: its id, which names it on the printed line.
    var anchor: JSONNode { node["id"] ?? node }

    var path: JSONPath { JSONPath([.key("layers"), .index(index)]) }

    /// The layer's name in messages.
    var displayName: String { id.map { "'\($0)'" } ?? "at index \(index)" }
}
