import LocatedJSON

/// The files of a compiled folder, made from a composition (paths from `OutputLayout`).
enum CompiledFiles {
    /// The files, in order: style.json, layer-mapping.json (when there is one), one TileJSON per source with
    /// tiles of its own, manifest.json.
    static func render(_ composition: Composition, inputs: [ManifestDocument.Input], compact: Bool, generatorVersion: String) -> [OutputFile] {
        let writer = JSONWriter(style: compact ? .compact : .pretty)
        let style = OutputFile(path: OutputLayout.style, bytes: writer.bytes(composition.style))
        let layerMapping = composition.layerMapping.map { OutputFile(path: OutputLayout.layerMapping, bytes: JSONWriter(style: .pretty).bytes($0)) }
        var files = [style]
        if let layerMapping { files.append(layerMapping) }
        var tileJSONPaths: [String: String] = [:]
        for report in composition.sources {
            let id = report.declaration.id
            guard let document = TileJSONDocument.make(for: report.declaration) else { continue }
            let path = OutputLayout.tileJSON(forSourceID: id)
            tileJSONPaths[id] = path
            files.append(OutputFile(path: path, bytes: JSONWriter(style: .pretty).bytes(document)))
        }
        let manifest = ManifestDocument.make(composition, inputs: inputs, style: style, layerMapping: layerMapping,
                                             tileJSONPaths: tileJSONPaths, generatorVersion: generatorVersion)
        files.append(OutputFile(path: OutputLayout.manifest, bytes: JSONWriter(style: .pretty).bytes(manifest)))
        return files
    }
}
