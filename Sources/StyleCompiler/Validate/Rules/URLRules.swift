import LocatedJSON

extension ValidationRun {
    /// The style's own `http(s)` URLs are well formed (`URLShape.styleProblem`): each source's `tiles` and `url`,
    /// the sprite (a URL or each entry's `url`) and the glyphs. Other schemes and TomTom's whole-value placeholders
    /// are left to the renderer and the SDK; declared sources' URLs are the declarations' own findings.
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
        if let sprites = style["sprite"]?.arrayValue {
            for (index, entry) in sprites.enumerated() {
                check(entry["url"], JSONPath([.key("sprite"), .index(index), .key("url")]))
            }
        } else {
            check(style["sprite"], JSONPath([.key("sprite")]))
        }
        check(style["glyphs"], JSONPath([.key("glyphs")]))
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
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
