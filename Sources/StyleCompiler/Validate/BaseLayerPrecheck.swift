import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
/// their parent's) are left to validation. A compile then hands the checks' thread its next work, the render
/// (`stop(handingThreadTo:)`); until a stop comes, the thread stays on its core for up to `handoverWait` after the
/// last layer for it, so whoever parses with prechecks and then does not validate should call `stop()`.
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
        /// True once the checks' thread is done checking: it takes no more work (`stop(handingThreadTo:)`).
        var ended = false
        /// What the checks' thread runs once it stops (`stop(handingThreadTo:)`).
        var next: (@Sendable () -> Void)?
        var found: [Int: CachedLayerFindings] = [:]
    }

    /// How long the checks' thread stays on its core after the last layer by default, for work to be handed to it
    /// (`stop(handingThreadTo:)`), in nanoseconds: a compile composes 10 sources in about half a millisecond after
    /// the parse, and the last layers' checks end about that long after the parse too.
    public static let defaultHandoverWait: UInt64 = 2_000_000

    /// How long the checks' thread stays on its core after the last layer, in nanoseconds.
    let handoverWait: UInt64

    /// A waiting checks' thread is woken once this many layers wait (or the parse ended): waking it for every layer
    /// cost the parsing thread a system call each.
    static let batchSize = 32

    /// - Parameters:
    ///   - file: the base style's file (every finding kept is placed in it).
    ///   - target: the target validation is expected to check for.
    ///   - handoverWait: how long the checks' thread stays on its core after the last layer, in nanoseconds.
    public init(file: SourceFile, target: Target, handoverWait: UInt64 = BaseLayerPrecheck.defaultHandoverWait) {
        self.file = file
        self.target = target
        self.handoverWait = handoverWait
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

    /// Stops the checks after the layer under way, like `stop()`, and has their thread run `work` next. True when the
    /// thread took `work`; false, with `work` not run, when there is no thread to take it (it has not started, or it
    /// has ended): the caller runs it elsewhere.
    ///
    /// The thread is running when it takes the work, so the work starts at once on a core that is already busy.
    /// Work handed to a sleeping pool thread instead was, on a virtual machine of two cores, often placed on the
    /// waking thread's core (the other had just gone idle and halted) and preempted it there: in most 10-source
    /// compiles, validation then waited 1.5 to 2.5 ms for the whole render before it started.
    public func stop(handingThreadTo work: @escaping @Sendable () -> Void) -> Bool {
        let taken = state.withLock { state in
            guard state.running, !state.ended, state.next == nil else { return false }
            state.next = work
            return true
        }
        stop()
        return taken
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

    /// The checks' thread: checks the layers offered, then runs the work handed to it, if any.
    private func checkOffered() {
        checkLayers()
        awaitHandover()
        let next = state.withLock { state in
            state.ended = true
            defer { state.next = nil }
            return state.next
        }
        next?()
    }

    /// Once every layer is checked and no stop came, keeps the thread running (yielding its core to any other thread
    /// that wants it) until a stop comes or `handoverWait` passes: a thread that went to sleep would be a sleeping
    /// thread to wake for the work (`stop(handingThreadTo:)`).
    private func awaitHandover() {
        let deadline = DispatchTime.now().uptimeNanoseconds + handoverWait
        while !stopped.load(ordering: .relaxed), DispatchTime.now().uptimeNanoseconds < deadline {
            sched_yield()
        }
    }

    /// Checks the layers offered, in order, until there are no more or it is stopped.
    private func checkLayers() {
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
        return validate(style, reusing: LayerFindingsReuse(composed: style, base: base, prechecked: prechecked))
    }
}
