import Dispatch
import LocatedJSON
import StyleRuntime

/// The whole of `mc-style compile` short of touching the output folder: read, validate, compose onto each
/// variant's base, render.
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
    /// Set by a process that exits right after the job (the command line): the parsed and composed trees are
    /// then left for the exit to reclaim (`ProcessExit`) instead of being freed. Leave false in a process that
    /// goes on, or the trees' memory stays taken.
    public var leavesTreesToProcessExit = false
    /// Check the base layers' own parts (`BaseLayerPrecheck`) on another thread while the bases are parsed, for
    /// validation to take over: the same findings, sooner. Off, validation checks every layer itself.
    public var prechecksBaseLayers = true
    /// The output folder the files will be written to, when they will be (`OutputFolder.write`): each composed
    /// style is then streamed to a hidden spool file beside it as it is written, or compared with the folder's
    /// own file as it goes, instead of being held in memory (a pretty style is up to about four times its base;
    /// see `OutputSpool`). The files returned must go to that folder's `write`, which moves the spools into
    /// place; on errors `run` removes them itself. Nil keeps every output in memory (`--check` compares them).
    public var spoolsStylesInto: OutputFolder?
    /// The most bytes all output files may take together (`Limits.outputSize`); a compile that would make more
    /// fails with `limits.output`.
    public var maximumOutputSize = Limits.outputSize

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

    /// `run()`, with the number of sources composed (for a summary line) and the paths of the files read
    /// (declarations, includes, bases; as reached from `declarationsPath`), for a build system's dependencies.
    public func runCounting() -> (files: [OutputFile]?, diagnostics: [Diagnostic], sources: Int, readPaths: [String]) {
        let (composed, found, secrets) = compose()
        let diagnostics = found.map { $0.masking(secrets) }
        guard let (compositions, inputs, target) = composed else { return (nil, diagnostics.sortedByPlace(), 0, []) }
        // The outputs are rendered on another thread while the variants are validated on every core: once rendering
        // is done, its core takes validation units too (both only read the compositions). Rendering goes to the
        // thread that checked the first base's layers while it still runs (it stops checking: validation takes
        // over), else to a pool thread (see `BaseLayerPrecheck.stop(handingThreadTo:)`).
        nonisolated(unsafe) var files: [OutputFile] = []
        let rendering = DispatchGroup()
        rendering.enter()
        let renderJob: @Sendable () -> Void = {
            files = render(compositions, inputs: inputs)
            rendering.leave()
        }
        if inputs.variants[0].precheck?.stop(handingThreadTo: renderJob) != true {
            DispatchQueue.global(qos: .userInitiated).async(execute: renderJob)
        }
        let all = validated(compositions, inputs: inputs, target: target, adding: diagnostics).map { $0.masking(secrets) }
        rendering.wait()
        if leavesTreesToProcessExit { ProcessExit.leave((compositions, inputs)) }
        let total = files.reduce(0) { $0 + $1.count }
        let outputs = total > maximumOutputSize
            ? [Diagnostic(.limitsOutput, "the outputs would take \(total) bytes, more than the limit of \(maximumOutputSize) bytes: nothing is written",
                          at: nil, fileName: declarationsPath ?? baseOverride ?? "mc-style")]
            : []
        let reported = all + outputs
        if reported.containsErrors { OutputFolder.discardSpools(of: files) }
        return (reported.containsErrors ? nil : files, reported, compositions[0].sources.count, inputs.files.map(\.name))
    }

    /// Every diagnostic `run` would give, without rendering outputs (no TileJSON, manifest or digests):
    /// what `validate` needs.
    public func check() -> [Diagnostic] {
        let (composed, found, secrets) = compose()
        let diagnostics = found.map { $0.masking(secrets) }
        guard let (compositions, inputs, target) = composed else { return diagnostics.sortedByPlace() }
        // The composed styles are checked with the same rules as `validate`; findings point back at the base
        // style's lines or the declarations' lines, wherever the offending value came from.
        if leavesTreesToProcessExit { ProcessExit.leave((compositions, inputs)) }
        return validated(compositions, inputs: inputs, target: target, adding: diagnostics).map { $0.masking(secrets) }
    }

    /// `diagnostics` with every composed style's findings (the team's settings applied), each finding once
    /// (variants share the declarations), in the order of the files read.
    private func validated(_ compositions: [Composition], inputs: CompilationInputs, target: Target,
                           adding diagnostics: [Diagnostic]) -> [Diagnostic] {
        let validator = StyleValidator(target: target, assets: inputs.assets.overridden(by: assets))
        // Compositions and variants are in the same order (`compose` keeps one composition per variant).
        let perVariant = compositions.indices.map { index in
            let variant = inputs.variants[index]
            return (variant.name, configuration.apply(validator.validate(compositions[index].style, base: variant.base, precheck: variant.precheck)))
        }
        let styleDiagnostics = perVariant.mergingVariants(named: inputs.hasNamedVariants)
        return (diagnostics + styleDiagnostics).removingRepeats().sortedByPlace(files: inputs.files.map(\.name))
    }

    /// Reads the inputs and composes them onto every variant's base; nil (with the diagnostics) when either step
    /// has errors. When the declarations have errors but the rest of them and the bases could be read, they are
    /// composed all the same, so that one run reports what composing finds too (a placement anchor a base lacks, say).
    /// The third part is every value the run knows to be secret (the API key as given and as filled, and each
    /// environment value), which no printed line may show: the diagnostics are to be masked with it.
    private func compose() -> (composed: ([Composition], CompilationInputs, Target)?, diagnostics: [Diagnostic], secrets: [String]) {
        let (loaded, readDiagnostics) = loadInputs()
        let loadDiagnostics = configuration.apply(readDiagnostics)
        let secrets = (apiKey.map { [$0, PercentEncoding.string($0)] } ?? []) + (loaded?.declarations.environmentValues ?? [])
        guard let inputs = loaded else { return (nil, loadDiagnostics, secrets) }
        let target = targetOverride ?? inputs.declarations.target ?? .tomtom
        var compositions: [Composition] = []
        var composeDiagnostics: [Diagnostic] = []
        for variant in inputs.variants {
            let context = ComposedVariant(name: variant.name, location: variant.location, isNamed: inputs.hasNamedVariants)
            let (composed, found) = StyleCompilation.composeUnvalidated(base: variant.base.root, declarations: inputs.declarations,
                                                                        target: target, apiKey: apiKey, variant: context)
            composeDiagnostics += found
            if let composed { compositions.append(composed) }
        }
        composeDiagnostics += AnchorFallbackRules.check(compositions, variants: inputs.variants.count)
        let diagnostics = loadDiagnostics + configuration.apply(composeDiagnostics)
        // The composed styles are validated even when the declarations have errors (nothing is written then):
        // a run reports what the base styles hold too, not only the first stage's findings.
        guard compositions.count == inputs.variants.count, !diagnostics.contains(where: Self.stopsValidation) else {
            // Nothing will be validated: the base layers' checks can stop.
            for variant in inputs.variants { variant.precheck?.stop() }
            return (nil, diagnostics, secrets)
        }
        return ((compositions, inputs, target), diagnostics, secrets)
    }

    /// Findings after which the composed style means nothing: its size is past a limit.
    private static func stopsValidation(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.rule == Rule.limitsSources.id || diagnostic.rule == Rule.limitsLayers.id
    }

    /// The target the base layers' own checks are started for while the bases are parsed, before the declarations
    /// say theirs (most leave it to the default); validation for another target checks those layers itself.
    /// Nil when `prechecksBaseLayers` is off.
    private var precheckTarget: Target? { prechecksBaseLayers ? targetOverride ?? .tomtom : nil }

    private func loadInputs() -> (CompilationInputs?, [Diagnostic]) {
        if let declarationsPath {
            return CompilationInputs.load(declarationsPath: declarationsPath, baseOverride: baseOverride, environment: environment,
                                          environmentStandIns: environmentStandIns, precheckTarget: precheckTarget)
        }
        guard let baseOverride else {
            return (nil, [Diagnostic(.ioRead, "nothing to compile: give a declarations file or --base STYLE", at: nil, fileName: "mc-style")])
        }
        let (document, diagnostics, precheck) = StyleLoader().load(path: baseOverride, precheckingLayersFor: precheckTarget)
        return (document.map { CompilationInputs(declarations: Declarations(), variants: [.init(name: BaseVariant.defaultName, base: $0, precheck: precheck)],
                                                 files: [$0.file]) }, diagnostics)
    }

    private func render(_ compositions: [Composition], inputs: CompilationInputs) -> [OutputFile] {
        CompiledFiles.render(compositions, namedVariants: inputs.hasNamedVariants, inputs: manifestInputs(inputs), compact: compact,
                             generatorVersion: generatorVersion, spoolFolder: spoolsStylesInto)
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
            return ManifestDocument.Input(path: path, role: role, variant: inputs.hasNamedVariants ? variant : nil, sha256: file.sha256)
        }
    }
}

