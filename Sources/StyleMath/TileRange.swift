/// A rectangle of XYZ tiles at one tile level: every tile with `columns.contains(x)` and `rows.contains(y)`.
public struct TileRange: Equatable, Sendable {
    /// Tile level (a pyramid level, not a camera zoom).
    public let level: Int
    /// Tile columns, west to east.
    public let columns: ClosedRange<Int>
    /// Tile rows, north to south (XYZ).
    public let rows: ClosedRange<Int>

    /// The tiles of `level` in these columns and rows.
    public init(level: Int, columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        self.level = level
        self.columns = columns
        self.rows = rows
    }

    /// The number of tiles in the rectangle.
    public var count: Int { columns.count * rows.count }

    /// The rows as a TMS source counts them (from the south).
    public var tmsRows: ClosedRange<Int> {
        let top = (1 << level) - 1
        return (top - rows.upperBound)...(top - rows.lowerBound)
    }
}
