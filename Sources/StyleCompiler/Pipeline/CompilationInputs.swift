import LocatedJSON

/// Everything a composition reads: the declarations (with their includes) and the base style of each variant.
public struct CompilationInputs: Sendable {
    /// One map design's base style, as parsed.
    public struct Variant: Sendable {
        /// `BaseVariant.defaultName` for a single `base:`.
        public var name: String
        /// The variant's base style, parsed.
        public var base: JSONDocument
        /// Where the declarations name this variant (`bases:` key); nil for `base:` and `--base`.
        public var location: SourceLocation?
        /// The assets `fetch-base` locked beside the base style (`BaseStyleLock`); nil when it has no usable lock.
        /// The declarations' `assets:` and the command line's win over them.
        public var lockedAssets: StyleAssets?

        /// A variant `name` over `base`, declared at `location` in `bases:`.
        public init(name: String, base: JSONDocument, location: SourceLocation? = nil) {
            self.name = name
            self.base = base
            self.location = location
        }
    }

    /// The declarations, decoded.
    public var declarations: Declarations
    /// One or more; the first is the default variant.
    public var variants: [Variant]
    /// What the declarations' `assets:` section names, as read (the command line's assets win over it).
    public var assets = StyleAssets()
    /// Every file read: the declarations file, its includes, then the base styles.
    public var files: [SourceFile]
    /// The table the files were read into, through which the locations of the trees' nodes are found.
    public var fileTable: SourceFiles
    /// The asset files and folders the declarations' `assets:` section names, as read (joined to the
    /// declarations file's folder): inputs of the build as much as `files` are.
    public var assetPaths: [String] = []
    /// The own renderer profiles the declarations' `rendererProfiles:` names, as read.
    public var rendererProfiles: [RendererProfile] = []
    /// The style of each `vectorStyle` source that could be read, in declaration order.
    public var vectorStyles: [LoadedVectorStyle] = []
    /// A rules file read: the design it derives (nil for a vector style's rules).
    public struct RulesInput: Sendable {
        /// The file as read.
        public var file: SourceFile
        /// The design whose rules it holds; nil for a vector style's.
        public var variant: String?
        /// How its document says roles are given; nil when it could not be read.
        var schema: StyleRulesDocument.SchemaChoice?
    }
    /// Every rules file read (designs' then vector styles'), in the order read.
    public var rulesFiles: [RulesInput] = []

    /// The default variant's base style.
    public var base: JSONDocument { variants[0].base }

    /// A variant a command asked for that the declarations do not have: the finding that says which they have.
    struct MissingVariant: Error {
        let diagnostic: Diagnostic
    }

    /// The inputs of the declarations at `path` (missing environment values standing in, as a listing reads them)
    /// and their variant called `name` (the first when nil); nil with the findings when either is not there.
    static func loadVariant(named name: String?, declarationsPath path: String, environment: [String: String]) -> (
        loaded: (inputs: CompilationInputs, variant: Variant)?, diagnostics: [Diagnostic]
    ) {
        let (loaded, diagnostics) = load(declarationsPath: path, environment: environment, environmentStandIns: true)
        guard let inputs = loaded else { return (nil, diagnostics) }
        switch inputs.variant(named: name) {
        case .success(let found): return ((inputs, found), diagnostics)
        case .failure(let missing): return (nil, diagnostics + [missing.diagnostic])
        }
    }

    /// The variant called `name` (the first when nil), or the finding, at `bases:`, that names the ones there are.
    func variant(named name: String?) -> Result<Variant, MissingVariant> {
        guard let name else { return .success(variants[0]) }
        if let found = variants.first(where: { $0.name == name }) { return .success(found) }
        let names = variants.map { "'\($0.name)'" }.joined(separator: ", ")
        return .failure(
            MissingVariant(
                diagnostic: Diagnostic(
                    .declBases, "the declarations have no variant '\(name)' (they have \(names))",
                    at: declarations.fieldLocations.bases, path: JSONPath([.key("bases")]))))
    }

    /// True when the declarations name their bases by variant (`bases:`): each variant's outputs carry its name.
    public var hasNamedVariants: Bool { !declarations.bases.isEmpty }

