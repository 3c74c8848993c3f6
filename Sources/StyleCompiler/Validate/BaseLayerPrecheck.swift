import Dispatch
import LocatedJSON
import Synchronization

/// The own checks of a base style's layers (keys, `layout`, `paint`, filter, expressions: what
/// `LayerFindingsReuse` can take over), made on another thread while the rest of the base is still being parsed.
///
/// A compile parses its base on one core while the other has little to do; validation then checks every layer
/// on both. The parser hands each layer over as soon as it is parsed (`JSONParser.parse(_:reportingElementsOf:to:)`),
/// and this checks it at once. When validation starts it stops the checks (after the layer under way) and takes
/// what they found, as a validation cache's entries for this base: layers of the composed style that are unchanged
/// copies of a checked base layer take the findings over, the others are checked as usual. The findings are the
/// same either way: the own checks depend on nothing but the layer and its type, and `ref` layers (whose type is
/// their parent's) are left to validation.
public final class BaseLayerPrecheck: Sendable {
    /// The target the checks are made for: validation for another target takes nothing from them.
    public let target: Target
    private let file: SourceFile
    private let state = Mutex(State())
    private let stopped = Atomic<Bool>(false)
    private let wakeUp = DispatchSemaphore(value: 0)
    private let working = DispatchGroup()

    private struct State {
        var pending: [JSONNode] = []
        var parseEnded = false
        var started = false
        /// True while the checks' thread waits for layers.
        var waiting = false
        /// True once the checks' thread runs; until then, taking the findings does not wait for it.
        var running = false
        /// True when the findings were taken before the checks' thread ran: it then ends as soon as it runs.
        var abandoned = false
        var found: [Int: CachedLayerFindings] = [:]
    }

    /// A waiting checks' thread is woken once this many layers wait (or the parse ended): waking it for every layer
    /// cost the parsing thread a system call each.
    static let batchSize = 32

    /// - Parameters:
    ///   - file: the base style's file (every finding kept is placed in it).
    ///   - target: the target validation is expected to check for.
    public init(file: SourceFile, target: Target) {
        self.file = file
        self.target = target
    }

    /// Takes a layer of the base as soon as it is parsed; starts the checks' thread with the first one.
    public func offer(_ layer: JSONNode) {
        let (start, wake) = state.withLock { state in
            state.pending.append(layer)
            if !state.started {
                state.started = true
                working.enter()
                return (true, false)
            }
            guard state.waiting, state.pending.count >= Self.batchSize else { return (false, false) }
            state.waiting = false
            return (false, true)
        }
        if start { DispatchQueue.global(qos: .userInitiated).async { self.checkOffered() } }
        if wake { wakeUp.signal() }
    }

    /// No more layers will be offered (the parse ended, or failed).
    public func parseEnded() {
        let wake = state.withLock { state in
            state.parseEnded = true
            defer { state.waiting = false }
            return state.waiting
        }
        if wake { wakeUp.signal() }
    }

    /// Stops the checks after the layer under way, without waiting (the base could not be parsed).
    public func stop() {
        stopped.store(true, ordering: .relaxed)
        wakeUp.signal()
    }

    /// Stops the checks after the layer under way and returns what they found, by the byte offset of each base
    /// layer (the offset of its `{`); empty for validation of another target. Waits for nothing else.
    public func findings(for target: Target) -> [Int: CachedLayerFindings] {
        findings(for: target, waitingForEveryLayer: false)
    }

    /// `findings(for:)`; with `waitingForEveryLayer`, once every layer offered is checked (for tests: the parse
    /// must have ended).
    func findings(for target: Target, waitingForEveryLayer: Bool) -> [Int: CachedLayerFindings] {
        if !waitingForEveryLayer { stop() }
        // A thread that has not started (every worker busy) is not waited for: nothing would come of it.
        let started = waitingForEveryLayer || state.withLock { state in
            if !state.running { state.abandoned = true }
            return state.running
        }
        if started { working.wait() }
        guard target == self.target else { return [:] }
        return state.withLock { $0.found }
    }

    /// The checks' thread: checks the layers offered, in order, until there are no more or it is stopped.
    private func checkOffered() {
        defer { working.leave() }
        guard state.withLock({ state in
            state.running = !state.abandoned
            return state.running
        }) else { return }
        // One run for every layer, each checked apart from its style: the colors and expressions found valid in one
        // are not checked again in the next.
        let run = ValidationRun(ValidationContext(style: JSONNode(.object(JSONObject())), target: target))
        var found: [Int: CachedLayerFindings] = [:]
        defer { state.withLock { $0.found.merge(found) { _, new in new } } }
        let path = JSONPath([.key("layers"), .index(0)])
        while !stopped.load(ordering: .relaxed) {
            let (batch, ended) = state.withLock { state in
                defer { state.pending.removeAll(keepingCapacity: true) }
                if state.pending.isEmpty, !state.parseEnded { state.waiting = true }
                return (state.pending, state.parseEnded)
            }
            if batch.isEmpty {
                if ended { return }
                wakeUp.wait()
                continue
            }
            for layer in batch {
                if stopped.load(ordering: .relaxed) { return }
                guard let offset = layer.sourceOffset, layer.isRead(from: file) else { continue }
                run.detachedLayer = layer
                if let (type, findings) = run.ownChecks(ofLayer: layer, path: path),
                   let entry = CachedLayerFindings(type: type, findings: findings, layerPath: path, baseFile: file) {
                    found[offset] = entry
                }
                _ = run.takeDiagnostics()
            }
        }
    }
}

extension StyleValidator {
    /// `validate(style)` for a style composed from `base` (or `base` itself), taking over what `precheck` found for
    /// the base's layers: the same findings, in the same order.
    public func validate(_ style: JSONNode, base: JSONDocument, precheck: BaseLayerPrecheck?) -> [Diagnostic] {
        let prechecked = precheck?.findings(for: target) ?? [:]
        guard !prechecked.isEmpty else { return validate(style) }
        return validate(style, reusing: LayerFindingsReuse(composed: style, base: base, earlier: [:], prechecked: prechecked, recording: false))
    }
}
