import LocatedJSON
import Synchronization

/// Where every finding goes, as it is made (swift-format's finding emitter): the sink applies the team's
/// configuration (a rule's severity or `off`, ignored layers), then masks the run's secrets, and keeps what
/// counts, in the order pushed. A `CheckSession` makes the sink its jobs share; the session's findings are the
/// sink's. Findings of several map designs are held until the last design is done, then merged
/// (`beginVariants`): those of composing by rule, place and variant, never by their text; those of validating
/// when place and text agree (a design derived from a shared base may meet one place with other values). A bare
/// `BuildOptions` has a sink of its own that applies no configuration and masks only what the credential scan
/// finds.
public final class FindingSink: Sendable {
    /// How the findings of the variants of one loop become one list.
    enum VariantMerge: Sendable {
        /// Findings of composing onto each base: the same by rule, severity and place (`mergingComposed`); one
        /// every variant has drops `advice` from its message (advice for the variants that lack something).
        case composed(advice: String)
        /// Findings of validating each composed style: the same finding at the same place (`mergingValidated`).
        case validated
    }

    private struct PendingVariants {
        var merge: VariantMerge
        var named: Bool
        var variants: [(name: String, findings: [Diagnostic])]
    }

    private struct State {
        var collector: DiagnosticCollector
        var kept: [Diagnostic] = []
        var pending: PendingVariants?
    }

    private let state: Mutex<State>

    /// A sink over `collector`: its configuration and secrets.
    init(_ collector: DiagnosticCollector = DiagnosticCollector()) {
        state = Mutex(State(collector: collector))
    }

    /// The configuration and the secrets known so far; what else a run prints (a diff of its outputs, an error
    /// line) is masked with it.
    public var collector: DiagnosticCollector { state.withLock { $0.collector } }

    /// Every finding kept, configured and masked, in the order pushed.
    public var findings: [Diagnostic] { state.withLock { $0.kept } }

    /// How many findings are kept: a mark from which a job's own findings are read (`findings(since:)`).
    var count: Int { state.withLock { $0.kept.count } }

    /// The findings kept since `mark` (a `count` read before).
    func findings(since mark: Int) -> [Diagnostic] {
        state.withLock { Array($0.kept[min(mark, $0.kept.count)...]) }
    }

    /// Takes `findings` in: configured (some dropped, some at another severity), then masked, and kept. Returns
    /// what was kept, for a job whose next step depends on it (an error that a team turned off stops nothing).
    @discardableResult
    func push(_ findings: [Diagnostic]) -> [Diagnostic] {
        state.withLock { state in
            let counted = Self.configured(findings, by: state.collector)
            state.kept += counted
            return counted
        }
    }

    /// `findings` as `push` would keep them, without keeping them: for a surface that shows them at once (a page
    /// of the preview).
    func configured(_ findings: [Diagnostic]) -> [Diagnostic] {
        Self.configured(findings, by: collector)
    }

    /// Adds `values` to the secrets masked from now on (`DiagnosticCollector.masking`): what a run learns once it
    /// has read its inputs (`learn(apiKey:declarations:environmentValues:)` says which).
    func mask(_ values: [String]) {
        state.withLock { state in state.collector = state.collector.masking(values) }
    }

    /// A sink with the same configuration and secrets and no findings: for a surface that runs the same job again
    /// and again and shows each run's findings alone (the preview's rebuilds).
    func fork() -> FindingSink { FindingSink(collector) }

    /// Puts the findings kept since `mark` in the order of their places (the files in `files` first, in that
    /// order); with `removingRepeats`, the same finding made once per variant is kept once.
    func settle(since mark: Int, files: [String] = [], removingRepeats: Bool = false) {
        state.withLock { state in
            let start = min(mark, state.kept.count)
            var settled = Array(state.kept[start...])
            if removingRepeats { settled = settled.removingRepeats() }
            state.kept.replaceSubrange(start..., with: settled.sortedByPlace(files: files))
        }
    }

    /// Starts a loop over the variants called `names`, in order: what is pushed for one of them
    /// (`push(_:variant:)`) is held until `endVariants`, then merged as `merge` says; `named` is true when the
    /// declarations name their variants (messages then say which).
    func beginVariants(_ names: [String], named: Bool, merge: VariantMerge) {
        state.withLock { state in
            state.pending = PendingVariants(merge: merge, named: named, variants: names.map { ($0, []) })
        }
    }

