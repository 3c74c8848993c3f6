import Foundation
import Testing
import TestSupport
@testable import MCStyleCLI

/// `--vector-layers SOURCE=TILEJSON`: source-layers and `get` keys checked against what the tiles hold.
@Suite struct AssetCheckTests {
    static let tileJSON = Fixtures.folder("assets/small.tilejson.json").path

    @Test func unknownSourceLayersAndFieldsAreFoundWhereTheyAre() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = folder.appendingPathComponent("style.json")
        try Data("""
        {"version": 8, "sources": {"v": {"type": "vector", "tiles": ["https://tiles.example.com/{z}/{x}/{y}.pbf"]}},
         "glyphs": "https://g.example.com/{fontstack}/{range}.pbf",
         "layers": [
          {"id": "w", "type": "fill", "source": "v", "source-layer": "watr"},
          {"id": "p", "type": "symbol", "source": "v", "source-layer": "place", "filter": ["==", ["get", "clas"], "city"],
           "layout": {"text-field": ["coalesce", ["get", "name:en"], ["get", "name"]]}}
         ]}
        """.utf8).write(to: style)
        let run = runTool(["validate", style.path, "--target", "maplibre", "--vector-layers", "v=\(Self.tileJSON)"])
        #expect(run.status == 1)
        #expect(run.output.contains("style.json:4:62: error: source-layer 'watr' is not a layer of source 'v' (its TileJSON lists 2); the layer draws nothing; did you mean 'water'? [assets.source-layer]"))
        #expect(run.output.contains("style.json:5:98: warning: ['get', 'clas'] reads a field that source-layer 'place' does not have; it is always null; did you mean 'class'? [assets.field]"))
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
        let run = runTool(["validate", Fixtures.folder("demo/mc-style.yaml").path, "--vector-layers", "vectorTiles=\(bad.path)"])
        #expect(run.status == 1)
        #expect(run.output.contains("bad.json:1:1: error: the TileJSON has no 'vector_layers' array"))
        #expect(runTool(["validate", Fixtures.folder("demo/mc-style.yaml").path, "--vector-layers", "nothing"]).status == 2)
        // compile checks the same and writes nothing when the tiles lack the base style's source-layers.
        let out = folder.appendingPathComponent("out")
        let compile = runTool(["compile", Fixtures.folder("demo/mc-style.yaml").path, "--out", out.path, "--vector-layers", "vectorTiles=\(Self.tileJSON)"])
        #expect(compile.status == 1 && compile.error.contains("[assets.source-layer]"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// The real styles and schema: OpenMapTiles styles against the OpenMapTiles 3.16 TileJSON find nothing,
    /// and one misspelt source-layer is one finding with its suggestion.
    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)),
          arguments: ["omt-positron", "omt-osm-bright", "omt-dark-matter", "omt-maptiler-toner", "ofm-liberty", "ofm-bright"])
    func realStylesMatchTheirTiles(name: String) throws {
        let root = try #require(SharedData.root)
        let style = root.appendingPathComponent("corpus/styles/\(name).json").path
        let tiles = root.appendingPathComponent("corpus/assets/openmaptiles-3.16.tilejson.json").path
        let run = runTool(["validate", style, "--target", "maplibre", "--vector-layers", "openmaptiles=\(tiles)", "--format", "json"])
        #expect(!run.output.contains("\"assets."), "\(name): \(run.output.prefix(400))")
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mutated = folder.appendingPathComponent("\(name).json")
        let text = try String(contentsOfFile: style, encoding: .utf8)
        try Data(text.replacing("\"source-layer\": \"water\"", with: "\"source-layer\": \"watr\"").utf8).write(to: mutated)
        let one = runTool(["validate", mutated.path, "--target", "maplibre", "--vector-layers", "openmaptiles=\(tiles)"])
        let findings = one.output.split(separator: "\n").filter { $0.contains("[assets.") }
        #expect(!findings.isEmpty && findings.allSatisfy { $0.contains("source-layer 'watr'") && $0.contains("did you mean 'water'?") }, "\(name)")
    }
}
