import Dispatch
import LocatedJSON
import StyleRuntime

/// The whole of `mc-style compile` short of touching the output folder: read, validate, compose onto each
/// variant's base, render.
public struct CompileJob: Sendable {
    /// The declarations file; nil compiles `options.baseOverride` alone.
    public var declarationsPath: String?
    /// What the command line says.
    public var options: BuildOptions
    /// The API key that fills `{key}` in TomTom URLs; nil leaves the placeholder for the app.
    public var apiKey: String?
    /// Write the styles compact instead of pretty.
    public var compact: Bool
    /// The most bytes all output files may take together (`Limits.outputSize`); a compile that would make more
    /// fails with `limits.output`.
    public var maximumOutputSize = Limits.outputSize

    /// A compile of the declarations at `declarationsPath` (nil: `options.baseOverride` alone); `apiKey` fills `{key}`
    /// in TomTom URLs.
    public init(declarationsPath: String?, options: BuildOptions, apiKey: String? = nil, compact: Bool = false) {
        self.declarationsPath = declarationsPath
        self.options = options
        self.apiKey = apiKey
        self.compact = compact
    }

    /// A compile with the options given one by one.
    public init(
        declarationsPath: String?, baseOverride: String? = nil, targetOverride: Target? = nil, apiKey: String? = nil,
        compact: Bool = false, environment: [String: String] = [:], generatorVersion: String = ToolVersion.current
    ) {
        self.init(
            declarationsPath: declarationsPath,
            options: BuildOptions(
                baseOverride: baseOverride, targetOverride: targetOverride, environment: environment,
                generatorVersion: generatorVersion),
            apiKey: apiKey, compact: compact)
    }

    /// The output files (nil when there are errors) and every diagnostic.
    public func run() -> (files: [OutputFile]?, diagnostics: [Diagnostic]) {
        let result = runCounting()
        return (result.files, result.diagnostics)
    }

    /// `run()`, with the number of sources composed, the paths of the files read (as reached from
    /// `declarationsPath`) and the collector that knows the secrets the outputs may hold. Every finding is pushed
    /// into `options.sink` as it is made; the result holds those of this run.
    public func runCounting() -> CompileResult {
        let sink = options.sink
        let mark = sink.count
        let outcome = compose()
        guard let composed = outcome.composed else {
            // The files read so far still count: the preview watches them, to build again once they are fixed.
            sink.settle(since: mark)
            return CompileResult(
                files: nil, diagnostics: sink.findings(since: mark), sources: 0, readPaths: outcome.readPaths,
                collector: sink.collector, declarations: outcome.declarations)
        }
        let (compositions, inputs, target) = (composed.compositions, composed.inputs, composed.target)
        let renderers = options.rendererTargets(
            declared: inputs.declarations.renderers, declaredProfiles: inputs.rendererProfiles)
        // The outputs are rendered on another thread while the compositions are validated (both only read
        // them); they are dropped when validation finds an error.
        nonisolated(unsafe) var files: [OutputFile] = []
        let rendering = DispatchGroup()
        DispatchQueue.global(qos: .userInitiated).async(group: rendering) {
            files = render(compositions, inputs: inputs, renderers: renderers.targets)
        }
        sink.push(renderers.diagnostics)
        validate(compositions, inputs: inputs, target: target, renderers: renderers.targets, since: mark)
        rendering.wait()
        defer { ProcessExit.leave((compositions, inputs)) }
        var result = CompileResult(
            files: nil, diagnostics: sink.findings(since: mark), sources: compositions[0].sources.count,
            readPaths: outcome.readPaths, collector: sink.collector, declarations: outcome.declarations)
        guard !result.diagnostics.containsErrors else { return result }
        let total = files.reduce(0) { $0 + $1.count }
        guard total <= maximumOutputSize else {
            let limit = Diagnostic(
                .limitsOutput,
                "the outputs would take \(total) bytes, more than the limit of \(maximumOutputSize) bytes: nothing is written",
                at: nil, fileName: declarationsPath ?? options.baseOverride ?? "mc-style")
            result.diagnostics += sink.push([limit])
            return result
        }
        result.files = files
        return result
    }

    /// Every diagnostic `run` would give, without rendering outputs (no TileJSON, manifest or digests):
    /// what `validate` needs.
    public func check() -> [Diagnostic] { checkCounting().diagnostics }

