import LocatedJSON

/// A vector style a `vectorStyle` source names, as read: checked at its own lines, bundled by `compile`.
public struct LoadedVectorStyle: Sendable {
    /// The declared source's id.
    public var sourceID: String
    /// The style, parsed (its file is in the inputs' table, so findings point at its own lines), its rules applied.
    public var document: JSONDocument
    /// The adjusted style written as JSON, once, when the declaration's `rules:` changed it; nil: the file as read.
    var adjustedBytes: [UInt8]?
    /// The assets `fetch-base --url` locked beside the style file (`BaseStyleLock`); nil when it has no usable lock.
    public var lockedAssets: StyleAssets?

    /// What `compile` bundles: the file byte for byte, or the adjusted style as written.
    public var bundledBytes: [UInt8] { adjustedBytes ?? document.file.bytes }
}

extension CompilationInputs {
    /// Reads the style of every `vectorStyle` source (a file of the project, relative to the declarations' folder),
    /// records in each declaration the copy `compile` bundles, and says what could not be read where the
    /// declaration names the file. A URL is the declaration's own finding (`sources.vector-style-url`).
    mutating func loadVectorStyles(
        folder: String, displayFolder: String, project: ProjectFolder?, inputLoader: InputLoader
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let styleLoader = StyleLoader(inputLoader: inputLoader)
        for (index, source) in declarations.sources.enumerated() {
            guard let vector = source.kind.vectorStyle, VectorStyleRules.urlScheme(of: vector.style) == nil else {
                continue
            }
            let path = JSONPath([.key("sources"), .index(index), .key("vectorStyle"), .key("style")])
            let location = source.location(of: .vectorStyleStyle)
            let (file, shown) = (FilePaths.join(folder, vector.style), FilePaths.join(displayFolder, vector.style))
            if let project, !project.contains(file) {
                diagnostics.append(
                    Self.escapeDiagnostic(
                        "vector style of '\(source.id)'", shown: shown, project: project, at: location, path: path))
                continue
            }
            let (document, found) = styleLoader.load(path: file, displayName: shown)
            diagnostics += found.map { diagnostic in
                guard diagnostic.rule == Rule.ioRead.id else { return diagnostic }
                return Diagnostic(
                    .ioRead, "vector style of '\(source.id)' \(diagnostic.message)", at: location, path: path)
            }
            guard var document else { continue }
            var loaded = LoadedVectorStyle(sourceID: source.id, document: document)
            if let rules = vector.rules {
                let named = NamedRules(
                    path: FilePaths.join(folder, rules), shown: FilePaths.join(displayFolder, rules),
                    location: source.location(of: .vectorStyleRules),
                    jsonPath: JSONPath([.key("sources"), .index(index), .key("vectorStyle"), .key("rules")]),
                    subject: "vector style '\(source.id)'", variant: nil)
                let (adjusted, found) = applyRules(named, to: document, project: project, inputLoader: inputLoader)
                diagnostics += found
                if let adjusted {
                    document = adjusted
                    loaded = LoadedVectorStyle(
                        sourceID: source.id, document: adjusted,
                        adjustedBytes: JSONWriter(style: .pretty).bytes(adjusted.root))
                }
            }
            let lock = BaseStyleLock.assets(besideStyle: file, displayName: shown, inputLoader: inputLoader)
            diagnostics += lock.diagnostics
            assetPaths += lock.paths
            loaded.lockedAssets = lock.assets
            vectorStyles.append(loaded)
            declarations.sources[index].bundledStyle = BundledVectorStyle(
                path: OutputLayout.vectorStyle(forSourceID: source.id), declaredPath: vector.style,
                sha256: SHA256.hex(loaded.bundledBytes), attribution: Self.attribution(of: document.root))
        }
        return diagnostics
    }

    /// Each source's `attribution` in `style`, in source order, each text once.
    static func attribution(of style: JSONNode) -> [String] {
        var seen: Set<String> = []
        return (style["sources"]?.objectValue?.members ?? []).compactMap { member in
            guard let text = member.value["attribution"]?.stringValue, !text.isEmpty, seen.insert(text).inserted
            else { return nil }
            return text
        }
    }
}
