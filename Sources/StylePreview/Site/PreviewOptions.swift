/// What `mc-style preview` is told on the command line, short of the build itself.
public struct PreviewOptions: Sendable {
    /// The port to listen on; 0 takes a free one.
    public var port: UInt16 = 0
    /// The variant the page shows first; nil for the first.
    public var variant: String?
    /// TomTom's API key, for the base map's tiles; never printed, never sent to the browser, never sent anywhere
    /// but `https` URLs on TomTom's hosts (the server adds it on the way out).
    public var apiKey: String?
    /// Where the `${NAME}` values the declarations reference come from; each is kept from the browser as the key
    /// is.
    public var environment: [String: String] = [:]
    /// True for `snapshot`: the style (and so the remote files) only for the pages the run opened, by the token
    /// each was given.
    public var servesOnlyItsPages = false
    /// Folders of PNG tiles (`FOLDER/{z}/{x}/{y}.png`) served for LocalTileServer routes, by route name.
    public var localTiles: [String: String] = [:]
    /// Where remote files come from for snapshots (recorded or replayed); nil: fetched live as the page asks.
    public var archive: TileArchive?
    /// Where the page loads MapLibre GL JS from.
    public var mapLibre: MapLibreSource = .pinned
    /// How long one remote file may take to arrive, in seconds.
    public var fetchTimeout: Double = 30
    /// True when a tile the server has nothing for (HTTP 404, 204) is an error (`snapshot --strict`), not a
    /// transparent tile.
    public var emptyTilesAreErrors = false

    /// Where MapLibre GL JS comes from: it is not part of mc-style.
    public enum MapLibreSource: Sendable, Equatable {
        /// The pinned version from a public CDN, checked by its Subresource Integrity hash.
        case pinned
        /// A URL of a folder that holds `maplibre-gl.js` and `maplibre-gl.css`.
        case url(String)
        /// A local folder that holds them, which the preview serves.
        case folder(String)

        /// The origin the page loads GL JS from, for its Content-Security-Policy; nil for the server itself.
        var origin: String? {
            switch self {
            case .pinned: return SecurityHeaders.origin(of: PreviewPage.pinnedBase)
            case .url(let url): return SecurityHeaders.origin(of: url)
            case .folder: return nil
            }
        }
    }

    /// The MapLibre GL JS version the page loads when it is not told where GL JS is.
    public static let mapLibreVersion = PreviewPage.mapLibreVersion

    /// Options of the defaults.
    public init() {}
}
