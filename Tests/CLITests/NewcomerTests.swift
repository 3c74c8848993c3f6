import Foundation
import StyleCompiler
import TestSupport
import Testing

@testable import MCStyleCLI

/// What a new user met in their first hour, one test per fix (issue: a newcomer's first hour).
@Suite struct NewcomerTests {
    static let base = SharedData.repositoryFile("styles/tomtom-demo-base.json").path

    func file(_ name: String, _ text: String) throws -> (URL, URL) {
        let folder = try makeTemporaryFolder()
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return (folder, url)
    }

    @Test func compileSaysWhatItWroteUnlessQuiet() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("demo").path
        let run = runTool(["compile", Fixtures.folder("demo/mc-style.yaml").path, "--out", out])
        #expect(run.status == 0)
        #expect(
            run.output
                == "wrote \(out): style.json, layer-mapping.json, vector-styles/company-map.json, manifest.json, 6 TileJSON (7 sources)\n"
        )
        let quiet = runTool(["compile", Fixtures.folder("demo/mc-style.yaml").path, "--out", out, "--quiet"])
        #expect(quiet.status == 0 && quiet.output.isEmpty)
    }

    @Test func quietStrictStillShowsTheWarningsThatFail() throws {
        let (folder, url) = try file(
            "d.yaml",
            "version: 1\nbase: \(Self.base)\nsources:\n  - id: a\n    urlTemplate: https://t.example.com/{z}/{x}/{y}.png\n    tileSize: 300\n"
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(["validate", url.path, "--quiet", "--strict"])
        #expect(run.status == 1)
        #expect(run.output.contains("warning: tileSize 300 is not a power of two"))
        let quietOnly = runTool(["validate", url.path, "--quiet"])
        #expect(quietOnly.status == 0 && !quietOnly.output.contains("warning:"))
    }

    @Test func yamlSyntaxErrorsNameTheLikelyCause() throws {
        let (folder, url) = try file(
            "d.yaml",
            "version: 1\nsources:\n  - id: a\n    urlTemplate: https://t.example.com/{z}/{x}/{y}.png\n   opacity: 0.5\n"
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(["validate", url.path])
        #expect(run.status == 1)
        #expect(run.output.contains("[yaml.syntax]"))
        #expect(run.output.contains("the likely cause is"), "\(run.output)")
    }

    @Test func anEmptyKeyVariableIsCalledEmpty() {
        let run = runTool(
            [
                "compile", Fixtures.folder("demo/mc-style.yaml").path, "--out", "/tmp/never", "--api-key-env",
                "MC_EMPTY",
            ],
            environment: ["MC_EMPTY": ""])
        #expect(run.status == 2)
        #expect(run.error.contains("the environment variable MC_EMPTY named by '--api-key-env' is empty"))
    }

    @Test func theManifestsTileLevelsAgreeWithTheTileJSON() throws {
        let manifest = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Fixtures.folder("demo/expected/tomtom/manifest.json"))) as? [String: Any])
        for source in try #require(manifest["sources"] as? [[String: Any]]) {
            guard let path = source["tileJson"] as? String else { continue }
            let tileJSON = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: Fixtures.folder("demo/expected/tomtom/" + path))) as? [String: Any])
            let zoom = try #require(source["tileZoom"] as? [String: Any])
            #expect(
                zoom["min"] as? Int == tileJSON["minzoom"] as? Int
                    && zoom["max"] as? Int == tileJSON["maxzoom"] as? Int, "\(path)")
        }
    }

    @Test func formatSaysItFormatsJSONStyles() {
        let run = runTool(["format", Fixtures.folder("demo/mc-style.yaml").path])
        #expect(run.status == 2)
        #expect(run.error.contains("format rewrites JSON style documents"))
    }

    @Test func zoomSaysWhenItClamps() {
        let high = runTool(["zoom", "--unified", "25", "--lat", "35"])
        #expect(high.status == 0 && high.error == "note: the unified zoom 25 is outside 0...22 and was clamped to 22\n")
        let low = runTool(["zoom", "--unified", "1", "--lat", "35"])
        #expect(low.error.contains("the TomTom zoom -0.47 is outside 0...22 and was clamped to 0"))
        #expect(runTool(["zoom", "--unified", "12", "--lat", "35"]).error.isEmpty)
    }

    @Test func messagesCarryTheirFix() throws {
        let (folder, url) = try file(
            "d.yaml",
            """
            version: 1
            base: \(Self.base)
            sources:
              - { id: a, urlTemplate: "https://{s}.t.example.com/{z}/{x}/{y}.png", placement: { below: Park fill } }
              - { id: b, urlTemplate: "https://t.example.com/{z}/{x}/{y}.png", bounds: [35.1, 139.4, 36.0, 140.2] }

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(["validate", url.path])
        #expect(run.output.contains("write one subdomain (a, b or c) in its place"))
        #expect(run.output.contains("bounds are [west, south, east, north] in degrees"))
        let (folder2, placed) = try file(
            "p.yaml",
            "version: 1\nbase: \(Self.base)\nsources:\n  - { id: a, urlTemplate: \"https://t.example.com/{z}/{x}/{y}.png\", placement: { below: Park fill } }\n"
        )
        defer { try? FileManager.default.removeItem(at: folder2) }
        let placement = runTool(["validate", placed.path])
        #expect(
            placement.output.contains(
                "names layer 'Park fill', which the base style does not have; did you mean 'Park'?"),
            "\(placement.output)")
    }

    @Test func theCaretCountsTerminalCells() throws {
        // 国土地理院 is five wide characters (ten cells); é is e and a combining accent (one cell).
        let (folder, url) = try file(
            "d.yaml",
            "version: 1\nsources:\n  - { id: a, urlTemplate: \"https://t.example.com/{z}/{x}/{y}.png\", attribution: [{ text: \"国土地理院e\u{301}\", minZom: 5 }] }\n"
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(["validate", url.path])
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("minZom: 5") })
        let caret = lines[index + 1]
        let before = lines[index].components(separatedBy: "minZom")[0]
        let cells = before.unicodeScalars.reduce(0) { $0 + DisplayWidth.cells($1) }
        #expect(caret == String(repeating: " ", count: cells) + "^")
        #expect(
            cells == before.unicodeScalars.count + 5 - 1,
            "five wide characters add five cells, the combining mark takes none")
    }

    @Test func machineFormatsKeepRelatedLocationsAndPaths() throws {
        let (folder, url) = try file(
            "d.yaml",
            "version: 1\nbase: \(Self.base)\nsources:\n  - id: a\n    urlTemplate: https://t.example.com/{z}/{x}/{y}.png\n  - id: a\n    urlTemplate: https://t.example.com/{z}/{x}/{y}.png\n"
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = runTool(["validate", url.path, "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let finding = try #require((report["diagnostics"] as? [[String: Any]])?.first)
        #expect((finding["related"] as? [[String: Any]])?.first?["message"] as? String == "'a' first declared here")
        let github = runTool(["validate", url.path, "--format", "github"])
        // GitHub resolves annotation paths from the repository: the related line names the file as `file=` does.
        let fromRepository = String(url.path.dropFirst(FileManager.default.currentDirectoryPath.count + 1))
        #expect(github.output.contains("file=\(GitHubPrinter.escapeProperty(fromRepository)),line=6,col=9"))
        #expect(github.output.contains("%0A\(fromRepository):4:9: 'a' first declared here"))
        let (folder2, placed) = try file(
            "p.yaml",
            "version: 1\nbase: \(Self.base)\nsources:\n  - id: a\n    urlTemplate: https://t.example.com/{z}/{x}/{y}.png\n    placement: { below: Nope }\n"
        )
        defer { try? FileManager.default.removeItem(at: folder2) }
        let composed = runTool(["validate", placed.path, "--format", "json"])
        #expect(composed.output.contains("\"path\": \"sources[0].placement\""))
    }

    @Test func oneRunReportsEverythingInReadingOrder() throws {
        let (folder, url) = try file(
            "d.yaml",
            """
            version: 1
            base: \(Self.base)
            sources:
              - id: b
                urlTemplate: https://t.example.com/{z}/{x}/{y}.png
                placement: { below: Nope }
              - id: a
                urlTemplate: http://t.example.com/{z}/{x}/{y}.png
                opacity: 3
              - id: c
                urlTemplate: https://t.example.com/{z}/{x}.png

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(["validate", url.path])
        #expect(run.status == 1)
        let places = run.output.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix(url.path + ":") else { return nil }
            return Int(line.dropFirst(url.path.count + 1).prefix { $0 != ":" })
        }
        #expect(places == [6, 8, 9, 11], "the placement error comes with the others, in line order: \(run.output)")
        #expect(run.output.contains("[compose.placement-anchor]"))
    }

    @Test func declarationsValidateWithoutTheirSecrets() {
        let fixture = Fixtures.folder("declarations/invalid/env-missing.yaml").path
        let strict = runTool(["validate", fixture])
        #expect(strict.status == 1 && strict.output.contains("[env.missing]"))
        let absent = runTool(["validate", fixture, "--secrets-absent", "--verbose"])
        #expect(absent.status == 0, "\(absent.output)")
        #expect(
            absent.output.contains(
                "note: environment variable MC_STYLE_SURELY_UNSET_VARIABLE is not set: checked with 'mc-style-surely-unset-variable-absent' standing in"
            ))
        let present = runTool(
            ["validate", fixture], environment: ["MC_STYLE_SURELY_UNSET_VARIABLE": "abcdefgh12345678"])
        #expect(
            present.status == 0,
            "an environment value in key= is a secret, not a committed credential: \(present.output)")
        #expect(!present.output.contains("abcdefgh"))
    }

    @Test func checkSaysAddedChangedOrRemovedAndShowsADiff() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        try FileManager.default.copyItem(at: Fixtures.folder("demo/expected/tomtom"), to: out)
        let style = out.appendingPathComponent("style.json")
        try Data(
            (try String(contentsOf: style, encoding: .utf8)).replacing(
                "\"raster-opacity\": 0.6", with: "\"raster-opacity\": 0.5"
            ).utf8
        ).write(to: style)
        // As a compile that still declared a source 'stale' left it: its TileJSON, listed in the manifest.
        let manifest = out.appendingPathComponent("manifest.json")
        try Data(
            (try String(contentsOf: manifest, encoding: .utf8)).replacing(
                "\n  \"sources\": [\n", with: "\n  \"sources\": [\n    {\"tileJson\": \"tilejson/stale.json\"},\n"
            ).utf8
        ).write(to: manifest)
        try Data("{}\n".utf8).write(to: out.appendingPathComponent("tilejson/stale.json"))
        try FileManager.default.removeItem(at: out.appendingPathComponent("tilejson/contours.json"))
        let run = runTool([
            "compile", Fixtures.folder("demo/mc-style.yaml").path, "--out", out.path, "--check", "--diff",
        ])
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "would change \(out.path)/style.json\n--- a/style.json\n+++ b/style.json\n@@ -1024,7 +1024,7 @@\n"))
        #expect(run.output.contains("-        \"raster-opacity\": 0.5\n+        \"raster-opacity\": 0.6\n"))
        #expect(
            run.output.contains(
                "would add \(out.path)/tilejson/contours.json\n--- /dev/null\n+++ b/tilejson/contours.json\n"))
        #expect(
            run.output.contains(
                "would remove \(out.path)/tilejson/stale.json\n--- a/tilejson/stale.json\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-{}\n"
            ))
        let plain = runTool(["compile", Fixtures.folder("demo/mc-style.yaml").path, "--out", out.path, "--check"])
        #expect(
            plain.output
                == "would change \(out.path)/manifest.json\nwould change \(out.path)/style.json\nwould add \(out.path)/tilejson/contours.json\nwould remove \(out.path)/tilejson/stale.json\n\(out.path) is not current: run 'mc-style compile \(Fixtures.folder("demo/mc-style.yaml").path) --out \(out.path)' to write it\n"
        )
    }

    @Test func visibleZoomMayBeOpenAtEitherEnd() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let declarations = folder.appendingPathComponent("d.yaml")
        try Data(
            """
            version: 1
            base: \(Self.base)
            sources:
              - { id: from10, urlTemplate: "https://t.example.com/{z}/{x}/{y}.png", visibleZoom: { min: 10 }, calibrationLatitude: 35.6812 }
              - { id: upto8, urlTemplate: "https://t.example.com/{z}/{x}/{y}.png", visibleZoom: { max: 8 }, calibrationLatitude: 35.6812 }
              - { id: both, urlTemplate: "https://t.example.com/{z}/{x}/{y}.png", visibleZoom: [10, 22], calibrationLatitude: 35.6812 }

            """.utf8
        ).write(to: declarations)
        let out = folder.appendingPathComponent("out")
        let run = runTool(["compile", declarations.path, "--out", out.path])
        #expect(run.status == 0, "\(run.error)")
        let style = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("style.json")))
                as? [String: Any])
        let layers = Dictionary(
            uniqueKeysWithValues: ((style["layers"] as? [[String: Any]]) ?? []).compactMap { layer in
                (layer["id"] as? String).map { ($0, layer) }
            })
        let from10 = try #require(layers["mc-raster-layer-from10"])
        #expect(
            from10["minzoom"] as? Double == 8.54 && from10["maxzoom"] == nil,
            "no maxzoom: visible at every TomTom zoom above")
        let upto8 = try #require(layers["mc-raster-layer-upto8"])
        #expect(upto8["minzoom"] == nil && upto8["maxzoom"] as? Double == 6.54)
        #expect(layers["mc-raster-layer-both"]?["maxzoom"] as? Double == 20.54, "a closed end stays closed")
        let manifest = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"unified\": [10, null]") && manifest.contains("\"native\": [8.54, null]"))
        let inverted = folder.appendingPathComponent("i.yaml")
        try Data(
            "version: 1\nbase: \(Self.base)\nsources:\n  - { id: a, urlTemplate: \"https://t.example.com/{z}/{x}/{y}.png\", visibleZoom: { min: 12, max: 4 } }\n"
                .utf8
        ).write(to: inverted)
        #expect(runTool(["validate", inverted.path]).output.contains("visibleZoom [12, 4] is inverted"))
    }

    /// A diagnostic is data; the tool's text printer is the one way it becomes a line.
    @Test func diagnosticsPrintThroughTheToolsPrinter() throws {
        let diagnostics = DeclarationsLoader().load(
            path: Fixtures.folder("declarations/invalid/duplicate-id.yaml").path
        ).diagnostics
        let first = try #require(diagnostics.first)
        #expect(
            TextDiagnosticPrinter(useColor: false).line(first).hasSuffix(
                "duplicate-id.yaml:\(first.position?.line ?? 0):\(first.position?.column ?? 0): error: \(first.message) [decl.duplicate-id]"
            ))
    }

    @Test func everyUnknownKeyAndMisspeltAnchorGetsTheNearestRealOne() throws {
        let (folder, url) = try file(
            "d.yaml",
            """
            version: 1
            base: \(Self.base)
            sources:
              - id: a
                url: https://t.example.com/{z}/{x}/{y}.png
              - id: b
                urll: https://t.example.com/tiles.json
              - id: c
                service: https://maps.example.com/arcgis/rest/services/Topo/MapServer
              - id: d
                urlTemplate: https://t.example.com/{z}/{x}/{y}.png
                flavour: 1
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(["validate", url.path])
        #expect(run.status == 1)
        #expect(run.output.contains("d.yaml:5:5: error: unknown key 'url' in a source; did you mean 'urlTemplate'?"))
        #expect(run.output.contains("d.yaml:7:5: error: unknown key 'urll' in a source; did you mean 'tileJson'?"))
        #expect(
            run.output.contains("d.yaml:9:5: error: unknown key 'service' in a source; did you mean 'arcGisService'?"))
        #expect(run.output.contains("unknown key 'flavour' in a source; a source has the keys 'id', "))
        // The kind taken for granted is the one finding: no "needs exactly one of" besides.
        #expect(!run.output.contains("decl.source-kind"), "\(run.output)")
        #expect(run.output.contains("4 errors"), "\(run.output)")

        let (folder2, placed) = try file(
            "p.yaml",
            """
            version: 1
            bases: { light: \(Self.base), dark: \(Self.base) }
            sources:
              - id: a
                urlTemplate: https://t.example.com/{z}/{x}/{y}.png
                placement: { below: Buildin }
            """)
        defer { try? FileManager.default.removeItem(at: folder2) }
        let anchored = runTool(["validate", placed.path])
        #expect(anchored.output.contains("names layer 'Buildin', which "), "\(anchored.output)")
        #expect(anchored.output.contains("most likely misspelt; did you mean 'Other building'?"), "\(anchored.output)")
    }

    @Test func belowLabelsGoesUnderTheFirstTextNotUnderARoadArrow() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(
            #"""
            {"version": 8, "sources": {"v": {"type": "vector", "tiles": ["https://tiles.example.com/{z}/{x}/{y}.pbf"]}},
             "layers": [
              {"id": "land", "type": "background"},
              {"id": "road arrow", "type": "symbol", "source": "v", "source-layer": "road", "layout": {"icon-image": "arrow"}},
              {"id": "shield", "type": "symbol", "source": "v", "source-layer": "road", "layout": {"icon-image": "shield"}},
              {"id": "road", "type": "line", "source": "v", "source-layer": "road"},
              {"id": "city", "type": "symbol", "source": "v", "source-layer": "place", "layout": {"text-field": "{name}"}}
             ]}
            """#.utf8
        ).write(to: folder.appendingPathComponent("base.json"))
        try Data(
            """
            version: 1
            base: base.json
            sources:
              - id: relief
                urlTemplate: https://t.example.com/{z}/{x}/{y}.png
                placement: belowLabels
            """.utf8
        ).write(to: folder.appendingPathComponent("mc-style.yaml"))
        let out = folder.appendingPathComponent("out")
        let compile = runTool(["compile", folder.appendingPathComponent("mc-style.yaml").path, "--out", out.path])
        #expect(compile.status == 0, "\(compile.output)")
        let style = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("style.json")))
                as? [String: Any])
        let ids = (style["layers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(
            ids == ["land", "mc-base-raster-layer", "road arrow", "shield", "road", "mc-raster-layer-relief", "city"])

        let style0 = runTool(["layers", folder.appendingPathComponent("base.json").path])
        #expect(style0.output.contains("belowLabels inserts at 4, below 'city' (the first label)"), "\(style0.output)")
        let lines = style0.output.split(separator: "\n")
        #expect(lines.first { $0.contains("road arrow") }?.hasSuffix("label") == false)
        let composed = runTool(["layers", folder.appendingPathComponent("mc-style.yaml").path])
        #expect(
            composed.output.contains("mc-raster-layer-relief")
                && composed.output.contains("placement belowLabels: under 'city'"),
            "\(composed.output)")
        let json = runTool(["layers", folder.appendingPathComponent("mc-style.yaml").path, "--format", "json"])
        #expect(json.output.contains(#""placement": "belowLabels",\#n      "under": "city""#), "\(json.output)")

        // On TomTom's real base the first symbol layer is a road arrow 585 layers below the first text.
        guard let shared = SharedData.root else {
            print(SharedData.absenceNote)
            return
        }
        let tomtom = runTool(["layers", shared.appendingPathComponent("corpus/styles/tomtom-basic-main.json").path])
        #expect(
            tomtom.output.contains(
                "belowLabels inserts at 694, below 'Service road whitetext icon0' (the first label)"),
            "\(tomtom.output.suffix(300))")
    }

    /// A finding every variant shares is printed once, naming the others; notes wait for --verbose.
    @Test func aFindingOfEveryVariantIsPrintedOnceAndNotesNeedVerbose() throws {
        let dark = SharedData.repositoryFile("styles/tomtom-demo-dark.json").path
        let (folder, url) = try file(
            "v.yaml",
            """
            version: 1
            bases: { light: \(Self.base), dark: \(dark) }
            sources:
              - id: a
                urlTemplate: https://t.example.com/{z}/{x}/{y}.png
                placement: { below: Nope }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(["validate", url.path])
        #expect(run.output.components(separatedBy: "[compose.placement-anchor]").count == 2, "\(run.output)")
        #expect(
            run.output.contains(
                "placement of 'a' names layer 'Nope', which no variant's base style has, so it is most likely misspelt [compose.placement-anchor]"
            ),
            "\(run.output)")
        #expect(!run.output.contains("give the placement a fallback"), "no base has it: a fallback would hide a typo")

        let variants = SharedData.repositoryFile("fixtures/variants/mc-style.yaml").path
        let quiet = runTool(["validate", variants])
        #expect(!quiet.output.contains(": note:") && quiet.output.contains("3 notes not shown: --verbose shows them"))
        let verbose = runTool(["validate", variants, "--verbose"])
        #expect(verbose.output.contains("note: the base style of variant 'satellite' has no layer 'Motorway label'"))
        #expect(!verbose.output.contains("not shown"))
    }

    @Test func oneOpaqueRasterIsOneLocatedFindingWithACount() throws {
        let (folder, url) = try file(
            "sat.yaml",
            """
            version: 1
            base: \(Self.base)
            sources:
              - id: satellite
                urlTemplate: https://t.example.com/sat/{z}/{x}/{y}.jpg
                placement: belowLabels
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(["validate", url.path])
        let covered = run.output.split(separator: "\n").filter { $0.contains("[lint.covered]") }
        #expect(covered.count == 1, "\(run.output)")
        // At the declaration of the source, line 4 column 9, with how many layers it hides.
        #expect(
            covered.first?.hasPrefix(
                "\(url.path):4:9: warning: raster layer 'mc-raster-layer-satellite' is opaque and covers the world: ")
                == true, "\(run.output)")
        #expect(covered.first?.contains(" layers under it are never seen (") == true)
        // Every finding line of the run names a file, line and column.
        let findings = run.output.split(separator: "\n").filter {
            $0.contains(": warning: ") || $0.contains(": error: ")
        }
        #expect(
            findings.allSatisfy { $0.split(separator: ":").count >= 4 && !$0.hasPrefix("mc-style:") }, "\(run.output)")
    }
}
