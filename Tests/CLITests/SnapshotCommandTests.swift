import Foundation
import TestSupport
import Testing

/// `mc-style snapshot`'s misuse and input errors, which need no browser to find (the pictures themselves are
/// checked in a real browser by .ci/snapshot_check.py).
@Suite struct SnapshotCommandTests {
    static let demo = Fixtures.folder("demo").appendingPathComponent("mc-style.yaml").path

    @Test func withoutABrowserItSaysHowToGetOne() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(
            ["snapshot", Self.demo, "--out", folder.appendingPathComponent("out").path],
            environment: ["PATH": folder.path])
        #expect(run.status == 2)
        #expect(run.error.contains("no browser found: install Chromium"), "\(run.error)")
        let given = runTool([
            "snapshot", Self.demo, "--out", folder.appendingPathComponent("out").path, "--browser", "/nonexistent",
        ])
        #expect(given.status == 2 && given.error.contains("'/nonexistent' given with --browser is not an executable"))
    }

    @Test func recordNeedsAFolderAndAReplayNeedsAnIndex() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let record = runTool(["snapshot", Self.demo, "--out", out, "--record", "--browser", "/bin/true"])
        #expect(record.status == 2 && record.error.contains("'--record' goes with '--tiles'"), "\(record.error)")
        let threshold = runTool(["snapshot", Self.demo, "--out", out, "--threshold", "4", "--browser", "/bin/true"])
        #expect(
            threshold.status == 2 && threshold.error.contains("'--threshold' goes with '--check'"), "\(threshold.error)"
        )
        let check = runTool(["snapshot", Self.demo, "--out", out, "--check", "/nonexistent", "--browser", "/bin/true"])
        #expect(
            check.status == 2 && check.error.contains("--check: the folder '/nonexistent' does not exist"),
            "\(check.error)")
        for bad in ["0", "-3", "nan"] {
            let timeout = runTool(["snapshot", Self.demo, "--out", out, "--timeout", bad, "--browser", "/bin/true"])
            #expect(timeout.status == 2 && timeout.error.contains("--timeout"), "\(bad): \(timeout.error)")
        }
        let replay = runTool(["snapshot", Self.demo, "--out", out, "--tiles", folder.path, "--browser", "/bin/true"])
        #expect(replay.status == 1 && replay.error.contains("has no index.json: record it first"), "\(replay.error)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func theDemoWithoutViewsIsMisuseAndABrokenViewALocatedError() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let none = runTool(["snapshot", Self.demo, "--out", out, "--browser", "/bin/true"])
        #expect(none.status == 2 && none.error.contains("the declarations have no views"), "\(none.error)")
        let text = try String(contentsOfFile: Self.demo, encoding: .utf8)
            .replacing("base: ../../styles/", with: "base: \(SharedData.repositoryFile("styles").path)/")
        for part in ["parts", "vector"] {
            try FileManager.default.copyItem(
                at: Fixtures.folder("demo").appendingPathComponent(part), to: folder.appendingPathComponent(part))
        }
        let declarations = folder.appendingPathComponent("mc-style.yaml")
        try Data((text + "views:\n  - {name: a, center: [139, 35], zoom: 9, variants: [dark]}\n").utf8).write(
            to: declarations)
        let broken = runTool(["snapshot", declarations.path, "--out", out, "--browser", "/bin/true"])
        #expect(broken.status == 1, "\(broken.error)")
        #expect(broken.error.contains("mc-style.yaml:\(text.split(separator: "\n").count + 2):"), "\(broken.error)")
        #expect(broken.error.contains("no variant 'dark' (the declarations give a single base"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
