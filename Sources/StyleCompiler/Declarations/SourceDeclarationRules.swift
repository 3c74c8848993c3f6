import LocatedJSON
import StyleMath

/// Checks on a decoded source that the schema cannot express: URL tokens, clear-text HTTP, absolute TileJSON
/// URLs, zoom levels past 22 and bounds that are empty or reach past the Mercator limit.
enum SourceDeclarationRules {
    /// Tokens MapLibre fills in tile URLs, plus TomTom's `{key}` placeholder.
    static let knownTokens: Set<String> = ["z", "x", "y", "quadkey", "bbox-epsg-3857", "prefix", "ratio", "key"]
    /// Hosts iOS App Transport Security lets an app reach over clear-text HTTP.
    static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "[::1]", "::1"]

    static func check(_ source: RasterSourceDeclaration, path: JSONPath, into diagnostics: inout [Diagnostic]) {
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
        case .tileJson(let address):
            if !(address.value.hasPrefix("https://") || address.value.hasPrefix("http://")) {
                report(.error, "sources.tilejson-url", "tileJson", "the TileJSON URL must be absolute (https://...)")
            }
            checkCleartext(address.value, secret: address.isSecret, field: "tileJson", report: report)
        case .arcGisService(let service):
            if !(service.value.hasPrefix("https://") || service.value.hasPrefix("http://")) {
                report(.error, "sources.tilejson-url", "arcGisService", "the ArcGIS service URL must be absolute (https://...)")
            }
            checkCleartext(service.value, secret: service.isSecret, field: "arcGisService", report: report)
        case .localTileServer:
            break
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
        guard !loopbackHosts.contains(name) else { return }
        let target = secret ? "a host that is not loopback" : name
        report(.error, "sources.cleartext", field,
               "clear-text http:// to \(target): iOS App Transport Security (and Android by default) refuses it; use https://")
    }
}
