import LocatedJSON
import StyleMath
import StyleRuntime

/// Checks on a decoded source that the schema cannot express: URL tokens, clear-text HTTP, absolute TileJSON
/// URLs, zoom levels past 22 and bounds that are empty or reach past the Mercator limit.
enum SourceDeclarationRules {
    /// Tokens MapLibre fills in tile URLs, plus TomTom's `{key}` placeholder.
    static let knownTokens: Set<String> = ["z", "x", "y", "quadkey", "bbox-epsg-3857", "prefix", "ratio", "key"]
    static func check(_ source: RasterSourceDeclaration, path: JSONPath, platforms: [Platform] = Platform.allCases,
                      platformsLocation: SourceLocation? = nil, into diagnostics: inout [Diagnostic]) {
        func report(_ severity: Diagnostic.Severity, _ rule: String, _ field: String, _ message: String) {
            diagnostics.append(Diagnostic(severity, rule, message, at: source.location(of: field), path: path.appending(field)))
        }
        switch source.kind {
        case .urlTemplate(let template):
            let tokens = tokens(in: template.display)
            let hasTile = Set(["z", "x", "y"]).isSubset(of: tokens) || tokens.contains("quadkey") || tokens.contains("bbox-epsg-3857")
            if !hasTile {
                report(.error, "sources.url-tokens", "urlTemplate", "the tile URL needs {z}, {x} and {y} (or {quadkey} or {bbox-epsg-3857})")
            }
            for token in tokens.subtracting(knownTokens).sorted() {
                report(.error, "sources.unknown-token", "urlTemplate", "the tile URL has the token {\(token)}, which MapLibre leaves in the URL as it is")
            }
            checkCleartext(template.value, secret: template.isSecret, field: "urlTemplate", report: report)
            checkKeyHost(template, field: "urlTemplate", report: report)
        case .tileJson(let address):
            if !(address.value.hasPrefix("https://") || address.value.hasPrefix("http://")) {
                report(.error, "sources.tilejson-url", "tileJson", "the TileJSON URL must be absolute (https://...)")
            }
            checkCleartext(address.value, secret: address.isSecret, field: "tileJson", report: report)
            checkKeyHost(address, field: "tileJson", report: report)
        case .arcGisService(let service):
            if !(service.value.hasPrefix("https://") || service.value.hasPrefix("http://")) {
                report(.error, "sources.tilejson-url", "arcGisService", "the ArcGIS service URL must be absolute (https://...)")
            }
            checkCleartext(service.value, secret: service.isSecret, field: "arcGisService", report: report)
            checkKeyHost(service, field: "arcGisService", report: report)
        case .localTileServer(let route, let cacheKey):
            for (name, value) in [("route", route), ("cacheKey", cacheKey)] {
                guard let value, !PathSegment.isValid(value) else { continue }
                let field = source.fieldLocations["localTileServer.\(name)"] == nil ? "localTileServer" : "localTileServer.\(name)"
                diagnostics.append(Diagnostic(.error, "sources.local-segment",
                                              "the \(name == "route" ? "route" : "cache key") '\(value)' is not one path segment of letters, digits, '-', '_' and '.': LocalTileServer splits tile paths at '/', so every tile would be a 404",
                                              at: source.location(of: field), path: path.appending("localTileServer").appending(name)))
            }
            if source.pixelRatios.contains(where: { $0 > 1 }), let platform = platforms.first(where: { !$0.servesDensitySuffix }) {
                diagnostics.append(Diagnostic(.error, "platform.unsupported",
                                              "pixelRatios \(source.pixelRatios) of '\(source.id)' cannot be served on \(platform.rawValue): its LocalTileServer answers 404 to <y>@2x.png tiles; declare platforms: [ios] or pixelRatios: [1]",
                                              at: source.location(of: "pixelRatios"), path: path.appending("pixelRatios"),
                                              related: platformsLocation.map { [Diagnostic.Related("the platforms the build serves", at: $0)] } ?? []))
            }
        }
        if source.tileSize & (source.tileSize - 1) != 0 {
            report(.warning, "sources.tile-size", "tileSize",
                   "tileSize \(source.tileSize) is not a power of two: tile servers and renderers expect 256 or 512, and on tomtom it is emitted halved (\(max(1, source.tileSize / 2)))")
        }
        for (field, level) in [("minZoom", source.minZoom), ("maxZoom", source.maxZoom)] {
            if let level, level > 22 {
                report(.warning, "sources.zoom-range", field, "tile level \(level) is past 22, the deepest level MapConductor and TomTom use")
            }
        }
        if let bounds = source.bounds {
            if bounds.west == bounds.east || bounds.south == bounds.north {
                report(.error, "sources.bounds", "bounds", "the bounds are empty (west equals east or south equals north)")
            } else if max(abs(bounds.south), abs(bounds.north)) > MapConstants.mercatorLatitudeLimit {
                report(.warning, "sources.bounds", "bounds", "the bounds reach past the Web Mercator limit (±85.0511°); tiles there do not exist")
            }
        }
    }

    /// `{key}` is TomTom's placeholder: filled only into TomTom URLs, so elsewhere it would stay in the URL or,
    /// filled, send TomTom's key to another host.
    private static func checkKeyHost(_ url: DeclaredString, field: String, report: (Diagnostic.Severity, String, String, String) -> Void) {
        guard tokens(in: url.display).contains("key"), !URLHost.isTomTom(url.value) else { return }
        let host = url.isSecret ? "a host that is not TomTom's" : (URLHost.host(of: url.display) ?? "a host that is not TomTom's")
        report(.error, "sources.key-host", field,
               "{key} is TomTom's API-key placeholder, filled only in URLs on api.tomtom.com hosts, not on \(host); for a third-party token use an environment value such as ${TILES_TOKEN}")
    }

    /// The `{name}` tokens of a URL (`${NAME}` environment references are not tokens).
    static func tokens(in url: String) -> Set<String> {
        var tokens: Set<String> = []
        var rest = url[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            if open == url.startIndex || url[url.index(before: open)] != "$" {
                tokens.insert(String(rest[rest.index(after: open)..<close]))
            }
            rest = rest[rest.index(after: close)...]
        }
        return tokens
    }

    /// Checks the filled-in URL (environment values included) but names only the host, never the value.
    private static func checkCleartext(_ url: String, secret: Bool, field: String, report: (Diagnostic.Severity, String, String, String) -> Void) {
        guard url.hasPrefix("http://") else { return }
        let host = url.dropFirst("http://".count).prefix { $0 != "/" && $0 != "?" }
        let name = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }) + "]" : String(host.prefix { $0 != ":" })
        guard !URLHost.isLoopback(name.lowercased()) else { return }
        let target = secret ? "a host that is not loopback" : name
        report(.error, "sources.cleartext", field,
               "clear-text http:// to \(target): iOS App Transport Security (and Android by default) refuses it; use https://")
    }
}
