import Synchronization

/// The table behind `SourceFile.alive(_:)`: each live file by its number, held weakly, so that the table never
/// keeps a file (or its text) in memory. A file enters at its start and leaves in its `deinit`.
final class LiveFiles: Sendable {
    private struct Table {
        /// Keyed by `Int`, not `UInt32`: the first use of a generic type over a new key type costs a search of
        /// the binary's conformance records (0.15 ms of a compile here).
        var files: [Int: Entry] = [:]
        /// Files kept until the process exits (`SourceFile.keptUntilExit()`).
        var kept: [SourceFile] = []
        /// The number the next file gets, unless it is taken (after 2^32 files the numbers wrap around).
        var next: UInt32 = 1
    }

    /// A weak reference: a file on its way out reads as nil before its `deinit` removes the entry.
    private struct Entry {
        weak var file: SourceFile?
    }

    private let table = Mutex(Table())

    /// Takes a number for a new file (never 0, never one in use).
    func enter() -> UInt32 {
        table.withLock { table in
            while table.next == 0 || table.files[Int(table.next)] != nil { table.next &+= 1 }
            let id = table.next
            table.next &+= 1
            table.files[Int(id)] = Entry(file: nil)
            return id
        }
    }

    /// Records the file that took `id` (once it is fully made).
    func fill(_ id: UInt32, with file: SourceFile) {
        table.withLock { $0.files[Int(id)] = Entry(file: file) }
    }

    func keep(_ file: SourceFile) {
        table.withLock { $0.kept.append(file) }
    }

    func remove(_ id: UInt32) {
        _ = table.withLock { $0.files.removeValue(forKey: Int(id)) }
    }

    func file(_ id: UInt32) -> SourceFile? {
        table.withLock { $0.files[Int(id)]?.file }
    }
}
