import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// The lint rules on real styles: the corpus gives only the findings that are true of it, and each mutation
/// of a real style gives exactly one finding, at the layer's id.
@Suite struct LintCheckTests {
    /// The one real finding per corpus style (read by hand): ofm-bright declares `ne2_shaded` and never uses
    /// it (ofm-liberty does), and Americana ships its hillshading switched off.
    static let knownFindings: [String: [String]] = [
        "ofm-bright": [
            "warning: source 'ne2_shaded' is not used by any layer (nor the terrain): it is never drawn [lint.unused-source]"
        ],
        "gen-americana-en": [
            "note: layer 'hillshading' has visibility none: it draws nothing unless the app shows it [lint.hidden]"
        ],
    ]

    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)))
    func theCorpusGivesOnlyItsTrueFindings() throws {
        let root = try #require(SharedData.root)
        let tiles = root.appendingPathComponent("corpus/assets/openmaptiles-3.16.tilejson.json").path
        let sprite = root.appendingPathComponent("corpus/assets/ofm_f384").path
        for style in SharedData.corpusStyles {
            let name = style.deletingPathExtension().lastPathComponent
            var words = ["validate", style.path, "--target", "maplibre", "--verbose"]
            if name.hasPrefix("omt-") || name.hasPrefix("ofm-") {
                words += ["--vector-layers", "openmaptiles=\(tiles)"]
            }
            if name == "ofm-liberty" || name == "ofm-bright" { words += ["--sprite", sprite] }
            let run = runTool(words)
            // lint.contrast judges colours, not mistakes: its corpus findings are held by ContrastTests.
            let findings = run.output.split(separator: "\n")
                .filter { ($0.contains("[lint.") || $0.contains("[assets.")) && !$0.contains("[lint.contrast]") }
                .map { String($0.split(separator: " ", maxSplits: 1)[1]) }
            #expect(findings == Self.knownFindings[name] ?? [], "\(name)")
        }
    }

    /// One mutation of omt-positron's `park` layer (or the stack around it) and the one finding it gives.
    struct Mutation: Sendable, CustomStringConvertible {
        let rule: String
        let replacements: [(String, String)]
        /// The layer id the finding is at.
        let layer: String
        let message: String
        var description: String { rule }
    }

    static let park = "\"paint\": {\"fill-color\": \"rgb(230, 233, 229)\"}"
    static let mutations: [Mutation] = [
        Mutation(
            rule: "lint.covered",
            replacements: [
                (
                    "\"sources\": {\n",
                    "\"sources\": {\n    \"sat\": {\"type\": \"raster\", \"tiles\": [\"https://tiles.example.com/{z}/{x}/{y}.jpg\"]},\n"
                ),
                (
                    "    {\n      \"id\": \"water\",",
                    "    {\"id\": \"satellite\", \"type\": \"raster\", \"source\": \"sat\", \"maxzoom\": 8},\n    {\n      \"id\": \"water\","
                ),
                (park, park + ", \"maxzoom\": 7"),
            ], layer: "satellite",
            message: "raster layer 'satellite' is opaque and covers the world: 1 layer under it is never seen ('park')"
        ),
        Mutation(
            rule: "lint.zero-opacity",
            replacements: [
                (
                    park,
                    "\"paint\": {\"fill-color\": \"rgb(230, 233, 229)\", \"fill-opacity\": [\"step\", [\"zoom\"], 0, 10, 0]}"
                )
            ],
            layer: "park", message: "layer 'park' never draws: fill-opacity is 0 at every zoom and for every feature"),
        Mutation(
            rule: "lint.filter-false",
            replacements: [
                (
                    "\"filter\": [\"==\", [\"geometry-type\"], \"Polygon\"],\n      \"layout\": {\"visibility\": \"visible\"},\n      \"paint\": {\"fill-color\": \"rgb(230",
                    "\"filter\": [\"all\", [\"==\", [\"geometry-type\"], \"Polygon\"], false],\n      \"layout\": {\"visibility\": \"visible\"},\n      \"paint\": {\"fill-color\": \"rgb(230"
                )
            ],
            layer: "park", message: "layer 'park' never draws: its filter keeps no feature"),
        Mutation(
            rule: "lint.zoom-range", replacements: [(park, park + ", \"minzoom\": 9, \"maxzoom\": 8.5")],
            layer: "park", message: "layer 'park' never draws: minzoom 9 is not below maxzoom 8.5"),
        Mutation(
            rule: "lint.duplicate-layer",
            replacements: [
                (
                    "    {\n      \"id\": \"water\",",
                    "    {\"id\": \"park-again\", \"type\": \"fill\", \"source\": \"openmaptiles\", \"source-layer\": \"park\", \"filter\": [\"==\", [\"geometry-type\"], \"Polygon\"], \"paint\": {\"fill-color\": \"rgb(230, 233, 229)\"}, \"layout\": {\"visibility\": \"visible\"}},\n    {\n      \"id\": \"water\","
                )
            ],
            layer: "park-again",
            message:
                "layer 'park-again' draws exactly what layer 'park' draws (same type, source, source-layer, filter, zoom range, paint and layout)"
        ),
    ]

    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)), arguments: mutations)
    func oneMutationOfARealStyleIsOneFindingAtTheLayer(_ mutation: Mutation) throws {
        let root = try #require(SharedData.root)
        var text = try String(
            contentsOf: root.appendingPathComponent("corpus/styles/omt-positron.json"), encoding: .utf8)
        for (from, to) in mutation.replacements {
            #expect(text.contains(from), "\(mutation.rule): the style changed")
            text = text.replacing(from, with: to)
        }
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = folder.appendingPathComponent("omt-positron.json")
        try Data(text.utf8).write(to: style)
        let run = runTool(["validate", style.path, "--target", "maplibre"])
        let findings = run.output.split(separator: "\n").filter { $0.contains("[lint.") }
        // Where the layer's id is: the line and the column of its opening quote.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("\"id\": \"\(mutation.layer)\"") })
        let column =
            try #require(lines[line].range(of: "\"id\": \"\(mutation.layer)\"")).lowerBound.utf16Offset(in: lines[line])
            + 7
        #expect(
            findings == ["\(style.path):\(line + 1):\(column): warning: \(mutation.message) [\(mutation.rule)]"],
            "\(run.output)")
    }
}
