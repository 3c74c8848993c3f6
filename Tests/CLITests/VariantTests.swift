import Foundation
import StyleRuntime
import TestSupport
import Testing

@testable import MCStyleCLI

/// Map-design variants (`bases:`): the shipped base with a dark and a satellite-like design
/// (styles/tomtom-demo-dark.json, styles/tomtom-demo-satellite.json: no road or POI labels).
@Suite struct VariantTests {
    static let example = Fixtures.folder("variants/mc-style.yaml").path

    static func styles(_ name: String) -> String { SharedData.repositoryFile("styles/" + name).path }

    /// Declarations over the three shipped designs, written to a temporary folder; `body` follows `bases:`.
    static func declarations(_ body: String, in folder: URL) throws -> (
        path: String, positions: [(line: Int, column: Int)]
    ) {
        let marked = markedPositions(
            """
            version: 1
            bases:
              light: \(styles("tomtom-demo-base.json"))
              dark: \(styles("tomtom-demo-dark.json"))
              ⟦satellite: \(styles("tomtom-demo-satellite.json"))

            """ + body)
        let path = folder.appendingPathComponent("mc-style.yaml")
        try Data(marked.text.utf8).write(to: path)
        return (path.path, marked.positions)
    }

    /// `mc-style validate` of `declarations(body)`: the run, the file's path, and the marked positions (the first is
    /// the satellite variant's key).
    static func validate(_ body: String) throws -> (run: ToolRun, path: String, positions: [(line: Int, column: Int)]) {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (path, positions) = try declarations(body, in: folder)
        return (runTool(["validate", path]), path, positions)
    }

