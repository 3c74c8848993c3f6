import LocatedJSON
import StyleSpec

/// Fonts against the glyph server (run when a font list or glyphs folder is given): every font of every
/// `text-font` stack, literal or a literal output of `match`, `case`, `step` or `coalesce`, must be one the
/// server has; and where the glyph ranges are known, a constant `text-field` must have its characters' ranges
/// in each font of its stack.
extension ValidationRun {
    func validateFonts() {
        guard let fonts = context.assets.fonts else { return }
        for (index, layer) in context.layers.enumerated() {
            guard let layout = layer["layout"] else { continue }
            let path = JSONPath([.key("layers"), .index(index), .key("layout")])
            var stacks: [[String]] = []
            if let stack = layout["text-font"] {
                collectStacks(stack, path: path.appending("text-font"), fonts: fonts, into: &stacks)
            } else if layout["text-field"] != nil {
                stacks = [Self.defaultStack]
            }
            if let ranges = fonts.ranges, let text = layout["text-field"]?.stringValue, !text.contains("{") {
                checkCoverage(
                    text, stacks: stacks, ranges: ranges, checked: fonts.checkedRanges, node: layout["text-field"],
                    path: path.appending("text-field"))
            }
        }
    }

    /// The style specification's default `text-font`.
    static let defaultStack = ["Open Sans Regular", "Arial Unicode MS Regular"]

    private func collectStacks(_ node: JSONNode, path: JSONPath, fonts: FontCatalog, into stacks: inout [[String]]) {
        FontStacks.each(in: node, path: path) { items, at in
            check(items, path: at, fonts: fonts)
            stacks.append(items.compactMap(\.stringValue))
        }
    }

    private func check(_ stack: [JSONNode], path: JSONPath, fonts: FontCatalog) {
        for (position, node) in stack.enumerated() {
            guard let font = node.stringValue, !fonts.contains(font) else { continue }
            report(
                .assetsFont, path.appending(position), node,
                "font '\(font)' is not on the glyph server (\(fonts.names.count) fonts): labels in this stack may not draw"
                    + Suggestion.didYouMean(font, among: fonts.names))
        }
    }

    private func checkCoverage(
        _ text: String, stacks: [[String]], ranges: [String: Set<Int>], checked: Set<Int>?, node: JSONNode?,
        path: JSONPath
    ) {
        let needed = Set(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map { Int($0.value) / 256 * 256 })
        for stack in stacks {
            let known = stack.compactMap { ranges[$0] }
            guard !known.isEmpty else { continue }
            let covered = known.reduce(Set<Int>()) { $0.union($1) }
            for start in needed.sorted() where !covered.contains(start) && checked?.contains(start) != false {
                report(
                    .assetsGlyphRange, path, node,
                    "no font of [\(stack.joined(separator: ", "))] has the glyph range \(start)-\(start + 255) that '\(text)' needs"
                )
            }
        }
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let assetsFont = Rule(
        "assets.font", .error,
        summary: "A text-font font the glyph server does not have.",
        help: "Use a font the server has (the message suggests the closest one), or add it to the glyphs.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/hillshade/{z}/{x}/{y}.png
                assets:
                  fonts: fonts.json
                """#,
                files: [
                    "fonts.json": #"["Noto-Bold"]"#,
                    "base.json":
                        #"{"version": 8, "sources": {"vectorTiles": {"type": "vector", "url": "https://api.tomtom.com/maps/orbis/map-display/tiles.json?key={key}"}}, "glyphs": "https://api.tomtom.com/maps/orbis/assets/fonts/{fontstack}/{range}.pbf?key={key}", "layers": [{"id": "City", "type": "symbol", "source": "vectorTiles", "source-layer": "Places", "layout": {"text-field": "x", "text-font": [↓"Comic Sans"]}}]}"#,
                ]),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/hillshade/{z}/{x}/{y}.png
                assets:
                  fonts: fonts.json
                """#,
                files: [
                    "fonts.json": #"["Noto-Bold"]"#,
                    "base.json":
                        #"{"version": 8, "sources": {"vectorTiles": {"type": "vector", "url": "https://api.tomtom.com/maps/orbis/map-display/tiles.json?key={key}"}}, "glyphs": "https://api.tomtom.com/maps/orbis/assets/fonts/{fontstack}/{range}.pbf?key={key}", "layers": [{"id": "City", "type": "symbol", "source": "vectorTiles", "source-layer": "Places", "layout": {"text-field": "x", "text-font": ["Noto-Bold"]}}]}"#,
                ]),
        ])
    static let assetsGlyphRange = Rule(
        "assets.glyph-range", .warning,
        summary: "A constant text-field needs a glyph range no font of its stack has.",
        help: "Add the range's <start>-<end>.pbf to a font of the stack, or a font that has it.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/hillshade/{z}/{x}/{y}.png
                assets:
                  fonts: glyphs
                """#,
                files: [
                    "glyphs/Noto-Bold/0-255.pbf": #"x"#,
                    "base.json":
                        #"{"version": 8, "sources": {"vectorTiles": {"type": "vector", "url": "https://api.tomtom.com/maps/orbis/map-display/tiles.json?key={key}"}}, "glyphs": "https://api.tomtom.com/maps/orbis/assets/fonts/{fontstack}/{range}.pbf?key={key}", "layers": [{"id": "City", "type": "symbol", "source": "vectorTiles", "source-layer": "Places", "layout": {"text-field": ↓"東京", "text-font": ["Noto-Bold"]}}]}"#,
                ]),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/hillshade/{z}/{x}/{y}.png
                assets:
                  fonts: glyphs
                """#,
                files: [
                    "glyphs/Noto-Bold/0-255.pbf": #"x"#,
                    "base.json":
                        #"{"version": 8, "sources": {"vectorTiles": {"type": "vector", "url": "https://api.tomtom.com/maps/orbis/map-display/tiles.json?key={key}"}}, "glyphs": "https://api.tomtom.com/maps/orbis/assets/fonts/{fontstack}/{range}.pbf?key={key}", "layers": [{"id": "City", "type": "symbol", "source": "vectorTiles", "source-layer": "Places", "layout": {"text-field": "Tokyo", "text-font": ["Noto-Bold"]}}]}"#,
                ]),
        ])
}
