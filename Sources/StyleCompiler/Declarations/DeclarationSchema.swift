/// The declarations file's shape, as data. The decoder checks and types YAML against it, and
/// `JSONSchemaGenerator` writes the editor schema from it, so the two cannot disagree.
public enum DeclarationSchema {
    /// The type of one field's value.
    public indirect enum FieldType: Sendable {
        /// Any string.
        case string
        /// A whole number, within the range when one is given.
        case integer(ClosedRange<Int>?)
        /// A number, within the range when one is given.
        case number(ClosedRange<Double>?)
        /// `true` or `false`.
        case boolean
        /// One of these words.
        case choice([String])
        /// One of these whole numbers.
        case integerChoice([Int])
        /// A list of items of one type, with an optional count range.
        case list(FieldType, count: ClosedRange<Int>?, unique: Bool)
        /// A mapping of these fields.
        case object(ObjectSpec)
        /// A mapping from any key to values of this type (HTTP headers: strings).
        case map(FieldType)
        /// The first alternative whose outer kind matches (scalar, list or mapping) decides.
        case oneOf([FieldType])
    }

    /// One field of a mapping: its name, type, whether it is required, and what it means.
    public struct Field: Sendable {
        /// The key, as written in the file.
        public let name: String
        /// The type its value must have.
        public let type: FieldType
        /// True when the mapping must give it.
        public let isRequired: Bool
        /// One sentence on what the field means, with its units: for the JSON Schema and the documentation.
        public let summary: String
        /// The rule for a value outside the field's choices or range, when it has one of its own.
        public var valueRule: Rule? = nil
    }

    /// The fields a mapping may have.
    public struct ObjectSpec: Sendable {
        /// What the object is, in messages ("a source").
        public let noun: String
        /// The fields, in the order the documentation lists them.
        public let fields: [Field]
        /// Groups of keys of which exactly one must be present.
        public let exactlyOneOf: [[String]]

        /// The field of this name, if the mapping has one.
        public func field(_ name: String) -> Field? { fields.first { $0.name == name } }
    }

    /// TomTom SDK overlay layers that a layer mapping may place (GUIDE.md 2.3).
    public static let sdkOverlayLayers = [
        "skybox-schematic", "skybox", "route", "circle-shape", "polygon-shape",
        "polyline-shape", "route-marker", "marker", "position-marker",
    ]

    /// The source kinds' keywords (`SourceKind.all`); a source has exactly one.
    public static var sourceKinds: [String] { SourceKind.keywords }

    static let camera: ClosedRange<Double> = 0...22
    /// The largest tile size accepted, in pixels.
    public static let maximumTileSize = 65_536
    static let tileLevels: ClosedRange<Int> = 0...24

    static let bounds = FieldType.list(.number(nil), count: 4...4, unique: false)

    static let anchoredPlacementFields = [
        Field(
            name: "below", type: .string, isRequired: false,
            summary: "Put the layer directly below this base-style layer id."),
        Field(
            name: "above", type: .string, isRequired: false,
            summary: "Put the layer directly above this base-style layer id."),
    ]

    /// Where a layer goes in a variant whose base lacks the placement's anchor.
    static let placementFallback = FieldType.oneOf([
        .choice(["top", "belowLabels"]),
        .object(
            ObjectSpec(
                noun: "a fallback placement", fields: anchoredPlacementFields, exactlyOneOf: [["below", "above"]])),
    ])

    static let placement = FieldType.oneOf([
        .choice(["top", "belowLabels"]),
        .object(
            ObjectSpec(
                noun: "a placement",
                fields: anchoredPlacementFields + [
                    Field(
                        name: "fallback", type: placementFallback, isRequired: false,
                        summary:
                            "Where the layer goes in a variant whose base lacks the anchor: top, belowLabels, {below: ID} or {above: ID}."
                    )
                ], exactlyOneOf: [["below", "above"]])),
    ])

