/// A longitude/latitude box in degrees. `west > east` means the box crosses the antimeridian (180°).
///
/// Built only through the checking initializer: every edge is finite, longitudes lie in -180...180,
/// latitudes in -90...90 and south is not north of north.
public struct GeoBounds: Equatable, Sendable, CustomStringConvertible {
    /// Western edge, degrees of longitude.
    public let west: Double
    /// Southern edge, degrees of latitude.
    public let south: Double
    /// Eastern edge, degrees of longitude.
    public let east: Double
    /// Northern edge, degrees of latitude.
    public let north: Double

    /// The whole world, -180, -90, 180, 90.
    public static let world = GeoBounds(uncheckedWest: -180, south: -90, east: 180, north: 90)

    /// Checks and builds a box. `west > east` is allowed and means it crosses the antimeridian.
    public init(west: Double, south: Double, east: Double, north: Double) throws(GeoError) {
        for (value, name) in [(west, "west"), (south, "south"), (east, "east"), (north, "north")] {
            try requireFinite(value, name)
        }
        for longitude in [west, east] where !(-180...180).contains(longitude) {
            throw GeoError.longitudeOutOfRange(longitude)
        }
        for latitude in [south, north] where !(-90...90).contains(latitude) {
            throw GeoError.latitudeOutOfRange(latitude)
        }
        guard south <= north else { throw GeoError.southAboveNorth(south: south, north: north) }
        self.init(uncheckedWest: west, south: south, east: east, north: north)
    }

    init(uncheckedWest west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// True when the box crosses the antimeridian (west > east).
    public var crossesAntimeridian: Bool { west > east }

    /// Width in degrees of longitude, 0...360, measured eastwards from `west` to `east`.
    public var longitudeSpan: Double { crossesAntimeridian ? east - west + 360 : east - west }

    /// The middle of the box in degrees; across the antimeridian the longitude is wrapped into -180...180.
    public var center: (longitude: Double, latitude: Double) {
        (Self.wrapLongitude(west + longitudeSpan / 2), (south + north) / 2)
    }

    /// True when the point (degrees) lies inside or on the edge of the box.
    public func contains(longitude: Double, latitude: Double) -> Bool {
        guard longitude.isFinite, latitude.isFinite, (south...north).contains(latitude) else { return false }
        if crossesAntimeridian { return longitude >= west || longitude <= east }
        return (west...east).contains(longitude)
    }

    /// The parts that both boxes cover: none when they are disjoint, and two when both cross the
    /// antimeridian or together wrap the whole way round.
    public func intersection(_ other: GeoBounds) -> [GeoBounds] {
        let southEdge = max(south, other.south)
        let northEdge = min(north, other.north)
        guard southEdge <= northEdge else { return [] }
        var pieces: [GeoBounds] = []
        for shift in [-360.0, 0, 360] {
            let start = max(west, other.west + shift)
            let end = min(west + longitudeSpan, other.west + shift + other.longitudeSpan)
            guard start <= end else { continue }
            let piece = Self.arc(start: start, width: end - start, south: southEdge, north: northEdge)
            if !pieces.contains(piece) { pieces.append(piece) }
        }
        return pieces
    }

    /// The smallest box that covers both (the shorter way round in longitude).
    public func union(_ other: GeoBounds) -> GeoBounds {
        let southEdge = min(south, other.south)
        let northEdge = max(north, other.north)
        let fromSelf = max(longitudeSpan, Self.eastwardDistance(from: west, to: other.west) + other.longitudeSpan)
        let fromOther = max(other.longitudeSpan, Self.eastwardDistance(from: other.west, to: west) + longitudeSpan)
        let (start, width) = fromSelf <= fromOther ? (west, fromSelf) : (other.west, fromOther)
        return Self.arc(start: start, width: width, south: southEdge, north: northEdge)
    }

    /// The same box with its latitudes clamped to the Web Mercator limit (±85.0511°).
    public var clampedToMercator: GeoBounds {
        let limit = MapConstants.mercatorLatitudeLimit
        return GeoBounds(
            uncheckedWest: west, south: clamp(south, -limit...limit), east: east, north: clamp(north, -limit...limit))
    }

    /// The XYZ tile ranges covering the box at a tile level: one range, or two when the box crosses the
    /// antimeridian. Latitudes are clamped to the Mercator limit first.
    public func tileRanges(level: Int) throws(GeoError) -> [TileRange] {
        let count = try WebMercator.tilesPerSide(level: level)
        let box = clampedToMercator
        var arcs: [(Double, Double)] = [(box.west, box.east)]
        if crossesAntimeridian {
            arcs = [(box.west, 180), (-180, box.east)].filter { $0.0 < $0.1 }
        }
        let northWest = try WebMercator.fractionalTile(longitude: box.west, latitude: box.north, level: level)
        let southEast = try WebMercator.fractionalTile(longitude: box.east, latitude: box.south, level: level)
        let rows = Self.cells(from: northWest.y, to: southEast.y, count: count)
        var ranges: [TileRange] = []
        for (arcWest, arcEast) in arcs {
            let left = try WebMercator.fractionalTile(longitude: arcWest, latitude: 0, level: level).x
            let right = try WebMercator.fractionalTile(longitude: arcEast, latitude: 0, level: level).x
            let columns = Self.cells(from: left, to: right, count: count)
            ranges.append(TileRange(level: level, columns: columns, rows: rows))
        }
        return ranges
    }

    /// How many tiles cover the box over a range of tile levels (both ends included).
    public func tileCount(levels: ClosedRange<Int>) throws(GeoError) -> Int {
        var total = 0
        for level in levels {
            for range in try tileRanges(level: level) { total += range.count }
        }
        return total
    }

    /// `west,south,east,north`, in degrees.
    public var description: String { "\(west),\(south),\(east),\(north)" }

    /// The whole tiles touched by the fractional span `from...to`: an edge that falls exactly on a tile
    /// boundary does not pull in the next tile.
    private static func cells(from low: Double, to high: Double, count: Int) -> ClosedRange<Int> {
        let first = min(max(Int(low.rounded(.down)), 0), count - 1)
        let last = min(max(Int(high.rounded(.up)) - 1, first), count - 1)
        return first...last
    }

    private static func eastwardDistance(from start: Double, to end: Double) -> Double {
        let distance = (end - start).truncatingRemainder(dividingBy: 360)
        return distance < 0 ? distance + 360 : distance
    }

    private static func wrapLongitude(_ longitude: Double) -> Double {
        if longitude > 180 { return longitude - 360 }
        if longitude < -180 { return longitude + 360 }
        return longitude
    }

    /// The box spanning `width` degrees eastwards from `start` (any longitude), normalised to -180...180.
    private static func arc(start: Double, width: Double, south: Double, north: Double) -> GeoBounds {
        if width >= 360 { return GeoBounds(uncheckedWest: -180, south: south, east: 180, north: north) }
        var west = start
        while west >= 180 { west -= 360 }
        while west < -180 { west += 360 }
        let eastEnd = west + width
        return GeoBounds(uncheckedWest: west, south: south, east: eastEnd > 180 ? eastEnd - 360 : eastEnd, north: north)
    }
}
