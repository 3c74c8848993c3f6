/// A tiled source (raster, raster-dem or vector) as a MapLibre renderer sees it when it picks the tiles to request
/// for a view: the level its `tileSize` implies at the view's zoom, capped at its `maxzoom` (over-zoomed above it),
/// none below its `minzoom`, and only tiles inside its `bounds`. The rules are GL JS 5.3.0's (`coveringTiles`,
/// `TileBounds.contains`, `SourceCache._updateRetainedTiles`).
public struct TiledSource: Sendable, Equatable {
    /// The source's `tileSize`, in CSS pixels.
    public var tileSize: Int
    /// The lowest tile level the source has (`minzoom`).
    public var minimumLevel: Int
    /// The highest tile level the source has (`maxzoom`): above it the renderer over-zooms this level.
    public var maximumLevel: Int
    /// Where the source has tiles (`bounds`); nil: everywhere.
    public var bounds: GeoBounds?
    /// True for raster and raster-dem sources, which take the nearest level; vector sources take the one below.
    public var roundsLevel: Bool

    /// How many levels below the view's level a renderer climbs for a tile that failed (GL JS's
    /// `maxOverzooming`).
    public static let failureClimb = 10
    /// The size of a tile at a level equal to the zoom, in CSS pixels.
    public static let referenceTileSize: Double = 512

    /// A source of `tileSize` CSS pixels with tiles at levels `minimumLevel...maximumLevel` inside `bounds`.
    public init(
        tileSize: Int = 512, minimumLevel: Int = 0, maximumLevel: Int = 22, bounds: GeoBounds? = nil,
        roundsLevel: Bool = true
    ) throws(GeoError) {
        guard tileSize > 0 else { throw GeoError.invalidTileSize(tileSize) }
        guard minimumLevel >= 0, maximumLevel <= MapConstants.maximumTileLevel else {
            throw GeoError.tileLevelOutOfRange(minimumLevel < 0 ? minimumLevel : maximumLevel)
        }
        guard minimumLevel <= maximumLevel else {
            throw GeoError.invertedZoomRange(min: minimumLevel, max: maximumLevel)
        }
        self.tileSize = tileSize
        self.minimumLevel = minimumLevel
        self.maximumLevel = maximumLevel
        self.bounds = bounds
        self.roundsLevel = roundsLevel
    }

    /// The level whose tiles are drawn nearest their own size at renderer `zoom` (MapLibre's zoom): `zoom +
    /// log2(512 / tileSize)`, rounded (raster) or rounded down (vector), at least 0; before the source's range.
    public func coveringLevel(zoom: Double) -> Int {
        let exact = zoom + mathLog2(Self.referenceTileSize / Double(tileSize))
        return max(0, Int(roundsLevel ? exact.rounded(.toNearestOrAwayFromZero) : exact.rounded(.down)))
    }

    /// The level requested at renderer `zoom`: the covering level capped at `maximumLevel` (the renderer
    /// over-zooms it); nil when that is below `minimumLevel` (nothing is requested).
    public func requestedLevel(zoom: Double) -> Int? {
        let level = min(coveringLevel(zoom: zoom), maximumLevel)
        return level < minimumLevel ? nil : level
    }

    /// The tiles requested to fill `view` when they load: those of the requested level the view meets, inside
    /// `bounds`. A renderer with this source working asks for nothing else (GL JS 5.3.0 fetches no parents).
    public func tiles(for view: ViewFootprint) throws(GeoError) -> [TileCoordinate] {
        try tileSet(for: view).tiles
    }

    /// ``tiles(for:)`` as runs of columns, counted without a value per tile.
    public func tileSet(for view: ViewFootprint) throws(GeoError) -> TileSet {
        guard let level = requestedLevel(zoom: view.zoom) else { return TileSet(level: 0) }
        return try tileSet(for: view, level: level)
    }

    /// The tiles a renderer that prefetches asks for besides the view's own (MapLibre Native's `prefetchZoomDelta`):
    /// those of the level `levelsBelow` under the covering level (at least `minimumLevel`) the view meets, inside
    /// `bounds`; none when that level is not below the requested one or nothing is requested.
    public func prefetchTiles(for view: ViewFootprint, levelsBelow: Int) throws(GeoError) -> [TileCoordinate] {
        try prefetchTileSet(for: view, levelsBelow: levelsBelow).tiles
    }

    /// ``prefetchTiles(for:levelsBelow:)`` as runs of columns.
    public func prefetchTileSet(for view: ViewFootprint, levelsBelow: Int) throws(GeoError) -> TileSet {
        guard levelsBelow > 0, let requested = requestedLevel(zoom: view.zoom) else { return TileSet(level: 0) }
        let level = max(coveringLevel(zoom: view.zoom) - levelsBelow, minimumLevel)
        guard level < requested else { return TileSet(level: level) }
        return try tileSet(for: view, level: level)
    }

    /// The tiles of `level` the view meets, inside `bounds`.
    private func tileSet(for view: ViewFootprint, level: Int) throws(GeoError) -> TileSet {
        let tiles = try view.tileSet(level: level)
        guard let bounds else { return tiles }
        let box = try BoundsBox(bounds, level: level)
        return tiles.clipped(columns: box.columns, rows: box.rows)
    }

    /// The tiles requested when every tile fails (a broken or refusing tile service): the view's tiles, then,
    /// for each, its ancestors down to `failureClimb` levels below the covering level or `minimumLevel`, each
    /// once, as GL JS looks for a parent to show instead. Ordered by level, then row, then column.
    public func tilesWhenFailing(for view: ViewFootprint) throws(GeoError) -> [TileCoordinate] {
        try tileSetsWhenFailing(for: view).flatMap(\.tiles)
    }

    /// ``tilesWhenFailing(for:)`` as one set per level, lowest level first.
    public func tileSetsWhenFailing(for view: ViewFootprint) throws(GeoError) -> [TileSet] {
        let ideal = try tileSet(for: view)
        guard !ideal.isEmpty else { return [] }
        let lowest = max(coveringLevel(zoom: view.zoom) - Self.failureClimb, minimumLevel)
        var sets = [ideal]
        var generation = ideal
        while generation.level > lowest {
            generation = generation.parents()
            sets.append(generation)
        }
        return sets.reversed()
    }
}

/// A source's `bounds` as GL JS's `TileBounds` tests tiles of one level: columns from the one holding the west
/// edge up to (not including) the one past the east edge, rows likewise from north to south. A bounds across the
/// antimeridian (west > east) holds no tile there.
private struct BoundsBox {
    let columns: Range<Int>
    let rows: Range<Int>

    init(_ bounds: GeoBounds, level: Int) throws(GeoError) {
        let northWest = try WebMercator.fractionalTile(
            longitude: max(-180, bounds.west), latitude: bounds.north, level: level)
        let southEast = try WebMercator.fractionalTile(
            longitude: min(180, bounds.east), latitude: bounds.south, level: level)
        let west = Int(northWest.x.rounded(.down))
        let east = Int(southEast.x.rounded(.up))
        let north = Int(northWest.y.rounded(.down))
        let south = Int(southEast.y.rounded(.up))
        columns = west < east ? west..<east : 0..<0
        rows = north < south ? north..<south : 0..<0
    }

}
