import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import MCStyleCLI

/// `compile --format json`: one document on standard output saying what was written (each file's size and
/// SHA-256, added, changed or unchanged), what was removed, and every finding, for build systems to chain on.
@Suite struct CompileReportTests {
    static let demo = SharedData.repositoryFile("fixtures/demo/mc-style.yaml").path

    static func report(_ run: ToolRun) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
    }

    static func files(_ report: [String: Any]) -> [[String: Any]] { report["files"] as? [[String: Any]] ?? [] }

    @Test func aWriteListsEachFileWithItsSizeAndDigestThenUnchanged() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let first = runTool(["compile", Self.demo, "--out", out, "--format", "json"])
        #expect(first.status == 0 && first.error.isEmpty, "\(first.error)")
        let written = try Self.report(first)
        #expect(written["written"] as? Bool == true && written["out"] as? String == out)
        let files = Self.files(written)
        #expect(files.count >= 4 && files.allSatisfy { $0["status"] as? String == "added" })
        for file in files {
            let path = try #require(file["path"] as? String)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/" + path)))
            #expect(file["bytes"] as? Int == bytes.count, "\(path)")
            #expect(file["sha256"] as? String == SHA256.hex(bytes), "\(path)")
        }
        #expect((written["removed"] as? [Any])?.isEmpty == true)
        #expect((written["summary"] as? [String: Any])?["errors"] as? Int == 0)
        #expect(((written["summary"] as? [String: Any])?["sources"] as? Int ?? 0) > 0)

        let again = try Self.report(runTool(["compile", Self.demo, "--out", out, "--format", "json"]))
        #expect(Self.files(again).allSatisfy { $0["status"] as? String == "unchanged" })
        #expect(Self.files(again).map { $0["sha256"] as? String } == files.map { $0["sha256"] as? String })

        // --check: what would change, and nothing written.
        // As a compile that still declared a source 'stale' left it: its TileJSON, listed in the manifest.
        let manifest = out + "/manifest.json"
        let listed = try String(contentsOfFile: manifest, encoding: .utf8)
            .replacing(
                "\n  \"sources\": [\n", with: "\n  \"sources\": [\n    {\"tileJson\": \"tilejson/stale.json\"},\n")
        try Data(listed.utf8).write(to: URL(fileURLWithPath: manifest))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: out + "/tilejson/stale.json"))
        let check = runTool(["compile", Self.demo, "--out", out, "--check", "--format", "json"])
        #expect(check.status == 1)
        let checked = try Self.report(check)
        #expect(checked["written"] as? Bool == false)
        #expect(
            Self.files(checked).first { $0["path"] as? String == "manifest.json" }?["status"] as? String == "changed")
        #expect(checked["removed"] as? [String] == ["tilejson/stale.json"])
        #expect(try String(contentsOfFile: manifest, encoding: .utf8) == listed)
    }

    @Test func anErrorIsAReportWithItsFindingAndNothingWritten() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let declarations = SharedData.repositoryFile("fixtures/declarations/invalid/duplicate-id.yaml").path
        let out = folder.appendingPathComponent("out").path
        let run = runTool(["compile", declarations, "--out", out, "--format", "json"])
        #expect(run.status == 1 && run.error.isEmpty, "\(run.error)")
        let report = try Self.report(run)
        #expect(report["written"] as? Bool == false && Self.files(report).isEmpty)
        let findings = report["diagnostics"] as? [[String: Any]] ?? []
        #expect(findings.contains { $0["severity"] as? String == "error" && ($0["line"] as? Int ?? 0) > 0 })
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func jsonAndDiffAreMisuse() {
        let run = runTool(["compile", Self.demo, "--out", "/tmp/unused", "--check", "--diff", "--format", "json"])
        #expect(run.status == 2 && run.error.contains("--format") && run.error.contains("--diff"), "\(run.error)")
    }
}
