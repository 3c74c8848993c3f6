import LocatedJSON
import StyleMath

/// The cost of one composed style in any view: its sources and layers read once, then each view costed
/// against them as the target's renderer would fetch it.
public struct StyleCost: Sendable {
    /// The renderer model.
    public let model: CostModel
    /// The composed style's size, in bytes of compact JSON.
    public let styleBytes: Int
    private let sources: [CostSource]
    private let layers: [CostLayer]

    /// The cost of `style` (a composed style document) as `model`'s renderer fetches it.
    public init(style: JSONNode, model: CostModel) {
        self.model = model
        styleBytes = JSONWriter(style: .compact).bytes(style).count
        sources = (style["sources"]?.objectValue?.members ?? []).map { member in
            CostSource(id: member.key, node: member.value, model: model)
        }
        layers = (style["layers"]?.arrayValue ?? []).map(CostLayer.init)
    }

    /// What `view` costs in the variant named `variant`; tile bytes from `recorded` when given.
    public func cost(of view: CostView, variant: String, recorded: RecordedTiles? = nil) throws(GeoError) -> ViewCost {
        let at = try Moment(view, zoom: view.zoom, model: model, layers: layers)
        var shownTypes: [String] = []
        var typeCounts: [String: Int] = [:]
        for layer in at.shownLayers {
            if typeCounts[layer.type] == nil { shownTypes.append(layer.type) }
            typeCounts[layer.type, default: 0] += 1
        }
        var costs: [SourceCost] = []
        for source in sources { costs.append(try cost(of: source, at: at, view: view, recorded: recorded)) }
        costs = Self.joiningEastParts(costs)
        let covering = Set(costs.filter { $0.tiles > 0 || $0.isEstimated }.map(\.id))
        let stacked = at.shownLayers.filter { $0.isOpaqueRaster && $0.source.map(covering.contains) == true }.count
        var curve: [ViewCost.ZoomRequests] = []
        for zoom in 0...22 {
            let moment = try Moment(view, zoom: Double(zoom), model: model, layers: layers)
            var (tiles, prefetch) = (0, 0)
            for source in sources where moment.usedSources.contains(source.id) {
                guard case .tiled(let tiled, _, _, _) = source.reach else { continue }
                tiles += try tiled.tileSet(for: moment.footprint).count
                prefetch += try tiled.prefetchTileSet(for: moment.footprint, levelsBelow: model.prefetchLevels).count
            }
            curve.append(ViewCost.ZoomRequests(zoom: zoom, tiles: tiles, prefetch: prefetch))
        }
        return ViewCost(
            view: view, variant: variant, tileZoom: at.footprint.zoom, layerZoom: at.layerZoom, sources: costs,
            shownLayers: shownTypes.map { ViewCost.LayerCount(type: $0, count: typeCounts[$0] ?? 0) },
            stackedRasters: stacked, styleBytes: styleBytes, curve: curve)
    }

    /// A declared source across the antimeridian is two style sources; each part's cost goes into its source's,
    /// as one declared source (the parts' bounds are on either side of 180°, so no tile is counted twice).
    static func joiningEastParts(_ costs: [SourceCost]) -> [SourceCost] {
        let parts = Dictionary(
            costs.filter { $0.id.hasSuffix(StyleID.eastPartSuffix) }.map {
                (String($0.id.dropLast(StyleID.eastPartSuffix.count)), $0)
            }, uniquingKeysWith: { first, _ in first })
        guard !parts.isEmpty else { return costs }
        let owners = Set(costs.map(\.id))
        return costs.compactMap { cost in
            if cost.id.hasSuffix(StyleID.eastPartSuffix),
                owners.contains(String(cost.id.dropLast(StyleID.eastPartSuffix.count)))
            {
                return nil
            }
            guard let part = parts[cost.id] else { return cost }
            let statuses = [cost.status, part.status]
            let status: SourceCost.Status =
                statuses.contains(.shown) && cost.tiles + part.tiles > 0
                ? .shown : statuses.contains(.outsideBounds) ? .outsideBounds : cost.status
            let bytes = cost.recordedBytes.flatMap { own in part.recordedBytes.map { own + $0 } }
            return SourceCost(
                id: cost.id, type: cost.type, status: status, level: cost.level ?? part.level,
                tileSize: cost.tileSize, tiles: cost.tiles + part.tiles, prefetch: cost.prefetch + part.prefetch,
                onFailure: cost.onFailure + part.onFailure, files: max(cost.files, part.files),
                isEstimated: cost.isEstimated || part.isEstimated, recordedBytes: bytes,
                unrecordedTiles: cost.unrecordedTiles + part.unrecordedTiles, reason: cost.reason)
        }
    }

