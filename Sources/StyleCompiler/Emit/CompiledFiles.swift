import LocatedJSON

/// The files of a compiled folder, made from a composition (paths from `OutputLayout`).
enum CompiledFiles {
    /// The files, in order: per variant style and layer mapping (when there is one), one TileJSON per source
    /// with tiles of its own, manifest.json. With `namedVariants` (`bases:`) each variant's files carry its name.
    /// With `spoolFolder` each style is streamed to disk beside that output folder as it is written
    /// (`OutputSpool`), and held in memory only when that fails.
    static func render(_ compositions: [Composition], namedVariants: Bool, inputs: [ManifestDocument.Input], compact: Bool,
                       generatorVersion: String, spoolFolder: OutputFolder? = nil) -> [OutputFile] {
        let writer = JSONWriter(style: compact ? .compact : .pretty)
        var files: [OutputFile] = []
        var variants: [ManifestDocument.VariantFiles] = []
        for composition in compositions {
            let name = namedVariants ? composition.variant.name : nil
            // On disk or in chunks: written pretty, an expression-heavy style is three times its input or more, and
            // one array grown by doubling held up to twice that, plus the buffer it was copied from.
            let stylePath = OutputLayout.style(variant: name)
            let style = spoolFolder.flatMap { OutputSpool.stream(composition.style, with: writer, as: stylePath, beside: $0) }
                ?? OutputFile(path: stylePath, contents: writer.chunkedBytes(composition.style))
            let layerMapping = composition.layerMapping.map {
                OutputFile(path: OutputLayout.layerMapping(variant: name), contents: JSONWriter(style: .pretty).chunkedBytes($0))
            }
            files.append(style)
            if let layerMapping { files.append(layerMapping) }
            variants.append(ManifestDocument.VariantFiles(composition: composition, style: style, layerMapping: layerMapping))
        }
        var tileJSONPaths: [String: String] = [:]
        for report in compositions[0].sources {
            let id = report.declaration.id
            guard let document = TileJSONDocument.make(for: report.declaration) else { continue }
            let path = OutputLayout.tileJSON(forSourceID: id)
            tileJSONPaths[id] = path
            // Chunked too: `bytes(_:)` reserves 64 KiB up front, which for 10,000 TileJSON files of a kilobyte
            // each was 655 MB of reservations and most of the run's resident memory.
            files.append(OutputFile(path: path, contents: JSONWriter(style: .pretty).chunkedBytes(document)))
        }
        let manifest = ManifestDocument.make(variants, inputs: inputs, tileJSONPaths: tileJSONPaths, generatorVersion: generatorVersion)
        files.append(OutputFile(path: OutputLayout.manifest, contents: JSONWriter(style: .pretty).chunkedBytes(manifest)))
        return files
    }
}
