/// Spherical Web Mercator (EPSG:3857): degrees, meters and fractional tile coordinates (GUIDE.md 2.12).
///
/// Tile coordinates are XYZ (y grows southwards) unless a function says TMS.
public enum WebMercator {
    /// A point in Web Mercator meters: `x` eastwards from the prime meridian, `y` northwards from the equator.
    public struct Meters: Equatable, Sendable {
        /// Meters eastwards from the prime meridian.
        public var x: Double
        /// Meters northwards from the equator.
        public var y: Double
        /// A point `x` meters east and `y` meters north.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// A position in tile units at one tile level: the integer part names the tile, the fraction the place in it.
    public struct FractionalTile: Equatable, Sendable {
        /// Tile units eastwards from 180°W.
        public var x: Double
        /// Tile units southwards from the north edge of the map.
        public var y: Double
        /// A position at `x`, `y` tile units.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// Projects longitude/latitude (degrees) to meters. Latitude is clamped to the Mercator limit (±85.0511°).
    public static func meters(longitude: Double, latitude: Double) throws(GeoError) -> Meters {
        try checkLongitudeLatitude(longitude, latitude)
        let limit = MapConstants.mercatorLatitudeLimit
        let phi = radians(fromDegrees: clamp(latitude, -limit...limit))
        let radius = MapConstants.earthRadiusMeters
        return Meters(
            x: radius * radians(fromDegrees: longitude), y: radius * mathLog(mathTan(Double.pi / 4 + phi / 2)))
    }

    /// Unprojects meters to longitude/latitude in degrees.
    public static func coordinate(meters: Meters) throws(GeoError) -> (longitude: Double, latitude: Double) {
        try requireFinite(meters.x, "x meters")
        try requireFinite(meters.y, "y meters")
        let radius = MapConstants.earthRadiusMeters
        let longitude = degrees(fromRadians: meters.x / radius)
        let latitude = degrees(fromRadians: 2 * mathAtan(mathExp(meters.y / radius)) - Double.pi / 2)
        return (longitude, latitude)
    }

    /// The fractional XYZ tile position of longitude/latitude (degrees) at a tile level.
    /// Latitude is clamped to the Mercator limit; x runs 0...2^level from 180°W to 180°E.
    public static func fractionalTile(longitude: Double, latitude: Double, level: Int) throws(GeoError)
        -> FractionalTile
    {
        try checkLongitudeLatitude(longitude, latitude)
        let count = Double(try tilesPerSide(level: level))
        let limit = MapConstants.mercatorLatitudeLimit
        let phi = radians(fromDegrees: clamp(latitude, -limit...limit))
        let x = (longitude + 180) / 360 * count
        let y = (1 - mathLog(mathTan(phi) + 1 / mathCos(phi)) / Double.pi) / 2 * count
        return FractionalTile(x: x, y: clamp(y, 0...count))
    }

    /// Longitude/latitude (degrees) of a fractional XYZ tile position at a tile level.
    public static func coordinate(tile: FractionalTile, level: Int) throws(GeoError) -> (
        longitude: Double, latitude: Double
    ) {
        try requireFinite(tile.x, "tile x")
        try requireFinite(tile.y, "tile y")
        let count = Double(try tilesPerSide(level: level))
        let longitude = tile.x / count * 360 - 180
        let latitude = degrees(fromRadians: mathAtan(mathSinh(Double.pi * (1 - 2 * tile.y / count))))
        return (longitude, latitude)
    }

    /// The longitude/latitude bounds (degrees) that an XYZ tile covers.
    public static func bounds(of tile: TileCoordinate) -> GeoBounds {
        let count = Double(1 << tile.z)
        func longitude(_ column: Int) -> Double { Double(column) / count * 360 - 180 }
        func latitude(_ row: Int) -> Double {
            degrees(fromRadians: mathAtan(mathSinh(Double.pi * (1 - 2 * Double(row) / count))))
        }
        return GeoBounds(
            uncheckedWest: longitude(tile.x), south: latitude(tile.y + 1), east: longitude(tile.x + 1),
            north: latitude(tile.y))
    }

    /// Ground resolution in meters per pixel at a latitude (degrees), a zoom, and a tile size in pixels:
    /// `cos(latitude) * 2πR / (tileSize * 2^zoom)`.
    public static func metersPerPixel(latitude: Double, zoom: Double, tileSize: Int) throws(GeoError) -> Double {
        try requireFinite(latitude, "latitude")
        try requireFinite(zoom, "zoom")
        guard tileSize > 0 else { throw GeoError.invalidTileSize(tileSize) }
        guard (-90...90).contains(latitude) else { throw GeoError.latitudeOutOfRange(latitude) }
        let circumference = 2 * Double.pi * MapConstants.earthRadiusMeters
        return mathCos(radians(fromDegrees: latitude)) * circumference / (Double(tileSize) * mathExp2(zoom))
    }

    /// The number of tiles along one side of the world at a tile level: 2^level.
    public static func tilesPerSide(level: Int) throws(GeoError) -> Int {
        guard (0...MapConstants.maximumTileLevel).contains(level) else { throw GeoError.tileLevelOutOfRange(level) }
        return 1 << level
    }

    /// Converts an XYZ row (y down) to a TMS row (y up) or back: `2^level - 1 - row`.
    public static func flippedRow(_ row: Int, level: Int) throws(GeoError) -> Int {
        let count = try tilesPerSide(level: level)
        guard (0..<count).contains(row) else { throw GeoError.tileOutOfRange(x: 0, y: row, z: level) }
        return count - 1 - row
    }

    private static func checkLongitudeLatitude(_ longitude: Double, _ latitude: Double) throws(GeoError) {
        try requireFinite(longitude, "longitude")
        try requireFinite(latitude, "latitude")
        guard (-180...180).contains(longitude) else { throw GeoError.longitudeOutOfRange(longitude) }
        guard (-90...90).contains(latitude) else { throw GeoError.latitudeOutOfRange(latitude) }
    }
}
