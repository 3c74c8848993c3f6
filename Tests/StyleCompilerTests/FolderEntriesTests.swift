import Foundation
import TestSupport
import Testing

@testable import StyleCompiler

/// Folder listings chosen by name bytes: what the output folder's leftover clean-up and the validation cache's
/// pruning read.
@Suite struct FolderEntriesTests {
    @Test func namesAreChosenByPrefixAndSuffix() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in [
            ".out.mc-style-staging-abc", ".out.mc-style-staging-", ".out.mc-style-stag", "a.validation.json",
            "été.validation.json", "b.json",
        ] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".out.mc-style-staging-dir"), withIntermediateDirectories: false)
        #expect(
            FolderEntries.names(in: folder.path, prefixed: ".out.mc-style-staging-").sorted()
                == [".out.mc-style-staging-", ".out.mc-style-staging-abc", ".out.mc-style-staging-dir"])
        #expect(
            FolderEntries.names(in: folder.path, suffixed: ".validation.json").sorted() == [
                "a.validation.json", "été.validation.json",
            ])
        // `.` and `..` are never listed, even where every name is wanted.
        #expect(FolderEntries.names(in: folder.path) { _ in true }.count == 7)
        #expect(FolderEntries.names(in: folder.appendingPathComponent("missing").path) { _ in true } == [])
    }
}