extension Array where Element == (String, [Diagnostic]) {
    /// The findings of each variant's composed style (variant name, findings), each finding once: one made in
    /// several variants at the same place (its path in each composed style may differ, as declared layers sit
    /// at other indices) is kept as the first variant has it, its message naming the variants when they are named.
    func mergingVariants(named: Bool) -> [Diagnostic] {
        guard count > 1 else { return first?.1 ?? [] }
        var order: [DiagnosticIdentity] = []
        var found: [DiagnosticIdentity: (diagnostic: Diagnostic, variants: [String])] = [:]
        for (variant, diagnostics) in self {
            for diagnostic in diagnostics {
                let identity = DiagnosticIdentity(diagnostic, includingPath: false)
                if found[identity] == nil {
                    order.append(identity)
                    found[identity] = (diagnostic, [variant])
                } else if found[identity]?.variants.contains(variant) == false {
                    found[identity]?.variants.append(variant)
                }
            }
        }
        return order.compactMap { identity in
            guard let (diagnostic, variants) = found[identity] else { return nil }
            guard named, variants.count > 1 else { return diagnostic }
            let names = variants.map { "'\($0)'" }
            let listed = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            return diagnostic.with(message: diagnostic.message + " (in variants \(listed))")
        }
    }
}

extension Array where Element == Diagnostic {
    /// The diagnostics with repeats left out: composing the same sources onto several variants finds the same
    /// thing about a declaration once per variant.
    func removingRepeats() -> [Diagnostic] {
        // One finding cannot repeat; and a fresh process's first `Set<DiagnosticIdentity>` costs a scan of every
        // conformance record.
        guard count > 1 else { return self }
        var seen: Set<DiagnosticIdentity> = []
        return filter { seen.insert(DiagnosticIdentity($0)).inserted }
    }
}

/// What makes two findings the same finding; without the path, what makes one variant's finding the same as
/// another's (their paths in each composed style may differ).
private struct DiagnosticIdentity: Hashable {
    let rule: String
    let message: String
    let severity: Diagnostic.Severity
    let location: SourceLocation?
    let fileName: String?
    let path: JSONPath?

    init(_ diagnostic: Diagnostic, includingPath: Bool = true) {
        rule = diagnostic.rule
        message = diagnostic.message
        severity = diagnostic.severity
        location = diagnostic.location
        fileName = diagnostic.fileName
        path = includingPath ? diagnostic.path : nil
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let limitsOutput = Rule("limits.output", .error, configurable: false,
                              summary: "A compile's outputs would be larger than the limit (512 MiB in all).",
                              help: "Declare fewer sources or shorter values (attribution text is copied into the style, manifest and TileJSON).")
}
