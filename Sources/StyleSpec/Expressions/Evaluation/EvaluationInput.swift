import LocatedJSON

/// What an expression is evaluated against: the camera and render globals, one feature, its state, and the
/// style's global state. The JSON form is MapLibre's test input `[globals, feature]`.
public struct EvaluationInput: Sendable {
    /// A tile: zoom level and column and row (what `within` and `distance` measure in).
    public struct TileID: Sendable, Equatable {
        /// The tile level.
        public var z: Int
        /// The tile column.
        public var x: Int
        /// The tile row, from the north.
        public var y: Int
    }

    /// The camera zoom `["zoom"]` reads; nil when the expression must not need it.
    public var zoom: Double?
    /// The heatmap density (0 to 1) `["heatmap-density"]` reads.
    public var heatmapDensity: Double?
    /// The share of the line's length (0 to 1) `["line-progress"]` reads.
    public var lineProgress: Double?
    /// The terrain elevation, in meters, `["elevation"]` reads.
    public var elevation: Double?
    /// The value a cluster has accumulated so far, `["accumulated"]`.
    public var accumulated: ExpressionValue?
    /// The images the style's sprite has, for `["image"]`.
    public var availableImages: [String] = []
    /// The tile the feature is in, for `within` and `distance`.
    public var canonical: TileID?
    /// The feature's properties, for `["get"]` and `["has"]`.
    public var properties = ExpressionObject([])
    /// The feature's state, for `["feature-state"]`.
    public var featureState = ExpressionObject([])
    /// The feature id; nil when the feature has none.
    public var id: ExpressionValue?
    /// The GeoJSON geometry, in degrees.
    public var geometry: JSONNode?
    /// The style's global state, for `["global-state"]`.
    public var globalState = ExpressionObject([])
    /// The values of the `let` bindings in scope, outermost first (`LetBinding`).
    package var letBindings: [LetBinding] = []
    /// The work this evaluation may still do, shared by the `let` scopes inside it.
    package var budget = EvaluationBudget()

    /// An input with no globals, no properties and no geometry.
    public init() {}

    /// One `[globals, feature]` pair of MapLibre's expression tests.
    public init(json pair: JSONNode, globalState: JSONNode? = nil) {
        let globals = pair[0]
        let feature = pair[1]
        zoom = globals?["zoom"]?.numberValue?.doubleValue
        heatmapDensity = globals?["heatmapDensity"]?.numberValue?.doubleValue
        lineProgress = globals?["lineProgress"]?.numberValue?.doubleValue
        elevation = globals?["elevation"]?.numberValue?.doubleValue
        accumulated = globals?["accumulated"].map { ExpressionValue(json: $0.value) }
        availableImages = globals?["availableImages"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if let tile = globals?["canonicalID"], let z = tile["z"]?.numberValue?.intValue,
            let x = tile["x"]?.numberValue?.intValue,
            let y = tile["y"]?.numberValue?.intValue
        {
            canonical = TileID(z: z, x: x, y: y)
        }
        if case .object(let object)? = feature?["properties"].map({ ExpressionValue(json: $0.value) }) {
            properties = object
        }
        if case .object(let object)? = feature?["featureState"].map({ ExpressionValue(json: $0.value) }) {
            featureState = object
        }
        id = feature?["id"].map { ExpressionValue(json: $0.value) }
        geometry = feature?["geometry"]
        if case .object(let object)? = globalState.map({ ExpressionValue(json: $0.value) }) {
            self.globalState = object
        }
    }

    /// MapLibre's `geometryType()`: with a tile, the feature's type as tiles carry it (multi-geometries as
    /// their single form); without one, the GeoJSON type as given.
    package var geometryType: ExpressionValue {
        guard let type = geometry?["type"]?.stringValue else { return .null }
        guard canonical != nil else { return .string(type) }
        switch type {
        case "Point", "MultiPoint": return .string("Point")
        case "LineString", "MultiLineString": return .string("LineString")
        case "Polygon", "MultiPolygon": return .string("Polygon")
        default: return .string(type)
        }
    }
}
