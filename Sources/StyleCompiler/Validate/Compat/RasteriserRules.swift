import LocatedJSON
import StyleSpec

/// What MapConductor's vector tile rasteriser needs of a style beyond the specification, checked when the style
/// must work on it (`--renderer mapconductor-vectortile@VERSION`, `renderers:`). Read in MapConductor's code
/// (ios-sdk `ios-vectortile/` @6e0a426c: its `diagnostics()` names Mapbox imports, unfetchable sources and
/// layers on undefined sources, which the specification's own rule already reports; the live renderer does not
/// resolve a TileJSON `url`; labels need a `glyphs` template).
extension ValidationRun {
    func validateRasteriserNeeds(_ target: RendererTarget) {
        if let imports = style["imports"] {
            report(
                .vectortileImports, JSONPath([.key("imports")]), imports,
                "\(target.words) does not draw Mapbox 'imports' (its diagnostics name them): copy the imported style's sources and layers into this style"
            )
        }
        for source in style["sources"]?.objectValue?.members ?? [] {
            guard let url = source.value["url"], url.stringValue != nil, source.value["tiles"] == nil else { continue }
            report(
                .vectortileTileJSONURL, JSONPath([.key("sources"), .key(source.key), .key("url")]), url,
                "\(target.words) does not resolve a TileJSON 'url' on the phone (only MapConductor's offline downloader does): give source '\(source.key)' its 'tiles' (the TileJSON's tiles array) instead"
            )
        }
        guard style["glyphs"] == nil else { return }
        // One finding, at the first layer that shows text: one root "glyphs" fixes them all.
        let texts = context.layers.enumerated().filter { _, layer in
            layer["type"]?.stringValue == "symbol" && layer["layout"]?["text-field"] != nil
        }
        guard let (index, layer) = texts.first, let text = layer["layout"]?["text-field"] else { return }
        let others = texts.count > 1 ? " (and \(texts.count - 1) other layer\(texts.count == 2 ? "" : "s"))" : ""
        let verb = texts.count > 1 ? "show" : "shows"
        report(
            .vectortileGlyphs, JSONPath([.key("layers"), .index(index), .key("layout"), .key("text-field")]), text,
            "\(target.words) draws no text without the style's 'glyphs' URL template: layer '\(layer["id"]?.stringValue ?? "")'\(others) \(verb) text; add a root \"glyphs\" (https://.../{fontstack}/{range}.pbf)"
        )
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    /// A style example checked for MapConductor's rasteriser.
    private static func rasterised(_ triggers: Bool, _ style: String) -> RuleExample {
        let renderers = ["\(RendererProfile.mapConductorVectorTileName)@1.0.0"]
        return triggers
            ? .triggering(.style, style, renderers: renderers) : .passing(.style, style, renderers: renderers)
    }

    static let vectortileImports = Rule(
        "vectortile.imports", .error,
        summary:
            "A style MapConductor's vector tile rasteriser must draw imports a Mapbox style, which it does not draw.",
        help: "Copy the imported style's sources and layers into the style; the rasteriser draws one MapLibre style.",
        examples: [
            rasterised(
                true,
                #"{"version": 8, "imports": ↓[{"id": "basemap", "url": "mapbox://styles/mapbox/standard"}], "sources": {}, "layers": []}"#
            ),
            rasterised(false, #"{"version": 8, "sources": {}, "layers": []}"#),
        ])
    static let vectortileTileJSONURL = Rule(
        "vectortile.tilejson-url", .warning,
        summary:
            "A source of a style MapConductor's rasteriser must draw names a TileJSON url, which the live renderer does not resolve.",
        help:
            "Give the source a tiles array (the TileJSON's tiles) instead of its url; the offline downloader rewrites it the same way.",
        examples: [
            rasterised(
                true,
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": ↓"https://tiles.example.com/v.json"}}, "layers": []}"#
            ),
            rasterised(
                false,
                #"{"version": 8, "sources": {"v": {"type": "vector", "tiles": ["https://tiles.example.com/v/{z}/{x}/{y}.pbf"]}}, "layers": []}"#
            ),
        ])
    static let vectortileGlyphs = Rule(
        "vectortile.glyphs", .error,
        summary: "A symbol layer shows text in a style without glyphs, so MapConductor's rasteriser draws none of it.",
        help: "Add a root glyphs URL template (https://.../{fontstack}/{range}.pbf) that the app can fetch.",
        examples: [
            rasterised(
                true,
                #"{"version": 8, "sources": {"v": {"type": "vector", "tiles": ["https://tiles.example.com/v/{z}/{x}/{y}.pbf"]}}, "layers": [{"id": "names", "type": "symbol", "source": "v", "source-layer": "places", "layout": {"text-field": ↓"{name}"}}]}"#
            ),
            rasterised(
                false,
                #"{"version": 8, "glyphs": "https://tiles.example.com/fonts/{fontstack}/{range}.pbf", "sources": {"v": {"type": "vector", "tiles": ["https://tiles.example.com/v/{z}/{x}/{y}.pbf"]}}, "layers": [{"id": "names", "type": "symbol", "source": "v", "source-layer": "places", "layout": {"text-field": "{name}"}}]}"#
            ),
        ])
}
