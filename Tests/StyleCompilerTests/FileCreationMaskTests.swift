import Dispatch
import Foundation
import Testing

@testable import StyleCompiler

/// The file-creation mask is read without being set, so that threads writing outputs at once never leave the
/// process's mask at 0 (the POSIX way, `umask(0)` then back, can when two threads interleave).
@Suite struct FileCreationMaskTests {
    /// The `Umask:` line the kernel shows, read here on its own.
    private func shownMask() throws -> String {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        return line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces)
    }

    @Test func readingTheMaskFromManyThreadsLeavesItAsItWas() throws {
        let before = try shownMask()
        let expected = try #require(mode_t(before, radix: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<500 { #expect(FileCreationMask.current == expected) }
        }
        #expect(try shownMask() == before)
    }

    @Test func aNewFileGetsSixFourFourLessTheMask() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mc-style-mask-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("new.json").path
        try AtomicFileWriter().write(Array("{}".utf8), to: path)
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode_t(mode) == 0o644 & ~FileCreationMask.current)
    }
}
