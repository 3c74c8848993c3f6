import Foundation
import LocatedJSON
import StyleRuntime
import TestSupport
import Testing

@testable import MCStyleCLI

/// A map design without TomTom's base map (`basemap: none` under `bases:`): TomTom's layers stay, hidden, the
/// background takes the design's colour, no raster base map goes in, and anchors still resolve.
@Suite struct NoBaseMapTests {
    static func project(_ designs: String, placement: String = "{ below: Motorway label }") throws -> URL {
        let folder = try makeTemporaryFolder()
        try FileManager.default.copyItem(
            at: SharedData.repositoryFile("styles/tomtom-demo-base.json"),
            to: folder.appendingPathComponent("base.json"))
        try Data(
            """
            version: 1
            bases:
            \(designs)
            sources:
              - id: heat
                localTileServer: { route: heat }
                placement: \(placement)
              - id: top
                urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
            layerMapping:
              - { sdkLayer: marker, before: Country name }

            """.utf8
        ).write(to: folder.appendingPathComponent("mc-style.yaml"))
        return folder
    }

    @Test func aDesignWithoutTheBaseMapHidesItAndKeepsItsLayers() throws {
        let folder = try Self.project(
            "  light: base.json\n  plain: {base: base.json, basemap: none, background: \"#1d2b3a\"}")
        defer { try? FileManager.default.removeItem(at: folder) }
        let declarations = folder.appendingPathComponent("mc-style.yaml").path
        let out = folder.appendingPathComponent("out")
        let compile = runTool(["compile", declarations, "--out", out.path])
        #expect(compile.status == 0, "\(compile.error)")
        #expect(
            compile.error.contains(
                "mc-style.yaml:8:16: warning: 'heat' is placed below 'Motorway label', but variant 'plain' hides TomTom's base map (basemap: none)"
            ), "\(compile.error)")
        #expect(
            compile.error.components(separatedBy: "[compose.hidden-anchor]").count == 2, "once, for the plain design")
        let base = try JSONParser().parse(
            bytes: Array(try Data(contentsOf: folder.appendingPathComponent("base.json"))), name: "b"
        ).root
        let plain = try JSONParser().parse(
            bytes: Array(try Data(contentsOf: out.appendingPathComponent("style.plain.json"))), name: "plain"
        ).root
        let layers = plain["layers"]?.arrayValue ?? []
        let baseIDs = (base["layers"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(baseIDs.allSatisfy { id in layers.contains { $0["id"]?.stringValue == id } }, "every base layer stays")
        for layer in layers {
            let id = layer["id"]?.stringValue ?? ""
            let visibility = layer["layout"]?["visibility"]?.stringValue
            if layer["type"]?.stringValue == "background" {
                #expect(visibility != "none" && layer["paint"]?["background-color"]?.stringValue == "#1d2b3a")
            } else if id.hasPrefix("mc-raster-layer-") {
                #expect(visibility == "visible", "\(id)")
            } else {
                #expect(visibility == "none", "\(id) is hidden")
            }
        }
        #expect(
            plain["sources"]?["mc-base-raster"] == nil
                && !layers.contains { $0["id"]?.stringValue == "mc-base-raster-layer" })
        let light = try JSONParser().parse(
            bytes: Array(try Data(contentsOf: out.appendingPathComponent("style.light.json"))), name: "light"
        ).root
        #expect(light["sources"]?["mc-base-raster"] != nil, "the other design keeps its base map")
        let mapping = try String(contentsOf: out.appendingPathComponent("layer-mapping.plain.json"), encoding: .utf8)
        #expect(mapping.contains("\"before-primary-layer\": \"Country name\""), "\(mapping)")
        let validate = runTool(["validate", declarations])
        #expect(
            validate.status == 0 && !validate.output.contains("[lint.hidden]"), "the design's own hiding is no finding")
        let manifest = try RuntimeManifest.decode(
            Array(try Data(contentsOf: out.appendingPathComponent("manifest.json"))))
        #expect(manifest.variants[1].tileSizes.map(\.pointer).allSatisfy { !$0.contains("mc-base-raster") })
        // Resolves like any design.
        let resolved = try CompiledStyle(folder: out.path, variant: "plain").resolve(
            RuntimeSettings(
                platform: .ios, apiKey: "k", localTileServer: "http://127.0.0.1:1", cacheKeys: ["heat": "c"]))
        #expect(!resolved.style.isEmpty)
    }

    @Test func aBackgroundMustBeAColourAndGoesWithBasemapNone() throws {
        let folder = try Self.project(
            "  a: {base: base.json, basemap: none, background: \"not a colour\"}\n  b: {base: base.json, background: red}\n  c: {base: base.json, basemap: nowhere}",
            placement: "top")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(["validate", folder.appendingPathComponent("mc-style.yaml").path])
        #expect(run.status == 1)
        #expect(run.output.contains("mc-style.yaml:3:51: error: 'not a colour' is not a colour"), "\(run.output)")
        #expect(run.output.contains("background applies to a design with basemap: none; ignored"), "\(run.output)")
        #expect(run.output.contains("'nowhere' is not one of tomtom, none"), "\(run.output)")
    }
}

extension NoBaseMapTests {
    /// Without a colour the design paints MapConductor's `None` background, `#f2efe9`, and the base's background
    /// paint (a pattern, an opacity) is replaced whole, as the phone replaces it.
    @Test func withoutAColourTheBackgroundIsMapConductorsBlankColour() throws {
        let folder = try Self.project("  light: base.json\n  plain: {base: base.json, basemap: none}")
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = folder.appendingPathComponent("base.json")
        let text = try String(contentsOf: base, encoding: .utf8)
        let patterned = text.replacing(
            #""background-color": ["#, with: #""background-opacity": 0.5, "background-color": ["#)
        try Data(patterned.utf8).write(to: base)
        let out = folder.appendingPathComponent("out")
        let compile = runTool(["compile", folder.appendingPathComponent("mc-style.yaml").path, "--out", out.path])
        #expect(compile.status == 0, "\(compile.error)")
        let style = try JSONParser().parse(
            bytes: Array(try Data(contentsOf: out.appendingPathComponent("style.plain.json"))), name: "style"
        ).root
        let background = try #require(
            style["layers"]?.arrayValue?.first { $0["type"]?.stringValue == "background" })
        #expect(
            String(decoding: JSONWriter(style: .compact).bytes(background["paint"] ?? .null), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines) == ##"{"background-color":"#f2efe9"}"##)
    }
}
