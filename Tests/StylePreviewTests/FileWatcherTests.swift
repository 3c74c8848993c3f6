import Foundation
import Synchronization
import TestSupport
import Testing

@testable import StylePreview

/// The watcher calls back for a change to a watched file, saved in place or by rename, and for a change inside
/// a watched folder; not for a file beside them that nobody watches.
@Suite struct FileWatcherTests {
    /// How many times the watcher called back.
    private final class Calls: Sendable {
        private let count = Atomic<Int>(0)
        func add() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    /// Waits up to `seconds` for `calls` to reach `count`.
    private func waitFor(_ calls: Calls, toReach count: Int, seconds: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if calls.value >= count { return true }
            usleep(20_000)
        }
        return calls.value >= count
    }

    @Test func seesFilesAndFolders() throws {
        let folder = try makeTemporaryFolder().standardizedFileURL.path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let declarations = folder + "/mc-style.yaml"
        let glyphs = folder + "/glyphs"
        try FileManager.default.createDirectory(atPath: glyphs, withIntermediateDirectories: true)
        try Data("version: 1\n".utf8).write(to: URL(fileURLWithPath: declarations))
        try Data("".utf8).write(to: URL(fileURLWithPath: folder + "/unwatched.txt"))
        let calls = Calls()
        let paths = [declarations, glyphs]
        let watcher = FileWatcher {
            calls.add()
            return paths
        }
        watcher.watch(paths)
        watcher.start()
        defer { watcher.stop() }

        try Data("version: 1\nsources: []\n".utf8).write(to: URL(fileURLWithPath: declarations))
        #expect(waitFor(calls, toReach: 1), "a file written in place")

        // An editor's save: a new file renamed over the old one.
        try Data("version: 1\nsources: [] # saved\n".utf8).write(
            to: URL(fileURLWithPath: declarations), options: .atomic)
        #expect(waitFor(calls, toReach: 2), "a file replaced by rename")

        try FileManager.default.createDirectory(
            atPath: glyphs + "/Noto Sans Regular", withIntermediateDirectories: true)
        #expect(waitFor(calls, toReach: 3), "an entry made in a watched folder")

        let before = calls.value
        try Data("changed".utf8).write(to: URL(fileURLWithPath: folder + "/unwatched.txt"))
        usleep(UInt32((FileWatcher.pollInterval + FileWatcher.settleTime) * 2 * 1000))
        #expect(calls.value == before, "a file nobody watches")
    }
}
