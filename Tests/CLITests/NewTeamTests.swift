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

extension NewTeamTests {
    /// A FeatureServer (no map tiles) or a whole tile URL given as `arcGisService` is its own rule, with the fix.
    @Test func anArcGISServiceThatIsNotATiledMapServerIsNamed() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"version":8,"sources":{},"layers":[]}"#.utf8).write(to: folder.appendingPathComponent("base.json"))
        let root = "https://services.example.com/arcgis/rest/services"
        for (url, words) in [
            ("\(root)/Parcels/FeatureServer", "'FeatureServer' is a feature service, which serves features as JSON"),
            ("\(root)/Imagery/MapServer/tile/{z}/{y}/{x}", "this is a tile URL, not a service"),
            ("\(root)/Roads/VectorTileServer/", "'VectorTileServer' is a vector tile service"),
        ] {
            let path = folder.appendingPathComponent("mc-style.yaml")
            try Data("version: 1\nbase: base.json\nsources:\n  - id: a\n    arcGisService: \(url)\n".utf8).write(
                to: path)
            let run = runTool(["validate", path.path])
            #expect(run.status == 1, "\(url)")
            #expect(
                run.output.contains("mc-style.yaml:5:20: error: \(words)")
                    && run.output.contains("[sources.arcgis-service]"),
                "\(url): \(run.output)")
        }
        let good = folder.appendingPathComponent("mc-style.yaml")
        try Data(
            "version: 1\nbase: base.json\nsources:\n  - id: a\n    arcGisService: \(root)/Imagery/MapServer/\n".utf8
        )
        .write(to: good)
        #expect(runTool(["validate", good.path]).status == 0)
    }
}
