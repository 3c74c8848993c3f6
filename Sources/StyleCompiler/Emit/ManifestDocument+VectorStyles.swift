import LocatedJSON
import StyleRuntime

extension ManifestDocument {
    /// What the app needs to mount each vector style as MapConductor does (nil without any): the style file to
    /// bundle (path in the compiled folder, SHA-256, the file as declared), the route and tile size, and its two
    /// layers with their sources, routes and cache-key protocol: the ground's key is fixed, the labels' key is
    /// `g<generation>`, a new one whenever more glyphs have arrived (`CompiledStyle.vectorStyleLayers`).
    static func vectorStyles(_ reports: [Composition.SourceReport]) -> JSONNode? {
        var entries: [JSONNode] = []
        var layers: [String: [VectorStyleLayer.Role: RasterSourceDeclaration]] = [:]
        for report in reports {
            guard let layer = report.declaration.vectorStyleLayer else { continue }
            layers[layer.sourceID, default: [:]][layer.role] = report.declaration
        }
        var listed: Set<String> = []
        for report in reports {
            guard let layer = report.declaration.vectorStyleLayer, listed.insert(layer.sourceID).inserted,
                let parts = layers[layer.sourceID], let ground = parts[.ground], let labels = parts[.labels]
            else { continue }
            entries.append(
                .object([
                    "source": .string(layer.sourceID),
                    "style": layer.bundle.map { bundle in
                        .object([
                            "path": .string(bundle.path), "sha256": .string(bundle.sha256),
                            "declared": .string(bundle.declaredPath),
                        ])
                    },
                    "route": .string(layer.address.route),
                    "tileSize": .integer(layer.address.tileSize),
                    "ground": part(ground, cacheKey: ManifestFormat.vectorGroundCacheKey),
                    "labels": part(labels, cacheKey: ManifestFormat.vectorLabelsCacheKey(generation: 0)),
                    "attribution": .array((layer.bundle?.attribution ?? []).map { .string($0) }),
                ]))
        }
        return entries.isEmpty ? nil : .array(entries)
    }

    /// One layer of a vector style: its source's ids and route, and its cache key (the labels' for generation 0,
    /// with the protocol that makes the next one).
    private static func part(_ declaration: RasterSourceDeclaration, cacheKey: String) -> JSONNode {
        let runTime = declaration.vectorStyleLayer?.role == .labels
        return .object([
            "source": .string(declaration.id),
            "styleSourceId": .string(declaration.styleSourceID),
            "styleLayerId": .string(declaration.styleLayerID),
            "route": declaration.kind.localRoute.map { .string($0) },
            "cacheKey": .string(cacheKey),
            "cacheKeyProtocol": .string(runTime ? "glyphGeneration" : "fixed"),
        ])
    }
}
