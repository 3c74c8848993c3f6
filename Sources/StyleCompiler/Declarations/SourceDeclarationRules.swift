import LocatedJSON
import StyleMath
import StyleRuntime

/// Checks on a decoded source that the schema cannot express: its kind's own (`SourceKind.check`), tile sizes
/// that are not powers of two, zoom levels past 22, and bounds that are empty or reach past the Mercator limit.
enum SourceDeclarationRules {
    /// Tile sizes below this many pixels are warned about: each halving quadruples a view's requests.
    static let smallestUsualTileSize = 64
    /// Tokens MapLibre fills in tile URLs, plus TomTom's `{key}` placeholder.
    static let knownTokens: Set<String> = ["z", "x", "y", "quadkey", "bbox-epsg-3857", "prefix", "ratio", "key"]
    static func check(
        _ source: RasterSourceDeclaration, path: JSONPath, platforms: [Platform] = Platform.allCases,
        platformsLocation: SourceLocation? = nil, into diagnostics: inout [Diagnostic]
    ) {
        var findings = SourceFindings(source: source, path: path)
        defer { diagnostics += findings.diagnostics }
        func report(_ rule: Rule, _ field: SourceField, _ message: String) { findings.report(rule, field, message) }
        func report(_ severity: Diagnostic.Severity, _ rule: Rule, _ field: SourceField, _ message: String) {
            findings.report(rule, field, message, severity: severity)
        }
        source.kind.descriptor.check(
            source, source.kind.address, SourceCheckContext(platforms: platforms, platformsLocation: platformsLocation),
            &findings)
        if source.kind.vectorStyle != nil {
            // The rasteriser's sizes are `sources.vector-tile-size`'s.
        } else if source.tileSize < Self.smallestUsualTileSize {
            report(
                .warning, .sourcesTileSize, .tileSize,
                "tileSize \(source.tileSize) is below \(Self.smallestUsualTileSize) pixels: a view needs \(Self.smallestUsualTileSize * Self.smallestUsualTileSize / max(1, source.tileSize * source.tileSize))x the requests of a \(Self.smallestUsualTileSize)-pixel source; tile servers render 256 or 512"
            )
        } else if source.tileSize & (source.tileSize - 1) != 0 {
            report(
                .warning, .sourcesTileSize, .tileSize,
                "tileSize \(source.tileSize) is not a power of two: tile servers and renderers expect 256 or 512, and on tomtom it is emitted halved (\(max(1, source.tileSize / 2)))"
            )
        }
        for (field, level) in [(SourceField.minZoom, source.minZoom), (.maxZoom, source.maxZoom)] {
            if let level, level > 22 {
                report(
                    .warning, .sourcesZoomRange, field,
                    "tile level \(level) is past 22, the deepest level MapConductor and TomTom use")
            }
        }
        if let bounds = source.bounds {
            if bounds.west == bounds.east || bounds.south == bounds.north {
                report(.sourcesBounds, .bounds, "the bounds are empty (west equals east or south equals north)")
            } else if max(abs(bounds.south), abs(bounds.north)) > MapConstants.mercatorLatitudeLimit {
                report(
                    .warning, .sourcesBounds, .bounds,
                    "the bounds reach past the Web Mercator limit (±85.0511°); tiles there do not exist")
            }
        }
    }

    /// The checks every remote URL gets: a well-formed absolute `http(s)` URL (`URLShape`, reported as `rule`;
    /// checked filled, so a `${ENV}` value counts, but never quoted), no clear-text HTTP but to loopback, `{key}`
    /// only on TomTom's hosts, and no literal credential. Each is reported, whatever the others find.
    static func checkRemoteURL(
        _ url: DeclaredString, field: SourceField, rule: Rule = .sourcesURL, into findings: inout SourceFindings
    ) {
        if let problem = URLShape.declaredProblem(url.value, showingHost: !url.isSecret) {
            findings.report(rule, field, problem.text)
        }
        checkCleartext(url.value, secret: url.isSecret, field: field, into: &findings)
        checkKeyHost(url, field: field, into: &findings)
        for secret in CredentialScan.credentials(in: url.display) {
            findings.report(
                .secretLiteralKey, field,
                "literal credential '\(CredentialScan.shown(secret))' in a committed file: \(CredentialScan.advice(for: secret, in: url.display))",
                secrets: [secret])
        }
    }

