import Foundation
import StyleCompiler
import TestSupport
import Testing

@testable import MCStyleCLI

/// What a new team hits in its first week (issue 38): malformed URLs, credentials in every channel, one run
/// that says everything, a limit on repeated findings.
@Suite struct FirstWeekTests {
    private func write(_ text: String, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    static let emptyBase = #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#

    /// Item 1: the five malformed declared URLs are five located errors with their fixes; a malformed base URL is
    /// one too; other schemes and TomTom's placeholders are left alone.
    @Test func malformedURLsAreLocatedErrorsWithTheirFix() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try write(Self.emptyBase, "b.json", in: folder)
        let declarations = try write(
            """
            version: 1
            base: b.json
            sources:
              - id: a
                urlTemplate: htps://tiles.example.org/{z}/{x}/{y}.png
              - id: b
                urlTemplate: https//tiles.example.org/{z}/{x}/{y}.png
              - id: c
                urlTemplate: "https://tiles example.org/{z}/{x}/{y}.png"
              - id: d
                urlTemplate: tiles.example.org/{z}/{x}/{y}.png
              - id: e
                arcGisService: https://services.example.com/ArcGIS/rest/services/X/MapServer/tile/{z}/{y}/{x}
              - id: f
                urlTemplate: https://{prefix}.tiles.example.org/{z}/{x}/{y}.png
              - id: g
                tileJson: "http:/tiles.example.org/g.json"
            """, "mc-style.yaml", in: folder)
        let run = runTool(["validate", "--strict", declarations.path])
        #expect(run.status == 1)
        let expected = [
            "mc-style.yaml:5:18: error: the URL starts with 'htps://', which is not how a URL begins: did you mean `https://`? [sources.url]",
            "mc-style.yaml:7:18: error: the URL starts with 'https//', which is not how a URL begins: did you mean `https://`? [sources.url]",
            "mc-style.yaml:9:18: error: the URL's host 'tiles example.org' or port is not valid",
            "mc-style.yaml:11:18: error: the URL has no scheme, so it would be read relative to the style file: add `https://` [sources.url]",
            "mc-style.yaml:13:20: error: this is a tile URL, not a service: arcGisService takes the service's root URL (ending in /MapServer) and adds /tile/{z}/{y}/{x} itself; for a URL with {z}, {x} and {y}, use urlTemplate [sources.arcgis-service]",
            "mc-style.yaml:17:15: error: the URL starts with 'http:/', which is not how a URL begins: did you mean `https://`? [sources.tilejson-url]",
        ]
        for line in expected { #expect(run.output.contains(line), "\(line)\n\(run.output)") }
        #expect(!run.output.contains("mc-style.yaml:15:"), "a MapLibre token in a host label is fine")
        #expect(run.output.contains("6 errors, 0 warnings"), "\(run.output)")
        // The composition is not written with them.
        #expect(
            runTool(["compile", declarations.path, "--out", folder.appendingPathComponent("out").path]).status == 1)

        let base = try write(
            #"""
            {"version": 8, "sprite": "{hosted_sprite_url}", "glyphs": "https//fonts.example.com/{fontstack}/{range}.pbf",
             "sources": {"a": {"type": "raster", "tileSize": 256, "tiles": ["https://tiles..example.com/{z}/{x}/{y}.png"]},
                         "m": {"type": "vector", "url": "mapbox://mapbox.mapbox-streets-v8"}, "p": {"type": "vector", "url": "pmtiles://x.pmtiles"}},
             "layers": []}
            """#, "base.json", in: folder)
        let style = runTool(["validate", "--target", "maplibre", base.path])
        #expect(style.output.contains("base.json:1:59: error: the URL starts with 'https//'"), "\(style.output)")
        #expect(
            style.output.contains("base.json:2:65: error: the URL's host 'tiles..example.com' has an empty label"),
            "\(style.output)")
        #expect(style.output.components(separatedBy: "[style.url]").count - 1 == 2, "\(style.output)")
    }

    /// Item 2: a value planted under every name of the credential vocabulary is never printed whole, in any
    /// channel: validate in four formats, diff in three, compile --check --diff, resolve and fetch-base errors.
    @Test func everyCredentialNameIsMaskedInEveryChannel() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = [
            "key", "api_key", "apikey", "api-key", "apiKey", "access_token", "access-token", "token", "auth", "sig",
            "signature",
            "secret", "client_secret", "password", "subscription-key", "appid", "app_code", "X-Amz-Signature",
            "X-Amz-Credential", "X-Amz-Security-Token", "TOKEN",
        ]
        for (index, name) in names.enumerated() {
            let value = "Pl4nted\(index)Value9x8y7z"
            let url = "https://tiles.example.com/{z}/{x}/{y}.png?v=1&\(name)=\(value)"
            let style = try write(
                #"{"version": 8, "sources": {"s": {"type": "raster", "tileSize": 256, "tiles": ["\#(url)"]}}, "layers": [{"id": "bg", "type": "background", "paint": {"background-opacity": 7}}]}"#,
                "style-\(index).json", in: folder)
            let other = try write(
                #"{"version": 8, "sources": {"s": {"type": "raster", "tileSize": 512, "tiles": ["\#(url)"]}}, "layers": []}"#,
                "other-\(index).json", in: folder)
            var runs: [(String, ToolRun)] = []
            for format in ["text", "json", "sarif", "github", "gitlab"] {
                runs.append(
                    (
                        "validate \(format)",
                        runTool(["validate", "--target", "maplibre", "--format", format, style.path])
                    ))
            }
            for format in ["text", "json", "markdown"] {
                runs.append(("diff \(format)", runTool(["diff", "--format", format, style.path, other.path])))
            }
            let out = folder.appendingPathComponent("out-\(index)")
            _ = runTool(["compile", "--base", other.path, "--out", out.path])
            runs.append(
                (
                    "compile --check --diff",
                    runTool(["compile", "--base", style.path, "--out", out.path, "--check", "--diff"])
                ))
            runs.append(
                (
                    "resolve",
                    runTool([
                        "resolve", Fixtures.folder("demo/expected/tomtom").path, "--local-tile-server",
                        "http://10.0.0.1:8080/?\(name)=\(value)",
                    ])
                ))
            runs.append(
                (
                    "resolve route",
                    runTool([
                        "resolve", Fixtures.folder("demo/expected/tomtom").path, "--route",
                        "heatmap=a/\(name)=\(value)",
                    ])
                ))
            runs.append(
                (
                    "fetch-base",
                    runTool([
                        "fetch-base", "--out", folder.appendingPathComponent("f.json").path, "--url",
                        "http://127.0.0.1:9/s.json?\(name)=\(value)",
                        "--timeout", "2",
                    ])
                ))
            for (channel, run) in runs {
                #expect(
                    !run.output.contains(value) && !run.error.contains(value),
                    "\(name) in \(channel): \(run.output)\(run.error)")
            }
            #expect(runs[0].1.output.contains("[secret.literal-key]"), "\(name) is not flagged")
        }
    }

    /// Item 3: a missing variable is the one finding; independent findings on one value come together; a
    /// finding of several variants is printed once, naming them; "did you mean" comes first.
    @Test func oneRunSaysEverythingItCanKnow() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let styles = SharedData.repositoryFile("styles")
        let declarations = try write(
            """
            version: 1
            bases:
              light: \(styles.appendingPathComponent("tomtom-demo-base.json").path)
              dark: \(styles.appendingPathComponent("tomtom-demo-dark.json").path)
            sources:
              - id: osm-cycle
                urlTemplate: https://tiles.example.org/cycle/{z}/{x}/{y}.png?apikey=${CYCLE_TOKEN}
                opacity: 0
            layerMapping:
              - { sdkLayer: polyline-shape, after: mc-raster-layer-osm-cycle }
              - { sdkLayer: marker, before: Country nam }
            """, "mc-style.yaml", in: folder)
        let run = runTool(["validate", declarations.path])
        #expect(
            run.output.contains("mc-style.yaml:7:18: error: environment variable CYCLE_TOKEN is not set"),
            "\(run.output)")
        #expect(
            !run.output.contains("mc-raster-layer-osm-cycle' is not a layer"),
            "a missing variable caused another error: \(run.output)")
        #expect(
            run.output.contains(
                "layer mapping anchor 'Country nam' is not a layer of any variant's base style, so it is most likely misspelt; did you mean 'Country name'? (the SDK"
            ),
            "\(run.output)")
        let clean = try write(
            String(contentsOf: declarations, encoding: .utf8).replacing("Country nam }", with: "Country name }"),
            "clean.yaml", in: folder)
        let filled = runTool(["validate", clean.path], environment: ["CYCLE_TOKEN": "abc"])
        let zero = filled.output.split(separator: "\n").filter { $0.contains("[lint.zero-opacity]") }
        #expect(zero.count == 1 && zero[0].contains("(in variants 'light' and 'dark')"), "\(filled.output)")

        _ = try write(Self.emptyBase, "b.json", in: folder)
        let both = try write(
            """
            version: 1
            base: b.json
            sources:
              - id: a
                urlTemplate: https://tiles.example.org/{z}/{x}.png?api_key=abcd1234efgh5678ijkl
            """, "both.yaml", in: folder)
        let together = runTool(["validate", both.path])
        #expect(
            together.output.contains("both.yaml:5:18: error: the tile URL needs {z}, {x} and {y}"), "\(together.output)"
        )
        #expect(together.output.contains("both.yaml:5:18: error: literal credential 'abcd…'"), "\(together.output)")
        #expect(!together.output.contains("abcd1234efgh"))
    }

    /// Item 3: resolve names every unfilled placeholder at once, each with the option that fills it.
    @Test func resolveListsEveryUnfilledPlaceholder() throws {
        let run = runTool(["resolve", Fixtures.folder("demo/expected/tomtom").path])
        #expect(run.status == 1)
        let lines = run.error.split(separator: "\n")
        #expect(
            lines.contains {
                $0.contains("{key} (the TomTom API key) is not filled")
                    && $0.contains("(--api-key-env <name>) [resolve.unfilled]")
            }, "\(run.error)")
        #expect(
            lines.contains {
                $0.contains("{localTileServer}")
                    && $0.contains("(--local-tile-server http://127.0.0.1:<port>) [resolve.unfilled]")
            }, "\(run.error)")
        #expect(
            lines.contains {
                $0.contains("{cacheKey:heatmap}") && $0.contains("(--cache-key heatmap=<key>) [resolve.unfilled]")
            }, "\(run.error)")
    }

    /// Item 4: text and GitHub output show 20 findings of a rule and say how many more; --max-findings changes
    /// it; JSON keeps every one; the counts are the same.
    @Test func repeatedFindingsAreLimited() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let layers = (0..<1_000).map { _ in #"{"id": "dup", "type": "background"}"# }.joined(separator: ",\n")
        let style = try write(#"{"version": 8, "sources": {}, "layers": [\#(layers)]}"#, "dups.json", in: folder)
        let text = runTool(["validate", "--target", "maplibre", style.path])
        #expect(text.status == 1)
        #expect(
            text.output.components(separatedBy: "[style.layer.duplicate-id]").count - 1 == 21,
            "20 shown and the summary line")
        #expect(
            text.output.contains("... and 979 more [style.layer.duplicate-id]\n999 errors, 0 warnings\n"),
            "\(text.output.suffix(200))")
        let five = runTool(["validate", "--target", "maplibre", "--max-findings", "5", style.path])
        #expect(five.output.contains("... and 994 more [style.layer.duplicate-id]"))
        let all = runTool(["validate", "--target", "maplibre", "--max-findings", "all", style.path])
        #expect(all.output.components(separatedBy: "[style.layer.duplicate-id]").count - 1 == 999)
        let github = runTool(["validate", "--target", "maplibre", "--format", "github", style.path])
        #expect(
            github.output.split(separator: "\n").count { $0.hasPrefix("::error") } == 20
                && github.output.contains("... and 979 more"))
        let json = runTool(["validate", "--target", "maplibre", "--format", "json", style.path])
        #expect(json.output.components(separatedBy: "\"rule\": \"style.layer.duplicate-id\"").count - 1 == 999)
        #expect(runTool(["validate", "--max-findings", "0", style.path]).status == 2)
        #expect(
            FindingLimit.grouped(9_979) == "9,979" && FindingLimit.grouped(1_234_567) == "1,234,567"
                && FindingLimit.grouped(12) == "12")
    }

    /// Item 6: SARIF locations are relative to the working folder with `%SRCROOT%`, normalised; a file outside it
    /// gets an absolute `file://` URI.
    @Test func sarifLocationsAreRelativeAndNormalised() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try write(
            #"{"version": 8, "sources": {}, "layers": [{"id": "a", "type": "fill", "source": "nowhere"}]}"#,
            "ci/broken.json", in: folder)
        for given in ["ci/broken.json", "ci/../ci/broken.json", "./ci/broken.json"] {
            let run = runTool(["validate", "--format", "sarif", given], in: folder.path)
            #expect(
                run.output.contains(#""uri": "ci/broken.json",\#n                  "uriBaseId": "%SRCROOT%""#),
                "\(given): \(run.output)")
        }
        let outside = runTool(
            ["validate", "--format", "sarif", folder.appendingPathComponent("ci/broken.json").path], in: "/proc")
        #expect(outside.output.contains(#""uri": "file://\#(folder.path)/ci/broken.json""#), "\(outside.output)")
        #expect(outside.output.contains(#""styleSpecification": "MapLibre style specification v8"#))
        #expect(
            runTool(["validate", "--format", "json", folder.appendingPathComponent("ci/broken.json").path]).output
                .contains(#""styleSpecification": "#))
        #expect(runTool(["validate", "--help"]).output.contains("MapLibre style specification v8"))
    }

    /// Item 6: `mc-style layers` lists a style's layers and where placements go, and a declarations file's
    /// composed stack per variant with the declared layers marked.
    @Test func layersListsWhatPlacementsNeed() throws {
        let style = runTool(["layers", SharedData.repositoryFile("styles/tomtom-demo-base.json").path])
        #expect(style.status == 0)
        #expect(style.output.hasPrefix("index   id "))
        #expect(
            style.output.contains("belowLabels inserts at 37, below 'Motorway label' (the first label)"),
            "\(style.output)")
        #expect(
            style.output.contains(
                "43      Country name                symbol          vectorTiles / Country name        1-7   label\n"),
            "every column is aligned: \(style.output)")
        let composed = runTool([
            "layers", Fixtures.folder("variants/mc-style.yaml").path, "--variant", "satellite", "--format", "json",
        ])
        #expect(composed.status == 0, "\(composed.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(composed.output.utf8)) as? [String: Any])
        #expect(json["variant"] as? String == "satellite")
        let layers = try #require(json["layers"] as? [[String: Any]])
        let declared = layers.filter { $0["declared"] as? Bool == true }.compactMap { $0["id"] as? String }
        #expect(
            declared == [
                "mc-base-raster-layer", "mc-raster-layer-gsi-hillshade", "mc-raster-layer-population-heatmap",
            ], "\(declared)")
        #expect(
            runTool(["layers", Fixtures.folder("variants/mc-style.yaml").path, "--variant", "night"]).error.contains(
                "no variant 'night'"))
        #expect(
            runTool(["layers", SharedData.repositoryFile("styles/tomtom-demo-base.json").path, "--variant", "x"]).status
                == 2)
    }

    /// Item 7: a source field at the top level says where it goes; the lint configuration given as declarations
    /// says which file it is.
    @Test func smallTruthsSayWhereThingsGo() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try write(Self.emptyBase, "b.json", in: folder)
        let top = try write(
            "version: 1\nbase: b.json\nopacity: 0.5\nurlTemplate: x\nsources: []\n", "top.yaml", in: folder)
        let run = runTool(["validate", top.path])
        #expect(
            run.output.contains(
                "top.yaml:3:1: error: unknown key 'opacity' in the declarations file: 'opacity' is a source field; put it under 'defaults:' (for every source) or in a source [decl.unknown-key]"
            ), "\(run.output)")
        #expect(
            run.output.contains(
                "top.yaml:4:1: error: unknown key 'urlTemplate' in the declarations file: 'urlTemplate' is a source field; put it in a source under 'sources:'"
            ), "\(run.output)")
        let configuration = try write(
            String(contentsOf: Fixtures.folder("config/example.mc-style.yaml"), encoding: .utf8), ".mc-style.yaml",
            in: folder)
        let mistaken = runTool(["validate", configuration.path])
        #expect(
            mistaken.status == 1
                && mistaken.output.contains(
                    "this is mc-style's lint configuration (.mc-style.yaml: rule settings), not a declarations file"),
            "\(mistaken.output)")
    }

    /// Item 5: migrate takes several files, shows a diff with --check --diff, and what it writes validates:
    /// functions without a default fall back to the property's default, not to null.
    @Test func migrateWritesStylesThatValidate() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let legacy = #"""
            {"version": 8, "sources": {"v": {"type": "vector", "url": "https://example.com/v.json"}},
             "layers": [{"id": "a", "type": "line", "source": "v", "source-layer": "r",
               "paint": {"line-width": {"type": "categorical", "property": "c", "stops": [[{"zoom": 5, "value": "x"}, 2], [{"zoom": 10, "value": "x"}, 4]]},
                         "line-offset": {"type": "categorical", "property": "c", "stops": [["x", 2], ["y", 4]]}}}]}
            """#
        let first = try write(legacy, "a.json", in: folder)
        let second = try write(legacy, "b.json", in: folder)
        let check = runTool(["migrate", "--check", "--diff", first.path, second.path])
        #expect(check.status == 1)
        #expect(
            check.output.contains("would rewrite 2 legacy values in \(first.path)")
                && check.output.contains("would rewrite 2 legacy values in \(second.path)"))
        #expect(
            check.output.contains(#"+             "line-offset": ["match", ["get", "c"], "x", 2, "y", 4, 0]}}]}"#),
            "\(check.output)")
        #expect(check.output.contains("--- a\(first.path)\n+++ b\(first.path)\n@@ -1,4 +1,4 @@"), "\(check.output)")
        #expect(runTool(["migrate", first.path, second.path]).status == 2, "standard output takes one style")
        #expect(runTool(["migrate", "--in-place", first.path, second.path]).status == 0)
        for file in [first, second] {
            let validated = runTool(["validate", "--target", "maplibre", file.path])
            #expect(validated.output == "0 errors, 0 warnings\n", "\(validated.output)")
        }
        #expect(runTool(["migrate", "--check", first.path, second.path]).status == 0)
        // Every corpus style migrate touches validates afterwards.
        guard SharedData.isAvailable else {
            print(SharedData.absenceNote)
            return
        }
        for url in SharedData.corpusStyles {
            let copy = folder.appendingPathComponent("corpus-" + url.lastPathComponent)
            try FileManager.default.copyItem(at: url, to: copy)
            #expect(runTool(["migrate", "--in-place", copy.path]).status == 0)
            let target = url.lastPathComponent.hasPrefix("tomtom-") ? "tomtom" : "maplibre"
            let validated = runTool(["validate", "--target", target, copy.path])
            #expect(
                validated.status == 0 && validated.output.contains("0 errors,")
                    && !validated.output.contains(": error:"),
                "\(url.lastPathComponent): \(validated.output.suffix(300))")
        }
    }
}
