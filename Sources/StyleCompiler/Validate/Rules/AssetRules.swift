import LocatedJSON
import StyleSpec

/// Checks against what the assets say (run when they are given): every `source-layer` of a vector source is a
/// layer its tiles have, and every `["get", KEY]` in such a layer reads a field that layer has. A name the
/// tiles lack draws nothing, and no renderer says so.
extension ValidationRun {
    func validateSourceLayers() {
        let sources = style["sources"]?.objectValue
        for (index, layer) in context.layers.enumerated() {
            guard let sourceID = layer["source"]?.stringValue, let schema = context.assets.vectorLayers[sourceID],
                sources?[sourceID]?["type"]?.stringValue == "vector",
                let sourceLayerNode = layer["source-layer"], let sourceLayer = sourceLayerNode.stringValue
            else { continue }
            let path = JSONPath([.key("layers"), .index(index)])
            guard let fields = schema.fields[sourceLayer] else {
                if schema.sampledTiles > 0 {
                    report(
                        .assetsSourceLayerUnseen, path.appending("source-layer"), sourceLayerNode,
                        "source-layer '\(sourceLayer)' was in none of the \(schema.sampledTiles) tiles of source '\(sourceID)' that fetch-base read; if the source has no such layer, this layer draws nothing"
                            + Suggestion.didYouMean(sourceLayer, among: schema.layerIDs))
                    continue
                }
                report(
                    .assetsSourceLayer, path.appending("source-layer"), sourceLayerNode,
                    "source-layer '\(sourceLayer)' is not a layer of source '\(sourceID)' (its TileJSON lists \(schema.layerIDs.count)); the layer draws nothing"
                        + Suggestion.didYouMean(sourceLayer, among: schema.layerIDs))
                continue
            }
            // Fields read from a few tiles are those features there happened to carry: not checked.
            guard schema.sampledTiles == 0 else { continue }
            for key in ["filter", "paint", "layout"] {
                guard let node = layer[key] else { continue }
                var trail = PathTrail(path.appending(key))
                checkGets(in: node, trail: &trail, fields: fields, sourceLayer: sourceLayer)
            }
        }
    }