    /// `{key}` is TomTom's placeholder: filled only into TomTom URLs, so elsewhere it would stay in the URL or,
    /// filled, send TomTom's key to another host.
    private static func checkKeyHost(_ url: DeclaredString, field: SourceField, into findings: inout SourceFindings) {
        guard tokens(in: url.display).contains("key") else { return }
        switch URLHost.keyDestination(of: url.value) {
        case .tomTom, .cleartextTomTom:
            // Clear text is `sources.cleartext`'s finding; the key is never filled there.
            return
        case .ambiguous(let reason):
            findings.report(
                .sourcesKeyHost, field,
                "{key} is never filled into this URL: \(reason), so the host a browser or an SDK would send TomTom's key to is not the one it seems"
            )
        case .elsewhere:
            let host =
                url.isSecret
                ? "a host that is not TomTom's" : (URLHost.host(of: url.display) ?? "a host that is not TomTom's")
            findings.report(
                .sourcesKeyHost, field,
                "{key} is TomTom's API-key placeholder, filled only in URLs on api.tomtom.com hosts, not on \(host); for a third-party token use an environment value such as ${TILES_TOKEN}"
            )
        }
    }

    /// The `{name}` tokens of a URL (`${NAME}` environment references are not tokens).
    static func tokens(in url: String) -> Set<String> {
        // Over UTF-8 bytes: `{`, `}` and `$` are ASCII, so byte positions are character boundaries here, and
        // walking Characters cost more than the rest of decoding a source.
        var tokens: Set<String> = []
        let bytes = Array(url.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else { break }
            if index == 0 || bytes[index - 1] != UInt8(ascii: "$") {
                tokens.insert(String(decoding: bytes[(index + 1)..<close], as: UTF8.self))
            }
            index = close + 1
        }
        return tokens
    }

    /// Checks the filled-in URL (environment values included) but names only the host, never the value.
    private static func checkCleartext(
        _ url: String, secret: Bool, field: SourceField, into findings: inout SourceFindings
    ) {
        guard url.hasPrefix("http://") else { return }
        let name = URLHost.host(of: url) ?? ""
        guard !URLHost.isLoopback(name) else { return }
        let target = secret ? "a host that is not loopback" : name
        findings.report(
            .sourcesCleartext, field,
            "clear-text http:// to \(target): iOS App Transport Security (and Android by default) refuses it; use https://"
        )
    }
}

/// Findings about one source, each at the field it concerns.
struct SourceFindings {
    let source: RasterSourceDeclaration
    let path: JSONPath
    var diagnostics: [Diagnostic] = []

