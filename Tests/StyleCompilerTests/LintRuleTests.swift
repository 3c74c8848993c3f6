import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleCompiler

/// The lint rules (layers that can never draw, covered layers, duplicates, unused sources): each finding at the
/// layer's id (marked `⟦`), with the cause as the related place (marked `⟧`).
@Suite struct LintRuleTests {
    static let sources =
        #""sources": {"v": {"type": "vector", "url": "https://t.example.com/v.json"}, "sat": {"type": "raster", "tiles": ["https://t.example.com/{z}/{x}/{y}.jpg"]}}"#

    /// The findings of `rule` in a style whose layers are `layers`, and the marks: `⟦` where findings are,
    /// `⟧` where their related places are.
    private func check(
        _ layers: String, rule: Rule, sources: String = LintRuleTests.sources,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> [Diagnostic] {
        let marked = "{\"version\": 8, \(sources),\n \"layers\": [\n\(layers)\n]}"
        let (withCauses, findingMarks) = markedPositions(marked.replacing("⟧", with: ""))
        let (text, causeMarks) = markedPositions(marked.replacing("⟦", with: "").replacing("⟧", with: "⟦"))
        #expect(withCauses == text)
        let document = try JSONParser().parse(text, name: "style.json")
        let all = StyleValidator(target: .maplibre).validate(document.root, in: document)
        let found = all.filter { $0.rule == rule.id }
        #expect(
            found.map(\.position) == findingMarks.map { SourcePosition(line: $0.line, column: $0.column) },
            "\(all.map { "\($0.rule): \($0.message)" })",
            sourceLocation: sourceLocation)
        #expect(
            found.flatMap { $0.related.map(\.location.position) }
                == causeMarks.map { SourcePosition(line: $0.line, column: $0.column) },
            sourceLocation: sourceLocation)
        #expect(found.allSatisfy { $0.severity == rule.defaultSeverity }, sourceLocation: sourceLocation)
        return found
    }

    @Test func emptyZoomRanges() throws {
        let found = try check(
            """
            {"id": ⟦"a", "type": "fill", "source": "v", "source-layer": "w", "minzoom": ⟧12, "maxzoom": 12},
            {"id": "b", "type": "fill", "source": "v", "source-layer": "w", "minzoom": 11.5, "maxzoom": 12},
            {"id": "c", "type": "fill", "source": "v", "source-layer": "w", "maxzoom": 0.5}
            """, rule: .lintZoomRange)
        #expect(found.first?.message == "layer 'a' never draws: minzoom 12 is not below maxzoom 12")
        #expect(found.first?.path?.mapLibreNotation == "layers[0]")
    }

    @Test func opacityZeroWhateverTheZoomAndData() throws {
        let found = try check(
            """
            {"id": ⟦"a", "type": "fill", "source": "v", "source-layer": "w", "paint": {"fill-opacity": ⟧0}},
            {"id": ⟦"b", "type": "line", "source": "v", "source-layer": "w", "paint": {"line-opacity": ⟧["interpolate", ["linear"], ["zoom"], 5, 0, 10, 0]}},
            {"id": ⟦"c", "type": "raster", "source": "sat", "paint": {"raster-opacity": ⟧{"stops": [[1, 0], [9, 0]]}}},
            {"id": "d", "type": "line", "source": "v", "source-layer": "w", "paint": {"line-opacity": ["interpolate", ["linear"], ["zoom"], 5, 0, 10, 1]}},
            {"id": "e", "type": "fill", "source": "v", "source-layer": "w", "paint": {"fill-opacity": {"property": "o", "stops": [[1, 0]]}}},
            {"id": ⟦"f", "type": "circle", "source": "v", "source-layer": "w", "paint": {"circle-opacity": ⟧["match", ["get", "k"], "x", 0, 0]}},
            {"id": "g", "type": "circle", "source": "v", "source-layer": "w", "paint": {"circle-opacity": 0, "circle-stroke-width": 2}},
            {"id": "h", "type": "symbol", "source": "v", "source-layer": "w", "paint": {"icon-opacity": 0}},
            {"id": "i", "type": "fill", "source": "v", "source-layer": "w", "paint": {"fill-opacity": ["get", "o"]}}
            """, rule: .lintZeroOpacity)
        #expect(found.first?.message == "layer 'a' never draws: fill-opacity is 0 at every zoom and for every feature")
    }

    @Test func filtersThatKeepNothing() throws {
        let found = try check(
            """
            {"id": ⟦"a", "type": "fill", "source": "v", "source-layer": "w", "filter": ⟧false},
            {"id": ⟦"b", "type": "fill", "source": "v", "source-layer": "w", "filter": ⟧["all", ["==", "class", "x"], ["any"]]},
            {"id": ⟦"c", "type": "fill", "source": "v", "source-layer": "w", "filter": ⟧["in", "class"]},
            {"id": ⟦"d", "type": "fill", "source": "v", "source-layer": "w", "filter": ⟧["!", ["all"]]},
            {"id": "e", "type": "fill", "source": "v", "source-layer": "w", "filter": ["any", ["==", "class", "x"], ["in", "class"]]},
            {"id": "f", "type": "fill", "source": "v", "source-layer": "w", "filter": ["!in", "class"]},
            {"id": "g", "type": "fill", "source": "v", "source-layer": "w", "filter": ["none", ["in", "class"]]}
            """, rule: .lintFilterFalse)
        #expect(found.first?.message == "layer 'a' never draws: its filter keeps no feature")
    }

    @Test func hiddenLayersGetANoteExceptTheOnesMcStyleComposed() throws {
        let found = try check(
            """
            {"id": ⟦"a", "type": "fill", "source": "v", "source-layer": "w", "layout": {"visibility": ⟧"none"}},
            {"id": "mc-raster-layer-x", "type": "raster", "source": "sat", "layout": {"visibility": "none"}},
            {"id": "c", "type": "fill", "source": "v", "source-layer": "w", "layout": {"visibility": "visible"}}
            """, rule: .lintHidden)
        #expect(found.first?.message == "layer 'a' has visibility none: it draws nothing unless the app shows it")
    }

    @Test func layersUnderAnOpaqueWorldRasterAreNeverSeen() throws {
        let sources =
            #""sources": {"v": {"type": "vector", "url": "https://t.example.com/v.json"}, "sat": {"type": "raster", "tiles": ["https://t.example.com/{z}/{x}/{y}.jpeg?k=1"], "minzoom": 2}, "png": {"type": "raster", "tiles": ["https://t.example.com/{z}/{x}/{y}.png"]}, "part": {"type": "raster", "bounds": [0, 0, 10, 10], "tiles": ["https://t.example.com/{z}/{x}/{y}.jpg"]}, "tt": {"type": "raster", "tiles": ["https://api.tomtom.com/map/1/tile/basic/main/{z}/{x}/{y}.png?key={key}"]}}"#
        let found = try check(
            """
            {"id": "bg", "type": "background"},
            {"id": ⟧"a", "type": "fill", "source": "v", "source-layer": "w", "minzoom": 3, "maxzoom": 18},
            {"id": "b", "type": "fill", "source": "v", "source-layer": "w"},
            {"id": "hidden", "type": "fill", "source": "v", "source-layer": "w", "minzoom": 3, "layout": {"visibility": "none"}},
            {"id": "a2", "type": "line", "source": "v", "source-layer": "w", "minzoom": 5, "maxzoom": 18},
            {"id": "a3", "type": "line", "source": "v", "source-layer": "w", "minzoom": 6, "maxzoom": 18},
            {"id": "a4", "type": "line", "source": "v", "source-layer": "w", "minzoom": 7, "maxzoom": 18},
            {"id": ⟦"sat", "type": "raster", "source": "sat", "maxzoom": 20},
            {"id": "c", "type": "fill", "source": "v", "source-layer": "w", "minzoom": 4},
            {"id": "overlay", "type": "raster", "source": "png"},
            {"id": "partial", "type": "raster", "source": "part"},
            {"id": "faded", "type": "raster", "source": "sat", "minzoom": 3, "paint": {"raster-opacity": 0.5}},
            {"id": ⟧"d", "type": "line", "source": "v", "source-layer": "w", "minzoom": 10, "maxzoom": 14},
            {"id": ⟦"tomtom", "type": "raster", "source": "tt", "minzoom": 10, "maxzoom": 15}
            """, rule: .lintCovered, sources: sources)
        // One finding per raster, at the raster, counting what it hides and naming the first three.
        #expect(
            found.map(\.message) == [
                "raster layer 'sat' is opaque and covers the world: 4 layers under it are never seen ('a', 'a2', 'a3' and 1 more)",
                "raster layer 'tomtom' is opaque and covers the world: 1 layer under it is never seen ('d')",
            ])
        // The first hidden layer is where the related location points.
        #expect(found.map { $0.related.first?.message } == ["the first layer it hides", "the first layer it hides"])
    }

    @Test func duplicateLayersIgnoreKeyOrderAndFollowRefs() throws {
        let found = try check(
            """
            {"id": ⟧"a", "type": "line", "source": "v", "source-layer": "w", "filter": ["==", "k", 1], "paint": {"line-color": "red", "line-width": 2}},
            {"id": ⟦"b", "type": "line", "source": "v", "source-layer": "w", "filter": ["==", "k", 1.0], "paint": {"line-width": 2, "line-color": "red"}},
            {"id": ⟧"c", "type": "line", "source": "v", "source-layer": "w", "filter": ["==", "k", 1], "paint": {"line-color": "red", "line-width": 3}},
            {"id": "d", "ref": "c", "paint": {"line-color": "blue"}},
            {"id": ⟦"e", "ref": "c", "paint": {"line-color": "red", "line-width": 3}}
            """, rule: .lintDuplicateLayer)
        #expect(
            found.map(\.message) == [
                "layer 'b' draws exactly what layer 'a' draws (same type, source, source-layer, filter, zoom range, paint and layout)",
                "layer 'e' draws exactly what layer 'c' draws (same type, source, source-layer, filter, zoom range, paint and layout)",
            ])
    }

    @Test func unusedSourcesButNotInAStyleWithoutLayers() throws {
        let text =
            "{\"version\": 8, \"sources\": {\"v\": ⟦{\"type\": \"vector\", \"url\": \"https://t.example.com/v.json\"}, \"t\": {\"type\": \"raster-dem\", \"url\": \"https://t.example.com/d.json\"}, \"g\": ⟦{\"type\": \"geojson\", \"data\": {\"type\": \"FeatureCollection\", \"features\": []}}},\n \"terrain\": {\"source\": \"t\"}, \"layers\": [{\"id\": \"bg\", \"type\": \"background\"}]}"
        let (clean, marks) = markedPositions(text)
        let document = try JSONParser().parse(clean, name: "style.json")
        let found = StyleValidator(target: .maplibre).validate(document.root, in: document).filter {
            $0.rule == "lint.unused-source"
        }
        #expect(found.map(\.position) == marks.map { SourcePosition(line: $0.line, column: $0.column) })
        #expect(
            found.map(\.message) == [
                "source 'v' is not used by any layer (nor the terrain): renderers still fetch its TileJSON",
                "source 'g' is not used by any layer (nor the terrain): it is never drawn",
            ])
        let stub = try JSONParser().parse(
            "{\"version\": 8, \"sources\": {\"v\": {\"type\": \"vector\", \"url\": \"https://t.example.com/v.json\"}}, \"layers\": []}",
            name: "s.json")
        #expect(StyleValidator(target: .maplibre).validate(stub.root, in: stub).isEmpty)
    }

    @Test func lintWaitsUntilTheStyleHasNoErrors() throws {
        let text =
            "{\"version\": 8, \"sources\": {\"v\": {\"type\": \"vector\", \"url\": \"https://t.example.com/v.json\"}, \"u\": {\"type\": \"vector\", \"url\": \"https://t.example.com/u.json\"}}, \"layers\": [{\"id\": \"a\", \"type\": \"fill\", \"source\": \"v\", \"source-layer\": \"w\", \"filter\": false}, {\"id\": \"b\", \"type\": \"fill\", \"source\": \"nowhere\", \"source-layer\": \"w\"}]}"
        let document = try JSONParser().parse(text, name: "style.json")
        #expect(
            StyleValidator(target: .maplibre).validate(document.root, in: document).map(\.rule) == [
                "style.layer.unknown-source"
            ])
    }
}
