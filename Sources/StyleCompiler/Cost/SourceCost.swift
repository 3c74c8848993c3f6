/// What one source of the composed style costs in one view.
public struct SourceCost: Sendable, Equatable {
    /// Why a source asks for what it asks for in a view.
    public enum Status: String, Sendable {
        /// Its tiles are requested.
        case shown
        /// No layer drawing from it is shown at the view's zoom (layer `minzoom`/`maxzoom`, `visibility: none`).
        case noLayerShown = "no-layer-shown"
        /// The view's level is below the source's `minzoom`.
        case belowMinzoom = "below-minzoom"
        /// The view is outside the source's `bounds`.
        case outsideBounds = "outside-bounds"
        /// One file whatever the view (GeoJSON by URL, an image, a video).
        case file
        /// Its data is in the style: nothing is fetched.
        case inline
        /// A source cost cannot read (`reason` says why).
        case notCosted = "not-costed"
    }

    /// The source's id in the composed style.
    public let id: String
    /// The source's `type`.
    public let type: String
    /// Why it asks for what it asks for.
    public let status: Status
    /// The tile level requested; nil when none is.
    public let level: Int?
    /// The size the renderer draws a tile at, in CSS pixels (the declared `tileSize` times the model's scale for
    /// raster tiles); nil for a source without tiles.
    public let tileSize: Int?
    /// Tiles requested to fill the view.
    public let tiles: Int
    /// Tiles requested ahead of need (a lower level, for panning and zooming out).
    public let prefetch: Int
    /// Tiles requested when every tile fails (the view's, then their ancestors as the renderer climbs).
    public let onFailure: Int
    /// Other files fetched for the source: its TileJSON, its GeoJSON, its image.
    public let files: Int
    /// True when the source's range comes from a TileJSON fetched at run time: the specification's defaults
    /// stand in for it.
    public let isEstimated: Bool
    /// Bytes of the view's tiles in the recording given; nil without one.
    public let recordedBytes: Int?
    /// How many of the view's tiles the recording lacks (their bytes are not in `recordedBytes`).
    public let unrecordedTiles: Int
    /// Why a source is not costed; empty otherwise.
    public let reason: String

    /// Requests for the view: tiles, prefetched tiles and files.
    public var requests: Int { tiles + prefetch + files }
}
