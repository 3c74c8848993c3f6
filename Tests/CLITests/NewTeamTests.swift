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

extension NewTeamTests {
    /// `cost` composes through the one variant loop: a finding made alike in two designs is printed once, as
    /// `validate` prints it; `--view` names its order; the HTML page shows whole source ids and the budgets' verdict.
    @Test func costPrintsFindingsOnceNamesTheViewOrderAndShowsBudgets() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: SharedData.repositoryFile("styles/tomtom-demo-base.json"),
            to: folder.appendingPathComponent("base.json"))
        let longID = "a-source-with-a-rather-long-identifier-that-must-not-be-cut"
        let declarations = folder.appendingPathComponent("mc-style.yaml")
        try Data(
            """
            version: 1
            bases:
              light: base.json
              plain: {base: base.json, basemap: none}
              blank: {base: base.json, basemap: none}
            sources:
              - id: \(longID)
                urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                placement: { below: Motorway label }
            views:
              - {name: tokyo, center: [139.7, 35.7], zoom: 10, size: [512, 512]}

            """.utf8
        ).write(to: declarations)
        try Data("version: 1\nbudgets: {requestsPerView: 2}\n".utf8).write(
            to: folder.appendingPathComponent(".mc-style.yaml"))
        let validate = runTool(["validate", declarations.path], in: folder.path)
        let cost = runTool(["cost", declarations.path, "--format", "html"], in: folder.path)
        let hidden = "[compose.hidden-anchor]"
        #expect(validate.output.components(separatedBy: hidden).count == 2, "\(validate.output)")
        #expect(cost.error.components(separatedBy: hidden).count == 2, "\(cost.error)")
        #expect(cost.output.contains("<td>mc-raster-src-\(longID)</td>"), "\(cost.output)")
        #expect(cost.output.contains("<div class=\"verdict failed\"><p>Budgets: "), "\(cost.output)")
        #expect(cost.output.contains("[budget.requests]</li>"))
        let swapped = runTool(["cost", declarations.path, "--view", "139.7,35.7,10,desktop"], in: folder.path)
        #expect(swapped.status == 2)
        #expect(swapped.error.contains("(--view takes the latitude first, LAT,LON; views: center takes [lon, lat])"))
    }
}

extension NewTeamTests {
    /// A layer-mapping anchor that no design has is most likely misspelt: one error with a did-you-mean over every
    /// design's layers, and no advice to add a fallback; an unset `${NAME}` names `--secrets-absent`.
    @Test func anAnchorNoDesignHasIsAMisspellingAndAnUnsetSecretNamesTheFix() throws {
        let variants = SharedData.repositoryFile("fixtures/variants/mc-style.yaml")
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: variants, encoding: .utf8)
            .replacing("../../styles/", with: SharedData.repositoryFile("styles").path + "/")
            .replacing("after: Airport POI, fallback: top", with: "after: Airport PIO")
        let path = folder.appendingPathComponent("mc-style.yaml")
        try Data(text.utf8).write(to: path)
        let run = runTool(["validate", path.path])
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "error: layer mapping anchor 'Airport PIO' is not a layer of any variant's base style, so it is most likely misspelt; did you mean 'Airport POI'? (the SDK would refuse it: \"Invalid layer mapping\") [tomtom.layer-mapping.anchor]"
            ), "\(run.output)")
        #expect(run.output.components(separatedBy: "[tomtom.layer-mapping.anchor]").count == 2, "\(run.output)")
        #expect(!run.output.contains("give the entry a fallback"), "\(run.output)")

        let secret = text.replacing(
            "https://cyberjapandata.gsi.go.jp/xyz/hillshademap/{z}/{x}/{y}.png",
            with: "https://cyberjapandata.gsi.go.jp/xyz/hillshademap/{z}/{x}/{y}.png?token=${NT_TEST_UNSET_TOKEN}")
        try Data(secret.utf8).write(to: path)
        let unset = runTool(["validate", path.path])
        #expect(unset.status == 1, "exit 1, as docs/commands.md's table says")
        #expect(
            unset.output.contains(
                "environment variable NT_TEST_UNSET_TOKEN is not set (referenced as ${NT_TEST_UNSET_TOKEN}): set it, or check without secrets with --secrets-absent"
            ), "\(unset.output)")
    }
}
