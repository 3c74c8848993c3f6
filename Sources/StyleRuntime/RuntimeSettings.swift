/// What only the phone knows, handed to `CompiledStyle.resolve`. Everything is keyed by what the
/// declarations named: declared route names and declared source ids, never style ids.
public struct RuntimeSettings: Sendable, Equatable {
    /// The platform the style is for; the build must serve it.
    public var platform: Platform
    /// TomTom's API key; filled only into URLs on TomTom's hosts, percent-encoded. Never shown in an error.
    public var apiKey: String?
    /// LocalTileServer's base URL, `http://127.0.0.1:<port>` (any loopback host; a trailing `/` is dropped).
    public var localTileServer: String?
    /// Declared route name -> the id the app registered its tile provider under (a UUID, say).
    public var routeIDs: [String: String]
    /// Declared route name -> the current cache key (one path segment).
    public var cacheKeys: [String: String]
    /// Environment variable name (as the declarations wrote `${NAME}`) -> its value, filled as given, as
    /// `compile --embed-env` writes it. Never shown in an error.
    public var environment: [String: String] = [:]
    /// The screen's scale, points to pixels (1, 2 or 3: `UIScreen.main.scale` on iOS); nil when unknown. It decides
    /// the tile size the TomTom SDK is told for every raster source (`TileSizeScale`).
    public var displayScale: Int? = nil
    /// The renderer the app draws with and its version (`maplibre-native-ios` 6.10.0, or the name of a team's
    /// own profile); nil when not told. A renderer the manifest names, older than the oldest version that draws
    /// the style, is refused.
    public var renderer: RuntimeRenderer? = nil
    /// Declared source id -> layer opacity, 0...1.
    public var opacity: [String: Double]
    /// Declared source id -> whether the layer shows.
    public var visible: [String: Bool]

    /// What the phone knows; anything not given stays unfilled (and is an error if the style needs it).
    public init(
        platform: Platform, apiKey: String? = nil, localTileServer: String? = nil, routeIDs: [String: String] = [:],
        cacheKeys: [String: String] = [:], opacity: [String: Double] = [:], visible: [String: Bool] = [:]
    ) {
        self.platform = platform
        self.apiKey = apiKey
        self.localTileServer = localTileServer
        self.routeIDs = routeIDs
        self.cacheKeys = cacheKeys
        self.opacity = opacity
        self.visible = visible
    }
}

/// The renderer an app draws with: its name, as the manifest's `renderers` name it, and its version.
public struct RuntimeRenderer: Sendable, Equatable {
    /// `maplibre-native-ios`, `maplibre-native-android`, `maplibre-gl-js`, or an own profile's name.
    public var name: String
    /// The version the app ships.
    public var version: RendererVersion

    /// The renderer `name` at `version`.
    public init(name: String, version: RendererVersion) {
        self.name = name
        self.version = version
    }
}

/// A resolved style, ready for TomTom's `.custom(style:layerMapping:)` on iOS or a `StyleDescriptor` on Android.
public struct ResolvedStyle: Sendable, Equatable {
    /// The style document's UTF-8 bytes.
    public let style: [UInt8]
    /// The layer-mapping document's bytes, when the build has one (it holds no placeholders).
    public let layerMapping: [UInt8]?
}
