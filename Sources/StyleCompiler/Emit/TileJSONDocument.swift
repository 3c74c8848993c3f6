import LocatedJSON
import StyleMath

/// TileJSON 3.0.0 for a declared raster source (https://github.com/mapbox/tilejson-spec, 3.0.0).
///
/// - `tiles` holds the template in display form: a `${NAME}` secret stays a reference, never its value.
/// - `tileSize` (pixels, as declared) is an extension field; TileJSON allows extra keys.
/// - `vector_layers`: the 3.0.0 README says raster tilesets need none, but its schema.json lists the key as
///   required; mc-style writes an empty list, which satisfies both.
/// - Sources declared by `tileJson` already have a TileJSON of their own, so none is written for them.
enum TileJSONDocument {
    static func make(for source: RasterSourceDeclaration) -> JSONNode? {
        guard let template = StyleSourceBuilder.tileTemplate(source) else { return nil }
        let (minZoom, maxZoom) = source.tileLevels
        let bounds = source.bounds ?? GeoBounds.world.clampedToMercator
        let center = bounds.center
        return .object([
            "tilejson": .string("3.0.0"),
            "name": .string(source.id),
            "tiles": .array([.string(template.display)]),
            "vector_layers": .array([]),
            "minzoom": .integer(minZoom),
            "maxzoom": .integer(maxZoom),
            "bounds": .array([bounds.west, bounds.south, bounds.east, bounds.north].map { .number($0) }),
            "center": .array([.number(center.longitude), .number(center.latitude), .integer(minZoom)]),
            "scheme": .string(source.scheme.rawValue),
            "attribution": StyleSourceBuilder.attribution(source, secretsShown: false).map { .string($0) },
            "tileSize": .integer(source.tileSize),
        ])
    }
}