    @Test func theExampleMatchesItsGoldenFilesByteForByte() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let run = runTool(["compile", Self.example, "--out", out.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(
            run.output.contains(
                "style.light.json, layer-mapping.light.json, style.dark.json, layer-mapping.dark.json, style.satellite.json"
            ))
        let produced = try CompileCommandTests.tree(out)
        let golden = try CompileCommandTests.tree(Fixtures.folder("variants/expected"))
        #expect(produced.keys.sorted() == golden.keys.sorted())
        for (path, bytes) in golden { #expect(produced[path] == bytes, "\(path) differs from the golden file") }
    }

    @Test func eachVariantGetsItsOwnStyleLayerMappingAndPointers() throws {
        let folder = Fixtures.folder("variants/expected").path
        let light = try CompiledStyle(folder: folder)
        let dark = try CompiledStyle(folder: folder, variant: "dark")
        let satellite = try CompiledStyle(folder: folder, variant: "satellite")
        #expect(light.variant.name == "light")
        #expect(light.manifest.variants.map(\.name) == ["light", "dark", "satellite"])
        #expect(light.style != dark.style)
        let darkStyle = String(decoding: dark.style, as: UTF8.self)
        #expect(darkStyle.contains("mc-style demo base, dark design"))
        #expect(darkStyle.contains("\"id\": \"mc-raster-layer-population-heatmap\""))
        // The satellite design lacks 'Motorway label': the heatmap falls back below the first label (Country border
        // is the last line layer before it), and its layer pointer says where it is in that variant's style.
        let satelliteRoot = try JSONSerialization.jsonObject(with: Data(satellite.style)) as? [String: Any]
        let layers = try #require(satelliteRoot?["layers"] as? [[String: Any]])
        let ids = layers.compactMap { $0["id"] as? String }
        let heatmap = try #require(ids.firstIndex(of: "mc-raster-layer-population-heatmap"))
        #expect(layers[heatmap + 1]["type"] as? String == "symbol")
        #expect(satellite.variant.layers[1].opacityPointer == "/layers/\(heatmap)/paint/raster-opacity")
        let mapping = String(decoding: try #require(satellite.layerMapping), as: UTF8.self)
        #expect(mapping.contains("\"before-primary-layer\": \"Country name\""))
        #expect(mapping.contains("\"after-primary-layer\": \"\(ids.last ?? "")\""))
        let lightMapping = String(decoding: try #require(light.layerMapping), as: UTF8.self)
        #expect(lightMapping.contains("\"before-primary-layer\": \"Major road label\""))
        // Resolving an opacity change lands on the heatmap layer of the variant resolved.
        var settings = RuntimeSettings(platform: .android)
        settings.apiKey = "k"
        settings.localTileServer = "http://127.0.0.1:8080"
        settings.cacheKeys = ["heatmap": "v1"]
        settings.opacity = ["population-heatmap": 0.25]
        let resolved = try satellite.resolve(settings)
        let resolvedRoot = try JSONSerialization.jsonObject(with: Data(resolved.style)) as? [String: Any]
        let resolvedLayer = try #require((resolvedRoot?["layers"] as? [[String: Any]])?[heatmap])
        #expect(resolvedLayer["id"] as? String == "mc-raster-layer-population-heatmap")
        #expect((resolvedLayer["paint"] as? [String: Any])?["raster-opacity"] as? Double == 0.25)
    }

    @Test func anUnknownVariantNamesTheOnesTheBuildHas() throws {
        let folder = Fixtures.folder("variants/expected").path
        #expect(
            throws: RuntimeError(
                .unknownVariant, "the build has no variant 'night' (it has 'light', 'dark', 'satellite')")
        ) {
            try CompiledStyle(folder: folder, variant: "night")
        }
        let run = runTool(
            ["resolve", folder, "--variant", "night", "--api-key-env", "MC_TEST_KEY"], environment: ["MC_TEST_KEY": "k"]
        )
        #expect(run.status == 1)
        #expect(
            run.error.contains(
                "the build has no variant 'night' (it has 'light', 'dark', 'satellite') [resolve.unknown-variant]"))
        let dark = runTool(
            [
                "resolve", folder, "--variant", "dark", "--api-key-env", "MC_TEST_KEY", "--local-tile-server",
                "http://127.0.0.1:1",
                "--cache-key", "heatmap=v2",
            ], environment: ["MC_TEST_KEY": "k"])
        #expect(dark.status == 0, "\(dark.error)")
        #expect(dark.output.contains("mc-style demo base, dark design"))
        #expect(dark.output.contains("http://127.0.0.1:1/tiles/heatmap/512/v2/{z}/{x}/{y}.png"))
    }

    @Test func aMissingAnchorWithoutFallbackIsAnErrorNamingTheVariantAtItsLine() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (path, positions) = try Self.declarations(
            """
            sources:
              - id: heat
                urlTemplate: https://t.example.com/{z}/{x}/{y}.png
                placement: ⟦{ below: Motorway label }
            layerMapping:
              - { sdkLayer: route, before: ⟦Airport POI }
              - { sdkLayer: polyline-shape, after: mc-raster-layer-heat }

            """, in: folder)
        let run = runTool(["validate", path])
        #expect(run.status == 1)
        let variant = positions[0]
        let placement = positions[1]
        let anchor = positions[2]
        #expect(
            run.output.contains(
                "\(path):\(placement.line):\(placement.column): error: placement of 'heat' names layer 'Motorway label', which the base style of variant 'satellite' does not have; did you mean 'Motorway'? (give the placement a fallback, such as fallback: top, for the variants without it) [compose.placement-anchor]"
            ))
        #expect(
            run.output.contains("\(path):\(variant.line):\(variant.column): note: variant 'satellite' is declared here")
        )
        #expect(
            run.output.contains(
                "\(path):\(anchor.line):\(anchor.column): error: layer mapping anchor 'Airport POI' is not a layer of the composed style of variant 'satellite'"
            ))
        // The heatmap's own layer is missing from satellite because its placement failed: no second error for that.
        #expect(!run.output.contains("mc-raster-layer-heat'"))
        #expect(run.output.contains("2 errors, 0 warnings"))
        // Light and dark have both anchors: one error each, about satellite only.
        #expect(!run.output.contains("variant 'dark'"))
        #expect(!run.output.contains("variant 'light'"))
        let out = folder.appendingPathComponent("out")
        #expect(runTool(["compile", path, "--out", out.path]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aFallbackAnchorTheVariantLacksTooIsAnError() throws {
        let (run, path, positions) = try Self.validate(
            """
            sources:
              - id: heat
                urlTemplate: https://t.example.com/{z}/{x}/{y}.png
                placement: { below: Motorway label, fallback: ⟦{ above: Park label } }
            layerMapping:
              - { sdkLayer: route, before: Airport POI, fallback: ⟦{ after: Water label } }

            """)
        #expect(run.status == 1)
        let placement = positions[1]
        let anchor = positions[2]
        #expect(
            run.output.contains(
                "\(path):\(placement.line):\(placement.column): error: the fallback placement of 'heat' names layer 'Park label', which the base style of variant 'satellite' does not have either"
            ))
        #expect(
            run.output.contains(
                "\(path):\(anchor.line):\(anchor.column): error: the fallback anchor 'Water label' of 'route' is not a layer of the composed style of variant 'satellite' either"
            ))
    }

    @Test func anAnchorNoVariantHasIsCalledAMisspelling() throws {
        let (run, path, positions) = try Self.validate(
            """
            sources:
              - id: heat
                urlTemplate: https://t.example.com/{z}/{x}/{y}.png
                placement: ⟦{ below: Motorway lable, fallback: top }

            """)
        #expect(run.status == 1)
        let placement = positions[1]
        #expect(
            run.output.contains(
                "\(path):\(placement.line):\(placement.column): error: 'Motorway lable' is not a layer of any variant's base style, so its fallback would always be used: it is most likely misspelt; did you mean 'Motorway label'? [compose.placement-anchor]"
            ))
    }

    @Test func basesAreCheckedWhereTheyAreWritten() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let marked = markedPositions(
            """
            version: 1
            base: ⟦\(Self.styles("tomtom-demo-base.json"))
            bases:
              light: \(Self.styles("tomtom-demo-base.json"))
              ⟦night mode: \(Self.styles("tomtom-demo-dark.json"))
              dark: ⟦missing-dark.json
            sources: []

            """)
        let path = folder.appendingPathComponent("mc-style.yaml")
        try Data(marked.text.utf8).write(to: path)
        let run = runTool(["validate", path.path])
        #expect(run.status == 1)
        let base = marked.positions[0]
        let name = marked.positions[1]
        #expect(
            run.output.contains(
                "\(path.path):\(base.line):\(base.column): error: give either base (one design) or bases (one per variant), not both [decl.bases]"
            ))
        #expect(
            run.output.contains(
                "\(path.path):\(name.line):\(name.column): error: variant name 'night mode' must be 1 to 64 letters, digits, '-' and '_'"
            ))
        let over = runTool(["validate", path.path, "--base", Self.styles("tomtom-demo-base.json")])
        #expect(over.output.contains("--base replaces a single base, but the declarations name one per variant"))
    }

    @Test func aBaseThatCannotBeReadIsReportedAtItsVariant() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let marked = markedPositions(
            """
            version: 1
            bases:
              light: \(Self.styles("tomtom-demo-base.json"))
              ⟦dark: missing-dark.json
            sources: []

            """)
        let path = folder.appendingPathComponent("mc-style.yaml")
        try Data(marked.text.utf8).write(to: path)
        let run = runTool(["validate", path.path])
        #expect(run.status == 1)
        let at = marked.positions[0]
        #expect(run.output.contains("\(path.path):\(at.line):\(at.column): error: base style of variant 'dark' "))
    }

    /// Two designs may share a base file (a driving design that only differs in the app): each is listed as an
    /// input under its own name, and each gets its files.
    @Test func twoVariantsMayShareABase() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("mc-style.yaml")
        try Data(
            """
            version: 1
            bases:
              light: \(Self.styles("tomtom-demo-base.json"))
              light-driving: \(Self.styles("tomtom-demo-base.json"))
            sources: []

            """.utf8
        ).write(to: path)
        let out = folder.appendingPathComponent("out")
        let run = runTool(["compile", path.path, "--out", out.path])
        #expect(run.status == 0, "\(run.error)")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json")))
                as? [String: Any])
        let inputs = try #require(manifest["inputs"] as? [[String: Any]])
        #expect(inputs.compactMap { $0["variant"] as? String } == ["light", "light-driving"])
        #expect(inputs.map { $0["role"] as? String } == ["declarations", "base", "base"])
        let light = try Data(contentsOf: out.appendingPathComponent("style.light.json"))
        #expect(try Data(contentsOf: out.appendingPathComponent("style.light-driving.json")) == light)
    }

    @Test func outputsOfVariantsNoLongerDeclaredAreRemoved() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        #expect(runTool(["compile", Self.example, "--out", out.path]).status == 0)
        let single = folder.appendingPathComponent("single.yaml")
        try Data("version: 1\nbase: \(Self.styles("tomtom-demo-dark.json"))\nsources: []\n".utf8).write(to: single)
        let check = runTool(["compile", single.path, "--out", out.path, "--check"])
        #expect(check.status == 1)
        #expect(
            check.output.contains("would remove \(out.path)/style.satellite.json")
                || check.error.contains("would remove \(out.path)/style.satellite.json"),
            "\(check.output)\(check.error)")
        #expect(runTool(["compile", single.path, "--out", out.path]).status == 0)
        #expect(try CompileCommandTests.tree(out).keys.sorted() == ["manifest.json", "style.json"])
        let manifest = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"name\": \"default\""))
        #expect(try CompiledStyle(folder: out.path).variant.style.path == "style.json")
    }
}
