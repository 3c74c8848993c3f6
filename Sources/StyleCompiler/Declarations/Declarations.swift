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
    /// Where an SDK overlay layer goes, next to a style layer.
    public enum Anchor: Sendable, Equatable {
        /// Directly after (above) the style layer of this id.
        case after(String)
        /// Directly before (below) the style layer of this id.
        case before(String)

        /// The id of the style layer the anchor names.
        public var layerID: String {
            switch self {
            case .after(let id), .before(let id): return id
            }
        }
    }

    /// What a variant whose composed style lacks the anchor gets instead.
    public enum Fallback: Sendable, Equatable {
        /// Above every layer of that variant's composed style (after its topmost layer).
        case top
        /// Another anchor, which that variant must have.
        case anchor(Anchor)
    }

    /// One of `DeclarationSchema.sdkOverlayLayers`.
    public var sdkLayer: String
    /// Where the SDK layer goes.
    public var anchor: Anchor
    /// nil: a variant without the anchor is an error.
    public var fallback: Fallback?
    /// Where the entry is written in the declarations; nil for one built in code.
    public var location: SourceLocation?
    /// Where the anchor's layer id was written.
    public var anchorLocation: SourceLocation?
    /// Where the fallback was written.
    public var fallbackLocation: SourceLocation?

    /// An entry placing `sdkLayer` at `anchor`, with where to go in a variant without the anchor.
    public init(
        sdkLayer: String, anchor: Anchor, fallback: Fallback? = nil, location: SourceLocation? = nil,
        anchorLocation: SourceLocation? = nil, fallbackLocation: SourceLocation? = nil
    ) {
        self.sdkLayer = sdkLayer
        self.anchor = anchor
        self.fallback = fallback
        self.location = location
        self.anchorLocation = anchorLocation
        self.fallbackLocation = fallbackLocation
    }

    /// Entries are equal when they place the same SDK layer the same way (locations aside).
    public static func == (lhs: LayerMappingEntry, rhs: LayerMappingEntry) -> Bool {
        lhs.sdkLayer == rhs.sdkLayer && lhs.anchor == rhs.anchor && lhs.fallback == rhs.fallback
    }
}

/// The base style of one map design (`bases:` in the declarations): the same sources are composed onto each.
public struct BaseVariant: Sendable, Equatable {
    /// The variant's name (`light`, `dark`, `satellite`, ...): letters, digits, `-` and `_`; it names the
    /// variant's output files (`style.<name>.json`) and is what the app asks `StyleRuntime` for.
    public var name: String
    /// The base style path as written, relative to the declarations file.
    public var path: String
    /// Where the variant's name was written.
    public var location: SourceLocation?
    /// False for a design without TomTom's base map (`basemap: none`): every base layer but the background is
    /// hidden and no raster base map goes in, so that only the background and the declared sources show.
    public var showsBaseMap = true
    /// The background colour of a design without a base map (a CSS colour); nil keeps the base's.
    public var background: String?
    /// The design this one is derived from (`from:`), declared above it: its base, with its rules applied; nil for a
    /// design of its own base.
    public var from: String?
    /// A rules document (MapConductor's StyleRules) applied to the base, relative to the declarations file.
    public var rules: String?
    /// Where `rules:` was written.
    public var rulesLocation: SourceLocation?

    /// A map design `name` whose base style is at `path` (relative to the declarations file).
    public init(name: String, path: String, location: SourceLocation? = nil) {
        self.name = name
        self.path = path
        self.location = location
    }

    /// Variants are equal when their names, paths and base-map settings are.
    public static func == (lhs: BaseVariant, rhs: BaseVariant) -> Bool {
        lhs.name == rhs.name && lhs.path == rhs.path && lhs.showsBaseMap == rhs.showsBaseMap
            && lhs.background == rhs.background && lhs.from == rhs.from && lhs.rules == rhs.rules
    }

    /// The variant name of a build with a single `base:`.
    public static let defaultName = "default"

