import Foundation
import LocatedJSON
import StyleCompiler
import StyleMath
import StyleRuntime
import TestSupport
import Testing

@testable import StylePreview

/// The preview draws what the phone draws: declared tile sizes, unified zoom ranges, no TomTom source without a key.
@Suite struct PreviewStyleTests {
    static let demo = SharedData.repositoryFile("fixtures/demo/mc-style.yaml").path

    private func preview(key: String?) throws -> (style: JSONNode, manifest: JSONNode, notes: [String]) {
        let snapshot = PreviewBuilder(job: CompileJob(declarationsPath: Self.demo)).build(version: 1, previous: nil)
        #expect(snapshot.succeeded, "\(snapshot.findings)")
        let compiled = try #require(snapshot.variants["default"])
        var settings = RuntimeSettings(
            platform: .android, apiKey: key ?? PreviewSite.keyStandIn, localTileServer: "http://127.0.0.1:9")
        settings.cacheKeys["heatmap"] = "v1"
        let resolved = try compiled.resolve(settings)
        let preview = try PreviewStyle(resolved: resolved.style, manifest: snapshot.manifest, hasAPIKey: key != nil)
        let style = try JSONParser().parse(SourceFiles().add(name: "preview.json", bytes: preview.bytes)).root
        return (style, try #require(snapshot.manifest), preview.notes)
    }

    /// GL JS draws the demo's vector style itself where the phone shows its two rasters: its non-symbol layers at
    /// the ground raster's place, its symbol layers at the labels raster's, under ids of their own.
    @Test func aVectorStyleIsDrawnInPlaceOfItsTwoRasters() throws {
        let snapshot = PreviewBuilder(job: CompileJob(declarationsPath: Self.demo)).build(version: 1, previous: nil)
        let vector = try #require(snapshot.vectorStyles["company-map"])
        let compiled = try #require(snapshot.variants["default"])
        let settings = RuntimeSettings(
            platform: .android, apiKey: "k", localTileServer: "http://127.0.0.1:9", cacheKeys: ["heatmap": "v1"])
        let resolved = try compiled.resolve(settings)
        let plain = try PreviewStyle(resolved: resolved.style, manifest: snapshot.manifest, hasAPIKey: true)
        let preview = try PreviewStyle(
            resolved: resolved.style, manifest: snapshot.manifest, hasAPIKey: true, vectorStyles: snapshot.vectorStyles)
        let style = try JSONParser().parse(SourceFiles().add(name: "preview.json", bytes: preview.bytes)).root
        let before = try JSONParser().parse(SourceFiles().add(name: "plain.json", bytes: plain.bytes)).root
        let ids = (style["layers"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        let plainIDs = (before["layers"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(
            !ids.contains("mc-raster-layer-company-map-ground") && !ids.contains("mc-raster-layer-company-map-labels"))
        let vectorLayers = vector["layers"]?.arrayValue ?? []
        #expect(ids.count == plainIDs.count - 2 + vectorLayers.count)
        let ground = try #require(plainIDs.firstIndex(of: "mc-raster-layer-company-map-ground"))
        let isSymbol = vectorLayers.map { $0["type"]?.stringValue == "symbol" }
        let expectedGround = zip(vectorLayers, isSymbol).filter { !$1 }.map {
            "mc-vector-company-map-" + ($0.0["id"]?.stringValue ?? "")
        }
        #expect(Array(ids[ground..<(ground + expectedGround.count)]) == expectedGround)
        let expectedLabels = zip(vectorLayers, isSymbol).filter { $1 }.map {
            "mc-vector-company-map-" + ($0.0["id"]?.stringValue ?? "")
        }
        let labels = ground + expectedGround.count
        #expect(!expectedLabels.isEmpty && style["glyphs"] != nil)
        #expect(Array(ids[labels..<(labels + expectedLabels.count)]) == expectedLabels, "labels above the ground")
        #expect(ids[labels + expectedLabels.count] == plainIDs[ground + 2], "then what lay above the labels raster")
        #expect(style["sources"]?["mc-vector-company-map-versatiles-shortbread"]?["type"]?.stringValue == "vector")
        #expect(preview.vectorSourceIDs == ["mc-vector-company-map-versatiles-shortbread"])
        let source = style["layers"]?.arrayValue?.first { $0["id"]?.stringValue == expectedGround.last }?["source"]
        #expect(source?.stringValue == "mc-vector-company-map-versatiles-shortbread")
    }

    /// Zoom ranges keep their ground scale: unified zoom is of a 256-pixel world, the page's MapLibre zoom of a
    /// 512-pixel one, so each bound is one level lower there.
    @Test func rastersHaveTheirDeclaredSizeAndLayersTheirUnifiedZoomsInMapLibreZoom() throws {
        let (style, manifest, _) = try preview(key: "k")
        let layers = style["layers"]?.arrayValue ?? []
        for record in manifest["sources"]?.arrayValue ?? [] {
            let source = try #require(style["sources"]?[record["styleSourceId"]?.stringValue ?? ""])
            #expect(source["tileSize"]?.numberValue?.intValue == record["tileSize"]?["declared"]?.numberValue?.intValue)
            let layer = try #require(layers.first { $0["id"]?.stringValue == record["styleLayerId"]?.stringValue })
            let unified = record["visibleZoom"]?["unified"]?.arrayValue
            let expected = (unified?.first?.numberValue?.doubleValue).map { $0 - 1 }.flatMap { $0 >= 0 ? $0 : nil }
            #expect(layer["minzoom"]?.numberValue?.doubleValue == expected)
        }
        #expect(style["sources"]?["mc-base-raster"]?["tileSize"]?.numberValue?.intValue == 256)
        #expect(style["center"] == nil && style["zoom"] == nil)
        let hillshade = try #require(layers.first { $0["id"]?.stringValue == "mc-raster-layer-gsi-hillshade" })
        #expect(
            hillshade["minzoom"]?.numberValue?.doubleValue == 7 && hillshade["maxzoom"]?.numberValue?.doubleValue == 17)
    }

    @Test func withoutAKeyOnlyTheBackgroundAndTheDeclaredLayersRemain() throws {
        let (style, _, notes) = try preview(key: nil)
        let ids = (style["layers"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(ids.first == "background")
        #expect(ids.dropFirst().allSatisfy { $0.hasPrefix("mc-raster-layer-") }, "\(ids)")
        #expect(style["sources"]?["vectorTiles"] == nil && style["sources"]?["mc-base-raster"] == nil)
        #expect(!String(decoding: JSONWriter().bytes(style), as: UTF8.self).contains(PreviewSite.keyStandIn))
        #expect(notes.contains { $0.contains("needs an API key") })
    }

    @Test func theLocalTileServerRouteIsServedByThePreview() throws {
        let (style, _, _) = try preview(key: nil)
        let tiles = style["sources"]?["mc-raster-src-population-heatmap"]?["tiles"]?[0]?.stringValue
        #expect(tiles == "http://127.0.0.1:9/tiles/heatmap/512/v1/{z}/{x}/{y}.png")
    }
}

/// Bounds across the antimeridian (west > east) in the preview: GL JS reads one such box as empty, so the compiled
/// style has the source twice, one part on each side of 180°, and the page draws both, exactly inside the box;
/// the debug tiles end at it, and the page starts at its real middle.
@Suite struct AntimeridianPreviewTests {
    @Test func crossingBoundsDrawInThePreview() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A base without a camera of its own: the page starts at the first declared bounds.
        try Data(#"{"version": 8, "sources": {}, "layers": [{"id": "background", "type": "background"}]}"#.utf8).write(
            to: folder.appendingPathComponent("base.json"))
        try Data(
            """
            version: 1
            base: base.json
            sources:
              - id: pacific
                localTileServer: { route: pacific }
                bounds: [170, -20, -170, 20]

            """.utf8
        ).write(to: folder.appendingPathComponent("mc-style.yaml"))
        let build = PreviewBuilder(
            job: CompileJob(declarationsPath: folder.appendingPathComponent("mc-style.yaml").path)
        )
        .build(version: 1, previous: nil)
        #expect(build.succeeded)
        let compiled = try #require(build.variants["default"])
        var settings = RuntimeSettings(platform: .android, apiKey: "k", localTileServer: "http://127.0.0.1:9")
        settings.cacheKeys["pacific"] = "v1"
        let preview = try PreviewStyle(
            resolved: try compiled.resolve(settings).style, manifest: build.manifest, hasAPIKey: true)
        let style = try JSONParser().parse(SourceFiles().add(name: "p.json", bytes: preview.bytes)).root
        func bounds(_ id: String) -> [Double]? {
            style["sources"]?[id]?["bounds"]?.arrayValue?.compactMap { $0.numberValue?.doubleValue }
        }
        #expect(bounds("mc-raster-src-pacific") == [170, -20, 180, 20])
        #expect(bounds("mc-raster-src-pacific+east") == [-180, -20, -170, 20])
        let layers = (style["layers"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(layers.suffix(2) == ["mc-raster-layer-pacific", "mc-raster-layer-pacific+east"])
        #expect(
            style["sources"]?["mc-raster-src-pacific+east"]?["tiles"]
                == style["sources"]?["mc-raster-src-pacific"]?["tiles"])
        let camera = try #require(build.camera)
        #expect(abs(abs(camera.center[0]) - 180) < 1e-9 && camera.center[1] == 0, "\(camera.center)")
        // The debug tile at the antimeridian is drawn (x = 0 and x = 2^z - 1 at z 3 both touch it).
        for x in [0, 7] {
            let png = DebugTile.png(
                route: "pacific", size: 64, z: 3, x: x, y: 3,
                bounds: try GeoBounds(west: 170, south: -20, east: -170, north: 20))
            #expect(png.count > 100)
        }
    }
}

/// Where the preview opens: the project's first view, else its sources' bounds; the base's own camera (Tokyo
/// in the demo base) only when the project says nothing.
@Suite struct PreviewCameraTests {
    @Test func thePageOpensAtTheFirstViewThenTheBoundsThenTheBase() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: SharedData.repositoryFile("styles/tomtom-demo-base.json"),
            to: folder.appendingPathComponent("base.json"))
        let path = folder.appendingPathComponent("mc-style.yaml")
        func camera(_ extra: String) throws -> (center: [Double], zoom: Double) {
            try Data(
                """
                version: 1
                base: base.json
                sources:
                  - id: paris
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                \(extra)
                """.utf8
            ).write(to: path)
            let build = PreviewBuilder(job: CompileJob(declarationsPath: path.path)).build(version: 1, previous: nil)
            #expect(build.succeeded)
            return try #require(build.camera)
        }
        let viewed = try camera(
            "    bounds: [2.2, 48.8, 2.5, 48.9]\nviews:\n  - {name: paris, center: [2.35, 48.85], zoom: 12}")
        #expect(viewed.center == [2.35, 48.85] && viewed.zoom == 11, "unified 12 is MapLibre's 11")
        let bounded = try camera("    bounds: [2.2, 48.8, 2.5, 48.9]")
        #expect(abs(bounded.center[0] - 2.35) < 1e-9 && bounded.zoom == 8, "\(bounded)")
        let base = try camera("")
        #expect(abs(base.center[0] - 139.7) < 1, "the demo base's own camera is Tokyo: \(base)")
    }
}
