import LocatedJSON
import StyleRuntime

/// The composition target.
public enum Target: String, Sendable, CaseIterable {
    /// The TomTom Orbis Maps SDK (tile sizes halved, raster base map, layer mapping).
    case tomtom
    /// MapLibre (the style specification alone).
    case maplibre
}

/// An SDK overlay layer placed relative to a style layer (TomTom layer mapping, GUIDE.md 2.3).
public struct LayerMappingEntry: Sendable, Equatable {
    public enum Anchor: Sendable, Equatable {
        case after(String)
        case before(String)

        public var layerID: String {
            switch self {
            case .after(let id), .before(let id): return id
            }
        }
    }

    /// One of `DeclarationSchema.sdkOverlayLayers`.
    public var sdkLayer: String
    public var anchor: Anchor
    public var location: SourceLocation?
    /// Where the anchor's layer id was written.
    public var anchorLocation: SourceLocation?

    public init(sdkLayer: String, anchor: Anchor, location: SourceLocation? = nil, anchorLocation: SourceLocation? = nil) {
        self.sdkLayer = sdkLayer
        self.anchor = anchor
        self.location = location
        self.anchorLocation = anchorLocation
    }
}

/// A whole declarations file (or the same built in code): what to compose onto which base.
public struct Declarations: Sendable, Equatable {
    public var version: Int
    /// The target the file asks for; the command line may override it.
    public var target: Target?
    /// The base style path as written, relative to the declarations file.
    public var base: String?
    /// tomtom: insert TomTom's raster base map.
    public var baseRaster: Bool
    /// The app platforms the build serves (default both); a feature one of them cannot serve is an error.
    public var platforms: [Platform]
    public var sources: [RasterSourceDeclaration]
    public var layerMapping: [LayerMappingEntry]
    /// Where local copies of the style's assets are (`assets:`), for the asset checks.
    public var assets = DeclaredAssets()
    /// Where the file's root and fields were written; empty for declarations built in code.
    public var fieldLocations: [String: SourceLocation]
    /// True when `DeclarationsDecoder` made these (and so has checked every value against the schema).
    var checkedByDecoder = false

    public init(version: Int = 1, target: Target? = nil, base: String? = nil, baseRaster: Bool = true, platforms: [Platform] = Platform.allCases,
                sources: [RasterSourceDeclaration] = [], layerMapping: [LayerMappingEntry] = [],
                fieldLocations: [String: SourceLocation] = [:]) {
        self.version = version
        self.target = target
        self.base = base
        self.baseRaster = baseRaster
        self.platforms = platforms
        self.sources = sources
        self.layerMapping = layerMapping
        self.fieldLocations = fieldLocations
    }

    public static func == (lhs: Declarations, rhs: Declarations) -> Bool {
        lhs.version == rhs.version && lhs.target == rhs.target && lhs.base == rhs.base && lhs.baseRaster == rhs.baseRaster && lhs.platforms == rhs.platforms
            && lhs.sources == rhs.sources && lhs.layerMapping == rhs.layerMapping && lhs.assets == rhs.assets
    }
}