    static let attributionRule = ObjectSpec(
        noun: "an attribution rule",
        fields: [
            Field(name: "text", type: .string, isRequired: true, summary: "The attribution text to show."),
            Field(
                name: "minZoom", type: .number(camera), isRequired: false,
                summary: "Lowest camera zoom (unified) at which it shows."),
            Field(
                name: "maxZoom", type: .number(camera), isRequired: false,
                summary: "Highest camera zoom (unified) at which it shows."),
            Field(
                name: "bounds", type: bounds, isRequired: false,
                summary: "Where it applies: [west, south, east, north] in degrees."),
        ], exactlyOneOf: [])

    /// Fields a source may have that `defaults` may also give.
    static let defaultableFields: [Field] = [
        Field(
            name: "tileSize", type: .integer(1...maximumTileSize), isRequired: false,
            summary:
                "Tile size in pixels (default 512); any positive size, warned below 64 or when not a power of two.",
            valueRule: .sourcesTileSize),
        Field(
            name: "minZoom", type: .integer(tileLevels), isRequired: false, summary: "Lowest tile level the server has."
        ),
        Field(
            name: "maxZoom", type: .integer(tileLevels), isRequired: false,
            summary: "Highest tile level the server has (deeper zooms over-zoom it)."),
        Field(
            name: "scheme", type: .choice(["xyz", "tms"]), isRequired: false,
            summary: "Row numbering: xyz (default, y down) or tms (y up)."),
        Field(name: "opacity", type: .number(0...1), isRequired: false, summary: "Layer opacity, 0 to 1 (default 1)."),
        Field(name: "visible", type: .boolean, isRequired: false, summary: "Whether the layer shows (default true)."),
        Field(
            name: "zIndex", type: .integer(nil), isRequired: false,
            summary: "Stacking among declared layers; ties keep file order (default 0)."),
        Field(
            name: "visibleZoom",
            type: .oneOf([
                .list(.number(camera), count: 2...2, unique: false),
                .object(
                    ObjectSpec(
                        noun: "a zoom interval",
                        fields: [
                            Field(
                                name: "min", type: .number(camera), isRequired: false,
                                summary: "Lowest camera zoom (unified); leave out for none."),
                            Field(
                                name: "max", type: .number(camera), isRequired: false,
                                summary: "Highest camera zoom (unified); leave out for none."),
                        ], exactlyOneOf: [])),
            ]), isRequired: false,
            summary: "[min, max] or {min, max} camera zoom (unified) at which the layer shows; an end left out is open."
        ),
        Field(
            name: "calibrationLatitude", type: .number(-85...85), isRequired: false,
            summary: "Latitude (degrees) for converting visibleZoom to TomTom zoom."),
        Field(
            name: "placement", type: placement, isRequired: false,
            summary: "top (default), belowLabels, {below: LAYER_ID} or {above: LAYER_ID}."),
        Field(
            name: "pixelRatios", type: .list(.integer(1...3), count: 1...3, unique: true), isRequired: false,
            summary: "Screen densities a local tile server renders for (localTileServer only)."),
        Field(
            name: "userAgent", type: .string, isRequired: false,
            summary: "HTTP User-Agent (ignored, with a warning, on tomtom)."),
        Field(
            name: "extraHeaders", type: .map(.string), isRequired: false,
            summary: "Extra HTTP headers (ignored, with a warning, on tomtom)."),
    ]

    /// A source in `sources`: an id, exactly one source kind, and the fields every source may give.
    public static let source = ObjectSpec(
        noun: "a source",
        fields: [
            Field(name: "id", type: .string, isRequired: true, summary: "Stable id; the style ids derive from it.")
        ] + SourceKind.all.map(\.field) + [
            Field(
                name: "bounds", type: bounds, isRequired: false,
                summary: "[west, south, east, north] in degrees; west > east crosses 180°."),
            Field(
                name: "attribution",
                type: .oneOf([.string, .list(.object(attributionRule), count: nil, unique: false)]), isRequired: false,
                summary: "Attribution text, or rules {text, minZoom, maxZoom, bounds}."),
        ] + defaultableFields, exactlyOneOf: [sourceKinds])

