import LocatedJSON

/// A field of a source declaration: what a finding about a source is placed at. Rules and composing steps name a
/// field by its case (`.placement`), which the compiler checks; the decoder turns a key of the file into its case
/// once (`SourceField(rawValue:)`), and a test holds the cases to the schema's fields.
public enum SourceField: String, Sendable, CaseIterable {
    /// `id:`.
    case id
    /// `urlTemplate:`.
    case urlTemplate
    /// `tileJson:`.
    case tileJson
    /// `arcGisService:`.
    case arcGisService
    /// `localTileServer:`.
    case localTileServer
    /// `vectorStyle:`.
    case vectorStyle
    /// `bounds:`.
    case bounds
    /// `attribution:`.
    case attribution
    /// `tileSize:`.
    case tileSize
    /// `minZoom:`.
    case minZoom
    /// `maxZoom:`.
    case maxZoom
    /// `scheme:`.
    case scheme
    /// `opacity:`.
    case opacity
    /// `visible:`.
    case visible
    /// `zIndex:`.
    case zIndex
    /// `visibleZoom:`.
    case visibleZoom
    /// `calibrationLatitude:`.
    case calibrationLatitude
    /// `placement:`.
    case placement
    /// `pixelRatios:`.
    case pixelRatios
    /// `userAgent:`.
    case userAgent
    /// `extraHeaders:`.
    case extraHeaders
    /// `placement: {fallback: ...}`.
    case placementFallback = "placement.fallback"
    /// `localTileServer: {route: ...}`.
    case localTileServerRoute = "localTileServer.route"
    /// `localTileServer: {cacheKey: ...}`.
    case localTileServerCacheKey = "localTileServer.cacheKey"
    /// `vectorStyle: {style: ...}`.
    case vectorStyleStyle = "vectorStyle.style"
    /// `vectorStyle: {route: ...}`.
    case vectorStyleRoute = "vectorStyle.route"
    /// `vectorStyle: {tileSize: ...}`.
    case vectorStyleTileSize = "vectorStyle.tileSize"
    /// `vectorStyle: {rules: ...}`.
    case vectorStyleRules = "vectorStyle.rules"

    /// The key the field has in its object (`fallback` for `placement.fallback`): the last part of its path.
    public var key: String { String(rawValue.split(separator: ".").last ?? Substring(rawValue)) }
}
