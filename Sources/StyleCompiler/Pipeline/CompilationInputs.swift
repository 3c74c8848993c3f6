import LocatedJSON

/// Everything a composition reads: the declarations (with their includes) and the base style.
public struct CompilationInputs: Sendable {
    public var declarations: Declarations
    /// The base style as parsed.
    public var base: JSONDocument
    /// What the declarations' `assets:` section names, as read (the command line's assets win over it).
    public var assets = StyleAssets()
    /// Every file read: the declarations file, its includes, then the base style.
    public var files: [SourceFile]

    public init(declarations: Declarations, base: JSONDocument, files: [SourceFile] = []) {
        self.declarations = declarations
        self.base = base
        self.files = files
    }

    /// Reads a declarations file and the base style it names (or `baseOverride`, a path as given on the
    /// command line). Returns nil inputs when something could not be read or parsed; the diagnostics say why.
    public static func load(declarationsPath: String, displayName: String? = nil, baseOverride: String? = nil,
                            environment: [String: String], environmentStandIns: Bool = false,
                            inputLoader: InputLoader = InputLoader()) -> (inputs: CompilationInputs?, diagnostics: [Diagnostic]) {
        var loader = DeclarationsLoader(environment: environment, inputLoader: inputLoader)
        loader.environmentStandIns = environmentStandIns
        let loaded = loader.load(path: declarationsPath, displayName: displayName)
        var diagnostics = loaded.diagnostics
        guard let declarations = loaded.declarations, let top = loaded.files.first else { return (nil, diagnostics) }
        let basePath: String
        let baseName: String
        if let baseOverride {
            basePath = baseOverride
            baseName = baseOverride
        } else if let base = declarations.base {
            basePath = FilePaths.join(FilePaths.directory(of: declarationsPath), base)
            baseName = FilePaths.join(FilePaths.directory(of: top.name), base)
        } else {
            diagnostics.append(Diagnostic(.declMissingKey, "the declarations file needs 'base' (or give --base STYLE)",
                                          at: declarations.fieldLocations[""], path: .root))
            return (nil, diagnostics)
        }
        let (document, styleDiagnostics) = StyleLoader(inputLoader: inputLoader).load(path: basePath, displayName: baseName)
        diagnostics += styleDiagnostics.map { diagnostic in
            guard diagnostic.rule == Rule.ioRead.id, declarations.base != nil, baseOverride == nil else { return diagnostic }
            return Diagnostic(.ioRead, "base style \(diagnostic.message)", at: declarations.fieldLocations["base"], path: JSONPath([.key("base")]))
        }
        guard let document else { return (nil, diagnostics) }
        var inputs = CompilationInputs(declarations: declarations, base: document, files: loaded.files + [document.file])
        let (assets, assetDiagnostics) = AssetsLoader(folder: FilePaths.directory(of: declarationsPath), displayFolder: FilePaths.directory(of: top.name),
                                                      inputLoader: inputLoader).load(declarations.assets)
        inputs.assets = assets
        return (inputs, diagnostics + assetDiagnostics)
    }
}
