import LocatedJSON
import StyleMath
import StyleRuntime

/// What composing produced: the documents and what the manifest needs to say about them.
public struct Composition: Sendable {
    /// The composed style.
    public var style: JSONNode
    /// The TomTom layer-mapping document, when the declarations give one and the target uses it.
    public var layerMapping: JSONNode?
    /// Per source: what the manifest records.
    public var sources: [SourceReport]
    /// Every run-time placeholder the style holds, with the JSON Pointers of the strings that hold it.
    public var placeholders: [RuntimeManifest.PlaceholderRecord]
    /// JSON Pointers of the TomTom URLs whose `{key}` was filled at build time (`--api-key-env`).
    public var keyFilledPointers: [String]
    /// JSON Pointers of strings holding `{key}` in a URL whose host is not TomTom's: left as they are.
    public var foreignKeyPointers: [String]
    /// The target the style was composed for.
    public var target: Target
    /// The map design this is the composition for.
    public var variant = ComposedVariant()
    /// Anchors this variant's base lacked: those with a declared fallback (which was used) and those without
    /// (each also an error).
    public var fallbacks: [AnchorFallback] = []
    /// The app platforms the build serves.
    public var platforms: [Platform]
    /// What composing found, for this variant.
    public var diagnostics: [Diagnostic]

    /// One source, as composed.
    public struct SourceReport: Sendable {
        /// The source as declared.
        public var declaration: RasterSourceDeclaration
        /// The tile size written into the style, in pixels.
        public var emittedTileSize: Int
        /// The index of the source's layer in the composed style's `layers`.
        public var layerIndex: Int?
        /// The index of the layer of its part east of the antimeridian, for bounds that cross it.
        public var eastPartLayerIndex: Int? = nil
        /// The layer's camera-zoom range in the style (target zoom), when `visibleZoom` was declared.
        public var nativeVisibleZoom: ZoomInterval?
        /// The latitude (degrees) used to convert `visibleZoom`, and where it came from.
        public var calibration: (latitude: Double, origin: String)?
        /// Findings that concern this source (also among the diagnostics).
        public var warnings: [String]
    }
}
