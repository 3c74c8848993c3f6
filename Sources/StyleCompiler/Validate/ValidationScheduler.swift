import Dispatch
import Synchronization

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
    /// The source-layer and field checks (with vector layers given).
    case sourceLayers
    /// The image-name checks (with a sprite given).
    case sprite
    /// The font checks (with fonts given).
    case fonts
    /// The shape of the style's own URLs (sources, sprite, glyphs).
    case urls
    /// What the named renderer versions cannot draw (with renderers given).
    case renderers
    case secrets

    /// Every layer, the lint rules (when the layers are checked), TomTom's rules (tomtom target), the asset
    /// checks (when assets are given), the renderer check (when renderers are named), then the secret scan: the
    /// order findings are merged in.
    static func units(
        layers: Int, lint: Bool = false, target: Target, assets: StyleAssets = StyleAssets(), renderers: Bool = false
    ) -> [ValidationUnit] {
        let assetUnits: [ValidationUnit] =
            (assets.vectorLayers.isEmpty ? [] : [.sourceLayers]) + (assets.sprite == nil ? [] : [.sprite])
            + (assets.fonts == nil ? [] : [.fonts])
        return (0..<layers).map { .layer($0) } + (lint ? [.lint] : []) + (target == .tomtom ? [.tomTomRules] : [])
            + assetUnits + [.urls] + (renderers ? [.renderers] : []) + [.secrets]
    }
}

/// Runs validation units on up to `threads` threads and returns each unit's findings, by unit, so that merging
/// them in unit order gives the one-thread order. Threads take units one at a time from a shared counter, the
/// whole-style units (lint, TomTom's rules, assets, secrets) first: they are the long ones, and started early
/// they run beside many layers instead of after them. Each thread keeps one `ValidationRun` (its colour cache
/// carries over between units); the rules never see a thread.
public enum ValidationScheduler {
    /// The cores this process may use.
    public static var availableCores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The next unit to hand out, shared by the threads.
    private final class Counter: Sendable {
        let next = Atomic<Int>(0)
    }

    static func run(_ units: [ValidationUnit], threads: Int, context: ValidationContext) -> [[Diagnostic]] {
        let workers = max(1, min(threads, units.count))
        var results = [[Diagnostic]](repeating: [], count: units.count)
        // The order units are taken in: whole-style units, then the layers.
        let order = units.indices.filter { !units[$0].isLayer } + units.indices.filter { units[$0].isLayer }
        let counter = Counter()
        // Units are handed out a few at a time: neighbouring layers share one thread's caches.
        let chunk = 16
        results.withUnsafeMutableBufferPointer { buffer in
            // Each unit is taken by exactly one thread, which alone writes its slot.
            nonisolated(unsafe) let slots = buffer
            let work: @Sendable (Int) -> Void = { _ in
                let run = ValidationRun(context)
                while true {
                    let start = counter.next.wrappingAdd(chunk, ordering: .relaxed).oldValue
                    guard start < order.count else { return }
                    for index in order[start..<min(start + chunk, order.count)] {
                        run.validate(units[index])
                        slots[index] = run.takeDiagnostics()
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

extension ValidationUnit {
    var isLayer: Bool {
        if case .layer = self { return true }
        return false
    }
}
