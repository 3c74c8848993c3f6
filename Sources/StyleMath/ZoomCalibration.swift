/// Conversion between MapConductor's unified zoom (Google-Maps-equivalent Web Mercator camera zoom) and the
/// TomTom SDK's native camera zoom, which follows ground scale (GUIDE.md 2.11).
///
/// Both zooms are camera zooms (what a style layer's `minzoom`/`maxzoom` mean), not tile levels.
public enum ZoomCalibration {
    /// The difference `unified - tomtom` at a latitude, in zoom levels:
    /// `1.76 + log2(max(|cos(clamp(latitude, -85, 85))|, 0.01))`.
    /// - Parameter latitude: degrees; clamped to -85...85.
    public static func offset(latitude: Double) throws(GeoError) -> Double {
        try requireFinite(latitude, "latitude")
        let limit = MapConstants.tomTomOffsetLatitudeLimit
        let cosine = abs(mathCos(radians(fromDegrees: clamp(latitude, -limit...limit))))
        return MapConstants.tomTomOffsetBase + mathLog2(max(cosine, MapConstants.cosineLatitudeFloor))
    }

    /// TomTom native camera zoom for a unified camera zoom at a latitude (degrees), clamped to 0...22.
    public static func tomTomZoom(unifiedZoom: Double, latitude: Double) throws(GeoError) -> Double {
        try requireFinite(unifiedZoom, "unified zoom")
        return clamp(unifiedZoom - (try offset(latitude: latitude)), zoomRange)
    }

    /// Unified camera zoom for a TomTom native camera zoom at a latitude (degrees), clamped to 0...22.
    public static func unifiedZoom(tomTomZoom: Double, latitude: Double) throws(GeoError) -> Double {
        try requireFinite(tomTomZoom, "TomTom zoom")
        return clamp(tomTomZoom + (try offset(latitude: latitude)), zoomRange)
    }

    /// MapLibre's camera zoom (GL JS, MapLibre Native) for a unified camera zoom: one level lower
    /// (`MapConstants.mapLibreZoomOffset`), from -1 to 21 for unified 0...22. MapConductor's MapLibre provider
    /// converts its camera so.
    public static func mapLibreZoom(unifiedZoom: Double) throws(GeoError) -> Double {
        try requireFinite(unifiedZoom, "unified zoom")
        return clamp(unifiedZoom, zoomRange) - MapConstants.mapLibreZoomOffset
    }

    /// Unified camera zoom for a MapLibre camera zoom, clamped to 0...22.
    public static func unifiedZoom(mapLibreZoom: Double) throws(GeoError) -> Double {
        try requireFinite(mapLibreZoom, "MapLibre zoom")
        return clamp(mapLibreZoom + MapConstants.mapLibreZoomOffset, zoomRange)
    }

    /// Camera altitude above ground, in meters, for a unified camera zoom:
    /// `clamp(171,319,879 * cos(lat) / 2^zoom * cos(tilt), 100, 50,000,000)`, with `cos(lat)` floored at 0.01,
    /// tilt clamped to 0...90 degrees and `cos(tilt)` floored at 0.05.
    /// - Parameters:
    ///   - unifiedZoom: camera zoom in unified (Web Mercator) levels.
    ///   - latitude: degrees.
    ///   - tilt: camera tilt in degrees from straight down.
    public static func altitude(unifiedZoom: Double, latitude: Double, tilt: Double = 0) throws(GeoError) -> Double {
        try requireFinite(unifiedZoom, "unified zoom")
        let scale = try groundScale(latitude: latitude, tilt: tilt)
        let altitude = MapConstants.zoom0AltitudeMeters * scale / mathExp2(unifiedZoom)
        return clamp(altitude, MapConstants.minimumAltitudeMeters...MapConstants.maximumAltitudeMeters)
    }

    /// The unified camera zoom at which the camera stands at `altitude` meters: the inverse of
    /// `altitude(unifiedZoom:latitude:tilt:)` where no clamp applied, clamped to 0...22.
    public static func unifiedZoom(altitude: Double, latitude: Double, tilt: Double = 0) throws(GeoError) -> Double {
        try requireFinite(altitude, "altitude")
        let scale = try groundScale(latitude: latitude, tilt: tilt)
        let clamped = clamp(altitude, MapConstants.minimumAltitudeMeters...MapConstants.maximumAltitudeMeters)
        return clamp(mathLog2(MapConstants.zoom0AltitudeMeters * scale / clamped), zoomRange)
    }

    /// The camera zoom range, 0...22.
    public static let zoomRange: ClosedRange<Double> = MapConstants.minimumZoom...MapConstants.maximumZoom

    /// `max(|cos(latitude)|, 0.01) * max(cos(clamp(tilt, 0, 90)), 0.05)`.
    private static func groundScale(latitude: Double, tilt: Double) throws(GeoError) -> Double {
        try requireFinite(latitude, "latitude")
        try requireFinite(tilt, "tilt")
        let cosLatitude = max(abs(mathCos(radians(fromDegrees: latitude))), MapConstants.cosineLatitudeFloor)
        let clampedTilt = clamp(tilt, 0...MapConstants.maximumTiltDegrees)
        let cosTilt = max(mathCos(radians(fromDegrees: clampedTilt)), MapConstants.cosineTiltFloor)
        return cosLatitude * cosTilt
    }
}
