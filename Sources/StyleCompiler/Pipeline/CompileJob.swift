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
    /// `declarationsPath`) and the collector that knows the secrets the outputs may hold.
    public func runCounting() -> CompileResult {
        let outcome = compose()
        let (diagnostics, sink) = (outcome.diagnostics, outcome.sink)
        guard let composed = outcome.composed else {
            // The files read so far still count: the preview watches them, to build again once they are fixed.
            return CompileResult(
                files: nil, diagnostics: diagnostics.sortedByPlace(), sources: 0, readPaths: outcome.readPaths,
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
        let all = validated(
            compositions, inputs: inputs, target: target, renderers: renderers.targets,
            adding: diagnostics + sink.push(renderers.diagnostics), sink: sink)
        rendering.wait()
        defer { ProcessExit.leave((compositions, inputs)) }
        var result = CompileResult(
            files: nil, diagnostics: all, sources: compositions[0].sources.count, readPaths: outcome.readPaths,
            collector: sink.collector, declarations: outcome.declarations)
        guard !all.containsErrors else { return result }
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
        let outcome = compose()
        var result = CompileResult(
            files: nil, diagnostics: outcome.diagnostics.sortedByPlace(), sources: 0, readPaths: outcome.readPaths,
            collector: outcome.sink.collector, declarations: outcome.declarations)
        guard let composed = outcome.composed else { return result }
        let (compositions, inputs, target) = (composed.compositions, composed.inputs, composed.target)
        // The composed styles are checked with the same rules as `validate`; findings point back at the base
        // style's lines or the declarations' lines, wherever the offending value came from.
        defer { ProcessExit.leave((compositions, inputs)) }
        result.sources = compositions[0].sources.count
        let renderers = options.rendererTargets(
            declared: inputs.declarations.renderers, declaredProfiles: inputs.rendererProfiles)
        result.diagnostics = validated(
            compositions, inputs: inputs, target: target, renderers: renderers.targets,
            adding: outcome.diagnostics + outcome.sink.push(renderers.diagnostics), sink: outcome.sink)
        return result
    }

    /// `diagnostics` with every composed style's findings (collected: the team's settings applied, secrets
    /// masked), each finding once (variants share the declarations), in the order of the files read.
    private func validated(
        _ compositions: [Composition], inputs: CompilationInputs, target: Target, renderers: [RendererTarget],
        adding diagnostics: [Diagnostic], sink: FindingSink
    ) -> [Diagnostic] {
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
        let perVariant = compositions.indices.map { index in
            var checker = validator
            if let locked = inputs.variants[index].lockedAssets {
                checker.assets = locked.overridden(by: validator.assets)
            }
            return (
                inputs.variants[index].name,
                sink.push(checker.validate(compositions[index].style, in: inputs.fileTable))
            )
        }
        vectorCheck.wait()
        let styleDiagnostics = perVariant.mergingVariants(named: inputs.hasNamedVariants) + sink.push(vectorFindings)
        let budgets = sink.collector.configuration.budgets
        let budgetDiagnostics =
            budgets.isEmpty
            ? []
            : BudgetCheck.findings(
                CostedVariants(
                    views: inputs.declarations.views.map { CostView($0) },
                    variants: compositions.indices.map { (inputs.variants[$0].name, compositions[$0].style) },
                    model: .model(for: target)
                ).costs, budgets: budgets, fileName: inputs.files.first?.name ?? "mc-style.yaml")
        return (diagnostics + styleDiagnostics + sink.push(budgetDiagnostics)).removingRepeats()
            .sortedByPlace(files: inputs.files.map(\.name))
    }

    /// Reads the inputs and composes them onto every variant's base; nil (with the diagnostics) when either step
    /// has errors. When the declarations have errors but the rest of them and the bases could be read, they are
    /// composed all the same, so that one run reports what composing finds too (a placement anchor a base lacks, say).
    /// The third part is every value the run knows to be secret (the API key as given and as filled, and each
    /// environment value), which no printed line may show: the diagnostics are to be masked with it.
    private func compose() -> ComposeOutcome {
        let (loaded, readDiagnostics) = loadInputs()
        let sink = options.sink.learning(apiKey: apiKey, declarations: loaded?.declarations)
        let loadDiagnostics = sink.push(readDiagnostics)
        guard let inputs = loaded else {
            return ComposeOutcome(
                diagnostics: loadDiagnostics, sink: sink, readPaths: [], declarations: nil)
        }
        let readPaths =
            inputs.files.map(\.name) + inputs.assetPaths + inputs.vectorStyles.map(\.document.file.name)
            + inputs.rulesFiles.map(\.file.name)
        let target = options.targetOverride ?? inputs.declarations.target ?? .tomtom
        let (composed, composeDiagnostics) = inputs.composeVariants(
            target: target, apiKey: apiKey, embedsEnvironment: options.embedsEnvironment)
        let compositions = composed.compactMap { $0 }
        let diagnostics = loadDiagnostics + sink.push(composeDiagnostics)
        // The composed styles are validated even when the declarations have errors (nothing is written then):
        // a run reports what the base styles hold too, not only the first stage's findings.
        guard compositions.count == inputs.variants.count, !diagnostics.contains(where: Self.stopsValidation) else {
            return ComposeOutcome(
                diagnostics: diagnostics, sink: sink, readPaths: readPaths,
                declarations: inputs.declarations)
        }
        return ComposeOutcome(
            composed: ComposedInputs(compositions: compositions, inputs: inputs, target: target),
            diagnostics: diagnostics, sink: sink, readPaths: readPaths, declarations: inputs.declarations)
    }

    /// The compositions of every variant, with the inputs they were composed from and the target they are
    /// checked against.
    private struct ComposedInputs {
        let compositions: [Composition]
        let inputs: CompilationInputs
        let target: Target
    }

    /// What `compose` gives: the compositions (nil when reading or composing found errors), the findings so
    /// far (collected), the sink that knows every secret value of the run, the files read, and the
    /// declarations as decoded (nil when they could not be read).
    private struct ComposeOutcome {
        var composed: ComposedInputs? = nil
        let diagnostics: [Diagnostic]
        let sink: FindingSink
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

extension Array where Element == (String, [Diagnostic]) {
    /// The findings of each variant's composed style (variant name, findings), each finding once: one made in
    /// several variants at the same place (its path in each composed style may differ, as declared layers sit
    /// at other indices) is kept as the first variant has it, its message naming the variant or variants it is in
    /// when they are named.
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
            guard named else { return diagnostic }
            // A finding of one design alone names it: a design derived by rules differs from its base only there.
            guard variants.count > 1 else {
                return diagnostic.with(message: diagnostic.message + " (in variant '\(variants[0])')")
            }
            let names = variants.map { "'\($0)'" }
            let listed = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            return diagnostic.with(message: diagnostic.message + " (in variants \(listed))")
        }
    }
}

extension Array where Element == (String, [Diagnostic]) {
    /// The findings of composing onto each variant (variant name, findings), each finding once. Findings are the
    /// same by rule, severity and place (the n-th of a rule at one place in one variant is the n-th in another),
    /// never by their text: the first variant's is kept, and one about a variant's composition (its `variant`
    /// set, so its message names it) names the other variants after it.
    func mergingComposedVariants(named: Bool) -> [Diagnostic] {
        guard named, count > 1 else { return flatMap(\.1) }
        var order: [VariantFindingPlace] = []
        var found: [VariantFindingPlace: (diagnostic: Diagnostic, variants: [String])] = [:]
        for (variant, diagnostics) in self {
            var occurrences: [VariantFindingPlace: Int] = [:]
            for diagnostic in diagnostics {
                var key = VariantFindingPlace(diagnostic)
                key.occurrence = occurrences[key, default: 0]
                occurrences[VariantFindingPlace(diagnostic)] = key.occurrence + 1
                if found[key] == nil {
                    order.append(key)
                    found[key] = (diagnostic, [variant])
                } else if found[key]?.variants.contains(variant) == false {
                    found[key]?.variants.append(variant)
                }
            }
        }
        return order.compactMap { key in
            guard let (diagnostic, variants) = found[key] else { return nil }
            // A finding not about one variant's composition (one about a declaration alone) is simply the same.
            guard variants.count > 1, diagnostic.variant != nil else { return diagnostic }
            let others = variants.dropFirst().map { "'\($0)'" }
            let message =
                variants.count == count
                ? diagnostic.message.replacing(StyleComposer.fallbackAdvice, with: "") : diagnostic.message
            let listed =
                others.count == 1
                ? others[0] : others.dropLast().joined(separator: ", ") + " and " + (others.last ?? "")
            return diagnostic.with(message: message + " (the same in variant\(others.count == 1 ? "" : "s") \(listed))")
        }
    }
}

/// Where a finding of one variant's composition is: its rule, severity, file, offset and path, and which of the
/// findings of that rule at that place it is.
private struct VariantFindingPlace: Hashable {
    let rule: String
    let severity: Diagnostic.Severity
    let fileName: String?
    let offset: Int?
    let path: JSONPath?
    var occurrence = 0

    init(_ diagnostic: Diagnostic) {
        rule = diagnostic.rule
        severity = diagnostic.severity
        fileName = diagnostic.location?.file.name ?? diagnostic.fileName
        offset = diagnostic.location?.offset
        path = diagnostic.path
    }
}

extension Array where Element == Diagnostic {
    /// The diagnostics with repeats left out: composing the same sources onto several variants finds the same
    /// thing about a declaration once per variant.
    func removingRepeats() -> [Diagnostic] {
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
