import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// `--vector-layers SOURCE=TILEJSON`: source-layers and `get` keys checked against what the tiles hold.
@Suite struct AssetCheckTests {
    static let tileJSON = Fixtures.folder("assets/small.tilejson.json").path

    @Test func unknownSourceLayersAndFieldsAreFoundWhereTheyAre() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = folder.appendingPathComponent("style.json")
        try Data(
            """
            {"version": 8, "sources": {"v": {"type": "vector", "tiles": ["https://tiles.example.com/{z}/{x}/{y}.pbf"]}},
             "glyphs": "https://g.example.com/{fontstack}/{range}.pbf",
             "layers": [
              {"id": "w", "type": "fill", "source": "v", "source-layer": "watr"},
              {"id": "p", "type": "symbol", "source": "v", "source-layer": "place", "filter": ["==", ["get", "clas"], "city"],
               "layout": {"text-field": ["coalesce", ["get", "name:en"], ["get", "name"]]}}
             ]}
            """.utf8
        ).write(to: style)
        let run = runTool(["validate", style.path, "--target", "maplibre", "--vector-layers", "v=\(Self.tileJSON)"])
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "style.json:4:62: error: source-layer 'watr' is not a layer of source 'v' (its TileJSON lists 2); the layer draws nothing; did you mean 'water'? [assets.source-layer]"
            ))
        #expect(
            run.output.contains(
                "style.json:5:98: warning: ['get', 'clas'] reads a field that source-layer 'place' does not have; it is always null; did you mean 'class'? [assets.field]"
            ))
        #expect(!run.output.contains("name:en"), "name:<language> counts as a field where the layer has name")
        #expect(run.output.hasSuffix("1 error, 1 warning\n"))
        let without = runTool(["validate", style.path, "--target", "maplibre"])
        #expect(without.status == 0, "no assets given, nothing to check against")
    }

    @Test func aTileJSONWithoutVectorLayersIsAnError() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try Data("{\"tilejson\": \"3.0.0\"}".utf8).write(to: bad)
        let run = runTool([
            "validate", Fixtures.folder("demo/mc-style.yaml").path, "--vector-layers", "vectorTiles=\(bad.path)",
        ])
        #expect(run.status == 1)
        #expect(run.output.contains("bad.json:1:1: error: the TileJSON has no 'vector_layers' array"))
        #expect(
            runTool(["validate", Fixtures.folder("demo/mc-style.yaml").path, "--vector-layers", "nothing"]).status == 2)
        // compile checks the same and writes nothing when the tiles lack the base style's source-layers.
        let out = folder.appendingPathComponent("out")
        let compile = runTool([
            "compile", Fixtures.folder("demo/mc-style.yaml").path, "--out", out.path, "--vector-layers",
            "vectorTiles=\(Self.tileJSON)",
        ])
        #expect(compile.status == 1 && compile.error.contains("[assets.source-layer]"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// `assets:` in the declarations names the same things, relative to the file; an unreadable one is an
    /// error at its path in the YAML, and the command line's assets win over the section's.
    @Test func theDeclarationsAssetsSectionIsReadRelativeToTheFile() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: Self.tileJSON, toPath: folder.appendingPathComponent("tiles.json").path)
        let base = SharedData.repositoryFile("styles/tomtom-demo-base.json").path
        let declarations = folder.appendingPathComponent("mc-style.yaml")
        func write(sprite: String) throws {
            try Data(
                """
                version: 1
                base: \(base)
                sources:
                  - id: osm
                    urlTemplate: https://tile.example.com/{z}/{x}/{y}.png
                assets:
                  vectorLayers: {vectorTiles: tiles.json}
                  sprite: \(sprite)
                """.utf8
            ).write(to: declarations)
        }
        try write(sprite: "sprites/missing")
        let missing = runTool(["validate", declarations.path])
        #expect(missing.status == 1)
        #expect(
            missing.output.contains("mc-style.yaml:8:11: error: assets.sprite 'sprites/missing': "), "\(missing.output)"
        )
        try write(sprite: Fixtures.folder("assets/sprite").path)
        let run = runTool(["validate", declarations.path, "--format", "json"])
        #expect(run.status == 1)
        #expect(
            run.output.contains("source-layer 'National park' is not a layer of source 'vectorTiles'"),
            "\(run.output.prefix(600))")
        // Every source-layer of the demo base in a TileJSON given on the command line: it wins, nothing is found.
        let style = try String(contentsOfFile: base, encoding: .utf8)
        let names = Set(style.matches(of: /"source-layer": "([^"]+)"/).map { String($0.output.1) }).sorted()
        let full = folder.appendingPathComponent("full.json")
        let layers = names.map { "{\"id\": \"\($0)\", \"fields\": {}}" }.joined(separator: ", ")
        try Data("{\"tilejson\": \"3.0.0\", \"tiles\": [], \"vector_layers\": [\(layers)]}".utf8).write(to: full)
        let overridden = runTool(["validate", declarations.path, "--vector-layers", "vectorTiles=\(full.path)"])
        #expect(!overridden.output.contains("[assets.source-layer]"), "\(overridden.output.prefix(600))")
    }

    /// The real styles and schema: OpenMapTiles styles against the OpenMapTiles 3.16 TileJSON find nothing,
    /// and one misspelt source-layer is one finding with its suggestion.
    @Test(
        .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)),
        arguments: [
            "omt-positron", "omt-osm-bright", "omt-dark-matter", "omt-maptiler-toner", "ofm-liberty", "ofm-bright",
        ])
    func realStylesMatchTheirTiles(name: String) throws {
        let root = try #require(SharedData.root)
        let style = root.appendingPathComponent("corpus/styles/\(name).json").path
        let tiles = root.appendingPathComponent("corpus/assets/openmaptiles-3.16.tilejson.json").path
        let run = runTool([
            "validate", style, "--target", "maplibre", "--vector-layers", "openmaptiles=\(tiles)", "--format", "json",
        ])
        #expect(!run.output.contains("\"assets."), "\(name): \(run.output.prefix(400))")
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mutated = folder.appendingPathComponent("\(name).json")
        let text = try String(contentsOfFile: style, encoding: .utf8)
        try Data(text.replacing("\"source-layer\": \"water\"", with: "\"source-layer\": \"watr\"").utf8).write(
            to: mutated)
        let one = runTool([
            "validate", mutated.path, "--target", "maplibre", "--vector-layers", "openmaptiles=\(tiles)",
        ])
        let findings = one.output.split(separator: "\n").filter { $0.contains("[assets.") }
        #expect(
            !findings.isEmpty
                && findings.allSatisfy { $0.contains("source-layer 'watr'") && $0.contains("did you mean 'water'?") },
            "\(name)")
    }
}

