import LocatedJSON
import StyleMath

/// What composing produced: the documents and what the manifest needs to say about them.
public struct Composition: Sendable {
    /// The composed style.
    public var style: JSONNode
    /// The TomTom layer-mapping document, when the declarations give one and the target uses it.
    public var layerMapping: JSONNode?
    /// One TileJSON 3.0.0 document per raster source that has tiles of its own, by declared id.
    public var tileJSON: [(id: String, document: JSONNode)]
    /// Per source: what the manifest records.
    public var sources: [SourceReport]
    /// JSON Pointers of every string in the style that holds (or held, before `--api-key-env`) `{key}`.
    public var keyPointers: [String]
    /// Whether `{key}` was filled in TomTom URLs.
    public var keyFilled: Bool
    /// JSON Pointers of every string in the style that holds the LocalTileServer token.
    public var localTileServerPointers: [String]
    public var target: Target
    public var diagnostics: [Diagnostic]

    /// One source, as composed.
    public struct SourceReport: Sendable {
        public var declaration: RasterSourceDeclaration
        /// The tile size written into the style, in pixels.
        public var emittedTileSize: Int
        /// The layer's camera-zoom range in the style (target zoom), when `visibleZoom` was declared.
        public var nativeVisibleZoom: ClosedRange<Double>?
        /// The latitude (degrees) used to convert `visibleZoom`, and where it came from.
        public var calibration: (latitude: Double, origin: String)?
        /// Findings that concern this source (also among the diagnostics).
        public var warnings: [String]
    }
}
