import LocatedJSON

/// What a vector source's tiles hold, from its TileJSON's `vector_layers`: each layer's id and the names of
/// its fields. Read from a local copy of the TileJSON (`--vector-layers SOURCE=TILEJSON`).
public struct VectorLayerSchema: Sendable, Equatable {
    /// Layer id -> its field names.
    public let fields: [String: Set<String>]
    /// Layer ids in the TileJSON's order.
    public let layerIDs: [String]
    /// How many tiles the layers were read from, when a lock read them from tiles (a source with `tiles` only and
    /// no TileJSON); 0 for a TileJSON's `vector_layers`. Tiles show what they hold, not every layer a source has.
    public var sampledTiles = 0

    /// The layers a vector source's tiles have, each with its fields.
    public init(layers: [(id: String, fields: Set<String>)]) {
        var fields: [String: Set<String>] = [:]
        for layer in layers { fields[layer.id, default: []].formUnion(layer.fields) }
        self.fields = fields
        self.layerIDs = layers.map(\.id)
    }

    /// The layers a TileJSON's `vector_layers` lists (those with a string `id`); nil when it has no such array.
    public init?(tileJSON root: JSONNode) {
        guard let items = root["vector_layers"]?.arrayValue else { return nil }
        self.init(
            layers: items.compactMap { item in
                item["id"]?.stringValue.map { ($0, Set(item["fields"]?.objectValue?.keys ?? [])) }
            })
    }

    /// Reads a TileJSON file; a file that cannot be read, is not JSON or has no `vector_layers` array of
    /// objects with an `id` is an error located in it.
    public static func load(path: String, inputLoader: InputLoader = InputLoader()) -> (
        schema: VectorLayerSchema?, diagnostics: [Diagnostic]
    ) {
        let (document, diagnostics) = StyleLoader(inputLoader: inputLoader).load(path: path)
        guard let document else { return (nil, diagnostics) }
        guard let items = document.root["vector_layers"]?.arrayValue else {
            return (
                nil,
                diagnostics + [
                    Diagnostic(
                        .assetsVectorLayers,
                        "the TileJSON has no 'vector_layers' array: it names no layers to check 'source-layer' against",
                        at: document.location(of: document.root), path: .root)
                ]
            )
        }
        var layers: [(id: String, fields: Set<String>)] = []
        var findings = diagnostics
        for (index, item) in items.enumerated() {
            guard let id = item["id"]?.stringValue else {
                findings.append(
                    Diagnostic(
                        .assetsVectorLayers, "a vector layer needs a string 'id'", at: document.location(of: item),
                        path: JSONPath([.key("vector_layers"), .index(index)])))
                continue
            }
            layers.append((id, Set(item["fields"]?.objectValue?.keys ?? [])))
        }
        return (findings.containsErrors ? nil : VectorLayerSchema(layers: layers), findings)
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let assetsVectorLayers = Rule(
        "assets.vector-layers", .error,
        summary: "A TileJSON given for a vector source names no usable vector layers.",
        help: "Give the TileJSON the source's tiles come with; it needs a 'vector_layers' array of {id, fields}.",
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
                files: ["tiles.json": #"↓{"tilejson": "3.0.0", "tiles": ["https://t.example.com/{z}/{x}/{y}.pbf"]}"#]),
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
}
