import Synchronization

/// A hook for the process that runs the compiler: told, on the reading thread, just before an input of
/// `threshold` bytes or more is read and parsed into a tree.
///
/// The `mc-style` executable installs one that puts the reading thread's heap on transparent huge pages
/// (`CProcessTuning`). It is tied to the input's size because a 2 MiB page is held whole once touched: for a
/// style of a few hundred kilobytes that page is more memory than its whole tree and saves no measurable time,
/// while for americana (1.1 MB) it saves about a fifth of a compile. The library itself installs nothing, so
/// an app or test that uses it is not affected.
public enum LargeInputPreparation {
    /// Inputs of at least this many bytes (512 KiB) are announced.
    public static let threshold = 512 * 1024

    private static let installed = Mutex<(@Sendable (_ name: String, _ size: Int) -> Void)?>(nil)

    /// Sets what is run before each large input is read, with the input's display name and size in bytes (nil
    /// removes it). The executable's preparation acts on the first call on each thread.
    public static func install(_ prepare: (@Sendable (_ name: String, _ size: Int) -> Void)?) {
        installed.withLock { $0 = prepare }
    }

    /// Called by `InputLoader` with the file it is about to read and its size in bytes.
    static func inputWillBeRead(name: String, size: Int) {
        guard size >= threshold, let prepare = installed.withLock({ $0 }) else { return }
        prepare(name, size)
    }
}
