import LocatedJSON
import StyleRuntime

/// The tile URL and the style source of one declared raster source.
enum RasterSourceRendering {

    /// The tile URL template for a source: `value` for the style, `display` (secrets as `${NAME}`) for every
    /// other output. Nil for TileJSON sources, whose tiles the remote TileJSON names.
    static func tileTemplate(_ source: RasterSourceDeclaration) -> DeclaredString? {
        switch source.kind {
        case .urlTemplate(let template):
            return template
        case .tileJson:
            return nil
        case .arcGisService(let service):
            return DeclaredString(value: trimmingTrailingSlashes(service.value) + "/tile/{z}/{y}/{x}",
                                  display: trimmingTrailingSlashes(service.display) + "/tile/{z}/{y}/{x}")
        case .localTileServer(let route, let cacheKey):
            // GUIDE.md 2.9: base URL, route id and cache key are known only on the phone; the size segment is the
            // declared (rendered) size; a cache key given at build time is written as it is.
            let segments = [Placeholder.localTileServer.token, "tiles", Placeholder.route(route).token, String(source.tileSize),
                            cacheKey ?? Placeholder.cacheKey(route).token]
            let tile = source.pixelRatios.contains(where: { $0 > 1 }) ? "{z}/{x}/{y}{ratio}.png" : "{z}/{x}/{y}.png"
            return DeclaredString(segments.joined(separator: "/") + "/" + tile)
        }
    }

    /// The attribution rules' texts joined with ", " (display or value form).
    static func attribution(_ source: RasterSourceDeclaration, secretsShown: Bool) -> String? {
        guard !source.attribution.isEmpty else { return nil }
        return source.attribution.map { secretsShown ? $0.text.value : $0.text.display }.joined(separator: ", ")
    }

    /// The style's source object for a declared source.
    static func styleSource(_ source: RasterSourceDeclaration, profile: TargetProfile) -> JSONNode {
        let at = source.location
        let url: JSONNode?
        let tiles: JSONNode?
        if case .tileJson(let address) = source.kind {
            url = .string(address.value, at: source.location(of: "tileJson"))
            tiles = nil
        } else {
            url = nil
            tiles = tileTemplate(source).map { .array([.string($0.value, at: source.location(of: source.kind.keyword))], at: at) }
        }
        return .object([
            "type": .string("raster", at: at),
            "url": url,
            "tiles": tiles,
            "tileSize": .integer(profile.emittedTileSize(source.tileSize), at: source.location(of: "tileSize")),
            "minzoom": source.minZoom.map { .integer($0, at: source.location(of: "minZoom")) },
            "maxzoom": source.maxZoom.map { .integer($0, at: source.location(of: "maxZoom")) },
            "scheme": source.scheme == .tms ? .string("tms", at: source.location(of: "scheme")) : nil,
            "bounds": source.bounds.map { box in
                .array([box.west, box.south, box.east, box.north].map { JSONNode.number($0) }, at: source.location(of: "bounds"))
            },
            "attribution": attribution(source, secretsShown: true).map { .string($0, at: source.location(of: "attribution")) },
        ], at: at)
    }

    static func trimmingTrailingSlashes(_ text: String) -> String {
        var result = Substring(text)
        while result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}