    /// `["get", KEY]` with a literal key that is not a field of the source layer. `name:<language>` counts as
    /// a field wherever the layer has `name`: which languages a tile build carries varies.
    private func checkGets(in node: JSONNode, trail: inout PathTrail, fields: Set<String>, sourceLayer: String) {
        switch node.value {
        case .object(let object):
            for member in object.members {
                trail.descend(.key(member.key)) {
                    checkGets(in: member.value, trail: &$0, fields: fields, sourceLayer: sourceLayer)
                }
            }
        case .array(let items):
            if items.count == 2, items[0].stringValue == "get", let key = items[1].stringValue,
                !fields.contains(key), !(key.hasPrefix("name:") && fields.contains("name"))
            {
                report(
                    .assetsField, trail.path.appending(1), items[1],
                    "['get', '\(key)'] reads a field that source-layer '\(sourceLayer)' does not have; it is always null"
                        + Suggestion.didYouMean(key, among: fields.sorted()))
            }
            for (index, item) in items.enumerated() where item.arrayValue != nil || item.objectValue != nil {
                trail.descend(.index(index)) {
                    checkGets(in: item, trail: &$0, fields: fields, sourceLayer: sourceLayer)
                }
            }
        default:
            break
        }
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let assetsSourceLayer = Rule(
        "assets.source-layer", .error,
        summary: "A source-layer that the source's tiles (its TileJSON's vector_layers) do not have.",
        help: "Use a layer id the TileJSON lists (the message suggests the closest one).",
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
                  vectorLayers: {vectorTiles: tiles.json}
                """#,
                files: [
                    "tiles.json":
                        #"{"tilejson": "3.0.0", "tiles": ["https://t.example.com/{z}/{x}/{y}.pbf"], "vector_layers": [{"id": "Places", "fields": {"name": "String"}}]}"#,
                    "base.json":
                        #"{"version": 8, "sources": {"vectorTiles": {"type": "vector", "url": "https://api.tomtom.com/maps/orbis/map-display/tiles.json?key={key}"}}, "glyphs": "https://api.tomtom.com/maps/orbis/assets/fonts/{fontstack}/{range}.pbf?key={key}", "layers": [{"id": "Lakes", "type": "fill", "source": "vectorTiles", "source-layer": ↓"Lakes"}]}"#,
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
                  vectorLayers: {vectorTiles: tiles.json}
                """#,
                files: [
                    "tiles.json":
                        #"{"tilejson": "3.0.0", "tiles": ["https://t.example.com/{z}/{x}/{y}.pbf"], "vector_layers": [{"id": "Places", "fields": {"name": "String"}}]}"#,
                    "base.json":
                        #"{"version": 8, "sources": {"vectorTiles": {"type": "vector", "url": "https://api.tomtom.com/maps/orbis/map-display/tiles.json?key={key}"}}, "glyphs": "https://api.tomtom.com/maps/orbis/assets/fonts/{fontstack}/{range}.pbf?key={key}", "layers": [{"id": "City", "type": "symbol", "source": "vectorTiles", "source-layer": "Places", "layout": {"text-field": "{name}"}}]}"#,
                ]),
        ])
    static let assetsSourceLayerUnseen = Rule(
        "assets.source-layer-unseen", .warning,
        summary: "A source-layer in none of the tiles fetch-base read for a source that has no TileJSON.",
        help:
            "Check the name against the tile schema the source serves; a layer that only appears at other places or zooms is fine (the lock reads a few tiles, not the whole schema).",
        examples: [
            .triggering(
                .style,
                #"{"version": 8, "sources": {"v": {"type": "vector", "tiles": ["https://api.tomtom.com/t/{z}/{x}/{y}.pbf?key={key}"]}}, "layers": [{"id": "land", "type": "fill", "source": "v", "source-layer": ↓"Water"}]}"#,
                files: [
                    "style.lock.json":
                        #"{"format": "mc-style-base-lock", "assets": {"folder": "style.assets", "entries": [{"kind": "vector-layers", "source": "v", "url": "https://api.tomtom.com/t/{z}/{x}/{y}.pbf?key={key}", "path": "tilejson/v.json", "sha256": "c95d55080afb596a891e7f68ed52a00396348c7cd30d18ed3b000bd3daa9c4af", "sampledTiles": ["https://api.tomtom.com/t/0/0/0.pbf?key={key}"]}]}}"#,
                    "style.assets/tilejson/v.json":
                        #"{"tilejson": "3.0.0", "tiles": ["https://api.tomtom.com/t/{z}/{x}/{y}.pbf?key={key}"], "vector_layers": [{"id": "Land", "fields": {}}]}"#,
                ]),
            .passing(
                .style,
                #"{"version": 8, "sources": {"v": {"type": "vector", "tiles": ["https://api.tomtom.com/t/{z}/{x}/{y}.pbf?key={key}"]}}, "layers": [{"id": "land", "type": "fill", "source": "v", "source-layer": "Land"}]}"#,
                files: [
                    "style.lock.json":
                        #"{"format": "mc-style-base-lock", "assets": {"folder": "style.assets", "entries": [{"kind": "vector-layers", "source": "v", "url": "https://api.tomtom.com/t/{z}/{x}/{y}.pbf?key={key}", "path": "tilejson/v.json", "sha256": "c95d55080afb596a891e7f68ed52a00396348c7cd30d18ed3b000bd3daa9c4af", "sampledTiles": ["https://api.tomtom.com/t/0/0/0.pbf?key={key}"]}]}}"#,
                    "style.assets/tilejson/v.json":
                        #"{"tilejson": "3.0.0", "tiles": ["https://api.tomtom.com/t/{z}/{x}/{y}.pbf?key={key}"], "vector_layers": [{"id": "Land", "fields": {}}]}"#,
                ]),
        ])
    static let assetsField = Rule(
        "assets.field", .warning,
        summary: "A ['get', KEY] reading a field its source layer does not have.",
        help: "Use a field the TileJSON lists for the layer (the message suggests the closest one).",
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
                  vectorLayers: {vectorTiles: tiles.json}
                """#,
                files: [
                    "tiles.json":
                        #"{"tilejson": "3.0.0", "tiles": ["https://t.example.com/{z}/{x}/{y}.pbf"], "vector_layers": [{"id": "Places", "fields": {"name": "String"}}]}"#,
                    "base.json":
                        #"{"version": 8, "sources": {"vectorTiles": {"type": "vector", "url": "https://api.tomtom.com/maps/orbis/map-display/tiles.json?key={key}"}}, "glyphs": "https://api.tomtom.com/maps/orbis/assets/fonts/{fontstack}/{range}.pbf?key={key}", "layers": [{"id": "City", "type": "symbol", "source": "vectorTiles", "source-layer": "Places", "filter": ["==", ["get", ↓"rank"], 1], "layout": {"text-field": "{name}"}}]}"#,
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
                  vectorLayers: {vectorTiles: tiles.json}
                """#,
                files: [
                    "tiles.json":
                        #"{"tilejson": "3.0.0", "tiles": ["https://t.example.com/{z}/{x}/{y}.pbf"], "vector_layers": [{"id": "Places", "fields": {"name": "String"}}]}"#,
                    "base.json":
                        #"{"version": 8, "sources": {"vectorTiles": {"type": "vector", "url": "https://api.tomtom.com/maps/orbis/map-display/tiles.json?key={key}"}}, "glyphs": "https://api.tomtom.com/maps/orbis/assets/fonts/{fontstack}/{range}.pbf?key={key}", "layers": [{"id": "City", "type": "symbol", "source": "vectorTiles", "source-layer": "Places", "filter": ["==", ["get", "name"], "Tokyo"], "layout": {"text-field": "{name}"}}]}"#,
                ]),
        ])
}
