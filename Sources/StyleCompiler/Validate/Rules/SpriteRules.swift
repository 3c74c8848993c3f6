import LocatedJSON
import StyleSpec

/// Image names against the sprite (run when a sprite index is given): `icon-image`, every `*-pattern`, and the
/// `image` operator anywhere in paint and layout. Literal names, the literal outputs of `match`, `case`,
/// `step`, `coalesce` and legacy stops, and the literal prefix of a name built with `concat` (or a legacy
/// `{token}` string) are checked; an empty name means no image. A name the sprite lacks draws nothing.
extension ValidationRun {
    func validateSpriteImages() {
        guard let sprite = context.assets.sprite else { return }
        for (index, layer) in context.layers.enumerated() {
            for group in ["layout", "paint"] {
                guard let members = layer[group]?.objectValue?.members, !members.isEmpty else { continue }
                let groupPath = JSONPath([.key("layers"), .index(index), .key(group)])
                for member in members {
                    if member.key == "icon-image" || member.key.hasSuffix("-pattern") {
                        checkImageName(member.value, path: groupPath.appending(member.key), sprite: sprite)
                    } else if member.value.arrayValue != nil {
                        var trail = PathTrail(groupPath.appending(member.key))
                        checkImageOperators(member.value, trail: &trail, sprite: sprite)
                    }
                }
            }
        }
    }

    /// A value that names an image.
    private func checkImageName(_ node: JSONNode, path: JSONPath, sprite: SpriteIndex) {
        switch node.value {
        case .string(let name):
            if let brace = name.firstIndex(of: "{") {
                checkPrefix(String(name[..<brace]), node: node, path: path, sprite: sprite)
            } else if !name.isEmpty, !sprite.contains(name) {
                report(
                    .assetsSpriteImage, path, node,
                    "image '\(name)' is not in the sprite (\(sprite.names.count) images); it draws nothing"
                        + Suggestion.didYouMean(name, among: sprite.names))
            }
        case .object(let function):
            for (index, stop) in (function["stops"]?.arrayValue ?? []).enumerated() {
                if let output = stop[1] {
                    checkImageName(output, path: path.appending("stops").appending(index).appending(1), sprite: sprite)
                }
            }
            if let fallback = function["default"] {
                checkImageName(fallback, path: path.appending("default"), sprite: sprite)
            }
        case .array(let items):
            guard let op = items.first?.stringValue else { return }
            for index in LiteralOutputs.positions(of: op, count: items.count) {
                checkImageName(items[index], path: path.appending(index), sprite: sprite)
            }
            if op == "concat" {
                let prefix = items.dropFirst().prefix { $0.stringValue != nil }.compactMap(\.stringValue).joined()
                if items.count > 1, items.dropFirst().allSatisfy({ $0.stringValue != nil }) {
                    checkImageName(JSONNode(.string(prefix), placedAs: node), path: path, sprite: sprite)
                } else {
                    checkPrefix(prefix, node: node, path: path, sprite: sprite)
                }
            }
        default:
            break
        }
    }

    private func checkPrefix(_ prefix: String, node: JSONNode, path: JSONPath, sprite: SpriteIndex) {
        guard !prefix.isEmpty, !sprite.hasName(startingWith: prefix) else { return }
        report(
            .assetsSpriteImage, path, node,
            "no image in the sprite starts with '\(prefix)', the fixed part of this image name; it draws nothing")
    }

    /// `["image", NAME]` anywhere in a value.
    private func checkImageOperators(_ node: JSONNode, trail: inout PathTrail, sprite: SpriteIndex) {
        guard let items = node.arrayValue else { return }
        if items.first?.stringValue == "image", items.count > 1 {
            checkImageName(items[1], path: trail.path.appending(1), sprite: sprite)
            return
        }
        for (index, item) in items.enumerated() where item.arrayValue != nil {
            trail.descend(.index(index)) { checkImageOperators(item, trail: &$0, sprite: sprite) }
        }
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let assetsSpriteImage = Rule(
        "assets.sprite-image", .error,
        summary: "An image name (icon-image, a *-pattern, the image operator) that the sprite does not have.",
        help:
            "Use a name the sprite index lists (the message suggests the closest one), or add the image to the sprite.",
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
                  sprite: sprite.json
                """#,
                files: [
                    "sprite.json": #"{"dot": {"x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1}}"#,
                    "base.json":
                        #"{"version": 8, "sources": {"vectorTiles": {"type": "vector", "url": "https://api.tomtom.com/maps/orbis/map-display/tiles.json?key={key}"}}, "glyphs": "https://api.tomtom.com/maps/orbis/assets/fonts/{fontstack}/{range}.pbf?key={key}", "layers": [{"id": "City", "type": "symbol", "source": "vectorTiles", "source-layer": "Places", "layout": {"icon-image": ↓"star"}}]}"#,
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
                  sprite: sprite.json
                """#,
                files: [
                    "sprite.json": #"{"dot": {"x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1}}"#,
                    "base.json":
                        #"{"version": 8, "sources": {"vectorTiles": {"type": "vector", "url": "https://api.tomtom.com/maps/orbis/map-display/tiles.json?key={key}"}}, "glyphs": "https://api.tomtom.com/maps/orbis/assets/fonts/{fontstack}/{range}.pbf?key={key}", "layers": [{"id": "City", "type": "symbol", "source": "vectorTiles", "source-layer": "Places", "layout": {"icon-image": "dot"}}]}"#,
                ]),
        ])
}