    /// `defaults:`: the fields every source takes unless it gives its own.
    public static let defaults = ObjectSpec(noun: "the defaults", fields: defaultableFields, exactlyOneOf: [])

    /// An entry of `layerMapping`: an SDK overlay layer and where it goes.
    public static let layerMappingEntry = ObjectSpec(
        noun: "a layer mapping entry",
        fields: [
            Field(
                name: "sdkLayer", type: .choice(sdkOverlayLayers), isRequired: true,
                summary: "The SDK overlay layer to place."),
            Field(
                name: "after", type: .string, isRequired: false, summary: "Place it after (above) this style layer id."),
            Field(
                name: "before", type: .string, isRequired: false,
                summary: "Place it before (below) this style layer id."),
            Field(
                name: "fallback",
                type: .oneOf([
                    .choice(["top"]),
                    .object(
                        ObjectSpec(
                            noun: "a fallback anchor",
                            fields: [
                                Field(
                                    name: "after", type: .string, isRequired: false,
                                    summary: "Place it after (above) this style layer id."),
                                Field(
                                    name: "before", type: .string, isRequired: false,
                                    summary: "Place it before (below) this style layer id."),
                            ], exactlyOneOf: [["after", "before"]])),
                ]), isRequired: false,
                summary: "In a variant without the anchor: top (after the topmost layer), {after: ID} or {before: ID}."),
        ], exactlyOneOf: [["after", "before"]])

    /// A map design under `bases:` written as a mapping.
    public static let baseDesign = ObjectSpec(
        noun: "a map design",
        fields: [
            Field(name: "base", type: .string, isRequired: false, summary: "Base style JSON, relative to this file."),
            Field(
                name: "from", type: .string, isRequired: false,
                summary:
                    "Instead of base: the design declared above this one whose base (with its rules) this one derives from."
            ),
            Field(
                name: "rules", type: .string, isRequired: false,
                summary:
                    "A rules document (MapConductor's StyleRules, JSON or YAML) applied to the base, relative to this file."
            ),
            Field(
                name: "basemap", type: .choice(["tomtom", "none"]), isRequired: false,
                summary:
                    "none: TomTom's base map hidden (every base layer but the background), no raster base map; only the background colour and the declared sources show (default tomtom)."
            ),
            Field(
                name: "background", type: .string, isRequired: false,
                summary: "The background colour (a CSS colour) of a design with basemap: none."),
        ],
        exactlyOneOf: [["base", "from"]])

