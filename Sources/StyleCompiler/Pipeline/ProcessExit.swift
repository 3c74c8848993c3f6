/// Values a short-lived process leaves for its exit to reclaim instead of freeing them.
///
/// A parsed or composed style is hundreds of thousands of small allocations; freeing them one reference at a time
/// just before the process exits is work the kernel does at once when it takes the process's memory back. The
/// command line switches this on once, at start-up (as compilers do with `-disable-free`); a library user whose
/// process goes on never does, and then `leave` keeps nothing. See benchmarks/README.md for what it saves.
public enum ProcessExit {
    /// Set once by an executable that exits right after its command, before the command runs.
    nonisolated(unsafe) public static var reclaimsAtExit = false

    /// Keeps `value` alive until the process exits when `reclaimsAtExit` is set: its memory is never freed.
    public static func leave<Value>(_ value: Value) {
        guard reclaimsAtExit else { return }
        _ = Unmanaged.passRetained(Left(value))
    }

    private final class Left<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
