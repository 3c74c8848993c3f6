import Foundation
import LocatedJSON
import StyleRuntime
import TestSupport
import Testing

@testable import MCStyleCLI

/// Bounds across the antimeridian, once and for all (issue 69, section A): the compiled style holds the source
/// twice, one part on each side of 180°, which every renderer draws exactly within the box; the manifest,
/// `StyleRuntime`, `resolve`, `layers` and `cost` treat the two as the one declared source.
@Suite struct AntimeridianTests {
    static func project() throws -> URL {
        let folder = try makeTemporaryFolder()
        try FileManager.default.copyItem(
            at: SharedData.repositoryFile("styles/tomtom-demo-base.json"),
            to: folder.appendingPathComponent("base.json"))
        try Data(
            """
            version: 1
            base: base.json
            sources:
              - id: pacific
                urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                bounds: [165, -48, -170, -10]
                opacity: 0.7
              - id: japan
                urlTemplate: https://japan.example.com/{z}/{x}/{y}.png
                bounds: [122, 20, 154, 46]
            views:
              - {name: dateline, center: [178, -30], zoom: 6, size: [800, 600]}

            """.utf8
        ).write(to: folder.appendingPathComponent("mc-style.yaml"))
        return folder
    }

    private func parse(_ url: URL) throws -> JSONNode {
        try JSONParser().parse(bytes: Array(try Data(contentsOf: url)), name: url.lastPathComponent).root
    }

    @Test func theSourceIsSplitAt180WithStableIdsAndOneManifestEntry() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let compile = runTool(["compile", folder.appendingPathComponent("mc-style.yaml").path, "--out", out.path])
        #expect(compile.status == 0, "\(compile.error)")
        let style = try parse(out.appendingPathComponent("style.json"))
        func bounds(_ id: String) -> [Double]? {
            style["sources"]?[id]?["bounds"]?.arrayValue?.compactMap { $0.numberValue?.doubleValue }
        }
        #expect(bounds("mc-raster-src-pacific") == [165, -48, 180, -10])
        #expect(bounds("mc-raster-src-pacific+east") == [-180, -48, -170, -10])
        #expect(bounds("mc-raster-src-japan") == [122, 20, 154, 46], "a box that does not cross stays one source")
        let ids = (style["layers"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        let west = try #require(ids.firstIndex(of: "mc-raster-layer-pacific"))
        #expect(ids[west + 1] == "mc-raster-layer-pacific+east")
        let manifest = try parse(out.appendingPathComponent("manifest.json"))
        #expect(manifest["formatVersion"]?.numberValue?.intValue == ManifestFormat.version)
        #expect(manifest["sources"]?.arrayValue?.count == 2, "one entry per declared source")
        #expect(manifest["sources"]?[0]?["eastPart"]?["styleLayerId"]?.stringValue == "mc-raster-layer-pacific+east")
        #expect(manifest["variants"]?[0]?["layers"]?[0]?["parts"]?[0]?["index"]?.numberValue?.intValue == west + 1)
        // A second compile gives the same bytes.
        let again = folder.appendingPathComponent("again")
        #expect(
            runTool(["compile", folder.appendingPathComponent("mc-style.yaml").path, "--out", again.path]).status == 0)
        #expect(
            try Data(contentsOf: again.appendingPathComponent("style.json"))
                == Data(contentsOf: out.appendingPathComponent("style.json")))

        // The app's one call changes both layers.
        let compiled = try CompiledStyle(folder: out.path)
        var settings = RuntimeSettings(platform: .android, apiKey: "k")
        settings.opacity["pacific"] = 0.25
        settings.visible["pacific"] = false
        let resolved = try JSONParser().parse(bytes: try compiled.resolve(settings).style, name: "r").root
        for id in ["mc-raster-layer-pacific", "mc-raster-layer-pacific+east"] {
            let layer = try #require(resolved["layers"]?.arrayValue?.first { $0["id"]?.stringValue == id })
            #expect(layer["paint"]?["raster-opacity"]?.numberValue?.doubleValue == 0.25, "\(id)")
            #expect(layer["layout"]?["visibility"]?.stringValue == "none", "\(id)")
            let source = try #require(layer["source"]?.stringValue)
            #expect(resolved["sources"]?[source]?["tileSize"]?.numberValue?.intValue == 256, "\(id): halved on Android")
        }
    }

    @Test func costAndLayersTreatBothPartsAsOneSource() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let declarations = folder.appendingPathComponent("mc-style.yaml").path
        let cost = runTool(["cost", declarations, "--target", "maplibre", "--format", "json"])
        #expect(cost.status == 0, "\(cost.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(cost.output.utf8)) as? [String: Any])
        let sources = try #require((object["views"] as? [[String: Any]])?.first?["sources"] as? [[String: Any]])
        let ids = sources.compactMap { $0["id"] as? String }
        #expect(!ids.contains { $0.hasSuffix("+east") }, "\(ids)")
        let pacific = try #require(sources.first { $0["id"] as? String == "mc-raster-src-pacific" })
        // MapLibre zoom 5 at 178°E, 30°S, 800 x 600: level 5 tiles in columns 29...31 (west of 180°) and 0 (east).
        #expect(pacific["status"] as? String == "shown", "\(pacific)")
        #expect((pacific["tiles"] as? Int ?? 0) > 0, "\(pacific)")
        let layers = runTool(["layers", declarations])
        #expect(layers.output.contains("mc-raster-layer-pacific+east"), "\(layers.output)")
        #expect(
            layers.output.components(separatedBy: "placement top: on top").count - 1 == 3,
            "both parts of pacific and japan are placed: \(layers.output)")
    }
}
