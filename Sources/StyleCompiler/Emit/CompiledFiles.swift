import LocatedJSON

/// The files of a compiled folder, made from a composition (paths from `OutputLayout`).
enum CompiledFiles {
    /// The files, in order: per variant style and layer mapping (when there is one), one TileJSON per source
    /// with tiles of its own, each vector style bundled, manifest.json. With `namedVariants` (`bases:`) each variant's files carry its name.
    /// `vectorStyles`: each vector style's file bytes by declared source id, bundled byte for byte (so the
    /// manifest's SHA-256 is the input's).
    static func render(
        _ compositions: [Composition], namedVariants: Bool, inputs: [ManifestDocument.Input], compact: Bool,
        generatorVersion: String, renderers: [ManifestDocument.RendererRecord] = [],
        vectorStyles: [String: [UInt8]] = [:]
    ) -> [OutputFile] {
        let writer = JSONWriter(style: compact ? .compact : .pretty)
        var files: [OutputFile] = []
        var variants: [ManifestDocument.VariantFiles] = []
        for composition in compositions {
            let name = namedVariants ? composition.variant.name : nil
            let style = OutputFile(
                path: OutputLayout.style(variant: name), contents: writer.chunkedBytes(composition.style))
            let layerMapping = composition.layerMapping.map {
                OutputFile(
                    path: OutputLayout.layerMapping(variant: name),
                    contents: JSONWriter(style: .pretty).chunkedBytes($0))
            }
            files.append(style)
            if let layerMapping { files.append(layerMapping) }
            variants.append(
                ManifestDocument.VariantFiles(composition: composition, style: style, layerMapping: layerMapping))
        }
        var tileJSONPaths: [String: String] = [:]
        for report in compositions[0].sources {
            let id = report.declaration.id
            guard let document = TileJSONDocument.make(for: report.declaration) else { continue }
            let path = OutputLayout.tileJSON(forSourceID: id)
            tileJSONPaths[id] = path
            // Chunked too: `bytes(_:)` reserves a large buffer up front, too much for thousands of small files.
            files.append(OutputFile(path: path, contents: JSONWriter(style: .pretty).chunkedBytes(document)))
        }
        for report in compositions[0].sources {
            guard let layer = report.declaration.vectorStyleLayer, layer.role == .ground, let bundle = layer.bundle,
                let bytes = vectorStyles[layer.sourceID]
            else { continue }
            files.append(OutputFile(path: bundle.path, bytes: bytes))
        }
        let manifest = ManifestDocument.make(
            variants, inputs: inputs, tileJSONPaths: tileJSONPaths, generatorVersion: generatorVersion,
            renderers: renderers)
        files.append(
            OutputFile(path: OutputLayout.manifest, contents: JSONWriter(style: .pretty).chunkedBytes(manifest)))
        return files
    }
}
