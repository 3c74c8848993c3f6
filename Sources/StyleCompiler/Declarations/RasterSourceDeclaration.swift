import LocatedJSON
import StyleMath

/// Where a raster layer goes in the base style's layer stack.
public enum LayerPlacement: Sendable, Equatable {
    /// Above everything (MapConductor's run-time behaviour).
    case top
    /// Directly below the first label: a `symbol` layer with a `text-field` (not an icon-only arrow or shield).
    case belowLabels
    /// Directly below the named base-style layer.
    case below(String)
    /// Directly above the named base-style layer.
    case above(String)

    /// The base-style layer id the placement needs, if it names one.
    public var anchor: String? {
        switch self {
        case .below(let id), .above(let id): return id
        case .top, .belowLabels: return nil
        }
    }

    /// How the declarations write it (`belowLabels`, `{below: Motorway label}`).
    public var declared: String {
        switch self {
        case .top: return "top"
        case .belowLabels: return "belowLabels"
        case .below(let id): return "{below: \(id)}"
        case .above(let id): return "{above: \(id)}"
        }
    }

    /// How messages say where the layer goes ("on top", "below 'Motorway label'").
    var wording: String {
        switch self {
        case .top: return "on top"
        case .belowLabels: return "below the labels"
        case .below(let id): return "below '\(id)'"
        case .above(let id): return "above '\(id)'"
        }
    }
}

/// Which attribution text shows at which camera zoom (unified) and where.
public struct AttributionRule: Sendable, Equatable {
    /// The attribution text.
    public var text: DeclaredString
    /// Camera zoom (unified), inclusive.
    public var minZoom: Double?
    /// Camera zoom (unified), inclusive.
    public var maxZoom: Double?
    /// Where the text applies, in degrees; nil everywhere.
    public var bounds: GeoBounds?

    /// A rule showing `text` between camera zooms (unified) `minZoom` and `maxZoom`, inside `bounds`.
    public init(text: DeclaredString, minZoom: Double? = nil, maxZoom: Double? = nil, bounds: GeoBounds? = nil) {
        self.text = text
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.bounds = bounds
    }
}

/// One MapConductor raster source and its layer, as declared.
public struct RasterSourceDeclaration: Sendable, Equatable {
    /// Row numbering of the tile server.
    public enum Scheme: String, Sendable {
        /// Rows counted from the north edge downwards, as most tile servers number them.
        case xyz
        /// Rows counted from the south edge upwards (the Tile Map Service convention).
        case tms
    }

    /// The declared id; style ids derive from it (`StyleID`).
    public var id: String
    /// The source kind and its address: a tile URL template, a TileJSON, an ArcGIS service or a LocalTileServer route.
    public var kind: RasterSourceKind
    /// Declared tile size in pixels, as the server renders it (any positive size; the tomtom target emits half).
    public var tileSize: Int
    /// Lowest tile level the server has.
    public var minZoom: Int?
    /// Highest tile level the server has.
    public var maxZoom: Int?
    /// Row numbering of the tile server.
    public var scheme: Scheme
    /// Where the source has tiles, in degrees.
    public var bounds: GeoBounds?
    /// Attribution texts, each with where and from which zoom it applies.
    public var attribution: [AttributionRule]
    /// Layer opacity, 0...1.
    public var opacity: Double
    /// Whether the layer shows; the app can switch it at run time.
    public var visible: Bool
    /// Stacking among declared layers; ties keep declaration order.
    public var zIndex: Int
    /// Camera zoom range (unified) in which the layer shows.
    public var visibleZoom: ZoomInterval?
    /// Latitude in degrees for converting `visibleZoom` to TomTom zoom.
    public var calibrationLatitude: Double?
    /// Where the layer goes among the base style's layers.
    public var placement: LayerPlacement
    /// Where the layer goes in a variant whose base lacks the placement's anchor (`placement: {below: ID,
    /// fallback: top}`); nil makes a missing anchor an error.
    public var placementFallback: LayerPlacement?
    /// Screen densities a local tile server renders for (1...3).
    public var pixelRatios: [Int]
    /// An HTTP User-Agent for tile requests (the TomTom SDK ignores it, with a warning).
    public var userAgent: DeclaredString?
    /// Extra HTTP headers for tile requests (the TomTom SDK ignores them, with a warning).
    public var extraHeaders: [(name: String, value: DeclaredString)]
    /// Where each declared field was written, for diagnostics; empty for sources built in code.
    public var fieldLocations: [SourceField: SourceLocation]
    /// Where the source itself was written.
    public var location: SourceLocation?
    /// For the ground or labels layer of a vector style (`VectorStyleParts`): which, and of what; nil otherwise.
    public var vectorStyleLayer: VectorStyleLayer?
    /// For a `vectorStyle` source whose file was read: the copy `compile` bundles, and the style's attribution.
    public var bundledStyle: BundledVectorStyle?

