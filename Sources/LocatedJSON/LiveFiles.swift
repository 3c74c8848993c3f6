import Synchronization

/// The table behind `SourceFile.alive(_:)`: each live file by its number, held weakly, so that the table never
/// keeps a file (or its text) in memory. A file enters at its start and leaves in its `deinit`.
final class LiveFiles: Sendable {
    private struct Table {
        /// Keyed by `Int`, not `UInt32`: the first use of a generic type over a new key type costs a search of
        /// the binary's conformance records at run time.
        var files: [Int: Entry] = [:]
        /// Files kept until the process exits (`SourceFile.keptUntilExit()`).
        var kept: [SourceFile] = []
        /// The number the next file gets, unless it is in use (after `limit - 1` it is 1 again).
        var next: UInt32 = 1
    }

    /// A weak reference: a file on its way out reads as nil before its `deinit` removes the entry.
    private struct Entry {
        weak var file: SourceFile?
    }

    private let table = Mutex(Table())
    /// Numbers are below this.
    let limit: UInt32

    init(limit: UInt32) { self.limit = limit }

    /// Takes a number for a new file: the next one not in use, in turn from 1 to `limit - 1`; 0 (no number)
    /// when every one is in use.
    func enter() -> UInt32 {
        let limit = self.limit
        return table.withLock { table in
            guard UInt32(table.files.count) < limit - 1 else { return 0 }
            while table.next == 0 || table.next >= limit || table.files[Int(table.next)] != nil {
                table.next = table.next >= limit - 1 ? 1 : table.next + 1
            }
            let id = table.next
            table.next = id >= limit - 1 ? 1 : id + 1
            table.files[Int(id)] = Entry(file: nil)
            return id
        }
    }

    /// Records the file that took `id` (once it is fully made).
    func fill(_ id: UInt32, with file: SourceFile) {
        guard id != 0 else { return }
        table.withLock { $0.files[Int(id)] = Entry(file: file) }
    }

    func keep(_ file: SourceFile) {
        table.withLock { $0.kept.append(file) }
    }

    func remove(_ id: UInt32) {
        guard id != 0 else { return }
        _ = table.withLock { $0.files.removeValue(forKey: Int(id)) }
    }

    func file(_ id: UInt32) -> SourceFile? {
        table.withLock { $0.files[Int(id)]?.file }
    }
}