    /// `check()`, with the files read and the declarations as decoded (no output files): what an editor needs
    /// to know which documents to check again when one changes.
    public func checkCounting() -> CompileResult {
        let sink = options.sink
        let mark = sink.count
        let outcome = compose()
        var result = CompileResult(
            files: nil, diagnostics: [], sources: 0, readPaths: outcome.readPaths, collector: sink.collector,
            declarations: outcome.declarations)
        guard let composed = outcome.composed else {
            sink.settle(since: mark)
            result.diagnostics = sink.findings(since: mark)
            return result
        }
        let (compositions, inputs, target) = (composed.compositions, composed.inputs, composed.target)
        // The composed styles are checked with the same rules as `validate`; findings point back at the base
        // style's lines or the declarations' lines, wherever the offending value came from.
        defer { ProcessExit.leave((compositions, inputs)) }
        result.sources = compositions[0].sources.count
        let renderers = options.rendererTargets(
            declared: inputs.declarations.renderers, declaredProfiles: inputs.rendererProfiles)
        sink.push(renderers.diagnostics)
        validate(compositions, inputs: inputs, target: target, renderers: renderers.targets, since: mark)
        result.diagnostics = sink.findings(since: mark)
        return result
    }

    /// Pushes every composed style's findings into the sink, each finding once (variants share the
    /// declarations), then puts this run's findings (those since `mark`) in the order of the files read.
    private func validate(
        _ compositions: [Composition], inputs: CompilationInputs, target: Target, renderers: [RendererTarget],
        since mark: Int
    ) {
        let sink = options.sink
        var validator = StyleValidator(target: target, assets: inputs.assets.overridden(by: options.assets))
        validator.minimumContrast = sink.collector.configuration.minimumContrast
        validator.renderers = renderers
        // The vector styles are checked beside the composed styles: a style's validation ends with fewer units
        // than cores, and the other document fills them (benchmarks/vector_style.py).
        nonisolated(unsafe) var vectorFindings: [Diagnostic] = []
        let vectorCheck = DispatchGroup()
        if !inputs.vectorStyles.isEmpty {
            DispatchQueue.global(qos: .userInitiated).async(group: vectorCheck) { [validator] in
                vectorFindings = VectorStyleCheck.findings(inputs, validator: validator, declared: renderers)
            }
        }
        // Compositions and variants are in the same order (`compose` keeps one composition per variant). Each is
        // checked against its base's locked assets, under the declarations' and the command line's.
        sink.beginVariants(inputs.variants.map(\.name), named: inputs.hasNamedVariants, merge: .validated)
        for index in compositions.indices {
            var checker = validator
            if let locked = inputs.variants[index].lockedAssets {
                checker.assets = locked.overridden(by: validator.assets)
            }
            sink.push(
                checker.validate(compositions[index].style, in: inputs.fileTable), variant: inputs.variants[index].name)
        }
        sink.endVariants()
        vectorCheck.wait()
        sink.push(vectorFindings)
        let budgets = sink.collector.configuration.budgets
        if !budgets.isEmpty {
            sink.push(
                BudgetCheck.findings(
                    CostedVariants(
                        views: inputs.declarations.views.map { CostView($0) },
                        variants: compositions.indices.map { (inputs.variants[$0].name, compositions[$0].style) },
                        model: .model(for: target)
                    ).costs, budgets: budgets, fileName: inputs.files.first?.name ?? "mc-style.yaml"))
        }
        sink.settle(since: mark, files: inputs.files.map(\.name), removingRepeats: true)
    }

    /// Reads the inputs and composes them onto every variant's base, pushing what each step finds into the sink
    /// (which learns the run's secrets first: the API key as given and as filled, and each environment value);
    /// no compositions when either step has errors. When the declarations have errors but the rest of them and
    /// the bases could be read, they are composed all the same, so that one run reports what composing finds too
    /// (a placement anchor a base lacks, say).
    private func compose() -> ComposeOutcome {
        let sink = options.sink
        let mark = sink.count
        let (loaded, readDiagnostics) = loadInputs()
        sink.learn(apiKey: apiKey, declarations: loaded?.declarations)
        sink.push(readDiagnostics)
        guard let inputs = loaded else { return ComposeOutcome(readPaths: [], declarations: nil) }
        let readPaths =
            inputs.files.map(\.name) + inputs.assetPaths + inputs.vectorStyles.map(\.document.file.name)
            + inputs.rulesFiles.map(\.file.name)
        let target = options.targetOverride ?? inputs.declarations.target ?? .tomtom
        let compositions = inputs.composeVariants(
            target: target, apiKey: apiKey, embedsEnvironment: options.embedsEnvironment, into: sink
        ).compactMap { $0 }
        // The composed styles are validated even when the declarations have errors (nothing is written then):
        // a run reports what the base styles hold too, not only the first stage's findings.
        guard compositions.count == inputs.variants.count,
            !sink.findings(since: mark).contains(where: Self.stopsValidation)
        else {
            return ComposeOutcome(readPaths: readPaths, declarations: inputs.declarations)
        }
        return ComposeOutcome(
            composed: ComposedInputs(compositions: compositions, inputs: inputs, target: target),
            readPaths: readPaths, declarations: inputs.declarations)
    }

