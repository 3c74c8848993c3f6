import Foundation
import StyleCompiler
import TestSupport
import Testing

@testable import MCStyleCLI

/// Whether a file is declarations, a style or the configuration is decided once (`InputKind`): every command
/// reads a declarations file with another ending as `validate` does.
@Suite struct InputKindTests {
    @Test func theKindIsDecidedByOneRule() {
        #expect(InputKind(path: "maps/mc-style.yaml") == .declarations)
        #expect(InputKind(path: "maps/parts/a.yml") == .declarations)
        #expect(InputKind(path: "maps/design.decl") == .declarations)
        #expect(InputKind(path: "styles/base.json") == .style)
        #expect(InputKind(path: "/work/.mc-style.yaml") == .configuration)
        #expect(LintConfigurationLoader.fileName == InputKind.configurationFileName)
    }

    @Test func everyCommandReadsADeclarationsFileWithAnotherEndingAlike() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: SharedData.repositoryFile("styles/tomtom-demo-base.json"),
            to: folder.appendingPathComponent("base.json"))
        let path = folder.appendingPathComponent("maps.decl").path
        try Data(
            "version: 1\nbase: base.json\nsources:\n  - id: a\n    urlTemplate: https://t.example.com/{z}/{x}/{y}.png\n"
                .utf8
        ).write(to: URL(fileURLWithPath: path))
        #expect(runTool(["validate", path]).status == 0)
        let layers = runTool(["layers", path])
        #expect(layers.status == 0 && layers.output.contains("mc-raster-layer-a"), "\(layers.output)\(layers.error)")
        let compat = runTool(["compat", path])
        #expect(compat.status == 0, "\(compat.output)\(compat.error)")
    }
}
