import LocatedJSON

/// `mc-style layers` short of printing: a style's layers as a team needs them to write placements (index, id,
/// type, source, source layer, zoom range, whether it is a label), where `belowLabels` and `top` would insert,
/// and, for a declarations file, the composed stack of one variant with the declared layers marked.
public struct LayerListing: Sendable {
    /// One layer of the listed stack.
    public struct Row: Sendable, Equatable {
        /// Position in the stack, from 0 at the bottom.
        public var index: Int
        /// The layer's id.
        public var id: String
        /// The layer's type (`fill`, `raster`, `symbol`, ...).
        public var type: String
        /// The layer's source id, if it has one.
        public var source: String?
        /// The layer's `source-layer`, if it has one.
        public var sourceLayer: String?
        /// Camera zooms (`minzoom`, `maxzoom`), as the style writes them.
        public var minZoom: Double?
        /// The camera zoom from which the layer no longer shows.
        public var maxZoom: Double?
        /// A label: a `symbol` layer with a `text-field`, which `belowLabels` goes under (icon-only symbols,
        /// such as road arrows and shields, are not).
        public var isLabel: Bool
        /// A layer mc-style adds (a declared source's, or TomTom's raster base map).
        public var isDeclared: Bool
        /// For a declared source's layer: its placement as declared (`belowLabels`, `{below: ID}`).
        public var placement: String? = nil
        /// For a declared source's layer: the base layer it landed directly under, nil when it is on top.
        public var under: String? = nil
    }

    /// The layers, from the bottom up.
    public var rows: [Row]
    /// Where a `belowLabels` placement inserts: before this index (the first label), or at the top when there is none.
    public var belowLabelsIndex: Int
    /// Where a `top` placement inserts: after the last layer.
    public var topIndex: Int { rows.count }
    /// The variant listed (`default` for a single base).
    public var variant: String

    /// The layers of the style at `path`.
    public static func style(at path: String) -> (listing: LayerListing?, diagnostics: [Diagnostic]) {
        let (document, diagnostics) = StyleLoader().load(path: path)
        guard let document else { return (nil, diagnostics) }
        return (
            LayerListing(layers: document.root["layers"]?.arrayValue ?? [], variant: BaseVariant.defaultName),
            diagnostics
        )
    }

    /// The composed stack of `variant` (the first when nil) of the declarations at `path`.
    public static func composed(declarationsPath path: String, variant: String?, environment: [String: String]) -> (
        listing: LayerListing?, diagnostics: [Diagnostic]
    ) {
        let (loaded, diagnostics) = CompilationInputs.loadVariant(
            named: variant, declarationsPath: path, environment: environment)
        guard let (inputs, chosen) = loaded else { return (nil, diagnostics) }
        let target = inputs.declarations.target ?? .tomtom
        let context = inputs.composedVariant(chosen)
        let composing = FindingSink()
        let (composition, _) = StyleCompilation.composeUnvalidated(
            base: chosen.base.root, declarations: inputs.declarations,
            target: target, apiKey: nil, embedsEnvironment: false, variant: context, files: inputs.fileTable,
            into: composing)
        let found = composing.findings
        guard let composition else { return (nil, diagnostics + found) }
        var listing = LayerListing(layers: composition.style["layers"]?.arrayValue ?? [], variant: chosen.name)
        listing.markPlacements(of: inputs.declarations.sources)
        return (listing, diagnostics + found)
    }

    /// Notes on each declared source's row its placement and the base layer it landed under.
    mutating func markPlacements(of sources: [RasterSourceDeclaration]) {
        var placements: [String: LayerPlacement] = [:]
        // A vector style's ground and labels layers stand together, placed alike.
        for source in sources.flatMap(VectorStyleParts.parts(of:)) {
            placements[StyleID.layer(source.id)] = source.placement
            // The layer of its part east of the antimeridian stands with it, placed alike.
            if source.crossesAntimeridian {
                placements[StyleID.layer(source.id) + StyleID.eastPartSuffix] = source.placement
            }
        }
        var nextBase: String? = nil
        for position in rows.indices.reversed() {
            if let placement = placements[rows[position].id] {
                rows[position].placement = placement.declared
                rows[position].under = nextBase
            } else if !rows[position].isDeclared {
                nextBase = rows[position].id
            }
        }
    }

    init(layers: [JSONNode], variant: String) {
        rows = layers.enumerated().map { index, layer in
            let id = layer["id"]?.stringValue ?? ""
            return Row(
                index: index, id: id, type: layer["type"]?.stringValue ?? "", source: layer["source"]?.stringValue,
                sourceLayer: layer["source-layer"]?.stringValue, minZoom: layer["minzoom"]?.numberValue?.doubleValue,
                maxZoom: layer["maxzoom"]?.numberValue?.doubleValue, isLabel: LayerStack.drawsText(layer),
                isDeclared: id.hasPrefix(StyleID.layerPrefix) || id == StyleID.baseRasterLayer)
        }
        belowLabelsIndex = rows.first { $0.isLabel && !$0.isDeclared }?.index ?? rows.count
        self.variant = variant
    }
}
