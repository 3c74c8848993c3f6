import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// `mc-style compat` from the command line: the verdicts, a named renderer that cannot draw the style, and
/// declarations composed onto their base.
@Suite struct CompatCommandTests {
    let style = #"""
        {"version": 8, "sources": {"dem": {"type": "raster-dem", "url": "https://t.example.com/dem.json"}},
         "layers": [{"id": "relief", "type": "color-relief", "source": "dem"}]}
        """#

    @Test func aLayerTypeLaterThanTheNamedVersionFailsTheRun() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("style.json").path
        try style.write(toFile: path, atomically: true, encoding: .utf8)
        let old = runTool(["compat", path, "--renderer", "maplibre-gl-js@5.3.0"])
        #expect(old.status == 1)
        #expect(old.output.contains("maplibre-gl-js: 5.6.0 or later"))
        #expect(old.output.contains("maplibre-gl-js@5.3.0: cannot draw 1 use"))
        #expect(old.output.contains("\(path):2:38: layer type 'color-relief', from 5.6.0"))
        #expect(old.output.contains("maplibre-native-android: 13.0.0 or later"))
        let new = runTool(["compat", path, "--renderer", "maplibre-gl-js@5.6.0"])
        #expect(new.status == 0)
        #expect(new.output.contains("maplibre-gl-js@5.6.0: draws every use"))
    }

    @Test func jsonAndMarkdownCarryTheSameVerdicts() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("style.json").path
        try style.write(toFile: path, atomically: true, encoding: .utf8)
        let json = runTool(["compat", path, "--format", "json", "--renderer", "maplibre-gl-js@5.3.0"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let renderers = try #require(object["renderers"] as? [[String: Any]])
        #expect(renderers.first?["oldestVersion"] as? String == "5.6.0")
        let targets = try #require(object["targets"] as? [[String: Any]])
        let unsupported = try #require(targets.first?["unsupported"] as? [[String: Any]])
        #expect(unsupported.first?["kind"] as? String == "layer-type")
        #expect(unsupported.first?["line"] as? Int == 2)
        let markdown = runTool(["compat", path, "--format", "markdown"])
        #expect(markdown.output.hasPrefix("| renderer | oldest version | decided by |\n|---|---|---|\n"))
        #expect(markdown.output.contains("| maplibre-gl-js | 5.6.0 or later | layer type 'color-relief'"))
    }

    @Test func theDemoDeclarationsAreComposedFirst() {
        let demo = SharedData.repositoryFile("fixtures/demo/mc-style.yaml").path
        let result = runTool(["compat", demo, "--renderer", "maplibre-gl-js@5.3.0"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.contains("maplibre-gl-js@5.3.0: draws every use"))
    }

    @Test func aRendererWithoutAVersionIsMisuseAndAnUnknownNameIsLocated() throws {
        let shape = runTool(["compat", "style.json", "--renderer", "maplibre-gl-js"])
        #expect(shape.status == 2)
        #expect(shape.error.contains("NAME one of maplibre-gl-js, maplibre-native-android, maplibre-native-ios"))
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("style.json").path
        try style.write(toFile: path, atomically: true, encoding: .utf8)
        let unknown = runTool(["compat", path, "--renderer", "maplibre-gl@5.3.0"])
        #expect(unknown.status == 1)
        #expect(
            unknown.error.contains("--renderer: error: no renderer profile is named 'maplibre-gl'"), "\(unknown.error)")
        #expect(unknown.error.contains("did you mean 'maplibre-gl-js'?"), "\(unknown.error)")
    }
}