    /// A source built in code, with the defaults a declarations file has; `StyleCompilation.compose` checks it.
    public init(
        id: String, kind: RasterSourceKind, tileSize: Int = 512, minZoom: Int? = nil, maxZoom: Int? = nil,
        scheme: Scheme = .xyz, bounds: GeoBounds? = nil, attribution: [AttributionRule] = [], opacity: Double = 1,
        visible: Bool = true, zIndex: Int = 0, visibleZoom: ZoomInterval? = nil, calibrationLatitude: Double? = nil,
        placement: LayerPlacement = .top, pixelRatios: [Int] = [1], userAgent: DeclaredString? = nil,
        extraHeaders: [(name: String, value: DeclaredString)] = [], fieldLocations: [SourceField: SourceLocation] = [:],
        location: SourceLocation? = nil
    ) {
        self.id = id
        self.kind = kind
        self.tileSize = tileSize
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.scheme = scheme
        self.bounds = bounds
        self.attribution = attribution
        self.opacity = opacity
        self.visible = visible
        self.zIndex = zIndex
        self.visibleZoom = visibleZoom
        self.calibrationLatitude = calibrationLatitude
        self.placement = placement
        self.pixelRatios = pixelRatios
        self.userAgent = userAgent
        self.extraHeaders = extraHeaders
        self.fieldLocations = fieldLocations
        self.location = location
    }

    /// The style source id, `mc-raster-src-<safe id>`.
    public var styleSourceID: String { StyleID.source(id) }
    /// The style layer id, `mc-raster-layer-<safe id>`.
    public var styleLayerID: String { StyleID.layer(id) }

    /// True when the bounds cross the antimeridian (west > east). No renderer draws such bounds as one box (GL JS
    /// clamps them to ±180° and finds no tile), so the style gets the source twice: its own ids with the bounds
    /// up to 180°, and `StyleID.eastPartSuffix` ids with the bounds from -180°.
    public var crossesAntimeridian: Bool { bounds.map { $0.west > $0.east } ?? false }

    /// The tile levels the server has: the declared ones, 0 and 22 where undeclared. TileJSON and the manifest
    /// both say these, so they agree.
    public var tileLevels: (min: Int, max: Int) {
        let low = minZoom ?? 0
        return (low, max(maxZoom ?? 22, low))
    }

    /// Where a field was written, else where the source was.
    public func location(of field: SourceField) -> SourceLocation? { fieldLocations[field] ?? location }

    /// Sources are equal when they declare the same things (locations aside).
    public static func == (lhs: RasterSourceDeclaration, rhs: RasterSourceDeclaration) -> Bool {
        lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.tileSize == rhs.tileSize && lhs.minZoom == rhs.minZoom
            && lhs.maxZoom == rhs.maxZoom && lhs.scheme == rhs.scheme && lhs.bounds == rhs.bounds
            && lhs.attribution == rhs.attribution
            && lhs.opacity == rhs.opacity && lhs.visible == rhs.visible && lhs.zIndex == rhs.zIndex
            && lhs.visibleZoom == rhs.visibleZoom
            && lhs.calibrationLatitude == rhs.calibrationLatitude && lhs.placement == rhs.placement
            && lhs.placementFallback == rhs.placementFallback && lhs.pixelRatios == rhs.pixelRatios
            && lhs.userAgent == rhs.userAgent
            && lhs.extraHeaders.elementsEqual(rhs.extraHeaders, by: { $0.name == $1.name && $0.value == $1.value })
            && lhs.vectorStyleLayer == rhs.vectorStyleLayer && lhs.bundledStyle == rhs.bundledStyle
    }
}
