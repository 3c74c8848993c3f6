import LocatedJSON

/// Reads what a declarations file's `assets:` section names, relative to the file's folder. A file that cannot
/// be read at all is reported at the path in the declarations; a mistake inside one is reported in that file.
struct AssetsLoader {
    /// The declarations file's folder, for opening the files.
    let folder: String
    /// The same folder as the user named it, for messages.
    let displayFolder: String
    let inputLoader: InputLoader
    /// False for a path outside the project (`ProjectFolder`): it is reported, never read.
    let isConfined: (String) -> Bool

    /// The assets `declared` names, their findings, and the paths read (files or folders, in the order sprite,
    /// fonts, vector layers; none outside the project).
    func load(_ declared: DeclaredAssets) -> (assets: StyleAssets, diagnostics: [Diagnostic], paths: [String]) {
        let section = JSONPath([.key("assets")])
        var escapes: [Diagnostic] = []
        func confined(_ reference: DeclaredAssets.Reference, _ path: JSONPath) -> String? {
            let file = FilePaths.join(folder, reference.path)
            guard isConfined(file) else {
                escapes.append(
                    CompilationInputs.escapeDiagnostic(
                        "\(path.mapLibreNotation)", shown: FilePaths.join(displayFolder, reference.path),
                        project: nil, at: reference.location, path: path))
                return nil
            }
            return file
        }
        let paths = StyleAssets.Paths(
            sprite: declared.sprite.flatMap { confined($0, section.appending("sprite")) },
            fonts: declared.fonts.flatMap { confined($0, section.appending("fonts")) },
            vectorLayers: declared.vectorLayers.compactMap { layers in
                confined(layers.tileJSON, section.appending("vectorLayers").appending(layers.source)).map {
                    (layers.source, $0)
                }
            })
        let (assets, findings) = StyleAssets.load(paths, inputLoader: inputLoader)
        let diagnostics = findings.flatMap { part, found -> [Diagnostic] in
            switch part {
            case .sprite:
                return found.map { relocated($0, to: declared.sprite, path: section.appending("sprite")) }
            case .fonts:
                return found.map { relocated($0, to: declared.fonts, path: section.appending("fonts")) }
            case .vectorLayers(let source):
                let reference = declared.vectorLayers.first { $0.source == source }?.tileJSON
                return found.map {
                    relocated($0, to: reference, path: section.appending("vectorLayers").appending(source))
                }
            }
        }
        let read = [paths.sprite, paths.fonts].compactMap { $0 } + paths.vectorLayers.map(\.path)
        return (assets, escapes + diagnostics, read)
    }

    /// A finding about a whole file (it could not be read, or it is the wrong kind of thing) goes to where the
    /// declarations name the file; findings inside the file stay there.
    private func relocated(_ diagnostic: Diagnostic, to reference: DeclaredAssets.Reference?, path: JSONPath)
        -> Diagnostic
    {
        guard diagnostic.location == nil, let reference, let location = reference.location else { return diagnostic }
        let shown = FilePaths.join(displayFolder, reference.path)
        let message = diagnostic.message.replacing(FilePaths.join(folder, reference.path), with: shown)
        return diagnostic.moved(
            to: location, path: path, message: "\(path.mapLibreNotation) '\(reference.path)': \(message)")
    }
}