    mutating func report(
        _ rule: Rule, _ field: SourceField, _ message: String, severity: Diagnostic.Severity? = nil,
        secrets: [String] = []
    ) {
        diagnostics.append(
            Diagnostic(
                severity ?? rule.defaultSeverity, rule, message, at: source.location(of: field),
                path: path.appending(field.rawValue),
                secrets: secrets))
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let sourcesBounds = Rule(
        "sources.bounds", .error,
        summary: "Bounds are invalid, empty or past the Mercator limit.",
        help: "Write bounds as [west, south, east, north] in degrees, within the Web Mercator limits.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    bounds: ↓[140, 36, 139, 35]
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    bounds: [139, 35, 140, 36]
                """#),
        ])
    static let sourcesBoundsSpan = Rule(
        "sources.bounds-span", .warning,
        summary: "Bounds that cross the antimeridian and span more than half the world: corners that look swapped.",
        help:
            "Bounds are [west, south, east, north]; west > east crosses the antimeridian. For an area that does not cross it, put the smaller longitude first.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: japan
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    bounds: ↓[145.8, 24.0, 122.9, 45.5]
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: fiji
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    bounds: [170, -20, -170, -10]
                """#),
        ])
    static let sourcesUrlTokens = Rule(
        "sources.url-tokens", .error,
        summary: "A tile URL lacks {z}, {x}, {y} (or {quadkey}, {bbox-epsg-3857}).",
        help: "Put {z}, {x} and {y} (or {quadkey}, {bbox-epsg-3857}) in the tile URL.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: ↓https://tiles.example.com/{z}/{x}.png
                """#),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
    static let sourcesUnknownToken = Rule(
        "sources.unknown-token", .error,
        summary: "A tile URL has a token MapLibre does not fill, such as {s}.",
        help: "Remove the token; for {s}, list one URL per subdomain instead.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: ↓https://{s}.tiles.example.com/{z}/{x}/{y}.png
                """#),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
    static let sourcesCleartext = Rule(
        "sources.cleartext", .error,
        summary: "Clear-text http:// to a host other than loopback.",
        help: "Use https://; clear-text HTTP is allowed to loopback only.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: ↓http://tiles.example.com/{z}/{x}/{y}.png
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: http://127.0.0.1:8080/{z}/{x}/{y}.png
                """#),
        ])
    static let sourcesTilejsonUrl = Rule(
        "sources.tilejson-url", .error,
        summary: "A TileJSON URL is not a well-formed absolute URL.",
        help: "Give an absolute https:// URL.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: radar
                    tileJson: ↓tiles.json
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: radar
                    tileJson: https://tiles.example.com/radar/tiles.json
                """#),
        ])
    static let sourcesArcGISService = Rule(
        "sources.arcgis-service", .error,
        summary: "An arcGisService URL that is not the root of a tiled MapServer or ImageServer.",
        help:
            "Give the service's root URL, ending in /MapServer (its cached tiles are <url>/tile/{z}/{y}/{x}); a FeatureServer or VectorTileServer has no such tiles, and a URL with {z} is a urlTemplate.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: parcels
                    arcGisService: ↓https://services.example.com/arcgis/rest/services/Parcels/FeatureServer
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: imagery
                    arcGisService: https://services.example.com/arcgis/rest/services/World_Imagery/MapServer
                """#),
        ])
    static let sourcesURL = Rule(
        "sources.url", .error,
        summary: "A tile URL template is not a well-formed absolute URL (scheme, host).",
        help: "Write https://host/path/{z}/{x}/{y}.png: the message gives the fix where one is known.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: ↓"https:///{z}/{x}/{y}.png"
                """#),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
    static let sourcesKeyHost = Rule(
        "sources.key-host", .error,
        summary: "TomTom's {key} placeholder in a URL whose host is not TomTom's.",
        help: "Use {key} only on TomTom hosts; put a third-party token in an ${ENV} value.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: ↓"https://tiles.example.com/{z}/{x}/{y}.png?key={key}"
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: traffic
                    urlTemplate: "https://api.tomtom.com/traffic/map/4/tile/flow/relative/{z}/{x}/{y}.png?key={key}"
                """#),
        ])
    static let sourcesLocalSegment = Rule(
        "sources.local-segment", .error,
        summary: "A LocalTileServer route or cache key that is not one path segment.",
        help: "Use letters, digits, '-', '_' and '.' only; map the declared name to the run-time id with the resolver.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: heatmap
                    localTileServer: {route: ↓heat/map}
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: heatmap
                    localTileServer: {route: heatmap}
                """#),
        ])
    static let platformUnsupported = Rule(
        "platform.unsupported", .error,
        summary: "A declared feature one of the build's platforms cannot serve.",
        help: "Drop the feature, or declare only the platforms that can serve it.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                platforms: [ios, android]
                sources:
                  - id: heatmap
                    localTileServer: {route: heatmap}
                    pixelRatios: ↓[1, 2]
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                platforms: [ios]
                sources:
                  - id: heatmap
                    localTileServer: {route: heatmap}
                    pixelRatios: [1, 2]
                """#),
        ])
    static let sourcesTileSize = Rule(
        "sources.tile-size", .error,
        summary:
            "A raster tile size that is not a positive whole number (error), below 64 pixels or not a power of two (warning).",
        help: "Declare the tile size the server renders, in pixels; 256 or 512 unless it really is another.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    tileSize: ↓300
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    tileSize: 512
                """#),
        ])
}