/// `--sprite PATH`: image names against the sprite index.
@Suite struct SpriteCheckTests {
    static let sprite = Fixtures.folder("assets/sprite").path

    @Test func imageNamesAreCheckedWhereverTheyAreLiteral() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = folder.appendingPathComponent("style.json")
        try Data(
            """
            {"version": 8, "sources": {"v": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
             "glyphs": "https://g.example.com/{fontstack}/{range}.pbf",
             "layers": [
              {"id": "a", "type": "symbol", "source": "v", "layout": {"icon-image": "airport_1"}},
              {"id": "b", "type": "symbol", "source": "v", "layout": {"icon-image": ["step", ["zoom"], "dots", 10, "", 12, "dot"]}},
              {"id": "c", "type": "symbol", "source": "v", "layout": {"icon-image": ["concat", "rail_", ["get", "n"]]}},
              {"id": "d", "type": "symbol", "source": "v", "layout": {"icon-image": ["concat", "road_", ["get", "n"]], "text-field": ["format", ["image", "star"]]}},
              {"id": "e", "type": "fill", "source": "v", "paint": {"fill-pattern": {"stops": [[1, "dots"], [5, "stripes"]]}}},
              {"id": "f", "type": "symbol", "source": "v", "layout": {"icon-image": ["match", ["get", "k"], "x", "airport_11", ["get", "k"]]}}
             ]}
            """.utf8
        ).write(to: style)
        let run = runTool(["validate", style.path, "--target", "maplibre", "--sprite", Self.sprite])
        let findings = run.output.split(separator: "\n").filter { $0.contains("[assets.sprite-image]") }.map {
            String($0.dropFirst(style.path.count + 1))
        }
        #expect(
            findings == [
                "4:73: error: image 'airport_1' is not in the sprite (3 images); it draws nothing; did you mean 'airport_11'? [assets.sprite-image]",
                "5:112: error: image 'dot' is not in the sprite (3 images); it draws nothing; did you mean 'dots'? [assets.sprite-image]",
                "6:73: error: no image in the sprite starts with 'rail_', the fixed part of this image name; it draws nothing [assets.sprite-image]",
                "7:143: error: image 'star' is not in the sprite (3 images); it draws nothing [assets.sprite-image]",
                "8:100: error: image 'stripes' is not in the sprite (3 images); it draws nothing [assets.sprite-image]",
            ], "\(run.output)")
    }

    @Test func theTwoDensitiesMustNameTheSameImages() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"a\": {}, \"b\": {}}".utf8).write(to: folder.appendingPathComponent("s.json"))
        try Data("{\"a\": {}}".utf8).write(to: folder.appendingPathComponent("s@2x.json"))
        let run = runTool(["validate", Fixtures.folder("demo/mc-style.yaml").path, "--sprite", folder.path])
        #expect(run.status == 1)
        #expect(run.output.contains("s@2x.json:1:1: error: the sprite index lacks 'b', which"))
    }

    @Test(
        .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)),
        arguments: ["ofm-liberty", "ofm-bright"])
    func realStylesMatchTheirSprite(name: String) throws {
        let root = try #require(SharedData.root)
        let style = root.appendingPathComponent("corpus/styles/\(name).json").path
        let sprite = root.appendingPathComponent("corpus/assets/ofm_f384").path
        let clean = runTool(["validate", style, "--target", "maplibre", "--sprite", sprite])
        #expect(!clean.output.contains("[assets."), "\(name)")
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mutated = folder.appendingPathComponent("\(name).json")
        try Data(
            try String(contentsOfFile: style, encoding: .utf8).replacing("\"airport_11\"", with: "\"airport_1\"").utf8
        ).write(to: mutated)
        let one = runTool(["validate", mutated.path, "--target", "maplibre", "--sprite", sprite])
        let findings = one.output.split(separator: "\n").filter { $0.contains("[assets.") }
        #expect(
            findings.count == 1 && findings[0].contains("image 'airport_1' is not in the sprite")
                && findings[0].contains("did you mean 'airport_11'?"), "\(findings)")
    }
}

