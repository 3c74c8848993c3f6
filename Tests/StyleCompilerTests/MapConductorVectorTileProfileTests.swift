import Foundation
import LocatedJSON
import StyleRuntime
import TestSupport
import Testing
import YAMLReader

@testable import StyleCompiler

/// The shipped profile of MapConductor's vector tile rasteriser: read from its profile text with no finding, and
/// judging a style as the rasteriser draws it, through the same paths as any renderer (`compat`, `--renderer`).
@Suite struct MapConductorVectorTileProfileTests {
    static let style = #"""
        {"version": 8,
         "sources": {"v": {"type": "vector", "tiles": ["https://tiles.example.com/{z}/{x}/{y}.pbf"]},
                     "dem": {"type": "raster-dem", "tiles": ["https://tiles.example.com/dem/{z}/{x}/{y}.png"]}},
         "sky": {"sky-color": "#88c6fc"},
         "layers": [
          {"id": "land", "type": "background", "paint": {"background-color": "#f8f4f0"}},
          {"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-color": "#a0c8f0"}},
          {"id": "roads", "type": "line", "source": "v", "source-layer": "roads"},
          {"id": "shade", "type": "hillshade", "source": "dem"},
          {"id": "heat", "type": "heatmap", "source": "v", "source-layer": "pois"},
          {"id": "blocks", "type": "fill-extrusion", "source": "v", "source-layer": "buildings"}
         ]}
        """#

    @Test func theShippedTextReadsWithNoFinding() {
        let file = SourceFiles().add(
            name: "mapconductor-vectortile.yaml", bytes: Array(RendererProfile.mapConductorVectorTileText.utf8))
        let (profile, findings) = RendererProfileLoader().profile(in: file)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        #expect(profile?.name == RendererProfile.mapConductorVectorTileName)
        #expect(RendererProfile.shipped.map(\.name).last == "mapconductor-vectortile")
    }

    /// docs/commands.md shows the profile as shipped: the same entries (comments aside).
    @Test func theDocsShowTheShippedText() throws {
        let docs = try String(contentsOf: SharedData.repositoryFile("docs/commands.md"), encoding: .utf8)
        let section = try #require(docs.firstRange(of: "#### MapConductor's vector tile rasteriser (shipped)"))
        let after = docs[section.upperBound...]
        let start = try #require(after.firstRange(of: "```yaml\n"))
        let end = try #require(after[start.upperBound...].firstRange(of: "```"))
        let shown = try YAMLReader().read(
            SourceFiles().add(name: "commands.md", bytes: Array(after[start.upperBound..<end.lowerBound].utf8)))
        let shipped = try YAMLReader().read(
            SourceFiles().add(name: "shipped", bytes: Array(RendererProfile.mapConductorVectorTileText.utf8)))
        #expect(shown.value == shipped.value)
    }

    @Test func whatTheRasteriserDoesNotDrawIsEachAUseItCannotDraw() throws {
        let document = try JSONParser().parse(Self.style, name: "style.json")
        let uses = CompatibilityScan.uses(in: document.root, locator: document)
        let report = CompatibilityReport(uses: uses, profiles: RendererProfile.shipped)
        let target = try #require(RendererTarget("mapconductor-vectortile@1.0.0", profiles: RendererProfile.shipped))
        let refused = report.unsupported(by: target).map(\.feature)
        // Background, fill and line are drawn; the sky, hillshade, heatmap and fill-extrusion are not.
        #expect(
            refused == [
                "sky property 'sky-color'", "layer type 'hillshade'", "layer type 'heatmap'",
                "layer type 'fill-extrusion'",
            ])
    }

    @Test func theCommandLineJudgesAStyleAgainstIt() throws {
        let folder = try makeStandaloneTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("style.json").path
        try Data(Self.style.utf8).write(to: URL(fileURLWithPath: path))
        var build = BuildOptions(targetOverride: .maplibre)
        build.renderers = [try #require(RendererRequirement("mapconductor-vectortile@1.0.0"))]
        var session = CheckSession(CheckRequest(build: build))
        session.validate([path])
        let refused = session.findings.filter { $0.rule.hasPrefix("compat.") }
        #expect(refused.contains { $0.message.contains("layer type 'hillshade'") && $0.position?.line == 9 })
        #expect(refused.contains { $0.message.contains("layer type 'fill-extrusion'") })
        #expect(refused.allSatisfy { $0.severity == .error })
    }

    /// Real styles: the one MapConductor's own tests rasterise (versatiles-colorful) needs nothing more; OpenMapTiles'
    /// positron names its tiles by a TileJSON url, which the live renderer does not resolve.
    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)))
    func realStylesAreJudgedAsTheRasteriserDrawsThem() throws {
        let corpus = try #require(SharedData.root).appendingPathComponent("corpus/styles")
        func rules(_ name: String) throws -> [String] {
            var build = BuildOptions(targetOverride: .maplibre)
            build.renderers = [try #require(RendererRequirement("mapconductor-vectortile@1.0.0"))]
            var session = CheckSession(CheckRequest(build: build))
            session.validate([corpus.appendingPathComponent(name).path])
            return session.findings.map(\.rule).filter { $0.hasPrefix("vectortile.") || $0.hasPrefix("compat.") }
        }
        #expect(try rules("versatiles-colorful-2023-dist.json").isEmpty)
        #expect(try rules("omt-positron.json") == ["vectortile.tilejson-url"])
    }
}