    /// True for names that can name files and be typed on a command line: 1 to 64 ASCII letters, digits, `-`
    /// and `_`, starting with a letter or digit.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= 64, first != UInt8(ascii: "-"), first != UInt8(ascii: "_")
        else { return false }
        return name.utf8.allSatisfy(StyleID.isKeptASCII)
    }

    /// Why `name` cannot be the name of a `kind` (`variant`, `view`) whose name goes into `what` (`output files`,
    /// `pictures`); nil when it can (`isValidName`).
    static func nameProblem(_ name: String, of kind: String, naming what: String) -> String? {
        guard !isValidName(name) else { return nil }
        return
            "\(kind) name '\(name)' must be 1 to 64 letters, digits, '-' and '_', starting with a letter or digit: it names \(what)"
    }
}

/// A whole declarations file (or the same built in code): what to compose onto which base.
public struct Declarations: Sendable, Equatable {
    /// The format version; 1 is the only one.
    public var version: Int
    /// The target the file asks for; the command line may override it.
    public var target: Target?
    /// The base style path as written, relative to the declarations file (one design; its variant is
    /// `BaseVariant.defaultName`).
    public var base: String?
    /// Several base styles keyed by variant (`bases:`), in file order; the first is the default. Empty
    /// when the file gives `base`.
    public var bases: [BaseVariant] = []
    /// tomtom: insert TomTom's raster base map.
    public var baseRaster: Bool
    /// The app platforms the build serves (default both); a feature one of them cannot serve is an error.
    public var platforms: [Platform]
    /// The raster sources, in the order declared.
    public var sources: [RasterSourceDeclaration]
    /// Where the TomTom SDK's own overlay layers go.
    public var layerMapping: [LayerMappingEntry]
    /// Where local copies of the style's assets are (`assets:`), for the asset checks.
    public var assets = DeclaredAssets()
    /// The places `mc-style snapshot` takes pictures of (`views:`), in file order.
    public var views: [SnapshotView] = []
    /// The renderers and oldest versions the style must work on (`renderers:`); nil when the file names none.
    public var renderers: [RendererRequirement]?
    /// Own renderer profile files (`rendererProfiles:`), as written (relative to the declarations file).
    public var rendererProfiles: [DeclaredAssets.Reference] = []
    /// Where the file's root and fields were written; empty for declarations built in code.
    public var fieldLocations: DeclarationsFieldLocations
    /// The values `${NAME}` references were filled with: secrets, never to be shown (every printed line masks them).
    public var environmentValues: [String] = []
    /// The names of the environment variables the declarations reference (`${NAME}`), in the order first met.
    public var environmentNames: [String] = []
    /// The environment variables the declarations allow to be empty (`environment.mayBeEmpty`).
    public var environmentMayBeEmpty: [String] = []
    /// True when `DeclarationsDecoder` made these (and so has checked every value against the schema).
    var checkedByDecoder = false

    /// Declarations built in code; `StyleCompilation.compose` checks them as the decoder checks a file.
    public init(
        version: Int = 1, target: Target? = nil, base: String? = nil, baseRaster: Bool = true,
        platforms: [Platform] = Platform.allCases,
        sources: [RasterSourceDeclaration] = [], layerMapping: [LayerMappingEntry] = [],
        fieldLocations: DeclarationsFieldLocations = DeclarationsFieldLocations()
    ) {
        self.version = version
        self.target = target
        self.base = base
        self.baseRaster = baseRaster
        self.platforms = platforms
        self.sources = sources
        self.layerMapping = layerMapping
        self.fieldLocations = fieldLocations
    }

    /// Declarations are equal when they declare the same things (locations aside).
    public static func == (lhs: Declarations, rhs: Declarations) -> Bool {
        lhs.version == rhs.version && lhs.target == rhs.target && lhs.base == rhs.base && lhs.bases == rhs.bases
            && lhs.baseRaster == rhs.baseRaster && lhs.platforms == rhs.platforms
            && lhs.sources == rhs.sources && lhs.layerMapping == rhs.layerMapping && lhs.assets == rhs.assets
            && lhs.views == rhs.views && lhs.renderers == rhs.renderers && lhs.rendererProfiles == rhs.rendererProfiles
    }
}