/// `--fonts PATH`: text-font stacks against the glyph server's fonts, and glyph ranges where they are known.
@Suite struct FontCheckTests {
    static let style = """
        {"version": 8, "sources": {"v": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
         "glyphs": "https://g.example.com/{fontstack}/{range}.pbf",
         "layers": [
          {"id": "a", "type": "symbol", "source": "v", "layout": {"text-field": "Łódź", "text-font": ["Noto Sans Regular"]}},
          {"id": "b", "type": "symbol", "source": "v", "layout": {"text-field": "x", "text-font": ["step", ["zoom"], ["literal", ["Noto Sans Bold"]], 8, ["literal", ["Noto Sans Italic"]]]}},
          {"id": "c", "type": "symbol", "source": "v", "layout": {"text-field": "東京", "text-font": ["Noto Sans Bold"]}}
         ]}
        """

    func run(fonts: String) throws -> [String] {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = folder.appendingPathComponent("style.json")
        try Data(Self.style.utf8).write(to: style)
        let run = runTool(["validate", style.path, "--target", "maplibre", "--fonts", fonts])
        return run.output.split(separator: "\n").filter { $0.contains("[assets.") }.map {
            String($0.dropFirst(style.path.count + 1))
        }
    }

    @Test func fontsFromAListAreChecked() throws {
        #expect(
            try run(fonts: Fixtures.folder("assets/fonts.json").path) == [
                "5:159: error: font 'Noto Sans Italic' is not on the glyph server (2 fonts): labels in this stack may not draw; did you mean 'Noto Sans Bold'? [assets.font]"
            ])
    }

    @Test func aGlyphsFolderAlsoTellsTheRanges() throws {
        // Łódź needs 0-255 and 256-511 (Regular has both); 東 (U+6771) and 京 (U+4EAC) need 26368-26623 and
        // 19968-20223, which Bold lacks.
        #expect(
            try run(fonts: Fixtures.folder("assets/glyphs").path) == [
                "5:159: error: font 'Noto Sans Italic' is not on the glyph server (2 fonts): labels in this stack may not draw; did you mean 'Noto Sans Bold'? [assets.font]",
                "6:73: warning: no font of [Noto Sans Bold] has the glyph range 19968-20223 that '東京' needs [assets.glyph-range]",
                "6:73: warning: no font of [Noto Sans Bold] has the glyph range 26368-26623 that '東京' needs [assets.glyph-range]",
            ])
    }

    @Test func aFontListMustBeAnArrayOfNames() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("fonts.json")
        try Data("{\"fonts\": []}".utf8).write(to: bad)
        let run = runTool(["validate", Fixtures.folder("demo/mc-style.yaml").path, "--fonts", bad.path])
        #expect(
            run.status == 1
                && run.output.contains(
                    "fonts.json:1:1: error: a font list is a JSON array of font names [assets.fonts]")
        )
    }
}
