/// Why the map math refused an input. Inputs are checked at the boundary: NaN and infinities never propagate.
public enum GeoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value that must be finite was NaN or infinite. `name` says which (for example `"latitude"`).
    case notFinite(name: String)
    /// A latitude outside -90...90 degrees.
    case latitudeOutOfRange(Double)
    /// A longitude outside -180...180 degrees.
    case longitudeOutOfRange(Double)
    /// South lies north of north.
    case southAboveNorth(south: Double, north: Double)
    /// A tile level outside 0...`MapConstants.maximumTileLevel`.
    case tileLevelOutOfRange(Int)
    /// A tile column or row outside 0..<2^z.
    case tileOutOfRange(x: Int, y: Int, z: Int)
    /// A quadkey with a character other than 0...3, or longer than the maximum tile level.
    case invalidQuadkey(String)
    /// A zoom range whose lower end is above its upper end.
    case invertedZoomRange(min: Int, max: Int)
    /// A tile size other than a positive number of pixels.
    case invalidTileSize(Int)
    /// A view side outside 1...`ViewFootprint.maximumSide` CSS pixels.
    case invalidViewSide(Double)

    /// What is wrong, in words.
    public var description: String {
        switch self {
        case .notFinite(let name): return "\(name) must be a finite number"
        case .latitudeOutOfRange(let value): return "latitude \(value) is outside -90...90 degrees"
        case .longitudeOutOfRange(let value): return "longitude \(value) is outside -180...180 degrees"
        case .southAboveNorth(let south, let north): return "south \(south) is north of north \(north)"
        case .tileLevelOutOfRange(let z): return "tile level \(z) is outside 0...\(MapConstants.maximumTileLevel)"
        case .tileOutOfRange(let x, let y, let z): return "tile \(z)/\(x)/\(y) does not exist at level \(z)"
        case .invalidQuadkey(let key):
            return "'\(key)' is not a quadkey (digits 0-3, at most \(MapConstants.maximumTileLevel) of them)"
        case .invertedZoomRange(let low, let high): return "zoom range \(low)-\(high) is inverted"
        case .invalidTileSize(let size): return "tile size \(size) is not a positive number of pixels"
        case .invalidViewSide(let side):
            return "a view side of \(side) px is outside 1...\(Int(ViewFootprint.maximumSide)) px"
        }
    }
}

/// Throws `GeoError.notFinite` unless `value` is finite.
func requireFinite(_ value: Double, _ name: String) throws(GeoError) {
    guard value.isFinite else { throw GeoError.notFinite(name: name) }
}
