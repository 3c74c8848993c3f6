import LocatedJSON
import StyleSpec
import Synchronization

/// Checks a style document as mc-style does: the style specification (`StyleSpec`'s `SpecValidator`, MapLibre's
/// rules and messages, so findings line up with MapLibre's own validator), and beside it mc-style's checks (lint,
/// contrast, URLs, assets, renderers, secrets) and, with the `tomtom` target, TomTom's rules.
///
/// Paths are MapLibre's: `layers[3].paint.fill-color`; like MapLibre, properties of `light`, `terrain` and
/// `sky` are named without their parent (`intensity`). Every finding sits at the start of the value it is
/// about (an object's `{`), so its line is the line MapLibre reports.
public struct StyleValidator: Sendable {
    /// Which rules apply: the style specification's, and with `tomtom` also TomTom's.
    public var target: Target
    /// The most threads validation may use: 1 where the caller already keeps the cores busy.
    public var maximumThreads: Int
    /// What the assets say (tiles' layers, sprite, fonts); their checks run where given.
    public var assets: StyleAssets
    /// The renderer versions the style must work on: each use one cannot draw is a finding. None: not checked.
    public var renderers: [RendererTarget] = []
    /// The lowest contrast ratio text may have against its halo or what is under it (`lint.contrast`), 1 to 21.
    public var minimumContrast = LintConfiguration.defaultMinimumContrast

    /// A validator for `target`, using at most `maximumThreads` threads, checking against `assets` where given.
    public init(
        target: Target, maximumThreads: Int = SpecValidationScheduler.availableCores,
        assets: StyleAssets = StyleAssets()
    ) {
        self.target = target
        self.maximumThreads = maximumThreads
        self.assets = assets
    }

    /// Every finding in `style`, in document order: the specification's (`StyleSpec.SpecValidator`: the root's,
    /// with every layer's at the place of the `layers` array), then the lint rules (only when nothing else is an
    /// error: they ask whether a layer can be seen, which is moot in a style that does not load), TomTom's rules,
    /// the URLs, the asset checks, the renderers and the secret scan, which run on the specification's threads
    /// beside its layers. The same order on any number of threads. Findings are placed through `files`: the
    /// table of the compilation that read the style, or the document it was parsed into.
    public func validate(_ style: JSONNode, in files: any SourceLocator) -> [Diagnostic] {
        let context = ValidationContext(
            style: style, files: files, target: target, assets: assets, renderers: renderers,
            minimumContrast: minimumContrast)
        let units = ValidationUnit.units(target: target, assets: assets, renderers: !renderers.isEmpty)
        let results = UnitFindings(count: units.count)
        let work: [@Sendable () -> Void] = units.indices.map { index in
            {
                let run = ValidationRun(context)
                run.validate(units[index])
                results.store(run.takeDiagnostics(), at: index)
            }
        }
        let lint = units.firstIndex(of: .lint)
        // Too many layers to check one by one: the limit's finding in place of the specification's, the lint
        // rules left out.
        if let layers = style.objectValue?["layers"], let count = layers.arrayValue?.count, count > Limits.layers {
            for index in units.indices where index != lint { work[index]() }
            let limit = Diagnostic(
                .limitsLayers, "\(count) layers: more than the limit of \(Limits.layers)",
                at: files.location(of: layers), path: JSONPath([.key("layers")]))
            return [limit] + results.findings.enumerated().filter { $0.offset != lint }.flatMap(\.element)
        }
        let specification = SpecValidator(maximumThreads: maximumThreads).validate(style, in: files, alongside: work)
        let specFindings = specification.findings.map(Diagnostic.init)
        var findings = results.findings
        // The lint rules ask whether a layer can ever be seen, which is moot in a style that does not load.
        if let lint,
            !specification.checkedLayers || specFindings.containsErrors || findings.contains(where: \.containsErrors)
        {
            findings[lint] = []
        }
        return specFindings + findings.joined()
    }
}

/// Each unit's findings, by unit, stored by the thread that ran it.
private final class UnitFindings: Sendable {
    private let slots: Mutex<[[Diagnostic]]>

    init(count: Int) { slots = Mutex([[Diagnostic]](repeating: [], count: count)) }

