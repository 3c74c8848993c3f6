import LocatedJSON

/// The layers of a base style, as an editor needs them: ids to complete and explain placements with, and
/// where each is written to jump to.
struct BaseLayerIndex {
    /// One layer of the base.
    struct Layer {
        let id: String
        /// The layer's type (`fill`, `symbol`, ...).
        let type: String
        let source: String?
        let sourceLayer: String?
        /// The zoom range it draws in (MapLibre zoom), when limited.
        let minZoom: Double?
        let maxZoom: Double?
        /// Its position in the base's `layers`, from 0 (drawn first).
        let index: Int
        /// Where its `id` value is written in the base, in bytes.
        let idOffset: Int?
        /// True when its `layout.visibility` is `none`.
        let isHidden: Bool
    }

    /// The absolute path of the base style.
    let path: String
    /// The layers in drawing order.
    let layers: [Layer]
    /// The base's text, for positions.
    let lines: LineIndex
    private let byID: [String: Int]

    /// The layers of the style in `bytes` (read from `path`); nil when it does not parse as a style.
    init?(path: String, bytes: [UInt8]) {
        guard let document = try? JSONParser().parse(bytes: bytes, name: path),
            let items = document.root["layers"]?.arrayValue
        else { return nil }
        var layers: [Layer] = []
        var byID: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            guard let id = item["id"]?.stringValue else { continue }
            let layer = Layer(
                id: id, type: item["type"]?.stringValue ?? "?", source: item["source"]?.stringValue,
                sourceLayer: item["source-layer"]?.stringValue, minZoom: item["minzoom"]?.numberValue?.doubleValue,
                maxZoom: item["maxzoom"]?.numberValue?.doubleValue, index: index,
                idOffset: item["id"]?.sourceOffset,
                isHidden: item["layout"]?["visibility"]?.stringValue == "none")
            if byID[id] == nil { byID[id] = layers.count }
            layers.append(layer)
        }
        self.path = path
        self.layers = layers
        self.byID = byID
        self.lines = LineIndex(bytes)
    }

    /// The layer with this id, the first when the base repeats it.
    func layer(_ id: String) -> Layer? { byID[id].map { layers[$0] } }

    /// One line about `layer`: type, source and source-layer, zoom range and position.
    func detail(_ layer: Layer) -> String {
        var parts = [layer.type]
        if let source = layer.source {
            parts.append("source \(source)" + (layer.sourceLayer.map { ", source-layer \($0)" } ?? ""))
        }
        if layer.minZoom != nil || layer.maxZoom != nil {
            parts.append("zoom \(Self.format(layer.minZoom ?? 0))–\(Self.format(layer.maxZoom ?? 24))")
        }
        parts.append("layer \(layer.index + 1) of \(layers.count)")
        if layer.isHidden { parts.append("hidden") }
        return parts.joined(separator: " · ")
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
