import LocatedJSON

/// What every run of one validation shares, read-only: the style, where its nodes were read, and the layer index.
final class SpecValidationContext: Sendable {
    let style: JSONNode
    /// Finds where the style's nodes were read.
    let files: any SourceLocator
    let layers: [JSONNode]
    /// Layer id -> index of its first occurrence, so id lookups stay linear in the number of layers.
    let layerIndexByID: [String: Int]

    init(style: JSONNode, files: any SourceLocator) {
        self.style = style
        self.files = files
        self.layers = style["layers"]?.arrayValue ?? []
        var index = [String: Int](minimumCapacity: layers.count)
        for (position, layer) in layers.enumerated() {
            if let id = layer["id"]?.stringValue, index[id] == nil { index[id] = position }
        }
        self.layerIndexByID = index
    }
}

/// The state of one thread's part of a validation: the shared context, the memos and the findings so far. The
/// rules are its methods (one file per area under `Rules/`); they know nothing of threads.
final class SpecValidationRun {
    let context: SpecValidationContext
    private(set) var findings: [SpecFinding] = []
    /// Color strings already found valid: styles repeat the same few colors many times.
    var validColors: Set<String> = []
    /// Expressions already found to type-check: styles repeat the same expressions in many layers.
    var checkedExpressions = ExpressionCheckMemo()
    /// Legacy functions already found clean: styles repeat the same functions in many layers.
    var checkedFunctions = FunctionCheckMemo()
    /// Where the layers' findings go among the root's, set when the root's checks reach the layers (which are
    /// checked one by one afterwards); nil when the layers are not checked (`layers` is not a valid array).
    var layerFindingsPosition: Int?

    init(_ context: SpecValidationContext) {
        self.context = context
    }

    var style: JSONNode { context.style }
    var files: any SourceLocator { context.files }
    var layerIndexByID: [String: Int] { context.layerIndexByID }

    /// The findings so far, leaving none.
    func takeFindings() -> [SpecFinding] {
        defer { findings = [] }
        return findings
    }

    /// Records a finding at the start of `node` (or nowhere, for values without a location), at a severity
    /// other than the rule's default.
    func report(
        _ severity: FindingSeverity, _ rule: SpecRule, _ path: JSONPath, _ node: JSONNode?, _ message: String,
        related: [SpecFinding.Related] = []
    ) {
        findings.append(
            SpecFinding(
                severity, rule, message, at: files.location(of: node), path: path, related: related,
                layerID: layerID(at: path)))
    }

    /// Records a finding of `rule` at its default severity at the start of `node`.
    func report(
        _ rule: SpecRule, _ path: JSONPath, _ node: JSONNode?, _ message: String, related: [SpecFinding.Related] = []
    ) {
        report(rule.defaultSeverity, rule, path, node, message, related: related)
    }

    /// Records a finding of `rule` at its default severity at `location`: a place found otherwise than as a
    /// node's start (a key's, say).
    func report(_ rule: SpecRule, _ path: JSONPath, at location: SourceLocation?, _ message: String) {
        findings.append(
            SpecFinding(rule.defaultSeverity, rule, message, at: location, path: path, layerID: layerID(at: path)))
    }

    /// The id of the layer a path is under (`layers[N]...`), if any.
    private func layerID(at path: JSONPath) -> String? {
        let components = path.components
        guard components.count >= 2, components[0] == .key("layers"), case .index(let index) = components[1] else {
            return nil
        }
        guard context.layers.indices.contains(index) else { return nil }
        return context.layers[index]["id"]?.stringValue
    }

    /// A note that a key is not in the specification, with a suggestion (MapLibre ignores such keys).
    func noteUnknownKey(_ key: String, among known: [String], path: JSONPath, node: JSONNode?, what: String) {
        let hint = Suggestion.didYouMean(key, among: known)
        report(
            .styleUnknownKey, path, node,
            "\(what) has a key '\(key)' that the style specification does not define; renderers ignore it\(hint)")
    }
}

/// The rules this file checks (listed in `SpecRule.all`).
extension SpecRule {
    /// A root, layer or source key the specification does not define.
    public static let styleUnknownKey = SpecRule(
        "style.unknown-key", .note,
        summary: "A root, layer or source key the specification does not define (renderers ignore it).",
        help: "Renderers ignore the key; remove it or keep it as your own metadata.",
        examples: [
            .triggering(#"{"version": 8, "author": ↓"me", "sources": {}, "layers": []}"#),
            .passing(#"{"version": 8, "metadata": {"author": "me"}, "sources": {}, "layers": []}"#),
        ])
}
