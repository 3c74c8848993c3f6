import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the layers' checks, and work beside them, on up to `threads` threads, and returns each layer's findings
/// by layer, so that joining them gives the one-thread order. Threads take units a few at a time from a shared
/// counter, the work beside the layers first. Each thread keeps one `SpecValidationRun` (its memos carry over
/// between layers); the rules never see a thread.
public enum SpecValidationScheduler {
    /// The cores this process may use.
    public static var availableCores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The next unit to hand out, shared by the threads.
    private final class Counter: Sendable {
        let next = Atomic<Int>(0)
    }

    static func run(
        layers: Int, alongside: [@Sendable () -> Void], threads: Int, context: SpecValidationContext
    ) -> [[SpecFinding]] {
        // Units 0..<alongside.count are the work beside the layers; the rest are the layers, in order.
        let units = alongside.count + layers
        let workers = max(1, min(threads, units))
        var results = [[SpecFinding]](repeating: [], count: layers)
        let counter = Counter()
        // Units are handed out a few at a time: neighbouring layers share one thread's memos.
        let chunk = 16
        results.withUnsafeMutableBufferPointer { buffer in
            // Each layer is taken by exactly one thread, which alone writes its slot.
            nonisolated(unsafe) let slots = buffer
            let work: @Sendable (Int) -> Void = { _ in
                let run = SpecValidationRun(context)
                while true {
                    let start = counter.next.wrappingAdd(chunk, ordering: .relaxed).oldValue
                    guard start < units else { return }
                    for unit in start..<min(start + chunk, units) {
                        if unit < alongside.count {
                            alongside[unit]()
                        } else {
                            let layer = unit - alongside.count
                            run.validateLayer(context.layers[layer], index: layer)
                            slots[layer] = run.takeFindings()
                        }
                    }
                }
            }
            if workers == 1 {
                work(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: workers, execute: work)
            }
        }
        return results
    }
}
