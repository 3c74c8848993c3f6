/// The part of the Web Mercator world a map view shows when it looks straight down: a rectangle of the view's
/// size around its centre, turned by its bearing; and the tiles of a level that it meets, as a renderer that
/// culls tiles by the view's outline (MapLibre's `coveringTiles`) requests them.
public struct ViewFootprint: Sendable, Equatable {
    /// The view's centre longitude, in degrees.
    public let longitude: Double
    /// The view's centre latitude, in degrees (clamped to the Mercator limit where tiles are counted).
    public let latitude: Double
    /// The renderer's zoom: the world is `512 · 2^zoom` CSS pixels wide (MapLibre's zoom, the unified zoom minus 1).
    public let zoom: Double
    /// The view's width, in CSS pixels.
    public let width: Double
    /// The view's height, in CSS pixels.
    public let height: Double
    /// The view's bearing, in degrees clockwise from north.
    public let bearing: Double

    /// The world's width at zoom 0, in CSS pixels (MapLibre's tile size).
    public static let worldSize: Double = 512
    /// The most CSS pixels a side may have: beyond it, a view is no phone, tablet or desktop.
    public static let maximumSide: Double = 16_384
    /// How far apart (in tiles) a tile and the view may be and still count as touching. A tile that only touches
    /// the view's edge counts, as in GL JS 5.3.0, which requested all 16 level-3 tiles around a 512-px view whose
    /// edges lay exactly on tile edges (measured in Chromium).
    public static let touching: Double = 1e-9

    /// A view centred on (`longitude`, `latitude`) in degrees at renderer `zoom`, `width` x `height` CSS pixels,
    /// turned by `bearing` degrees.
    public init(
        longitude: Double, latitude: Double, zoom: Double, width: Double, height: Double, bearing: Double = 0
    ) throws(GeoError) {
        try requireFinite(longitude, "longitude")
        try requireFinite(latitude, "latitude")
        try requireFinite(zoom, "zoom")
        try requireFinite(bearing, "bearing")
        guard (-180...180).contains(longitude) else { throw GeoError.longitudeOutOfRange(longitude) }
        guard (-90...90).contains(latitude) else { throw GeoError.latitudeOutOfRange(latitude) }
        for (side, name) in [(width, "width"), (height, "height")] {
            try requireFinite(side, name)
            guard side >= 1, side <= Self.maximumSide else { throw GeoError.invalidViewSide(side) }
        }
        self.longitude = longitude
        self.latitude = latitude
        self.zoom = zoom
        self.width = width
        self.height = height
        self.bearing = bearing
    }

    /// The tiles of `level` whose square meets the view (overlaps it or touches its edge), each once: columns of
    /// world copies folded into `0..<2^level`, rows within the world; ordered by row, then column.
    public func tiles(level: Int) throws(GeoError) -> [TileCoordinate] {
        let count = try WebMercator.tilesPerSide(level: level)
        let centre = try WebMercator.fractionalTile(longitude: longitude, latitude: latitude, level: level)
        // Half the view's sides, in tiles of `level`.
        let scale = mathExp2(Double(level) - zoom) / Self.worldSize
        let halfWidth = width / 2 * scale
        let halfHeight = height / 2 * scale
        let angle = radians(fromDegrees: bearing)
        let (cosine, sine) = (mathCos(angle), mathSin(angle))
        // The view's axes on the map: its right and its down, turned by the bearing.
        let across = (x: cosine, y: sine)
        let down = (x: -sine, y: cosine)
        let reachX = abs(cosine) * halfWidth + abs(sine) * halfHeight
        let reachY = abs(sine) * halfWidth + abs(cosine) * halfHeight
        let columns = Int(floorValue(centre.x - reachX) - 1)...Int(floorValue(centre.x + reachX))
        let rows = max(0, Int(floorValue(centre.y - reachY)) - 1)...min(count - 1, Int(floorValue(centre.y + reachY)))
        guard !rows.isEmpty else { return [] }
        var seen = Set<Int>()
        var found: [TileCoordinate] = []
        for row in rows {
            for column in columns {
                guard
                    overlaps(
                        column: Double(column), row: Double(row), centre: (centre.x, centre.y),
                        axes: (across, down), half: (halfWidth, halfHeight))
                else { continue }
                let folded = ((column % count) + count) % count
                guard seen.insert(row * count + folded).inserted else { continue }
                found.append(try TileCoordinate(x: folded, y: row, z: level))
            }
        }
        return found.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// Whether the unit square at (`column`, `row`) and the view's rectangle meet (within `touching`) along each
    /// of the four separating axes (the square's two and the rectangle's two).
    private func overlaps(
        column: Double, row: Double, centre: (x: Double, y: Double),
        axes: ((x: Double, y: Double), (x: Double, y: Double)), half: (Double, Double)
    ) -> Bool {
        // The square's own axes: the rectangle's reach along x and y.
        let (across, down) = axes
        let reachX = abs(across.x) * half.0 + abs(down.x) * half.1
        let reachY = abs(across.y) * half.0 + abs(down.y) * half.1
        guard min(column + 1, centre.x + reachX) - max(column, centre.x - reachX) > -Self.touching,
            min(row + 1, centre.y + reachY) - max(row, centre.y - reachY) > -Self.touching
        else { return false }
        // The rectangle's axes: the square's corners projected, against the rectangle's half sides.
        for (axis, reach) in [(across, half.0), (down, half.1)] {
            let middle = centre.x * axis.x + centre.y * axis.y
            let corners = [
                column * axis.x + row * axis.y, (column + 1) * axis.x + row * axis.y,
                column * axis.x + (row + 1) * axis.y, (column + 1) * axis.x + (row + 1) * axis.y,
            ]
            let low = corners.min() ?? 0
            let high = corners.max() ?? 0
            guard min(high, middle + reach) - max(low, middle - reach) > -Self.touching else { return false }
        }
        return true
    }

    private func floorValue(_ value: Double) -> Double { value.rounded(.down) }
}
