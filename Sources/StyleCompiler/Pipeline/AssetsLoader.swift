import LocatedJSON

/// Reads what a declarations file's `assets:` section names, relative to the file's folder. A file that cannot
/// be read at all is reported at the path in the declarations; a mistake inside one is reported in that file.
struct AssetsLoader {
    /// The declarations file's folder, for opening the files.
    let folder: String
    /// The same folder as the user named it, for messages.
    let displayFolder: String
    let inputLoader: InputLoader

    func load(_ declared: DeclaredAssets) -> (StyleAssets, [Diagnostic]) {
        var assets = StyleAssets()
        var diagnostics: [Diagnostic] = []
        let sectionPath = JSONPath([.key("assets")])
        if let sprite = declared.sprite {
            let (index, found) = SpriteIndex.load(path: FilePaths.join(folder, sprite.path), inputLoader: inputLoader)
            assets.sprite = index
            diagnostics += found.map { relocated($0, to: sprite, path: sectionPath.appending("sprite")) }
        }
        if let fonts = declared.fonts {
            let (catalog, found) = FontCatalog.load(path: FilePaths.join(folder, fonts.path), inputLoader: inputLoader)
            assets.fonts = catalog
            diagnostics += found.map { relocated($0, to: fonts, path: sectionPath.appending("fonts")) }
        }
        for entry in declared.vectorLayers {
            let (schema, found) = VectorLayerSchema.load(path: FilePaths.join(folder, entry.tileJSON.path), inputLoader: inputLoader)
            assets.vectorLayers[entry.source] = schema
            diagnostics += found.map { relocated($0, to: entry.tileJSON, path: sectionPath.appending("vectorLayers").appending(entry.source)) }
        }
        return (assets, diagnostics)
    }

    /// A finding about a whole file (it could not be read, or it is the wrong kind of thing) goes to where the
    /// declarations name the file; findings inside the file stay there.
    private func relocated(_ diagnostic: Diagnostic, to reference: DeclaredAssets.Reference, path: JSONPath) -> Diagnostic {
        guard diagnostic.location == nil, let location = reference.location else { return diagnostic }
        let shown = FilePaths.join(displayFolder, reference.path)
        let message = diagnostic.message.replacing(FilePaths.join(folder, reference.path), with: shown)
        return diagnostic.moved(to: location, path: path, message: "\(path.mapLibreNotation) '\(reference.path)': \(message)")
    }
}
