import StyleMath
import StyleRuntime

/// What differs between composition targets, as data plus small hooks, so the composer has no `if target`.
public struct TargetProfile: Sendable {
    /// The target this profile describes.
    public let target: Target
    /// The `tileSize` written into the style for a declared tile size (pixels).
    public let emittedTileSize: @Sendable (Int) -> Int
    /// Whether TomTom's raster base map goes in (when the declarations do not turn it off).
    public let insertsBaseRaster: Bool
    /// A layer's camera zoom in the style for a unified camera zoom at a latitude (degrees).
    public let layerZoom: @Sendable (Double, Double) throws(GeoError) -> Double
    /// Whether the layer's zoom range depends on a calibration latitude (so one is needed).
    public let needsCalibrationLatitude: Bool
    /// Whether a layer-mapping file is emitted.
    public let emitsLayerMapping: Bool
    /// Whether tile requests can carry a User-Agent or extra headers.
    public let sendsRequestHeaders: Bool

    /// The TomTom Orbis Maps SDK: tile sizes halved (it draws raster tiles at twice the declared size),
    /// TomTom's raster base map, camera zooms converted to TomTom zoom, a layer mapping, no request headers.
    public static let tomtom = TargetProfile(
        target: .tomtom,
        // What loads as written: the divisor of most devices (Android, 3x iPhones); StyleRuntime sets the size
        // for the device (`TileSizeScale`).
        emittedTileSize: { TileSizeScale.tileSize(declared: $0, platform: .android, displayScale: nil) },
        insertsBaseRaster: true,
        layerZoom: { zoom, latitude throws(GeoError) in
            roundedZoom(try ZoomCalibration.tomTomZoom(unifiedZoom: zoom, latitude: latitude))
        },
        needsCalibrationLatitude: true,
        emitsLayerMapping: true,
        sendsRequestHeaders: false
    )

    /// MapLibre: the style specification as it is; a camera zoom in MapLibre's zoom, one below the unified zoom
    /// (the same ground scale, as MapConductor's MapLibre provider converts its camera), at least 0.
    public static let maplibre = TargetProfile(
        target: .maplibre,
        emittedTileSize: { $0 },
        insertsBaseRaster: false,
        layerZoom: { zoom, _ throws(GeoError) in max(0, try ZoomCalibration.mapLibreZoom(unifiedZoom: zoom)) },
        needsCalibrationLatitude: false,
        emitsLayerMapping: false,
        sendsRequestHeaders: true
    )

    /// The profile of a target.
    public static func profile(for target: Target) -> TargetProfile {
        switch target {
        case .tomtom: return .tomtom
        case .maplibre: return .maplibre
        }
    }

    /// Converted zooms are written to 0.01 of a zoom level.
    static func roundedZoom(_ zoom: Double) -> Double { (zoom * 100).rounded() / 100 }
}
