import Foundation
import LocatedJSON
import StyleRuntime
import TestSupport
import Testing

@testable import StyleCompiler

/// A vector style on the TomTom map (issue: vector styles on TomTom): declared as `vectorStyle`, checked at its own
/// lines as MapConductor's rasteriser will draw it, composed as two raster layers, bundled, and mounted at run time.
@Suite struct VectorStyleTests {
    static let demo = Fixtures.folder("demo/mc-style.yaml").path
    static let colorful = Fixtures.folder("demo/vector/versatiles-colorful.json")

    /// A small clean vector style; `{DEFECT}` places are filled per case.
    static let style = """
        {
          "version": 8,
          {GLYPHS}"sources": {
            "streets": {"type": "vector", "tiles": [{TILES}], "attribution": "© Example"}{SOURCES}
          },{ROOT}
          "layers": [
            {"id": "land", "type": "background", "paint": {"background-color": "#f8f4f0"}},
            {"id": "roads", "type": {TYPE}, "source": {SOURCE}, "source-layer": "roads", "paint": {"line-width": {WIDTH}}},
            {"id": "places", "type": "symbol", "source": "streets", "source-layer": "places",
             "layout": {"text-field": {TEXT}, "text-font": ["Noto Sans Regular"]}}{LAYERS}
          ]
        }
        """

    /// The clean style with `changes` made (each a `{NAME}` and what replaces it; a `⟦` marks the finding's place).
    static func style(_ changes: [String: String] = [:]) -> String {
        let clean = [
            "GLYPHS": #""glyphs": "https://fonts.example.com/{fontstack}/{range}.pbf",\#n  "#,
            "TILES": #""https://tiles.example.com/{z}/{x}/{y}.pbf""#, "SOURCES": "", "ROOT": "",
            "TYPE": #""line""#, "SOURCE": #""streets""#, "WIDTH": "2", "TEXT": #"["get", "name"]"#, "LAYERS": "",
        ]
        return clean.merging(changes) { _, new in new }.reduce(Self.style) { text, change in
            text.replacingOccurrences(of: "{\(change.key)}", with: change.value)
        }
    }

    /// A project folder (a git root) with `declarations` and its vector style `style`, beside the demo's base.
    static func project(_ declarations: String, style: String) throws -> URL {
        let folder = try makeTemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("project/vector"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: SharedData.repositoryFile("styles/tomtom-demo-base.json"),
            to: folder.appendingPathComponent("project/base.json"))
        try Data(style.utf8).write(to: folder.appendingPathComponent("project/vector/style.json"))
        try Data(declarations.utf8).write(to: folder.appendingPathComponent("project/mc-style.yaml"))
        return folder
    }

    static let declarations = """
        version: 1
        base: base.json
        sources:
          - id: streets
            vectorStyle: {style: vector/style.json, route: streets}
        """

    /// Errors and warnings of `validate` on the project's declarations, as (rule, file name, line, column).
    static func findings(in folder: URL) throws -> [(rule: String, file: String, line: Int, column: Int)] {
        let run = runTool([
            "validate", folder.appendingPathComponent("project/mc-style.yaml").path, "--format", "json",
        ])
        let root = try JSONParser().parse(bytes: Array(run.output.utf8), name: "out").root
        return (root["diagnostics"]?.arrayValue ?? []).filter { $0["severity"]?.stringValue != "note" }.map {
            (
                $0["rule"]?.stringValue ?? "", ($0["file"]?.stringValue ?? "").components(separatedBy: "/").last ?? "",
                $0["line"]?.numberValue?.intValue ?? 0, $0["column"]?.numberValue?.intValue ?? 0
            )
        }
    }