    func store(_ findings: [Diagnostic], at index: Int) { slots.withLock { $0[index] = findings } }

    var findings: [[Diagnostic]] { slots.withLock { $0 } }
}

/// What every run of one validation shares, read-only: the style, where its nodes were read, the target, and
/// the layer index.
final class ValidationContext: Sendable {
    let style: JSONNode
    /// Finds where the style's nodes were read.
    let files: any SourceLocator
    let target: Target
    let layers: [JSONNode]
    /// Layer id -> index of its first occurrence, so id lookups stay linear in the number of layers.
    let layerIndexByID: [String: Int]
    let assets: StyleAssets
    let renderers: [RendererTarget]
    /// See `StyleValidator.minimumContrast`.
    let minimumContrast: Double

    init(
        style: JSONNode, files: any SourceLocator, target: Target, assets: StyleAssets = StyleAssets(),
        renderers: [RendererTarget] = [], minimumContrast: Double = LintConfiguration.defaultMinimumContrast
    ) {
        self.minimumContrast = minimumContrast
        self.style = style
        self.files = files
        self.target = target
        self.assets = assets
        self.renderers = renderers
        self.layers = style["layers"]?.arrayValue ?? []
        var index = [String: Int](minimumCapacity: layers.count)
        for (position, layer) in layers.enumerated() {
            if let id = layer["id"]?.stringValue, index[id] == nil { index[id] = position }
        }
        self.layerIndexByID = index
    }
}

/// The state of one thread's part of a validation: the shared context and the findings so far. The rules
/// are its methods (one file per area under `Rules/`); they know nothing of threads.
final class ValidationRun {
    let context: ValidationContext
    private(set) var diagnostics: [Diagnostic] = []
    /// Expressions already found to type-check (the contrast rule evaluates the colours of text).
    var checkedExpressions = ExpressionCheckMemo()

    init(_ context: ValidationContext) {
        self.context = context
    }

    var style: JSONNode { context.style }
    var files: any SourceLocator { context.files }
    var target: Target { context.target }
    var layerIndexByID: [String: Int] { context.layerIndexByID }

    /// Checks one unit of work.
    func validate(_ unit: ValidationUnit) {
        switch unit {
        case .lint: validateLint()
        case .tomTomRules: validateTomTomRules()
        case .sourceLayers: validateSourceLayers()
        case .sprite: validateSpriteImages()
        case .fonts: validateFonts()
        case .urls: validateURLs()
        case .renderers: validateRenderers()
        case .secrets: validateSecrets()
        }
    }

    /// The findings so far, leaving none.
    func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }

    /// Records a finding at the start of `node` (or nowhere, for values without a location), at a severity
    /// other than the rule's default.
    func report(
        _ severity: Diagnostic.Severity, _ rule: Rule, _ path: JSONPath, _ node: JSONNode?, _ message: String,
        related: [Diagnostic.Related] = [], masking secrets: [String] = []
    ) {
        diagnostics.append(
            Diagnostic(
                severity, rule, message, at: files.location(of: node), path: path, related: related, secrets: secrets,
                layerID: layerID(at: path)))
    }

    /// Records a finding of `rule` at its default severity at `location`: a place found otherwise than as a
    /// node's start (a key's, say).
    func report(_ rule: Rule, _ path: JSONPath, at location: SourceLocation?, _ message: String) {
        diagnostics.append(
            Diagnostic(rule.defaultSeverity, rule, message, at: location, path: path, layerID: layerID(at: path)))
    }

    /// The id of the layer a path is under (`layers[N]...`), if any.
    private func layerID(at path: JSONPath) -> String? {
        let components = path.components
        guard components.count >= 2, components[0] == .key("layers"), case .index(let index) = components[1] else {
            return nil
        }
        return context.layers[safe: index]?["id"]?.stringValue
    }

    /// Records a finding of `rule` at its default severity at the start of `node`.
    func report(
        _ rule: Rule, _ path: JSONPath, _ node: JSONNode?, _ message: String, related: [Diagnostic.Related] = [],
        masking secrets: [String] = []
    ) {
        report(rule.defaultSeverity, rule, path, node, message, related: related, masking: secrets)
    }
}
