/// One XYZ tile: column `x` (from 180°W eastwards), row `y` (from the north downwards), tile level `z`.
public struct TileCoordinate: Hashable, Sendable, CustomStringConvertible {
    /// The column, from 180°W eastwards.
    public let x: Int
    /// The row, from the north downwards.
    public let y: Int
    /// Tile level (a pyramid level, not a camera zoom).
    public let z: Int

    /// Checks that the tile exists: 0 <= z <= 30, 0 <= x, y < 2^z.
    public init(x: Int, y: Int, z: Int) throws(GeoError) {
        let count = try WebMercator.tilesPerSide(level: z)
        guard (0..<count).contains(x), (0..<count).contains(y) else { throw GeoError.tileOutOfRange(x: x, y: y, z: z) }
        self.x = x
        self.y = y
        self.z = z
    }

    /// The tile a quadkey names (Bing Maps tile system): one digit 0-3 per level.
    public init(quadkey: String) throws(GeoError) {
        guard quadkey.utf8.count <= MapConstants.maximumTileLevel else { throw GeoError.invalidQuadkey(quadkey) }
        var x = 0
        var y = 0
        for byte in quadkey.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "3")).contains(byte) else { throw GeoError.invalidQuadkey(quadkey) }
            let digit = Int(byte - UInt8(ascii: "0"))
            x = x << 1 | digit & 1
            y = y << 1 | digit >> 1
        }
        try self.init(x: x, y: y, z: quadkey.utf8.count)
    }

    /// The tile's quadkey; empty at level 0.
    public var quadkey: String {
        var digits: [UInt8] = []
        digits.reserveCapacity(z)
        for level in stride(from: z, to: 0, by: -1) {
            let mask = 1 << (level - 1)
            let digit = (x & mask != 0 ? 1 : 0) + (y & mask != 0 ? 2 : 0)
            digits.append(UInt8(ascii: "0") + UInt8(digit))
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// The same tile with its row counted from the south (TMS), as a `tms` source names it.
    public var tmsRow: Int { (1 << z) - 1 - y }

    /// `z/x/y`.
    public var description: String { "\(z)/\(x)/\(y)" }
}
