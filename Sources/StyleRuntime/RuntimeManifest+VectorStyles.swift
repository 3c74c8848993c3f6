import LocatedJSON

extension RuntimeManifest {
    /// A vector style MapConductor rasterises on the phone, as the manifest records it: the file to bundle and its
    /// two layers (GUIDE.md section 7).
    public struct VectorStyleRecord: Sendable, Equatable {
        /// One of the two layers: its declared source id, style layer id and LocalTileServer route.
        public struct Layer: Sendable, Equatable {
            /// The source id (`<declared id>-ground`, `<declared id>-labels`).
            public let source: String
            /// The layer's id in the composed style.
            public let styleLayerID: String
            /// The declared LocalTileServer route (`<route>-ground`, `<route>-labels`).
            public let route: String
        }

        /// The declared source id of the vector style.
        public let source: String
        /// The bundled style file (path in the compiled folder, SHA-256).
        public let style: FileRecord?
        /// The declared route the two layers' routes derive from.
        public let route: String
        /// Pixels of a rasterised tile (512 or 1024).
        public let tileSize: Int
        /// Background, fill, line and circle: cache key fixed at build time.
        public let ground: Layer
        /// Symbols: cache key `g<generation>`, new whenever more glyphs have arrived.
        public let labels: Layer
    }
}

extension ManifestReader {
    /// The manifest's `vectorStyles` (none when absent); each layer's source must be one `sources` lists.
    func vectorStyles(_ node: JSONNode?, sources: [RuntimeManifest.SourceRecord]) throws(RuntimeError)
        -> [RuntimeManifest.VectorStyleRecord]
    {
        guard let node, !node.isNull else { return [] }
        var records: [RuntimeManifest.VectorStyleRecord] = []
        for (index, item) in try array(node, field: "vectorStyles").enumerated() {
            let field = "vectorStyles[\(index)]"
            let style = try item["style"].flatMap { $0.isNull ? nil : $0 }.map { node throws(RuntimeError) in
                try file(node, field: field + ".style")
            }
            guard let tileSize = item["tileSize"]?.numberValue?.intValue, tileSize >= 1 else {
                throw bad(field + ".tileSize", "is not a tile size of 1 pixel or more")
            }
            var layers: [RuntimeManifest.VectorStyleRecord.Layer] = []
            for role in ["ground", "labels"] {
                let layerField = "\(field).\(role)"
                let source = try string(item[role]?["source"], field: layerField + ".source")
                guard sources.contains(where: { $0.id == source }) else {
                    throw bad(layerField + ".source", "is \(RuntimeError.quoted(source)), which sources does not list")
                }
                layers.append(
                    .init(
                        source: source,
                        styleLayerID: try string(item[role]?["styleLayerId"], field: layerField + ".styleLayerId"),
                        route: try string(item[role]?["route"], field: layerField + ".route")))
            }
            records.append(
                .init(
                    source: try string(item["source"], field: field + ".source"), style: style,
                    route: try string(item["route"], field: field + ".route"), tileSize: tileSize,
                    ground: layers[0], labels: layers[1]))
        }
        return records
    }
}
