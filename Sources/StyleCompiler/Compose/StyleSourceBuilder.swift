import LocatedJSON

/// The tile URL and the style source of one declared raster source.
enum StyleSourceBuilder {

    /// The tile URL template for a source: `value` for the style, `display` (secrets as `${NAME}`) for every
    /// other output. Nil for kinds whose tiles a remote TileJSON names.
    static func tileTemplate(_ source: RasterSourceDeclaration) -> DeclaredString? {
        source.kind.descriptor.tileTemplate(source, source.kind.address)
    }

    /// The attribution rules' texts joined with ", " (display or value form).
    static func attribution(_ source: RasterSourceDeclaration, secretsShown: Bool) -> String? {
        guard !source.attribution.isEmpty else { return nil }
        return source.attribution.map { secretsShown ? $0.text.value : $0.text.display }.joined(separator: ", ")
    }

    /// The style's source object for a declared source: `${NAME}` values filled in (`embedsEnvironment`), or
    /// left as references for `StyleRuntime` to fill.
    static func styleSource(_ source: RasterSourceDeclaration, profile: TargetProfile, embedsEnvironment: Bool)
        -> JSONNode
    {
        let at = source.location
        let url: JSONNode?
        let tiles: JSONNode?
        if let address = source.kind.descriptor.tileJSONURL(source.kind.address) {
            url = JSONNode(
                .string(embedsEnvironment ? address.value : address.display),
                location: source.location(of: source.kind.sourceField), isSecret: embedsEnvironment && address.isSecret)
            tiles = nil
        } else {
            url = nil
            // A value from the environment is secret: never quoted, never taken for a committed credential.
            tiles = tileTemplate(source).map { template in
                .array(
                    [
                        JSONNode(
                            .string(embedsEnvironment ? template.value : template.display),
                            location: source.location(of: source.kind.sourceField),
                            isSecret: embedsEnvironment && template.isSecret)
                    ], at: at)
            }
        }
        return .object(
            [
                "type": .string("raster", at: at),
                "url": url,
                "tiles": tiles,
                "tileSize": .integer(profile.emittedTileSize(source.tileSize), at: source.location(of: .tileSize)),
                "minzoom": source.minZoom.map { .integer($0, at: source.location(of: .minZoom)) },
                "maxzoom": source.maxZoom.map { .integer($0, at: source.location(of: .maxZoom)) },
                "scheme": source.scheme == .tms ? .string("tms", at: source.location(of: .scheme)) : nil,
                "bounds": source.bounds.map { box in
                    .array(
                        [box.west, box.south, box.east, box.north].map { JSONNode.number($0) },
                        at: source.location(of: .bounds))
                },
                "attribution": attribution(source, secretsShown: embedsEnvironment).map {
                    .string($0, at: source.location(of: .attribution))
                },
            ], at: at)
    }
}
