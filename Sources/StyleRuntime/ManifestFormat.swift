/// The contract between `mc-style compile` and the apps that load its output: the manifest's name and
/// version, and the placeholders a compiled style may hold. The compiler writes with these, the run-time
/// module reads with them, so the two cannot drift apart.
public enum ManifestFormat {
    /// The manifest's `format` value.
    public static let name = "mc-style-manifest"
    /// The manifest's `formatVersion`. 2: placeholders per pointer, run-time pointers per source, platforms.
    /// 3: map-design variants, each with its own files, placeholders and layer pointers. 4: a source whose
    /// bounds cross the antimeridian is two style sources and layers; its layer record's `parts` point at the
    /// second layer's opacity and visibility, which follow the first.
    public static let version = 4
    /// What the style ids of a source's part east of the antimeridian add to the source's own
    /// (`mc-raster-layer-<id>+east`): the compiler names the part so, and the app finds its layer so.
    public static let eastPartSuffix = "+east"
    /// The manifest's file name in a compiled folder.
    public static let fileName = "manifest.json"

    /// The cache key of a vector style's ground layer: fixed, as MapConductor's vector tile layers keep it.
    public static let vectorGroundCacheKey = "static"

    /// The cache key of a vector style's labels layer for glyph generation `generation` (`g0`, `g1`, ...):
    /// MapConductor draws the labels again, under a new key, whenever more glyphs have arrived.
    public static func vectorLabelsCacheKey(generation: Int) -> String { "g\(generation)" }

    /// The two raster layers MapConductor shows a vector style as, in drawing order: what each adds to the
    /// declared source id and to the declared route (`ROUTE-ground`, `ROUTE-labels`).
    public static let vectorLayerSuffixes = ["-ground", "-labels"]
}

/// A run-time placeholder in a compiled style: a token inside a string that the app (or `mc-style resolve`)
/// replaces with what only the phone knows.
public enum Placeholder: Sendable, Hashable {
    /// TomTom's API key (`{key}`); filled only into URLs on TomTom's hosts, percent-encoded.
    case apiKey
    /// LocalTileServer's base URL (`{localTileServer}`), `http://127.0.0.1:<port>`: loopback only.
    case localTileServer
    /// The run-time route id of a declared LocalTileServer route (`{route:NAME}`); the declared name when the
    /// app gives none.
    case route(String)
    /// The cache key of a declared LocalTileServer route (`{cacheKey:NAME}`), a path segment before `{z}`;
    /// changes with every data update.
    case cacheKey(String)
    /// A value the declarations take from the environment (`${NAME}`, a token for a tile service, say): a
    /// run-time parameter like the key, filled as given (it may be a whole origin); compiled output holds it only
    /// when built with `--embed-env`.
    case environment(String)

    /// The token as it stands in the style.
    public var token: String {
        switch self {
        case .apiKey: return "{key}"
        case .localTileServer: return "{localTileServer}"
        case .route(let name): return "{route:\(name)}"
        case .cacheKey(let name): return "{cacheKey:\(name)}"
        case .environment(let name): return "${\(name)}"
        }
    }

    /// The manifest's `fill` word for this kind of placeholder.
    public var fill: String {
        switch self {
        case .apiKey: return "apiKey"
        case .localTileServer: return "localTileServer"
        case .route: return "route"
        case .cacheKey: return "cacheKey"
        case .environment: return "environment"
        }
    }

    /// The placeholder a manifest record names (`fill`, and `name` for routes and cache keys).
    public init?(fill: String, name: String?) {
        switch (fill, name) {
        case ("apiKey", nil): self = .apiKey
        case ("localTileServer", nil): self = .localTileServer
        case ("route", let name?): self = .route(name)
        case ("cacheKey", let name?): self = .cacheKey(name)
        case ("environment", let name?): self = .environment(name)
        default: return nil
        }
    }

    /// The route, cache key or environment variable name, for the kinds that have one.
    public var name: String? {
        switch self {
        case .route(let name), .cacheKey(let name), .environment(let name): return name
        default: return nil
        }
    }
}