    /// What the composer is told of `variant`: its name and place, and its base-map settings from `bases:`.
    func composedVariant(_ variant: Variant) -> ComposedVariant {
        var context = ComposedVariant(name: variant.name, location: variant.location, isNamed: hasNamedVariants)
        if let declared = declarations.bases.first(where: { $0.name == variant.name }) {
            context.showsBaseMap = declared.showsBaseMap
            context.background = declared.background
        }
        return context
    }

    /// Every variant's style composed for `target` to be read, not written: unvalidated, no key filled, `${NAME}`
    /// left as parameters (what `compat` and `cost` read). The styles by variant name, in variant order (nil when
    /// a variant could not be composed); what composing finds is pushed into `sink`.
    func composedStyles(target: Target, into sink: FindingSink) -> [(name: String, style: JSONNode)]? {
        var styles: [(name: String, style: JSONNode)] = []
        for (variant, composition) in zip(variants, composeVariants(target: target, into: sink)) {
            guard let composition else { return nil }
            styles.append((variant.name, composition.style))
        }
        return styles
    }

    /// The one loop over the variants: each composed onto its base (not validated yet), in variant order (nil for
    /// a variant that could not be composed). What composing finds goes into `sink`, held until the loop ends, so
    /// that each finding is kept once (one made alike in several variants names them); an anchor every variant
    /// lacks is withdrawn there for one error, `AnchorFallbackRules`.
    func composeVariants(
        target: Target, apiKey: String? = nil, embedsEnvironment: Bool = false, into sink: FindingSink
    ) -> [Composition?] {
        var compositions: [Composition?] = []
        var misses: [[AnchorFallback]] = []
        sink.beginVariants(
            variants.map(\.name), named: hasNamedVariants, merge: .composed(advice: StyleComposer.fallbackAdvice))
        for variant in variants {
            let (composition, missed) = StyleCompilation.composeUnvalidated(
                base: variant.base.root, declarations: declarations, target: target, apiKey: apiKey,
                embedsEnvironment: embedsEnvironment, variant: composedVariant(variant), files: fileTable, into: sink)
            compositions.append(composition)
            misses.append(missed)
        }
        var layerIDs: [String] = []
        var seen: Set<String> = []
        for variant in variants {
            for layer in variant.base.root["layers"]?.arrayValue ?? [] {
                if let id = layer["id"]?.stringValue, seen.insert(id).inserted { layerIDs.append(id) }
            }
        }
        let (everywhere, replaced) = AnchorFallbackRules.check(
            variants.count > 1 ? misses : [], baseLayerIDs: layerIDs.sorted(), sourceIDs: declarations.sources.map(\.id)
        )
        let anchorRules = [Rule.tomtomLayerMappingAnchor.id, Rule.composePlacementAnchor.id]
        sink.endVariants(
            withdrawing: { anchorRules.contains($0.rule) && $0.path.map(replaced.contains) == true },
            adding: everywhere)
        return compositions
    }

    /// Inputs of one base style, read into `fileTable`.
    public init(declarations: Declarations, base: JSONDocument, files: [SourceFile] = [], fileTable: SourceFiles) {
        self.init(
            declarations: declarations, variants: [Variant(name: BaseVariant.defaultName, base: base)], files: files,
            fileTable: fileTable)
    }

    /// Inputs of several map designs, the first the default, read into `fileTable`.
    public init(declarations: Declarations, variants: [Variant], files: [SourceFile] = [], fileTable: SourceFiles) {
        precondition(!variants.isEmpty, "a composition needs a base style")
        self.declarations = declarations
        self.variants = variants
        self.files = files
        self.fileTable = fileTable
    }

