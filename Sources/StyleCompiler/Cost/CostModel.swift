import StyleMath

/// How a target's renderer turns a view into tile requests: the zoom its tiles are picked at, the zoom its layers'
/// `minzoom`/`maxzoom` are compared with, how large it draws a raster tile, and how far down it prefetches.
/// docs/cost.md gives the sources of each choice.
public struct CostModel: Sendable {
    /// The target whose renderer this models.
    public let target: Target
    /// The zoom layers are shown at, for a unified camera zoom (first) at a latitude (second, degrees).
    let layerZoom: @Sendable (Double, Double) throws(GeoError) -> Double
    /// How many times its declared `tileSize` the renderer draws a raster or raster-dem tile.
    public let rasterTileScale: Int
    /// How many levels below the view's own a renderer prefetches (0: none).
    public let prefetchLevels: Int

    /// MapLibre GL JS 5.3.0, as measured: tiles and layers at MapLibre's zoom (unified - 1), each tile drawn at its
    /// `tileSize`, no prefetch.
    public static let maplibre = CostModel(
        target: .maplibre,
        layerZoom: { zoom, _ throws(GeoError) in try ZoomCalibration.mapLibreZoom(unifiedZoom: zoom) },
        rasterTileScale: 1, prefetchLevels: 0)

    /// The TomTom Orbis Maps SDK: tiles at the ground scale of MapLibre's zoom with raster tiles drawn at twice
    /// their declared size (GUIDE 2.6), layers at TomTom's camera zoom (a compiled style holds TomTom zooms), and
    /// MapLibre Native's prefetch of the view four levels up (an assumption: the SDK's renderer is not published).
    public static let tomtom = CostModel(
        target: .tomtom,
        layerZoom: { zoom, latitude throws(GeoError) in
            try ZoomCalibration.tomTomZoom(unifiedZoom: zoom, latitude: latitude)
        },
        rasterTileScale: 2, prefetchLevels: 4)

    /// The model of `target`'s renderer.
    public static func model(for target: Target) -> CostModel {
        switch target {
        case .tomtom: return .tomtom
        case .maplibre: return .maplibre
        }
    }

    /// The renderer zoom tiles are picked at for unified `zoom`: MapLibre's, the same ground scale on both
    /// targets.
    public func tileZoom(unified zoom: Double) throws(GeoError) -> Double {
        try ZoomCalibration.mapLibreZoom(unifiedZoom: zoom)
    }

    /// The zoom layers are shown at for unified `zoom` at `latitude` (degrees).
    public func layerZoom(unified zoom: Double, latitude: Double) throws(GeoError) -> Double {
        try layerZoom(zoom, latitude)
    }
}
