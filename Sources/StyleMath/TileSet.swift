/// A set of tiles of one tile level, kept as runs of columns per row: what a view meets, a source's part of it, or
/// their ancestors. A view of a few thousand rows holds millions of tiles of a tiny `tileSize`; counting, clipping
/// and climbing to parents work on the runs, so their cost grows with the rows, never with the tiles.
public struct TileSet: Sendable, Equatable {
    /// One row's columns: sorted, disjoint and not touching, within `0..<2^level`.
    public struct Row: Sendable, Equatable {
        /// The row, from the north downwards.
        public let row: Int
        /// The columns, west to east.
        public let columns: [Range<Int>]
    }

    /// Tile level (a pyramid level, not a camera zoom).
    public let level: Int
    /// The rows that hold tiles, north to south.
    public let rows: [Row]

    /// The empty set of `level`.
    public init(level: Int) {
        self.level = level
        rows = []
    }

    /// The tiles of `level` in `rows`, each with its columns (unsorted, overlapping and outside the world are
    /// allowed: columns of world copies are folded into `0..<2^level`; rows outside the world are dropped).
    public init(level: Int, runs: [(row: Int, columns: [Range<Int>])]) throws(GeoError) {
        let count = try WebMercator.tilesPerSide(level: level)
        var byRow: [Int: [Range<Int>]] = [:]
        for run in runs where (0..<count).contains(run.row) {
            byRow[run.row, default: []] += run.columns.flatMap { Self.folded($0, count: count) }
        }
        self.level = level
        rows = byRow.keys.sorted().compactMap { row in
            let merged = Self.merged(byRow[row] ?? [])
            return merged.isEmpty ? nil : Row(row: row, columns: merged)
        }
    }

    private init(level: Int, rows: [Row]) {
        self.level = level
        self.rows = rows
    }

    /// How many tiles the set holds.
    public var count: Int { rows.reduce(0) { $0 + $1.columns.reduce(0) { $0 + $1.count } } }

    /// True when the set holds no tile.
    public var isEmpty: Bool { rows.isEmpty }

    /// Every tile, by row, then column. Costs one value per tile: bound the set's `count` before asking.
    public var tiles: [TileCoordinate] {
        var found: [TileCoordinate] = []
        for row in rows {
            for range in row.columns {
                for column in range {
                    if let tile = try? TileCoordinate(x: column, y: row.row, z: level) { found.append(tile) }
                }
            }
        }
        return found
    }

    /// The tiles inside `columns` and `rows` (a source's bounds at this level).
    public func clipped(columns: Range<Int>, rows kept: Range<Int>) -> TileSet {
        TileSet(
            level: level,
            rows: rows.compactMap { row in
                guard kept.contains(row.row) else { return nil }
                let inside = row.columns.compactMap { range -> Range<Int>? in
                    let low = max(range.lowerBound, columns.lowerBound)
                    let high = min(range.upperBound, columns.upperBound)
                    return low < high ? low..<high : nil
                }
                return inside.isEmpty ? nil : Row(row: row.row, columns: inside)
            })
    }

    /// The parent of every tile, each once: a set of the level above (`level - 1`); itself at level 0.
    public func parents() -> TileSet {
        guard level > 0 else { return self }
        var byRow: [Int: [Range<Int>]] = [:]
        for row in rows {
            byRow[row.row >> 1, default: []] += row.columns.map {
                ($0.lowerBound >> 1)..<((($0.upperBound - 1) >> 1) + 1)
            }
        }
        return TileSet(
            level: level - 1,
            rows: byRow.keys.sorted().map { Row(row: $0, columns: Self.merged(byRow[$0] ?? [])) })
    }

    /// The tiles of either set; both must be of one level (else `self`).
    public func union(_ other: TileSet) -> TileSet {
        guard other.level == level else { return self }
        var byRow: [Int: [Range<Int>]] = [:]
        for row in rows + other.rows { byRow[row.row, default: []] += row.columns }
        return TileSet(
            level: level, rows: byRow.keys.sorted().map { Row(row: $0, columns: Self.merged(byRow[$0] ?? [])) })
    }

    /// `range`'s columns folded into `0..<count` (world copies wrap), as one or two ranges.
    private static func folded(_ range: Range<Int>, count: Int) -> [Range<Int>] {
        guard !range.isEmpty else { return [] }
        guard range.count < count else { return [0..<count] }
        let start = ((range.lowerBound % count) + count) % count
        let end = start + range.count
        return end <= count ? [start..<end] : [start..<count, 0..<(end - count)]
    }

    /// `ranges` sorted, with overlapping and touching ones joined.
    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
