import LocatedJSON

/// What an expression is evaluated against: the camera and render globals, one feature, its state, and the
/// style's global state. The JSON form is MapLibre's test input `[globals, feature]`.
public struct EvaluationInput: Sendable {
    /// A tile: zoom level and column and row (what `within` and `distance` measure in).
    public struct TileID: Sendable, Equatable {
        public var z: Int
        public var x: Int
        public var y: Int
    }

    public var zoom: Double?
    public var heatmapDensity: Double?
    public var lineProgress: Double?
    public var elevation: Double?
    public var accumulated: ExpressionValue?
    public var availableImages: [String] = []
    public var canonical: TileID?
    public var properties = ExpressionObject([])
    public var featureState = ExpressionObject([])
    /// The feature id; nil when the feature has none.
    public var id: ExpressionValue?
    /// The GeoJSON geometry, in degrees.
    public var geometry: JSONNode?
    public var globalState = ExpressionObject([])
    /// The values of the `let` bindings in scope, outermost first (`LetBinding`).
    var letBindings: [LetBinding] = []
    /// The work this evaluation may still do, shared by the `let` scopes inside it.
    var budget = EvaluationBudget()

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
    var geometryType: ExpressionValue {
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
