import Dispatch
import LocatedJSON

/// The whole of `mc-style compile` short of touching the output folder: read, validate, compose, render.
public struct CompileJob: Sendable {
    public var declarationsPath: String?
    public var baseOverride: String?
    public var targetOverride: Target?
    public var apiKey: String?
    public var compact: Bool
    public var environment: [String: String]
    /// Check with stand-ins for missing environment variables (validate only: nothing is written with them).
    public var environmentStandIns = false
    /// What the assets say (`--vector-layers`, `--sprite`, `--fonts`), for the asset checks; each part wins over
    /// the same part of the declarations' `assets:` section.
    public var assets = StyleAssets()
    /// The team's rule settings (`.mc-style.yaml`): applied to every finding before errors decide anything.
    public var configuration = LintConfiguration()
    /// Recorded in the manifest as the generator's version.
    public var generatorVersion: String

    public init(declarationsPath: String?, baseOverride: String? = nil, targetOverride: Target? = nil, apiKey: String? = nil,
                compact: Bool = false, environment: [String: String] = [:], generatorVersion: String = ToolVersion.current) {
        self.declarationsPath = declarationsPath
        self.baseOverride = baseOverride
        self.targetOverride = targetOverride
        self.apiKey = apiKey
        self.compact = compact
        self.environment = environment
        self.generatorVersion = generatorVersion
    }

    /// The output files (nil when there are errors) and every diagnostic.
    ///
    /// The composed style is validated and the outputs rendered at the same time, on two threads: the
    /// outputs are dropped when validation finds an error. Both only read the composition.
    public func run() -> (files: [OutputFile]?, diagnostics: [Diagnostic]) {
        let result = runCounting()
        return (result.files, result.diagnostics)
    }

    /// `run()`, with the number of sources composed (for a summary line).
    public func runCounting() -> (files: [OutputFile]?, diagnostics: [Diagnostic], sources: Int) {
        let (composed, diagnostics) = compose()
        guard let (composition, inputs, target) = composed else { return (nil, diagnostics.sortedByPlace(), 0) }
        nonisolated(unsafe) var styleDiagnostics: [Diagnostic] = []
        nonisolated(unsafe) var files: [OutputFile] = []
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                styleDiagnostics = configuration.apply(StyleValidator(target: target, maximumThreads: 1, assets: inputs.assets.overridden(by: assets))
                    .validate(composition.style))
            } else {
                files = render(composition, inputs: inputs)
            }
        }
        let all = (diagnostics + styleDiagnostics).sortedByPlace(files: inputs.files.map(\.name))
        return (all.containsErrors ? nil : files, all, composition.sources.count)
    }

    /// Every diagnostic `run` would give, without rendering outputs (no TileJSON, manifest or digests):
    /// what `validate` needs. The composition comes back when there are no errors.
    public func check() -> (checked: (Composition, CompilationInputs)?, diagnostics: [Diagnostic]) {
        let (composed, diagnostics) = compose()
        guard let (composition, inputs, target) = composed else { return (nil, diagnostics.sortedByPlace()) }
        // The composed style is checked with the same rules as `validate`; findings point back at the base
        // style's lines or the declarations' lines, wherever the offending value came from.
        let styleDiagnostics = configuration.apply(StyleValidator(target: target, assets: inputs.assets.overridden(by: assets)).validate(composition.style))
        let all = (diagnostics + styleDiagnostics).sortedByPlace(files: inputs.files.map(\.name))
        guard !all.containsErrors else { return (nil, all) }
        return ((composition, inputs), all)
    }

    /// Reads the inputs and composes them; nil (with the diagnostics) when either step has errors. When the
    /// declarations have errors but the rest of them and the base could be read, they are composed all the same,
    /// so that one run reports what composing finds too (a placement anchor the base lacks, say).
    private func compose() -> (composed: (Composition, CompilationInputs, Target)?, diagnostics: [Diagnostic]) {
        let (loaded, readDiagnostics) = loadInputs()
        let loadDiagnostics = configuration.apply(readDiagnostics)
        guard let inputs = loaded else { return (nil, loadDiagnostics) }
        let target = targetOverride ?? inputs.declarations.target ?? .tomtom
        let (composed, composeDiagnostics) = StyleCompilation.composeUnvalidated(base: inputs.base.root, declarations: inputs.declarations,
                                                                                 target: target, apiKey: apiKey)
        let diagnostics = loadDiagnostics + configuration.apply(composeDiagnostics)
        guard let composition = composed, !loadDiagnostics.containsErrors else { return (nil, diagnostics) }
        return ((composition, inputs, target), diagnostics)
    }

    private func loadInputs() -> (CompilationInputs?, [Diagnostic]) {
        if let declarationsPath {
            return CompilationInputs.load(declarationsPath: declarationsPath, baseOverride: baseOverride, environment: environment,
                                          environmentStandIns: environmentStandIns)
        }
        guard let baseOverride else {
            return (nil, [Diagnostic(.ioRead, "nothing to compile: give a declarations file or --base STYLE", at: nil, fileName: "mc-style")])
        }
        let (document, diagnostics) = StyleLoader().load(path: baseOverride)
        return (document.map { CompilationInputs(declarations: Declarations(), base: $0, files: [$0.file]) }, diagnostics)
    }

    private func render(_ composition: Composition, inputs: CompilationInputs) -> [OutputFile] {
        CompiledFiles.render(composition, inputs: manifestInputs(inputs), compact: compact, generatorVersion: generatorVersion)
    }

    /// Input files with paths relative to the declarations file's folder (or as given, without one).
    private func manifestInputs(_ inputs: CompilationInputs) -> [ManifestDocument.Input] {
        let folder = declarationsPath.map(FilePaths.directory(of:))
        let baseFile = inputs.base.file
        return inputs.files.enumerated().map { index, file in
            let role = file === baseFile ? "base" : (index == 0 ? "declarations" : "include")
            let path = folder.map { FilePaths.relativePath(from: $0, to: file.name) } ?? FilePaths.normalized(file.name)
            return ManifestDocument.Input(path: path, role: role, sha256: SHA256.hex(file.bytes))
        }
    }
}
