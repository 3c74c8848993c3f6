import Foundation
import StyleCompiler
import TestSupport
import Testing

@testable import MCStyleCLI

/// What a new team tripped on in a trial from a fresh clone (issue 69, section B), one test per fix.
@Suite struct NewTeamTests {
    static let demo = Fixtures.folder("demo/mc-style.yaml").path

    /// A failing `compile --check` names the command that writes the folder again.
    @Test func aStaleCheckNamesTheCommandThatRegenerates() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("map style").path
        let stale = runTool(["compile", Self.demo, "--out", out, "--check", "--target", "maplibre"])
        #expect(stale.status == 1)
        #expect(
            stale.output.hasSuffix(
                "\(out) is not current: run 'mc-style compile \(Self.demo) --out '\(out)' --target maplibre' to write it\n"
            ), "\(stale.output)")
        #expect(runTool(["compile", Self.demo, "--out", out, "--target", "maplibre", "--quiet"]).status == 0)
        let fresh = runTool(["compile", Self.demo, "--out", out, "--check", "--target", "maplibre"])
        #expect(fresh.status == 0 && fresh.output.isEmpty, "\(fresh.output)")
    }
}
