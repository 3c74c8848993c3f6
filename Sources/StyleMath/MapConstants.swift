/// Every constant of the map math, in one place.
public enum MapConstants {
    /// Earth radius used by Web Mercator (EPSG:3857), in meters.
    public static let earthRadiusMeters: Double = 6_378_137
    /// Latitude limit of Web Mercator, in degrees: the latitude at which the square world ends.
    public static let mercatorLatitudeLimit: Double = 85.051128779806604
    /// Lowest zoom (camera zoom or tile level) that MapConductor uses.
    public static let minimumZoom: Double = 0
    /// Highest zoom (camera zoom or tile level) that MapConductor uses.
    public static let maximumZoom: Double = 22
    /// Highest tile level accepted by the tile math (keeps `2^z` exact in `Int`).
    public static let maximumTileLevel: Int = 30
    /// How many levels MapLibre's camera zoom is below unified zoom at the same ground scale: MapLibre's levels
    /// are of a 512-pixel world, unified (Google-equivalent) zoom's of a 256-pixel one.
    public static let mapLibreZoomOffset: Double = 1
    /// Base of the TomTom zoom offset, in zoom levels (GUIDE.md 2.11).
    public static let tomTomOffsetBase: Double = 1.76
    /// Latitude clamp for the TomTom zoom offset, in degrees.
    public static let tomTomOffsetLatitudeLimit: Double = 85
    /// Floor of `|cos(latitude)|` in the zoom and altitude formulas.
    public static let cosineLatitudeFloor: Double = 0.01
    /// Camera altitude at unified zoom 0 over the equator with no tilt, in meters.
    public static let zoom0AltitudeMeters: Double = 171_319_879
    /// Lowest camera altitude, in meters.
    public static let minimumAltitudeMeters: Double = 100
    /// Highest camera altitude, in meters.
    public static let maximumAltitudeMeters: Double = 50_000_000
    /// Highest camera tilt, in degrees (0 looks straight down).
    public static let maximumTiltDegrees: Double = 90
    /// Floor of `cos(tilt)` in the altitude formula.
    public static let cosineTiltFloor: Double = 0.05
}
