import LocatedJSON

extension ValidationRun {
    /// The style's own `http(s)` URLs are well formed (`URLShape.styleProblem`): each source's `tiles` and `url`,
    /// the sprite (a URL or each entry's `url`) and the glyphs. Other schemes are left to the renderer, and TomTom's
    /// whole-value placeholders to the SDK (for MapLibre they are `tomtom.placeholder`); declared sources' URLs are
    /// the declarations' own findings.
    func validateURLs() {
        func check(_ node: JSONNode?, _ path: JSONPath) {
            guard let node, !node.isSecret, let url = node.stringValue, let problem = URLShape.styleProblem(url) else {
                return
            }
            report(.styleURL, path, node, problem.text)
        }
        for source in style["sources"]?.objectValue?.members ?? [] where !source.key.hasPrefix(StyleID.sourcePrefix) {
            let path = JSONPath([.key("sources"), .key(source.key)])
            for (index, tile) in (source.value["tiles"]?.arrayValue ?? []).enumerated() {
                check(tile, path.appending("tiles").appending(index))
            }
            check(source.value["url"], path.appending("url"))
        }
        // TomTom's whole-value placeholders, which only its SDK fills: `sprite` itself, not an entry of a list.
        for key in ["sprite", "glyphs"] where target == .maplibre {
            guard let node = style[key], let url = node.stringValue, url == "{hosted_\(key)_url}" else { continue }
            report(
                .tomtomPlaceholder, JSONPath([.key(key)]), node,
                "\"\(key)\" is TomTom's \(url) placeholder, which only the TomTom SDK fills")
        }
        var assets: [(node: JSONNode?, path: JSONPath, what: String)] = []
        if let sprites = style["sprite"]?.arrayValue {
            for (index, entry) in sprites.enumerated() {
                assets.append((entry["url"], JSONPath([.key("sprite"), .index(index), .key("url")]), "sprite"))
            }
        } else {
            assets.append((style["sprite"], JSONPath([.key("sprite")]), "sprite"))
        }
        assets.append((style["glyphs"], JSONPath([.key("glyphs")]), "glyphs"))
        for asset in assets {
            check(asset.node, asset.path)
            guard target == .maplibre, let node = asset.node, let url = node.stringValue, Self.isRelative(url) else {
                continue
            }
            report(
                .styleRelativeURL, asset.path, node,
                "the \(asset.what) URL '\(url)' is relative: MapLibre GL JS resolves it against the page's address, not the style's; write it absolute (https://...)"
            )
        }
    }

    /// True for a URL without a scheme (`sprites/basic`, `/fonts/{fontstack}/{range}.pbf`), which a browser
    /// resolves against the page. A TomTom whole-value placeholder (`{hosted_glyphs_url}`) is not one: it is
    /// `tomtom.placeholder`'s.
    static func isRelative(_ url: String) -> Bool {
        guard !url.hasPrefix("{") else { return false }
        guard let colon = url.firstIndex(of: ":") else { return true }
        let scheme = url[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return true }
        return !scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let tomtomPlaceholder = Rule(
        "tomtom.placeholder", .warning,
        summary: "A TomTom placeholder that only the TomTom SDK fills, in a MapLibre style.",
        help: "Replace the placeholder with a URL when the style is for MapLibre.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                target: maplibre
                base: base.json
                sources: []
                """#,
                files: [
                    "base.json":
                        #"{"version": 8, "glyphs": ↓"{hosted_glyphs_url}", "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#
                ]),
            .passing(
                .declarations,
                #"""
                version: 1
                target: tomtom
                base: base.json
                sources: []
                """#,
                files: [
                    "base.json":
                        #"{"version": 8, "glyphs": "{hosted_glyphs_url}", "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#
                ]),
        ])
    static let styleRelativeURL = Rule(
        "style.relative-url", .warning,
        summary: "With --target maplibre, a relative sprite or glyphs URL, which GL JS resolves against the page.",
        help:
            "Write the sprite and glyphs URLs absolute (https://host/path), or serve the style from the page's folder.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                target: maplibre
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                """#,
                files: [
                    "base.json":
                        #"{"version": 8, "glyphs": ↓"fonts/{fontstack}/{range}.pbf", "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#
                ]),
            .passing(
                .declarations,
                #"""
                version: 1
                target: maplibre
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                """#,
                files: [
                    "base.json":
                        #"{"version": 8, "glyphs": "https://fonts.example.com/{fontstack}/{range}.pbf", "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#
                ]),
        ])
    static let styleURL = Rule(
        "style.url", .error,
        summary: "An http(s) URL of the style (a source's tiles or url, the sprite, the glyphs) is malformed.",
        help: "Write the URL as https://host/path: the message gives the fix where one is known.",
        examples: [
            .triggering(
                .style,
                #"{"version": 8, "sources": {"r": {"type": "raster", "tiles": [↓"https://exa mple.com/{z}/{x}/{y}.png"]}}, "layers": []}"#
            ),
            .passing(
                .style,
                #"{"version": 8, "sources": {"r": {"type": "raster", "tiles": ["https://tiles.example.com/{z}/{x}/{y}.png"], "tileSize": 256}}, "layers": []}"#
            ),
        ])
}