    @Test(arguments: [
        ("a spec error", "style.enum", ["TYPE": #"⟦"lin""#]),
        ("an expression type error", "style.expression", ["WIDTH": #"["+", ⟦"a", 1]"#]),
        ("text without glyphs", "vectortile.glyphs", ["GLYPHS": "", "TEXT": #"⟦["get", "name"]"#]),
        (
            "a TileJSON url", "vectortile.tilejson-url",
            [
                "SOURCES": #",\#n    "more": {"type": "vector", "url": ⟦"https://tiles.example.com/tiles.json"}"#,
                "LAYERS": #",\#n    {"id": "rail", "type": "line", "source": "more", "source-layer": "rail"}"#,
            ]
        ),
        (
            "Mapbox imports", "vectortile.imports",
            ["ROOT": #"\#n  "imports": ⟦[{"id": "x", "url": "mapbox://styles/x"}],"#]
        ),
        ("an undefined source", "style.layer.unknown-source", ["SOURCE": #"⟦"nowhere""#]),
        (
            "a hillshade layer", "compat.layer-type",
            [
                "SOURCES":
                    #",\#n    "dem": {"type": "raster-dem", "tiles": ["https://dem.example.com/{z}/{x}/{y}.png"]}"#,
                "LAYERS": #",\#n    {"id": "shade", "type": ⟦"hillshade", "source": "dem"}"#,
            ]
        ),
        (
            "a key in a tile URL", "secret.literal-key",
            ["TILES": #"⟦"https://tiles.example.com/{z}/{x}/{y}.pbf?key=AbCdEf0123456789xyzQ""#]
        ),
    ])
    func eachDefectOfTheStyleIsOneFindingAtItsOwnPlace(_ what: String, rule: String, changes: [String: String]) throws {
        let (text, positions) = markedPositions(Self.style(changes))
        let folder = try Self.project(Self.declarations, style: text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let found = try Self.findings(in: folder)
        #expect(found.count == 1, "\(what): \(found)")
        let place = try #require(positions.first)
        #expect(
            found.first.map { [$0.rule, $0.file, "\($0.line):\($0.column)"] }
                == [rule, "style.json", "\(place.line):\(place.column)"], "\(what): \(found)")
    }

    @Test(arguments: [
        (
            "a tile size of 768", "sources.vector-tile-size",
            "{style: vector/style.json, route: streets, tileSize: ⟦768}"
        ),
        ("a style outside the project", "decl.path-escape", "{style: ⟦../../outside.json, route: streets}"),
        ("a missing file", "io.read", "{style: ⟦vector/missing.json, route: streets}"),
        ("a non-https URL", "sources.vector-style-url", "{style: ⟦http://styles.example.com/s.json, route: streets}"),
    ])
    func eachDefectOfTheDeclarationIsOneFindingAtTheDeclaration(_ what: String, rule: String, vectorStyle: String)
        throws
    {
        let declarations = Self.declarations.replacingOccurrences(
            of: "{style: vector/style.json, route: streets}", with: vectorStyle)
        let (text, positions) = markedPositions(declarations)
        let folder = try Self.project(text, style: Self.style())
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("outside.json"))
        let found = try Self.findings(in: folder)
        let place = try #require(positions.first)
        #expect(
            found.map { [$0.rule, $0.file, "\($0.line):\($0.column)"] }
                == [[rule, "mc-style.yaml", "\(place.line):\(place.column)"]], "\(what): \(found)")
    }

    @Test func aCleanStyleAndTheRealOneGiveNoFinding() throws {
        let folder = try Self.project(Self.declarations, style: Self.style())
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.findings(in: folder).isEmpty)
        let real = try Self.project(
            Self.declarations, style: try String(contentsOf: Self.colorful, encoding: .utf8))
        defer { try? FileManager.default.removeItem(at: real) }
        #expect(try Self.findings(in: real).isEmpty)
    }

    /// `diff` of two compiled folders compares the bundled vector styles too: a change inside the team's own map
    /// shows, though the composed style (two rasters) is the same.
    @Test func diffComparesTheBundledVectorStyles() throws {
        let before = try Self.project(Self.declarations, style: Self.style())
        let after = try Self.project(Self.declarations, style: Self.style(["WIDTH": "5"]))
        defer { for folder in [before, after] { try? FileManager.default.removeItem(at: folder) } }
        let (old, new) = (before.appendingPathComponent("out").path, after.appendingPathComponent("out").path)
        for (folder, out) in [(before, old), (after, new)] {
            let declarations = folder.appendingPathComponent("project/mc-style.yaml").path
            #expect(runTool(["compile", declarations, "--out", out, "--quiet"]).status == 0)
        }
        let run = runTool(["diff", old, new])
        #expect(run.status == 1)
        #expect(run.output.contains("\(old)/style.json and \(new)/style.json are the same style"), "\(run.output)")
        #expect(
            run.output.contains(
                "--- \(old)/vector-styles/streets.json\n+++ \(new)/vector-styles/streets.json\n~ layer roads paint.line-width: 2 -> 5\n"
            ), "\(run.output)")
        let json = try JSONParser().parse(
            bytes: Array(runTool(["diff", old, new, "--format", "json"]).output.utf8), name: "d"
        )
        .root
        #expect(json["vectorStyles"]?[0]?["vectorStyle"]?.stringValue == "streets")
        #expect(json["summary"]?["vectorStylesChanged"]?.numberValue?.intValue == 1)
        #expect(json["summary"]?["variantsChanged"]?.numberValue?.intValue == 0)
    }

    /// `cost` counts what the phone fetches for a vector style: its own tiles at the rasteriser's tile size, not
    /// the two rasters LocalTileServer serves on the device.
    @Test func costCountsTheVectorStylesTilesAtTheRasterisersSize() throws {
        var tiles: [Int: Int] = [:]
        for size in [512, 1024] {
            let declarations = Self.declarations.replacingOccurrences(
                of: "route: streets}", with: "route: streets, tileSize: \(size)}")
            let folder = try Self.project(declarations, style: Self.style())
            defer { try? FileManager.default.removeItem(at: folder) }
            let run = runTool([
                "cost", folder.appendingPathComponent("project/mc-style.yaml").path, "--view", "35.7,139.7,10,800x600",
                "--format", "json",
            ])
            #expect(run.status == 0, "\(run.error)")
            let sources =
                try JSONParser().parse(bytes: Array(run.output.utf8), name: "cost").root["views"]?[0]?["sources"]?
                .arrayValue ?? []
            let ids = sources.compactMap { $0["id"]?.stringValue }
            #expect(!ids.contains { $0.hasPrefix("mc-raster-src-streets") }, "\(ids)")
            let vector = try #require(sources.first { $0["id"]?.stringValue == "mc-vector-streets-streets" })
            #expect(vector["tileSize"]?.numberValue?.intValue == size && vector["status"]?.stringValue == "shown")
            tiles[size] = vector["tiles"]?.numberValue?.intValue
        }
        #expect((tiles[1024] ?? 0) > 0 && (tiles[1024] ?? 0) < (tiles[512] ?? 0), "\(tiles)")
    }

    /// The demo's vector style: exactly two rasters with the documented ids, URLs, cache keys, sizes and order; the
    /// bundled style and its SHA-256 in the manifest; both URLs resolved at run time; the same bytes on a second run.
    @Test func theDemoComposesTwoRastersBundlesTheStyleAndMountsThem() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (first, second) = (folder.appendingPathComponent("a"), folder.appendingPathComponent("b"))
        #expect(runTool(["compile", Self.demo, "--out", first.path, "--quiet"]).status == 0)
        #expect(runTool(["compile", Self.demo, "--out", second.path, "--quiet"]).status == 0)
        let names = try FileManager.default.subpathsOfDirectory(atPath: first.path).sorted()
        #expect(names == (try FileManager.default.subpathsOfDirectory(atPath: second.path).sorted()))
        for name in names where !name.hasSuffix("tilejson") && !name.hasSuffix("vector-styles") {
            #expect(
                FileManager.default.contents(atPath: first.appendingPathComponent(name).path)
                    == FileManager.default.contents(atPath: second.appendingPathComponent(name).path), "\(name)")
        }
        let style = try JSONParser().parse(
            bytes: Array(try Data(contentsOf: first.appendingPathComponent("style.json"))), name: "style.json"
        ).root
        let rasters = (style["sources"]?.objectValue?.members ?? []).filter { $0.key.contains("company-map") }
        #expect(rasters.map(\.key) == ["mc-raster-src-company-map-ground", "mc-raster-src-company-map-labels"])
        #expect(
            rasters.map { $0.value["tiles"]?[0]?.stringValue } == [
                "{localTileServer}/tiles/{route:company-map-ground}/512/static/{z}/{x}/{y}.png",
                "{localTileServer}/tiles/{route:company-map-labels}/512/{cacheKey:company-map-labels}/{z}/{x}/{y}.png",
            ])
        for raster in rasters {
            #expect(raster.value["type"]?.stringValue == "raster")
            #expect(raster.value["tileSize"]?.numberValue?.intValue == 256, "512 rasterised, halved on tomtom")
            #expect(raster.value["maxzoom"]?.numberValue?.intValue == 22)
            #expect(raster.value["attribution"]?.stringValue?.contains("OpenStreetMap") == true)
        }
        let layerIDs = (style["layers"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        let ground = try #require(layerIDs.firstIndex(of: "mc-raster-layer-company-map-ground"))
        #expect(layerIDs[ground + 1] == "mc-raster-layer-company-map-labels", "labels directly above the ground")
        let manifest = try JSONParser().parse(
            bytes: Array(try Data(contentsOf: first.appendingPathComponent("manifest.json"))), name: "manifest.json"
        ).root
        let vector = try #require(manifest["vectorStyles"]?[0])
        let bytes = Array(try Data(contentsOf: Self.colorful))
        #expect(vector["style"]?["sha256"]?.stringValue == SHA256.hex(bytes))
        let bundled = try #require(vector["style"]?["path"]?.stringValue)
        #expect(Array(try Data(contentsOf: first.appendingPathComponent(bundled))) == bytes)
        #expect(vector["labels"]?["cacheKeyProtocol"]?.stringValue == "glyphGeneration")
        #expect(
            manifest["sources"]?.arrayValue?.filter { $0["vectorStyle"] != nil }.map { $0["zIndex"]?.numberValue }
                == [JSONNumber(5), JSONNumber(5)])

        let compiled = try CompiledStyle(folder: first.path)
        let settings = RuntimeSettings(
            platform: .ios, apiKey: "k", localTileServer: "http://127.0.0.1:50123", routeIDs: ["heatmap": "h"],
            cacheKeys: ["heatmap": "v1"])
        let mount = try compiled.mountVectorStyle("company-map", glyphGeneration: 3, settings: settings)
        #expect(mount.ground.tiles == "http://127.0.0.1:50123/tiles/company-map-ground/512/static/{z}/{x}/{y}.png")
        #expect(mount.labels.tiles == "http://127.0.0.1:50123/tiles/company-map-labels/512/g3/{z}/{x}/{y}.png")
        #expect(mount.labels.cacheKey == "g3" && mount.nextLabelsCacheKey == "g4")
        #expect(mount.record.style?.path == bundled)
        let resolved = String(decoding: try compiled.resolve(mount.settings).style, as: UTF8.self)
        #expect(resolved.contains(mount.labels.tiles) && resolved.contains(mount.ground.tiles))
        #expect(throws: RuntimeError.self) { try compiled.mountVectorStyle("gsi-hillshade", settings: settings) }
    }
}
