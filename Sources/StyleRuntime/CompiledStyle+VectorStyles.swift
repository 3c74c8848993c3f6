/// A vector style's two layers as the app mounts them (GUIDE.md section 7): each layer's tile URL with the
/// LocalTileServer port, route ids and cache keys filled, and the labels layer's next cache key.
public struct VectorStyleMount: Sendable, Equatable {
    /// One layer, ready for LocalTileServer.
    public struct Layer: Sendable, Equatable {
        /// The layer's id in the composed style.
        public let styleLayerID: String
        /// The run-time route id (the app's, else the declared route).
        public let routeID: String
        /// The cache key in the layer's URL.
        public let cacheKey: String
        /// The tile URL template with everything but `{z}`, `{x}` and `{y}` filled.
        public let tiles: String
    }

    /// What the manifest records of the vector style (the bundled style file among it).
    public let record: RuntimeManifest.VectorStyleRecord
    /// Background, fill, line and circle; its cache key never changes.
    public let ground: Layer
    /// Symbols on transparent, for the glyph generation asked for.
    public let labels: Layer
    /// The labels' cache key once more glyphs have arrived: mount generation + 1 under it, then drop this one.
    public let nextLabelsCacheKey: String
    /// The settings given, with the labels' cache key of this generation: resolve the style with these.
    public let settings: RuntimeSettings
}

extension CompiledStyle {
    /// Mounts the vector style declared as `source` for glyph generation `glyphGeneration` (0 first; one more each
    /// time the rasteriser has more glyphs): both layers' URLs (`settings` gives the LocalTileServer base URL and
    /// any run-time route ids), the labels' cache key `g<generation>` and the next one, and the settings to resolve
    /// the style with. Errors: no such vector style, a negative generation, a value `resolve` would refuse.
    public func mountVectorStyle(_ source: String, glyphGeneration: Int = 0, settings: RuntimeSettings)
        throws(RuntimeError) -> VectorStyleMount
    {
        guard let record = manifest.vectorStyles.first(where: { $0.source == source }) else {
            let names = manifest.vectorStyles.map { RuntimeError.quoted($0.source, limit: 40) }
            throw RuntimeError(
                .unknownSource,
                "the build declares no vector style \(RuntimeError.quoted(source))\(names.isEmpty ? "" : " (it declares \(names.joined(separator: ", ")))")"
            )
        }
        guard glyphGeneration >= 0 else {
            throw RuntimeError(.invalidValue, "the glyph generation \(glyphGeneration) is below 0")
        }
        var filled = settings
        filled.cacheKeys[record.labels.route] = ManifestFormat.vectorLabelsCacheKey(generation: glyphGeneration)
        return VectorStyleMount(
            record: record, ground: try layer(record.ground, settings: filled),
            labels: try layer(record.labels, settings: filled),
            nextLabelsCacheKey: ManifestFormat.vectorLabelsCacheKey(generation: glyphGeneration + 1), settings: filled)
    }

    /// One layer's URL filled from `settings`, through the checks `resolve` makes of each value.
    private func layer(_ layer: RuntimeManifest.VectorStyleRecord.Layer, settings: RuntimeSettings)
        throws(RuntimeError) -> VectorStyleMount.Layer
    {
        guard let template = manifest.sources.first(where: { $0.id == layer.source })?.tiles else {
            throw RuntimeError(.manifest, "\(ManifestFormat.fileName): source '\(layer.source)' has no \"tiles\"")
        }
        var tiles = template
        var values: [Placeholder: String] = [:]
        for placeholder in [Placeholder.localTileServer, .route(layer.route), .cacheKey(layer.route)]
        where tiles.contains(placeholder.token) {
            let value = String(
                decoding: try PlaceholderValues.value(
                    for: RuntimeManifest.PlaceholderRecord(placeholder: placeholder, pointers: []), in: settings),
                as: UTF8.self)
            values[placeholder] = value
            tiles = tiles.replacingAll(placeholder.token, with: value)
        }
        let cacheKey = values[.cacheKey(layer.route)] ?? ManifestFormat.vectorGroundCacheKey
        return VectorStyleMount.Layer(
            styleLayerID: layer.styleLayerID, routeID: values[.route(layer.route)] ?? layer.route, cacheKey: cacheKey,
            tiles: tiles)
    }
}

extension String {
    /// The string with every occurrence of `token` replaced by `value`.
    fileprivate func replacingAll(_ token: String, with value: String) -> String {
        split(separator: token, omittingEmptySubsequences: false).joined(separator: value)
    }
}
