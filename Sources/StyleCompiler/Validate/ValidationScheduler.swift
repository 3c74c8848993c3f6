import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One unit of a validation after the root: a layer, the lint rules over the whole stack, TomTom's rules, the
/// asset checks, or the secret scan.
enum ValidationUnit: Sendable, Equatable {
    case layer(Int)
    case lint
    case tomTomRules
    case assets
    case secrets

    /// Every layer, the lint rules (when the layers are checked), TomTom's rules (tomtom target), the asset
    /// checks (when assets are given), then the secret scan: the order findings are merged in.
    static func units(layers: Int, lint: Bool = false, target: Target, assets: Bool = false) -> [ValidationUnit] {
        (0..<layers).map { .layer($0) } + (lint ? [.lint] : []) + (target == .tomtom ? [.tomTomRules] : []) + (assets ? [.assets] : []) + [.secrets]
    }
}

/// Runs validation units on up to `threads` threads and returns each unit's findings, by unit, so that merging
/// them in unit order gives the one-thread order. Each thread takes a contiguous share of the units and keeps
/// one `ValidationRun` for it (its color cache carries over between layers); the rules never see a thread.
public enum ValidationScheduler {
    /// The cores this process may use.
    public static var availableCores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    static func run(_ units: [ValidationUnit], threads: Int, context: ValidationContext) -> [[Diagnostic]] {
        let workers = max(1, min(threads, units.count))
        var results = [[Diagnostic]](repeating: [], count: units.count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each worker writes only the slots of its own units: no slot is shared.
            nonisolated(unsafe) let slots = buffer
            let work: @Sendable (Int) -> Void = { worker in
                let run = ValidationRun(context)
                let share = units.count / workers
                let extra = units.count % workers
                let start = worker * share + min(worker, extra)
                let end = start + share + (worker < extra ? 1 : 0)
                for index in start..<end {
                    run.validate(units[index])
                    slots[index] = run.takeDiagnostics()
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