    /// Reads a declarations file and the base styles it names (or `baseOverride`, a path as given on the
    /// command line, for a single `base:`). Returns nil inputs when something could not be read or parsed;
    /// the diagnostics say why. Every file is read into `inputLoader`'s table.
    public static func load(
        declarationsPath: String, displayName: String? = nil, baseOverride: String? = nil,
        environment: [String: String], environmentStandIns: Bool = false,
        inputLoader: InputLoader = InputLoader()
    ) -> (inputs: CompilationInputs?, diagnostics: [Diagnostic]) {
        var loader = DeclarationsLoader(environment: environment, inputLoader: inputLoader)
        loader.environmentStandIns = environmentStandIns
        let folder = FilePaths.directory(of: declarationsPath)
        let displayFolder = FilePaths.directory(of: displayName ?? declarationsPath)
        // A base path as written in the declarations: where to read it, and how diagnostics name it.
        func located(_ path: String) -> (path: String, displayName: String) {
            (FilePaths.join(folder, path), FilePaths.join(displayFolder, path))
        }
        // Bases and assets the declarations name must be inside the project; one outside is never read.
        let project = ProjectFolder(declarationsPath: declarationsPath)
        func isConfined(_ path: String) -> Bool { project?.contains(path) ?? true }
        let read = loader.load(path: declarationsPath, displayName: displayName)
        var diagnostics = read.diagnostics
        guard let declarations = read.declarations, read.files.first != nil else { return (nil, diagnostics) }
        var wanted: [WantedBase] = []
        if let baseOverride {
            if !declarations.bases.isEmpty {
                let names = declarations.bases.map(\.name).joined(separator: ", ")
                diagnostics.append(
                    Diagnostic(
                        .declBases,
                        "--base replaces a single base, but the declarations name one per variant (\(names)): edit bases instead",
                        at: declarations.fieldLocations.bases, path: JSONPath([.key("bases")])))
                return (nil, diagnostics)
            }
            wanted = [WantedBase(name: BaseVariant.defaultName, path: baseOverride, displayName: baseOverride)]
        } else if !declarations.bases.isEmpty {
            wanted = declarations.bases.map { variant in
                let place = located(variant.path)
                return WantedBase(
                    name: variant.name, path: place.path, displayName: place.displayName,
                    declared: (
                        variant.location, JSONPath([.key("bases"), .key(variant.name)]),
                        "base style of variant '\(variant.name)'"
                    ))
            }
        } else if let base = declarations.base {
            let place = located(base)
            wanted = [
                WantedBase(
                    name: BaseVariant.defaultName, path: place.path, displayName: place.displayName,
                    declared: (declarations.fieldLocations.base, JSONPath([.key("base")]), "base style"))
            ]
        } else {
            // `bases:` with no usable variant has been reported already.
            if declarations.fieldLocations.bases == nil {
                diagnostics.append(
                    Diagnostic(
                        .declMissingKey, "the declarations file needs 'base' or 'bases' (or give --base STYLE)",
                        at: declarations.fieldLocations.root, path: .root))
            }
            return (nil, diagnostics)
        }
        for want in wanted where want.declared != nil && !isConfined(want.path) {
            diagnostics.append(
                Self.escapeDiagnostic(
                    want.declared?.what ?? "base style", shown: want.displayName, project: project,
                    at: want.declared?.location, path: want.declared?.path ?? JSONPath([.key("base")])))
        }
        if diagnostics.contains(where: { $0.rule == Rule.declPathEscape.id }) { return (nil, diagnostics) }
        // Variants that name the same file share one parse of it.
        let styleLoader = StyleLoader(inputLoader: inputLoader)
        var parsed: [String: (document: JSONDocument?, diagnostics: [Diagnostic])] = [:]
        // The locks beside the bases (`fetch-base`'s assets) are read while the bases are parsed.
        let (results, locks) = BaseStyleLock.assets(
            besideStyles: wanted.map { ($0.path, $0.displayName) }, inputLoader: inputLoader
        ) {
            wanted.map { want in
                let key = want.path + "\u{0}" + want.displayName
                if let done = parsed[key] { return done }
                let loaded = styleLoader.load(path: want.path, displayName: want.displayName)
                parsed[key] = loaded
                return loaded
            }
        }
        var variants: [Variant] = []
        var reported: Set<String> = []
        var lockDiagnostics: [Diagnostic] = []
        var lockPaths: [String] = []
        for (want, result) in zip(wanted, results) {
            diagnostics += result.diagnostics.map { diagnostic in
                // A base that cannot be read is reported where the declarations name it.
                guard diagnostic.rule == Rule.ioRead.id, let declared = want.declared else { return diagnostic }
                return Diagnostic(
                    .ioRead, "\(declared.what) \(diagnostic.message)", at: declared.location, path: declared.path)
            }
            if let document = result.document {
                var variant = Variant(name: want.name, base: document, location: want.declared?.location)
                if let reading = locks[want.path], reported.insert(want.path).inserted {
                    lockDiagnostics += reading.diagnostics
                    lockPaths += reading.paths
                }
                variant.lockedAssets = locks[want.path]?.assets
                variants.append(variant)
            }
        }
        guard variants.count == wanted.count else { return (nil, diagnostics) }
        var inputs = CompilationInputs(
            declarations: declarations, variants: variants, files: read.files + variants.map(\.base.file),
            fileTable: inputLoader.files)
        let assetsLoader = AssetsLoader(
            folder: folder, displayFolder: displayFolder, inputLoader: inputLoader, isConfined: isConfined)
        let (assets, assetDiagnostics, assetPaths) = assetsLoader.load(declarations.assets)
        inputs.assets = assets
        inputs.assetPaths = lockPaths + assetPaths
        var profileDiagnostics: [Diagnostic] = []
        let profileLoader = RendererProfileLoader(inputLoader: inputLoader)
        for (index, reference) in declarations.rendererProfiles.enumerated() {
            let path = JSONPath([.key("rendererProfiles"), .index(index)])
            let (file, shown) = (FilePaths.join(folder, reference.path), FilePaths.join(displayFolder, reference.path))
            guard isConfined(file) else {
                profileDiagnostics.append(
                    Self.escapeDiagnostic(
                        "rendererProfiles[\(index)]", shown: shown, project: project, at: reference.location,
                        path: path))
                continue
            }
            let (profile, found) = profileLoader.load(
                path: file, displayName: shown, namedAt: reference.location, jsonPath: path,
                what: "rendererProfiles[\(index)]")
            profileDiagnostics += found
            if let profile {
                inputs.rendererProfiles.append(profile)
                inputs.assetPaths.append(file)
            }
        }
        let derivedDiagnostics = inputs.deriveDesigns(
            folder: folder, displayFolder: displayFolder, project: project, inputLoader: inputLoader)
        let vectorDiagnostics = inputs.loadVectorStyles(
            folder: folder, displayFolder: displayFolder, project: project, inputLoader: inputLoader)
        return (
            inputs,
            diagnostics + lockDiagnostics + assetDiagnostics + profileDiagnostics + derivedDiagnostics
                + vectorDiagnostics
        )
    }

