import LocatedJSON

/// What the composed map of one variant costs in one view.
public struct ViewCost: Sendable {
    /// Requests over the view's centre at one unified zoom: a point of the curve.
    public struct ZoomRequests: Sendable, Equatable {
        /// MapConductor's unified zoom.
        public let zoom: Int
        /// Tiles requested to fill the view.
        public let tiles: Int
        /// Tiles prefetched.
        public let prefetch: Int
    }

    /// How many layers of one type are shown.
    public struct LayerCount: Sendable, Equatable {
        /// The layer type.
        public let type: String
        /// How many layers of it are shown at the view's zoom.
        public let count: Int
    }

    /// The view.
    public let view: CostView
    /// The variant's name.
    public let variant: String
    /// The renderer zoom tiles are picked at (MapLibre's).
    public let tileZoom: Double
    /// The zoom layers are shown at (the style's camera zoom: MapLibre's, or TomTom's on `tomtom`).
    public let layerZoom: Double
    /// Per source of the composed style, in the style's order.
    public let sources: [SourceCost]
    /// The layers shown, by type in order of first appearance.
    public let shownLayers: [LayerCount]
    /// Raster layers shown over one another that each hide what is below (`raster-opacity` of at least 0.9):
    /// every one of them is drawn, only the top one is seen.
    public let stackedRasters: Int
    /// The composed style's size, in bytes of compact JSON.
    public let styleBytes: Int
    /// Requests at each unified zoom 0...22 over the view's centre, at the view's size.
    public let curve: [ZoomRequests]

    /// Requests for the view: every source's tiles, prefetched tiles and files.
    public var requests: Int { sources.reduce(0) { $0 + $1.requests } }
    /// Tiles every source asks for to fill the view.
    public var tiles: Int { sources.reduce(0) { $0 + $1.tiles } }
    /// Tiles every source prefetches.
    public var prefetch: Int { sources.reduce(0) { $0 + $1.prefetch } }
    /// Files every source fetches.
    public var files: Int { sources.reduce(0) { $0 + $1.files } }
    /// The layers shown, of every type.
    public var shownLayerCount: Int { shownLayers.reduce(0) { $0 + $1.count } }
    /// Bytes of the view's tiles in the recording; nil without one.
    public var recordedBytes: Int? {
        let known = sources.compactMap(\.recordedBytes)
        return known.isEmpty ? nil : known.reduce(0, +)
    }

    /// Why the figures are estimates, if they are: a tilted camera (the model looks straight down, and a tilted
    /// one sees farther), or a source whose range a TileJSON gives at run time.
    public var approximations: [String] {
        var found: [String] = []
        if view.pitch != 0 {
            found.append("pitch \(JSONNumber(view.pitch).text) is not modelled: a tilted view asks for more tiles")
        }
        let estimated = sources.filter(\.isEstimated).map(\.id)
        if !estimated.isEmpty {
            found.append(
                "the range of \(estimated.joined(separator: ", ")) comes from a TileJSON at run time: defaults stand in"
            )
        }
        return found
    }
}