    /// The compositions of every variant, with the inputs they were composed from and the target they are
    /// checked against.
    private struct ComposedInputs {
        let compositions: [Composition]
        let inputs: CompilationInputs
        let target: Target
    }

    /// What `compose` gives: the compositions (nil when reading or composing found errors), the files read, and
    /// the declarations as decoded (nil when they could not be read).
    private struct ComposeOutcome {
        var composed: ComposedInputs? = nil
        let readPaths: [String]
        let declarations: Declarations?
    }

    /// Findings after which the composed style means nothing: its size is past a limit.
    private static func stopsValidation(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.rule == Rule.limitsSources.id || diagnostic.rule == Rule.limitsLayers.id
    }

    private func loadInputs() -> (CompilationInputs?, [Diagnostic]) {
        if let declarationsPath {
            return CompilationInputs.load(
                declarationsPath: declarationsPath, baseOverride: options.baseOverride,
                environment: options.environment, environmentStandIns: options.environmentStandIns,
                inputLoader: options.inputLoader)
        }
        guard let baseOverride = options.baseOverride else {
            return (
                nil,
                [
                    Diagnostic(
                        .ioRead, "nothing to compile: give a declarations file or --base STYLE", at: nil,
                        fileName: "mc-style")
                ]
            )
        }
        let inputLoader = options.inputLoader
        let (document, diagnostics) = StyleLoader(inputLoader: inputLoader).load(path: baseOverride)
        return (
            document.map {
                CompilationInputs(
                    declarations: Declarations(), base: $0, files: [$0.file], fileTable: inputLoader.files)
            },
            diagnostics
        )
    }

    private func render(_ compositions: [Composition], inputs: CompilationInputs, renderers: [RendererTarget])
        -> [OutputFile]
    {
        CompiledFiles.render(
            compositions, namedVariants: inputs.hasNamedVariants, inputs: manifestInputs(inputs), compact: compact,
            generatorVersion: options.generatorVersion,
            renderers: ManifestDocument.RendererRecord.records(
                renderers, styles: compositions.map(\.style), locator: inputs.fileTable),
            vectorStyles: Dictionary(
                inputs.vectorStyles.map { ($0.sourceID, $0.bundledBytes) },
                uniquingKeysWith: { first, _ in first }))
    }

    /// Input files with paths relative to the declarations file's folder (or as given, without one).
    private func manifestInputs(_ inputs: CompilationInputs) -> [ManifestDocument.Input] {
        let folder = declarationsPath.map(FilePaths.directory(of:))
        // The files are the declarations file, its includes, then one base per variant, in variant order (two
        // variants may name the same file: it is listed for each).
        let firstBase = inputs.files.count - inputs.variants.count
        return inputs.files.enumerated().map { index, file in
            let variant = index >= firstBase ? inputs.variants[index - firstBase].name : nil
            let role = variant != nil ? "base" : (index == 0 ? "declarations" : "include")
            let path = folder.map { FilePaths.relativePath(from: $0, to: file.name) } ?? FilePaths.normalized(file.name)
            return ManifestDocument.Input(
                path: path, role: role, variant: inputs.hasNamedVariants ? variant : nil, sha256: file.sha256)
        }
            + inputs.vectorStyles.map { loaded in
                let file = loaded.document.file
                let path = folder.map { FilePaths.relativePath(from: $0, to: file.name) } ?? file.name
                return ManifestDocument.Input(path: path, role: "vectorStyle", variant: nil, sha256: file.sha256)
            }
            + inputs.rulesFiles.map { rules in
                let path = folder.map { FilePaths.relativePath(from: $0, to: rules.file.name) } ?? rules.file.name
                return ManifestDocument.Input(
                    path: path, role: "rules", variant: inputs.hasNamedVariants ? rules.variant : nil,
                    sha256: rules.file.sha256)
            }
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let limitsOutput = Rule(
        "limits.output", .error, configurable: false,
        summary: "A compile's outputs would be larger than the limit (512 MiB in all).",
        help:
            "Declare fewer sources or shorter values (attribution text is copied into the style, manifest and TileJSON).",
        examples: [
            .triggering(.compile, RuleExample.plainDeclarations, maximumOutputSize: 1000),
            .passing(.compile, RuleExample.plainDeclarations),
        ])
}
