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
    /// world copies folded into `0..<2^level`, rows within the world; ordered by row, then column. One value per
    /// tile: ``tileSet(level:)`` counts without them.
    public func tiles(level: Int) throws(GeoError) -> [TileCoordinate] {
        try tileSet(level: level).tiles
    }

    /// The tiles of `level` whose square meets the view, as runs of columns per row. The view is convex, so the
    /// columns it meets in a row are one run: each row's ends are found by bisection, in O(rows · log columns).
    public func tileSet(level: Int) throws(GeoError) -> TileSet {
        let count = try WebMercator.tilesPerSide(level: level)
        let centre = try WebMercator.fractionalTile(longitude: longitude, latitude: latitude, level: level)
        // Half the view's sides, in tiles of `level`.
        let scale = mathExp2(Double(level) - zoom) / Self.worldSize
        let half = (width / 2 * scale, height / 2 * scale)
        let angle = radians(fromDegrees: bearing)
        let (cosine, sine) = (mathCos(angle), mathSin(angle))
        // The view's axes on the map: its right and its down, turned by the bearing.
        let axes = ((x: cosine, y: sine), (x: -sine, y: cosine))
        let reachX = abs(cosine) * half.0 + abs(sine) * half.1
        let reachY = abs(sine) * half.0 + abs(cosine) * half.1
        let columns = Int(floorValue(centre.x - reachX) - 1)...Int(floorValue(centre.x + reachX))
        let rows = max(0, Int(floorValue(centre.y - reachY)) - 1)...min(count - 1, Int(floorValue(centre.y + reachY)))
        guard !rows.isEmpty else { return TileSet(level: level) }
        func meets(_ column: Int, _ row: Int) -> Bool {
            overlaps(column: Double(column), row: Double(row), centre: (centre.x, centre.y), axes: axes, half: half)
        }
        var runs: [(row: Int, columns: [Range<Int>])] = []
        for row in rows {
            // A column the view meets in this row, from the middle of the view's extent across the row's strip.
            let extent = Self.extent(
                centre: (centre.x, centre.y), axes: axes, half: half,
                strip: (Double(row) - Self.touching, Double(row + 1) + Self.touching))
            guard let extent else { continue }
            let guesses = [(extent.low + extent.high) / 2, extent.low, extent.high].map {
                min(max(Int(floorValue($0)), columns.lowerBound), columns.upperBound)
            }
            guard let inside = guesses.first(where: { meets($0, row) }) else { continue }
            // The run's ends: the view meets every column between them and none beyond.
            var (low, high) = (columns.lowerBound, inside)
            while low < high {
                let middle = low + (high - low) / 2
                if meets(middle, row) { high = middle } else { low = middle + 1 }
            }
            let first = low
            (low, high) = (inside, columns.upperBound)
            while low < high {
                let middle = low + (high - low + 1) / 2
                if meets(middle, row) { low = middle } else { high = middle - 1 }
            }
            runs.append((row, [first..<(low + 1)]))
        }
        return try TileSet(level: level, runs: runs)
    }

    /// The west and east ends (in tile columns) of the view's rectangle within the horizontal strip `strip` (in
    /// tile rows); nil when the rectangle does not reach the strip.
    private static func extent(
        centre: (x: Double, y: Double), axes: ((x: Double, y: Double), (x: Double, y: Double)), half: (Double, Double),
        strip: (Double, Double)
    ) -> (low: Double, high: Double)? {
        let (across, down) = axes
        var corners: [(x: Double, y: Double)] = [(-1, -1), (1, -1), (1, 1), (-1, 1)].map { sign in
            (
                centre.x + sign.0 * half.0 * across.x + sign.1 * half.1 * down.x,
                centre.y + sign.0 * half.0 * across.y + sign.1 * half.1 * down.y
            )
        }
        // Clip the rectangle to y >= strip.0, then to y <= strip.1 (Sutherland–Hodgman).
        for (limit, keepsAbove) in [(strip.0, true), (strip.1, false)] {
            var clipped: [(x: Double, y: Double)] = []
            for (index, point) in corners.enumerated() {
                let next = corners[(index + 1) % corners.count]
                let inside = keepsAbove ? point.y >= limit : point.y <= limit
                let nextInside = keepsAbove ? next.y >= limit : next.y <= limit
                if inside { clipped.append(point) }
                if inside != nextInside, next.y != point.y {
                    let t = (limit - point.y) / (next.y - point.y)
                    clipped.append((point.x + t * (next.x - point.x), limit))
                }
            }
            corners = clipped
            guard !corners.isEmpty else { return nil }
        }
        let xs = corners.map(\.x)
        guard let low = xs.min(), let high = xs.max() else { return nil }
        return (low, high)
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