    /// Takes in `findings` of the variant called `variant`: held until the loop ends when one is open, kept at
    /// once when not (a single composition).
    func push(_ findings: [Diagnostic], variant: String) {
        state.withLock { state in
            let counted = Self.configured(findings, by: state.collector)
            guard let index = state.pending?.variants.firstIndex(where: { $0.name == variant }) else {
                state.kept += counted
                return
            }
            state.pending?.variants[index].findings += counted
        }
    }

    /// Ends the loop: the variants' findings, less those `withdrawn` (an anchor every variant lacks, which
    /// `adding` reports once), merged, then `adding`, kept.
    func endVariants(withdrawing withdrawn: (Diagnostic) -> Bool = { _ in false }, adding: [Diagnostic] = []) {
        state.withLock { state in
            guard let pending = state.pending else { return }
            state.pending = nil
            let variants = pending.variants.map { ($0.name, $0.findings.filter { !withdrawn($0) }) }
            switch pending.merge {
            case .composed(let advice): state.kept += variants.mergingComposed(named: pending.named, advice: advice)
            case .validated: state.kept += variants.mergingValidated(named: pending.named)
            }
            state.kept += Self.configured(adding, by: state.collector)
        }
    }

    /// The one place a run's configuration and secrets are applied to findings: configured, then masked.
    private static func configured(_ findings: [Diagnostic], by collector: DiagnosticCollector) -> [Diagnostic] {
        let configured = collector.configuration.apply(findings)
        return collector.secrets.isEmpty ? configured : configured.map { $0.masking(collector.secrets) }
    }
}

extension Array where Element == (String, [Diagnostic]) {
    /// Each finding once, in the order first found, with the variants that have it: `keyed` is each variant's
    /// findings (variant name, then key and finding), and two findings are the same when their keys are.
    private static func grouped<Key: Hashable>(_ keyed: [(String, [(Key, Diagnostic)])]) -> [(
        diagnostic: Diagnostic, variants: [String]
    )] {
        var order: [Key] = []
        var found: [Key: (diagnostic: Diagnostic, variants: [String])] = [:]
        for (variant, findings) in keyed {
            for (key, diagnostic) in findings {
                if found[key] == nil {
                    order.append(key)
                    found[key] = (diagnostic, [variant])
                } else if found[key]?.variants.contains(variant) == false {
                    found[key]?.variants.append(variant)
                }
            }
        }
        return order.compactMap { found[$0] }
    }

    /// The findings of each variant's composed style (variant name, findings), each finding once: one made in
    /// several variants at the same place (its path in each composed style may differ, as declared layers sit
    /// at other indices) is kept as the first variant has it, its message naming the variant or variants it is in
    /// when they are named.
    fileprivate func mergingValidated(named: Bool) -> [Diagnostic] {
        guard count > 1 else { return first?.1 ?? [] }
        let keyed = map { variant, findings in
            (variant, findings.map { (DiagnosticIdentity($0, includingPath: false), $0) })
        }
        return Self.grouped(keyed).map { diagnostic, variants in
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

    /// The findings of composing onto each variant (variant name, findings), each finding once. Findings are the
    /// same by rule, severity and place (the n-th of a rule at one place in one variant is the n-th in another),
    /// never by their text: the first variant's is kept, and one about a variant's composition (its `variant`
    /// set, so its message names it) names the other variants after it.
    fileprivate func mergingComposed(named: Bool, advice: String) -> [Diagnostic] {
        guard named, count > 1 else { return flatMap(\.1) }
        let keyed = map { variant, findings in
            var occurrences: [VariantFindingPlace: Int] = [:]
            return (
                variant,
                findings.map { diagnostic in
                    var key = VariantFindingPlace(diagnostic)
                    key.occurrence = occurrences[key, default: 0]
                    occurrences[VariantFindingPlace(diagnostic)] = key.occurrence + 1
                    return (key, diagnostic)
                }
            )
        }
        return Self.grouped(keyed).map { diagnostic, variants in
            // A finding not about one variant's composition (one about a declaration alone) is simply the same.
            guard variants.count > 1, diagnostic.variant != nil else { return diagnostic }
            let others = variants.dropFirst().map { "'\($0)'" }
            let message =
                variants.count == count
                ? diagnostic.message.replacing(advice, with: "") : diagnostic.message
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
    fileprivate func removingRepeats() -> [Diagnostic] {
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
