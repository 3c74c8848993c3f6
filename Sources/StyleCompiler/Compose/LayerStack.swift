import LocatedJSON

/// Inserts declared raster layers into the base style's layer list.
///
/// Each declared layer gets a gap between base layers: `top` after the last, `belowLabels` before the first
/// label (`drawsText`), `{below: ID}` before ID, `{above: ID}` after ID. Layers that share a gap are stacked by
/// `zIndex` (higher draws above), ties in declaration order. Linear in base layers plus declared layers.
struct LayerStack {
    /// A declared layer and where it goes.
    struct Placed {
        let layer: JSONNode
        let gap: Int
        let zIndex: Int
        let order: Int
        /// 0 for a source's layer, 1 for its part east of the antimeridian, drawn right above it.
        var part = 0
    }

    let baseLayers: [JSONNode]
    /// Base layer id -> index (first occurrence).
    let indexByID: [String: Int]
    /// The index of the first label layer (`drawsText`), if any.
    let firstLabel: Int?

    init(baseLayers: [JSONNode]) {
        self.baseLayers = baseLayers
        // Sized once: grown by doubling, it hashed every id again at each step.
        var index = [String: Int](minimumCapacity: baseLayers.count)
        var symbol: Int?
        for (position, layer) in baseLayers.enumerated() {
            if let id = layer["id"]?.stringValue, index[id] == nil { index[id] = position }
            if symbol == nil, Self.drawsText(layer) { symbol = position }
        }
        self.indexByID = index
        self.firstLabel = symbol
    }

    /// True for a label: a `symbol` layer with a `text-field`. The one definition of "the labels" that
    /// `belowLabels` goes under: on TomTom's bases the first symbol layers are road arrows and shields, icons
    /// only, hundreds of layers below the first text.
    static func drawsText(_ layer: JSONNode) -> Bool {
        layer["type"]?.stringValue == "symbol" && layer["layout"]?["text-field"] != nil
    }

    /// The gap a placement names, or nil when its anchor layer does not exist.
    func gap(for placement: LayerPlacement) -> Int? {
        switch placement {
        case .top: return baseLayers.count
        case .belowLabels: return firstLabel ?? baseLayers.count
        case .below(let id): return indexByID[id]
        case .above(let id): return indexByID[id].map { $0 + 1 }
        }
    }

    /// The base layers with the placed layers inserted.
    func merged(with placed: [Placed]) -> [JSONNode] {
        let ordered = placed.sorted {
            ($0.gap, $0.zIndex, $0.order, $0.part) < ($1.gap, $1.zIndex, $1.order, $1.part)
        }
        var result: [JSONNode] = []
        result.reserveCapacity(baseLayers.count + placed.count)
        var next = 0
        for gap in 0...baseLayers.count {
            while next < ordered.count, ordered[next].gap == gap {
                result.append(ordered[next].layer)
                next += 1
            }
            if gap < baseLayers.count { result.append(baseLayers[gap]) }
        }
        return result
    }
}