    /// The finding for a path that a declarations or configuration file (`reader`) names and that leads out of
    /// the project: the one rule both follow.
    static func escapeDiagnostic(
        _ what: String, shown: String, project: ProjectFolder?, at location: SourceLocation?, path: JSONPath,
        reader: String = "a declarations file"
    ) -> Diagnostic {
        Diagnostic(
            .declPathEscape,
            "\(what) '\(shown)' lies outside the project folder\(project.map { " (\($0.path))" } ?? ""): \(reader) reads only files inside its project; give a file from elsewhere on the command line (--base, --sprite, --fonts, --vector-layers, --renderer-profile)",
            at: location, path: path)
    }
}

/// A base style to read: the variant's name, where the file is, and where the declarations name it.
private struct WantedBase: Sendable {
    let name: String
    let path: String
    let displayName: String
    /// nil for `--base`, which the command line names.
    var declared: (location: SourceLocation?, path: JSONPath, what: String)? = nil
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let declPathEscape = Rule(
        "decl.path-escape", .error, configurable: false,
        summary: "A base, asset or profile path in the declarations or configuration leads out of the project folder.",
        help:
            "Keep bases, assets and renderer profiles inside the project (the folder holding .git, or the declarations or configuration file's folder); give others on the command line.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: ↓../outside.json
                sources: []
                """#),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
}
