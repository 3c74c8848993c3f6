import Dispatch
import LocatedJSON

/// Checks a style document against the style specification (MapLibre's rules and messages, so findings
/// line up with MapLibre's own validator), and with the `tomtom` target also TomTom's rules.
///
/// Paths are MapLibre's: `layers[3].paint.fill-color`; like MapLibre, properties of `light`, `terrain` and
/// `sky` are named without their parent (`intensity`). Every finding sits at the start of the value it is
/// about (an object's `{`), so its line is the line MapLibre reports.
public struct StyleValidator: Sendable {
    public var target: Target
    /// Whether large styles may be checked on two threads (off where the caller already keeps both busy).
    public var usesTwoThreads: Bool

    public init(target: Target, usesTwoThreads: Bool = true) {
        self.target = target
        self.usesTwoThreads = usesTwoThreads
    }

    /// Styles with at least this many layers are checked on two threads: the second half of the layers
    /// apart from everything else.
    static let splitLayerCount = 64

    /// Every finding in `style`, in document order of the checks (the same order whether or not the
    /// layers were checked on two threads).
    public func validate(_ style: JSONNode) -> [Diagnostic] {
        let layerCount = style["layers"]?.arrayValue?.count ?? 0
        guard usesTwoThreads, layerCount >= Self.splitLayerCount, layerCount <= Limits.layers else {
            let run = ValidationRun(style: style, target: target)
            validateAll(run)
            return run.diagnostics
        }
        let middle = layerCount / 2
        // Each run is used by one thread only; they share nothing but the (immutable) style.
        nonisolated(unsafe) let first = ValidationRun(style: style, target: target, layers: 0..<middle)
        nonisolated(unsafe) let second = ValidationRun(style: style, target: target, layers: middle..<layerCount)
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 { validateAll(first) } else { second.validateLayers() }
        }
        var diagnostics = first.diagnostics
        diagnostics.insert(contentsOf: second.diagnostics, at: first.diagnosticsBeforeSkippedLayers ?? diagnostics.count)
        return diagnostics
    }

    private func validateAll(_ run: ValidationRun) {
        run.validateRoot()
        if target == .tomtom { run.validateTomTomRules() }
        run.validateSecrets()
    }
}

/// The state of one validation: the style, the target and the findings so far.
final class ValidationRun {
    let style: JSONNode
    let target: Target
    private(set) var diagnostics: [Diagnostic] = []
    /// Layer id -> index of its first occurrence, so id lookups stay linear in the number of layers.
    let layerIndexByID: [String: Int]
    /// Color strings already found valid: styles repeat the same few colors many times.
    var validColors: Set<String> = []

    /// The layers this run checks (the others are another run's); nil for all.
    let layerRange: Range<Int>?
    /// How many findings there were when this run skipped the first layer outside `layerRange`: where the
    /// other run's findings belong.
    var diagnosticsBeforeSkippedLayers: Int?

    init(style: JSONNode, target: Target, layers: Range<Int>? = nil) {
        self.style = style
        self.target = target
        self.layerRange = layers
        var index: [String: Int] = [:]
        for (position, layer) in (style["layers"]?.arrayValue ?? []).enumerated() {
            if let id = layer["id"]?.stringValue, index[id] == nil { index[id] = position }
        }
        self.layerIndexByID = index
    }

    /// Whether this run checks layer `index`; records where skipped layers' findings go.
    func checksLayer(_ index: Int) -> Bool {
        guard let layerRange, !layerRange.contains(index) else { return true }
        if diagnosticsBeforeSkippedLayers == nil { diagnosticsBeforeSkippedLayers = diagnostics.count }
        return false
    }

    /// Checks the layers of `layerRange` alone (the other run checks everything else).
    func validateLayers() {
        guard let layers = style["layers"]?.arrayValue else { return }
        for index in layerRange ?? layers.indices where layers.indices.contains(index) {
            validateLayer(layers[index], index: index)
        }
    }

    /// Records a finding at the start of `node` (or nowhere, for values without a location), at a severity
    /// other than the rule's default.
    func report(_ severity: Diagnostic.Severity, _ rule: Rule, _ path: JSONPath, _ node: JSONNode?, _ message: String,
                related: [Diagnostic.Related] = [], masking secrets: [String] = []) {
        diagnostics.append(Diagnostic(severity, rule, message, at: node?.location, path: path, related: related, secrets: secrets))
    }

    /// Records a finding of `rule` at its default severity at the start of `node`.
    func report(_ rule: Rule, _ path: JSONPath, _ node: JSONNode?, _ message: String, related: [Diagnostic.Related] = [],
                masking secrets: [String] = []) {
        report(rule.defaultSeverity, rule, path, node, message, related: related, masking: secrets)
    }

    /// A note that a key is not in the specification, with a suggestion (MapLibre ignores such keys).
    func noteUnknownKey(_ key: String, among known: [String], path: JSONPath, node: JSONNode?, what: String) {
        let hint = Suggestion.didYouMean(key, among: known)
        report(.styleUnknownKey, path, node, "\(what) has a key '\(key)' that the style specification does not define; renderers ignore it\(hint)")
    }
}

extension JSONNode {
    /// The value's type as MapLibre names it in messages (number, string, boolean, array, object, null):
    /// the same words as `JSONValue.kindName`.
    var specTypeName: String { value.kindName }

    /// The value as JavaScript's `JSON.stringify` writes it in MapLibre's messages.
    var specDisplay: String {
        switch value {
        case .number(let number): return JSONNumber(number.doubleValue).text
        default: return String(JSONWriter(style: .compact).string(self).dropLast())
        }
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let styleUnknownKey = Rule("style.unknown-key", .note,
                              summary: "A root, layer or source key the specification does not define (renderers ignore it).",
                              help: "Renderers ignore the key; remove it or keep it as your own metadata.")
}
