import LocatedJSON
import StyleRuntime

/// What a `vectorStyle` declaration must say for MapConductor's rasteriser to serve it: a tile size it renders, a
/// route that is one path segment, and a style file (not a URL: `compile` bundles a file the project holds).
enum VectorStyleRules {
    /// A small clean vector style, for the rules' examples: one vector source with `tiles`, glyphs, a label.
    static let exampleStyle =
        ##"{"version": 8, "glyphs": "https://fonts.example.com/{fontstack}/{range}.pbf", "sources": {"streets": {"type": "vector", "tiles": ["https://tiles.example.com/{z}/{x}/{y}.pbf"], "attribution": "© Example"}}, "layers": [{"id": "land", "type": "background", "paint": {"background-color": "#f8f4f0"}}, {"id": "roads", "type": "line", "source": "streets", "source-layer": "roads"}, {"id": "places", "type": "symbol", "source": "streets", "source-layer": "places", "layout": {"text-field": ["get", "name"], "text-font": ["Noto Sans Regular"]}}]}"##

    /// The declaration's own checks of `vector` (the file itself is read and checked by `CompilationInputs`).
    static func check(
        _ vector: VectorStyleAddress, of source: RasterSourceDeclaration, into findings: inout SourceFindings
    ) {
        if !VectorStyleAddress.tileSizes.contains(vector.tileSize) {
            findings.report(
                .sourcesVectorTileSize, .vectorStyleTileSize,
                "tileSize \(vector.tileSize) of vector style '\(source.id)' is not one MapConductor's rasteriser serves: give 512 (the default) or 1024 (a tile of 768 pixels drew a blank map)"
            )
        }
        if !PathSegment.isValid(vector.route) {
            findings.report(
                .sourcesLocalSegment, .vectorStyleRoute,
                "the route '\(vector.route)' is not one path segment of letters, digits, '-', '_' and '.': LocalTileServer splits tile paths at '/', so every tile would be a 404"
            )
        }
        if let scheme = urlScheme(of: vector.style) {
            let advice =
                scheme == "https"
                ? "compile reads the style from the project: run mc-style fetch-base --url '\(vector.style)' --out vector/\(source.id).json, which locks the copy beside it, and name that file here"
                : "a style is a file in the project (a hosted one fetched over https with mc-style fetch-base --url URL --out FILE)"
            findings.report(.sourcesVectorStyleURL, .vectorStyleStyle, "style '\(vector.style)' is a URL: \(advice)")
        }
    }

    /// The URL scheme `text` starts with (`https` in `https://...`), lowercased; nil for a path.
    static func urlScheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    /// A declarations example with one vector style (`↓` marks the place a triggering example reports at).
    private static func vectorExample(_ triggers: Bool, _ vectorStyle: String) -> RuleExample {
        let text = """
            version: 1
            base: base.json
            sources:
              - id: streets
                vectorStyle: \(vectorStyle)
            """
        let files = ["vector/style.json": VectorStyleRules.exampleStyle]
        return triggers
            ? .triggering(.declarations, text, files: files) : .passing(.declarations, text, files: files)
    }

    static let sourcesVectorTileSize = Rule(
        "sources.vector-tile-size", .error,
        summary: "A vector style's tile size is not one MapConductor's rasteriser serves (512 or 1024).",
        help: "Leave tileSize out (512) or give 1024; other sizes drew blank maps.",
        examples: [
            vectorExample(true, "{style: vector/style.json, route: streets, tileSize: ↓768}"),
            vectorExample(false, "{style: vector/style.json, route: streets, tileSize: 1024}"),
        ])
    static let sourcesVectorStyleURL = Rule(
        "sources.vector-style-url", .error,
        summary: "A vector style is named by URL; compile reads and bundles a file of the project.",
        help:
            "Fetch a hosted style with mc-style fetch-base --url URL --out FILE (it locks the copy) and name the file.",
        examples: [
            vectorExample(true, "{style: ↓http://styles.example.com/streets.json, route: streets}"),
            vectorExample(false, "{style: vector/style.json, route: streets}"),
        ])
}