    /// The whole file.
    public static let file = ObjectSpec(
        noun: "the declarations file",
        fields: [
            Field(name: "version", type: .integerChoice([1]), isRequired: true, summary: "Format version: 1."),
            Field(
                name: "target", type: .choice(["tomtom", "maplibre"]), isRequired: false,
                summary: "tomtom (default) or maplibre; --target overrides."),
            Field(
                name: "base", type: .string, isRequired: false,
                summary: "Base style JSON, relative to this file; --base overrides."),
            Field(
                name: "bases", type: .map(.oneOf([.string, .object(baseDesign)])), isRequired: false,
                summary:
                    "Instead of base: one base style per map design, {light: FILE, dark: FILE, ...}, or {none: {base: FILE, basemap: none, background: COLOUR}}; the first is the default."
            ),
            Field(
                name: "environment",
                type: .object(
                    ObjectSpec(
                        noun: "the environment settings",
                        fields: [
                            Field(
                                name: "mayBeEmpty", type: .list(.string, count: nil, unique: true), isRequired: false,
                                summary:
                                    "Environment variables (${NAME}) that may be set to an empty value; any other empty one is env.empty."
                            )
                        ], exactlyOneOf: [])), isRequired: false,
                summary: "How ${NAME} references are filled from the environment."),
            Field(
                name: "baseRaster", type: .boolean, isRequired: false,
                summary: "tomtom: insert TomTom's raster base map (default true)."),
            Field(
                name: "platforms", type: .list(.choice(["ios", "android"]), count: 1...2, unique: true),
                isRequired: false,
                summary: "The app platforms the build serves (default both); what one of them cannot serve is an error."
            ),
            Field(
                name: "defaults", type: .object(defaults), isRequired: false,
                summary: "Values every source takes unless it gives its own."),
            Field(
                name: "sources", type: .list(.object(source), count: nil, unique: false), isRequired: true,
                summary: "The raster sources."),
            Field(
                name: "layerMapping", type: .list(.object(layerMappingEntry), count: nil, unique: false),
                isRequired: false,
                summary: "tomtom: where the SDK puts its own overlay layers."),
            Field(
                name: "assets", type: .object(assets), isRequired: false,
                summary:
                    "Local copies of the style's assets to check it against; --sprite, --fonts, --vector-layers win."),
            Field(
                name: "views", type: .list(.object(view), count: nil, unique: false), isRequired: false,
                summary: "Places mc-style snapshot takes pictures of, in each variant."),
            Field(
                name: "renderers", type: .list(.string, count: nil, unique: true), isRequired: false,
                summary:
                    "Renderers and the oldest versions the style must work on (maplibre-gl-js 5.3.0): what one cannot draw is an error; --renderer wins."
            ),
            Field(
                name: "rendererProfiles", type: .list(.string, count: nil, unique: true), isRequired: false,
                summary: "Own renderer profile files (relative to this file), whose names renderers: may use."),
        ], exactlyOneOf: [])

    /// An entry of `views:` (`SnapshotView`).
    public static let view = ObjectSpec(
        noun: "a view",
        fields: [
            Field(
                name: "name", type: .string, isRequired: true,
                summary: "Names the pictures (<view>.<variant>.png): letters, digits, '-' and '_'."),
            Field(
                name: "center", type: .list(.number(nil), count: 2...2, unique: false), isRequired: true,
                summary: "[longitude, latitude] of the map's centre, in degrees."),
            Field(
                name: "zoom", type: .number(0...22), isRequired: true,
                summary: "MapConductor's unified camera zoom, converted for the renderer as the app's camera is."),
            Field(
                name: "size", type: .list(.integer(1...4096), count: 2...2, unique: false), isRequired: false,
                summary: "[width, height] of the picture in CSS pixels (default [512, 512])."),
            Field(
                name: "variants", type: .list(.string, count: 1...64, unique: true), isRequired: false,
                summary: "The variants to take it in (default every variant)."),
            Field(
                name: "bearing", type: .number(-360...360), isRequired: false,
                summary: "Camera bearing in degrees clockwise from north (default 0)."),
            Field(
                name: "pitch", type: .number(0...85), isRequired: false,
                summary: "Camera tilt in degrees from straight down (default 0)."),
        ], exactlyOneOf: [])

    /// The `assets:` section (`DeclaredAssets`); paths are relative to the declarations file.
    public static let assets = ObjectSpec(
        noun: "the assets",
        fields: [
            Field(
                name: "sprite", type: .string, isRequired: false,
                summary: "The sprite index: a sprite .json, or a folder with <name>.json and <name>@2x.json."),
            Field(
                name: "fonts", type: .string, isRequired: false,
                summary: "The glyph server's fonts: a JSON array of names, or a folder <font>/<range>.pbf."),
            Field(
                name: "vectorLayers", type: .map(.string), isRequired: false,
                summary: "Vector source id -> a local copy of its TileJSON (with vector_layers)."),
        ], exactlyOneOf: [])
}