    /// What `source` costs at `at`.
    private func cost(of source: CostSource, at: Moment, view: CostView, recorded: RecordedTiles?) throws(GeoError)
        -> SourceCost
    {
        var cost = SourceCostBuilder(id: source.id, type: source.type)
        switch source.reach {
        case .file:
            cost.status = .file
            cost.files = 1
        case .inline:
            cost.status = .inline
        case .unreadable(let reason):
            cost.status = .notCosted
            cost.reason = reason
        case .tiled(let tiled, let urls, let estimated, let files):
            cost.files = files
            cost.isEstimated = estimated
            cost.tileSize = tiled.tileSize
            guard at.usedSources.contains(source.id) else {
                cost.status = .noLayerShown
                break
            }
            guard let level = tiled.requestedLevel(zoom: at.footprint.zoom) else {
                cost.status = .belowMinzoom
                break
            }
            // Counted as runs of columns: a tiny tileSize makes millions of tiles, never millions of values.
            let tiles = try tiled.tileSet(for: at.footprint)
            cost.level = level
            cost.status = tiles.isEmpty && tiled.bounds != nil ? .outsideBounds : .shown
            cost.tiles = tiles.count
            cost.prefetch = try tiled.prefetchTileSet(for: at.footprint, levelsBelow: model.prefetchLevels).count
            cost.onFailure = try tiled.tileSetsWhenFailing(for: at.footprint).reduce(0) { $0 + $1.count }
            if let recorded, !urls.templates.isEmpty {
                // More tiles than a recording's index can list are not looked up one by one: none is recorded.
                guard tiles.count <= Limits.recordedTilesLookedUp else {
                    cost.unrecordedTiles = tiles.count
                    break
                }
                var bytes = 0
                for tile in tiles.tiles {
                    let size = urls.urls(for: tile, pixelRatio: view.pixelRatio).lazy.compactMap(recorded.size(of:))
                        .first
                    // Each size is at most the replay limit, so the sum stays far below Int.max.
                    if let size { bytes += size } else { cost.unrecordedTiles += 1 }
                }
                cost.recordedBytes = bytes
            }
        }
        return cost.built
    }
}

/// A view at one zoom: its footprint at the tile zoom, the layer zoom, and which layers and sources are shown.
private struct Moment {
    let footprint: ViewFootprint
    let layerZoom: Double
    let shownLayers: [CostLayer]
    let usedSources: Set<String>

    init(_ view: CostView, zoom: Double, model: CostModel, layers: [CostLayer]) throws(GeoError) {
        footprint = try ViewFootprint(
            longitude: view.longitude, latitude: view.latitude, zoom: try model.tileZoom(unified: zoom),
            width: Double(view.width), height: Double(view.height), bearing: view.bearing)
        let layerZoom = try model.layerZoom(unified: zoom, latitude: view.latitude)
        self.layerZoom = layerZoom
        shownLayers = layers.filter { !$0.isHidden(at: layerZoom) }
        usedSources = Set(shownLayers.compactMap(\.source))
    }
}

/// A `SourceCost` filled in step by step.
private struct SourceCostBuilder {
    let id: String
    let type: String
    var status = SourceCost.Status.shown
    var level: Int?
    var tileSize: Int?
    var tiles = 0
    var prefetch = 0
    var onFailure = 0
    var files = 0
    var isEstimated = false
    var recordedBytes: Int?
    var unrecordedTiles = 0
    var reason = ""

    var built: SourceCost {
        SourceCost(
            id: id, type: type, status: status, level: level, tileSize: tileSize, tiles: tiles, prefetch: prefetch,
            onFailure: onFailure, files: files, isEstimated: isEstimated, recordedBytes: recordedBytes,
            unrecordedTiles: unrecordedTiles, reason: reason)
    }
}
