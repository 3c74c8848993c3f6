import LocatedJSON
import StyleRuntime

/// How a declared source becomes the raster layers of the composed style: itself, or for a vector style its
/// ground and labels layers, in that order (the labels draw directly above the ground: same gap, same zIndex).
enum VectorStyleParts {
    /// The layers `source` is composed as: `[source]`, or a vector style's ground and labels layers, each a
    /// LocalTileServer source of its own (`<id>-ground` on route `<route>-ground` with cache key `static`;
    /// `<id>-labels` on `<route>-labels`, its cache key filled at run time), carrying the style's attribution.
    static func parts(of source: RasterSourceDeclaration) -> [RasterSourceDeclaration] {
        guard let address = source.kind.vectorStyle else { return [source] }
        let gathered = source.bundledStyle?.attribution.map { AttributionRule(text: DeclaredString($0)) } ?? []
        return zip(VectorStyleLayer.Role.allCases, ManifestFormat.vectorLayerSuffixes).map { role, suffix in
            var part = source
            part.id = source.id + suffix
            part.kind = .localTileServer(
                route: address.route + suffix, cacheKey: role == .ground ? ManifestFormat.vectorGroundCacheKey : nil)
            part.pixelRatios = [1]
            part.attribution = source.attribution + gathered
            part.vectorStyleLayer = VectorStyleLayer(
                sourceID: source.id, role: role, address: address, bundle: source.bundledStyle)
            part.bundledStyle = nil
            return part
        }
    }

    /// Every declared source as the layers it is composed as, in declaration order.
    static func layerSources(of declarations: Declarations) -> [RasterSourceDeclaration] {
        declarations.sources.flatMap(parts(of:))
    }
}
