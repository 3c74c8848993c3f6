import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleCompiler

/// MapConductor's StyleRules at build time (issue: StyleRules at build time): rules documents read and checked at
/// their own lines, applied to a design's base (`from:`, `rules:`), explained per rule, and described per layer.
@Suite struct StyleRulesTests {
    static let colorful = Fixtures.folder("demo/vector/versatiles-colorful.json")
    static let project = Fixtures.folder("stylerules/mc-style.yaml").path
    static let shippedRules = Fixtures.folder("stylerules/rules/dark.rules.json").path

    /// MapConductor's road-emphasis rules (its public test of the Rust compiler, ios-sdk @6e0a426c).
    static let roadEmphasis = """
        {
          "schemaVersion": 1,
          "rules": [
            { "selector": "all", "patch": { "color": "#000000" } },
            { "selector": { "role": "label" }, "patch": { "visible": false } },
            { "selector": { "role": "road-casing" }, "patch": { "color": "#303030" } },
            { "selector": { "role": "road" }, "patch": { "color": "#ffffff", "widthScale": 1.3 } }
          ]
        }
        """

    static func rules(_ text: String, name: String = "rules.json") throws -> StyleRulesDocument {
        let file = SourceFiles().add(name: name, bytes: Array(text.utf8))
        let (document, diagnostics) = StyleRulesReader(inputLoader: InputLoader()).read(file)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors)")
        return try #require(document)
    }

    /// One raster source, for declarations whose point is elsewhere.
    static let oneSource = "sources:\n  - {id: hillshade, urlTemplate: \"https://tiles.example.com/{z}/{x}/{y}.png\"}\n"

    /// Declarations of a `light` design over `base.json` and a `dark` one derived from it by `rules`.
    static func derivedDark(rules: String) -> String {
        "version: 1\nbases:\n  light: base.json\n  dark: {from: light, rules: \(rules)}\n" + oneSource
    }

    /// A project folder (a git root) with `declarations` as `mc-style.yaml`, `base` (the demo's TomTom-shaped base
    /// unless given) as `base.json`, and `files` by path.
    static func project(_ declarations: String, files: [String: String] = [:], base: URL? = nil) throws -> URL {
        let folder = try makeTemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: base ?? SharedData.repositoryFile("styles/tomtom-demo-base.json"),
            to: folder.appendingPathComponent("base.json"))
        for (path, text) in files.merging(["mc-style.yaml": declarations], uniquingKeysWith: { $1 }) {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    static func style(_ url: URL) throws -> JSONNode {
        try JSONParser().parse(bytes: Array(try Data(contentsOf: url)), name: url.lastPathComponent).root
    }

    @Test func roadEmphasisKeepsEveryLayerAndFindsShortbread() throws {
        let applied = StyleRulesApplication(try Self.rules(Self.roadEmphasis), to: try Self.style(Self.colorful))
        #expect(applied.style["layers"]?.arrayValue?.count == 280)
        #expect(applied.schema?.name == "shortbread")
        let findings = CompilationInputs.findings(of: applied, try Self.rules(Self.roadEmphasis), subject: "the style")
        #expect(findings.contains { $0.rule == "rules.applied" && $0.message.hasPrefix("schema: shortbread") })
        // Every rule matched something: labels, casings and roads are all there.
        #expect(applied.matched.allSatisfy { $0 > 0 }, "\(applied.matched)")
        #expect(applied.matched[0] == 280)
        // A casing takes the casing colour; a road after it white and 1.3 times as wide, its zoom curve kept.
        let layers = applied.style["layers"]?.arrayValue ?? []
        let casing = try #require(layers.first { $0["id"]?.stringValue == "street-motorway:outline" })
        #expect(casing["paint"]?["line-color"]?.stringValue == "#ffffff")
        let road = try #require(layers.first { $0["id"]?.stringValue == "street-motorway" })
        let stops = road["paint"]?["line-width"]?["stops"]?.arrayValue ?? []
        #expect(stops.count == 8)
        #expect(stops[1].arrayValue.map { $0.map(LayerPatching.compact) } == ["6", "1.3"])
        let label = try #require(layers.first { $0["type"]?.stringValue == "symbol" })
        #expect(label["layout"]?["visibility"]?.stringValue == "none")
    }

    @Test func outlineStreetsAreRoadAndCasingByTheShortbreadTable() throws {
        let layers = LayerRoles(schema: .shortbread).describe(try Self.style(Self.colorful))
        let outlines = layers.filter { $0.id.hasSuffix(":outline") && $0.roles.contains("road") }
        #expect(!outlines.isEmpty)
        for layer in outlines {
            #expect(layer.roles == ["road", "road-casing"], "\(layer.id)")
            #expect(layer.evidence.first == "shortbread:streets", "\(layer.id)")
            #expect(layer.evidence.last == "id~*:outline", "\(layer.id)")
        }
        // describe says the same from the command line, as JSON.
        let run = runTool(["describe", Self.colorful.path, "--format", "json"])
        #expect(run.status == 0, "\(run.error)")
        let root = try JSONParser().parse(bytes: Array(run.output.utf8), name: "out").root
        #expect(root["schema"]?.stringValue == "shortbread")
        #expect(root["layers"]?.arrayValue?.count == 280)
        let described = root["layers"]?.arrayValue?.first { $0["id"]?.stringValue == "street-primary:outline" }
        #expect(described?["roles"]?.arrayValue?.compactMap(\.stringValue) == ["road", "road-casing"])
        #expect(described?["evidence"]?.arrayValue?.first?.stringValue == "shortbread:streets")
    }

    @Test func colouringTheBackgroundChangesOneValueGivenCanonically() throws {
        // MapConductor's fixture writes its background rgb(248,244,240); the VersaTiles release we ship writes
        // #f9f4ee. The same style with MapConductor's background: one value changes, the one before in hex.
        var style = try Self.style(Self.colorful)
        var layers = style["layers"]?.arrayValue ?? []
        let background = try JSONParser().parse(
            bytes: Array(
                #"{"id": "background", "type": "background", "paint": {"background-color": "rgb(248,244,240)"}}"#.utf8),
            name: "background"
        ).root
        layers[0] = background
        var root = try #require(style.objectValue)
        _ = root.modifyValue(forKey: "layers") { $0 = JSONNode(.array(layers)) }
        style = JSONNode(.object(root))
        let rules = try Self.rules(
            ##"{"schemaVersion":1,"rules":[{"selector":{"layerId":"background"},"patch":{"color":"#010203"}}]}"##)
        let applied = StyleRulesApplication(rules, to: style)
        #expect(applied.changes.count == 1)
        #expect(applied.changes.first?.layerID == "background")
        #expect(applied.changes.first?.property == "background-color")
        #expect(applied.changes.first?.before == ##""#f8f4f0""##)
        #expect(applied.changes.first?.after == ##""#010203""##)
    }

    @Test func colourFiltersReachEveryOutputAndKeepLabelsAndCurves() throws {
        let style = try JSONParser().parse(
            bytes: Array(
                ##"""
                {"version": 8, "sources": {}, "layers": [
                  {"id": "land", "type": "fill", "source": "s", "source-layer": "land", "paint": {"fill-color": ["match", ["get", "class"], "white", "#ffffff", "red", "hsl(0, 100%, 50%)", ["interpolate", ["linear"], ["zoom"], 5, "rgb(255,255,255)", 10, ["rgb", 0, 0, 0]]]}},
                  {"id": "road", "type": "line", "source": "s", "source-layer": "road", "paint": {"line-width": ["interpolate", ["linear"], ["zoom"], 5, 1, 10, ["get", "w"]]}},
                  {"id": "name", "type": "symbol", "source": "s", "source-layer": "place", "layout": {"text-field": "{name}"}}
                ]}
                """##.utf8), name: "style.json"
        ).root
        let rules = try Self.rules(
            ##"""
            {"schemaVersion": 1, "rules": [
              {"selector": "all", "patch": {"colorFilter": {"invertLightness": true}}},
              {"selector": {"kind": "line"}, "patch": {"widthScale": 2}}
            ]}
            """##)
        let applied = StyleRulesApplication(rules, to: style)
        let layers = applied.style["layers"]?.arrayValue ?? []
        let writer = { (node: JSONNode?) in node.map(LayerPatching.compact) ?? "" }
        // Labels of match stay as written; white turns black; pure red keeps its lightness (0.5) and hue.
        #expect(
            writer(layers[0]["paint"]?["fill-color"])
                == ##"["match",["get","class"],"white","#000000","red","#ff0000",["interpolate",["linear"],["zoom"],5,"#000000",10,"#ffffff"]]"##
        )
        // The zoom curve stays; a number is doubled; a value read from the data is multiplied where it is.
        #expect(
            writer(layers[1]["paint"]?["line-width"])
                == ##"["interpolate",["linear"],["zoom"],5,2,10,["*",["get","w"],2]]"##)
        // Default black text becomes white: the filter reaches what the layer leaves to the specification.
        #expect(layers[2]["paint"]?["text-color"]?.stringValue == "#ffffff")
    }

    @Test func aYAMLRulesDocumentReadsAsItsJSONForm() throws {
        let yaml = """
            schemaVersion: 1
            schema: shortbread
            rules:
              - selector: {role: road}
                patch: {color: "#ffffff", widthScale: 1.3, visible: true}
            """
        let document = try Self.rules(yaml, name: "rules.yaml")
        #expect(document.rules.count == 1)
        #expect(document.rules[0].patch.widthScale?.value == 1.3)
        #expect(document.rules[0].patch.visible?.value == true)
        #expect(document.rules[0].selector == .role("road"))
        // The shipped YAML form of the road-emphasis rules restyles VersaTiles colorful exactly as the JSON form.
        let shipped = try Self.rules(
            try String(
                contentsOf: Fixtures.folder("stylerules/rules/road-emphasis.rules.yaml"), encoding: .utf8),
            name: "road-emphasis.rules.yaml")
        let style = try Self.style(Self.colorful)
        let fromYAML = StyleRulesApplication(shipped, to: style)
        let fromJSON = StyleRulesApplication(try Self.rules(Self.roadEmphasis), to: style)
        #expect(fromYAML.style == fromJSON.style)
        #expect(fromYAML.matched == fromJSON.matched)
        // Plain scalars are typed as the declarations type them: `True` is a boolean, `0x1F` is no number.
        let file = SourceFiles().add(
            name: "typed.rules.yaml",
            bytes: Array("schemaVersion: 1\nrules:\n  - {selector: all, patch: {visible: True, opacity: 0x1F}}\n".utf8))
        let (_, found) = StyleRulesReader(inputLoader: InputLoader()).read(file)
        #expect(found.map(\.rule) == ["rules.value"], "\(found)")
        #expect(found.first?.message.hasPrefix("opacity is a number") == true, "\(found)")
    }

    /// Ten mistakes planted in one rules document, each reported at its own line and column with its rule.
    @Test func tenPlantedMistakesAreEachFoundAtTheirPlace() throws {
        let folder = try Self.project(Self.derivedDark(rules: "dark.json"))
        let planted = """
            {
              "schemaVersion": 2,
              "schema": "shortbred",
              "rules": [
                { "selector": "everything", "patch": { "visible": false } },
                { "selector": { "role": "roads" }, "patch": { "color": "#fff" } },
                { "selector": { "kind": "polygon" }, "patch": { "opacity": 0.5 } },
                { "selector": "all", "patch": { "colour": "#000" } },
                { "selector": "all", "patch": { "color": "#12345g" } },
                { "selector": "all", "patch": { "opacity": 1.5 } },
                { "selector": "all", "patch": { "colorFilter": { "darkn": 0.2 } } },
                { "selector": "all", "patch": { "properties": { "line-dash-array": [2, 1] } } }
              ]
            }
            """
        try Data(planted.utf8).write(to: folder.appendingPathComponent("dark.json"))
        let run = runTool(["validate", folder.appendingPathComponent("mc-style.yaml").path, "--format", "json"])
        #expect(run.status == 1)
        let root = try JSONParser().parse(bytes: Array(run.output.utf8), name: "out").root
        let found = (root["diagnostics"]?.arrayValue ?? []).filter { $0["severity"]?.stringValue != "note" }.map {
            "\(($0["file"]?.stringValue ?? "").components(separatedBy: "/").last ?? ""):\($0["line"]?.numberValue?.intValue ?? 0):\($0["column"]?.numberValue?.intValue ?? 0) \($0["rule"]?.stringValue ?? "")"
        }
        let expected = [
            "dark.json:2:20 rules.schema-version",
            "dark.json:3:13 rules.schema",
            "dark.json:5:19 rules.selector",
            "dark.json:6:29 rules.role",
            "dark.json:7:29 rules.selector",
            "dark.json:8:37 rules.unknown-field",
            "dark.json:9:46 rules.value",
            "dark.json:10:48 rules.value",
            "dark.json:11:54 rules.unknown-field",
            "dark.json:12:53 rules.property",
        ]
        #expect(found == expected, "\(found)")
        // Named as a rules document, the same file is checked alone, its mistakes at the same places.
        try Data(planted.utf8).write(to: folder.appendingPathComponent("planted.rules.json"))
        let alone = runTool(["validate", folder.appendingPathComponent("planted.rules.json").path, "--format", "json"])
        #expect(alone.status == 1)
        let aloneRoot = try JSONParser().parse(bytes: Array(alone.output.utf8), name: "out").root
        let aloneFound = (aloneRoot["diagnostics"]?.arrayValue ?? []).map {
            "\($0["line"]?.numberValue?.intValue ?? 0):\($0["column"]?.numberValue?.intValue ?? 0) \($0["rule"]?.stringValue ?? "")"
        }
        #expect(aloneFound == expected.map { String($0.dropFirst("dark.json:".count)) }, "\(aloneFound)")
        #expect(runTool(["validate", Self.shippedRules]).status == 0)
    }

    @Test func aDarkDesignDerivedFromTheLightBaseIsDarkCleanAndLegible() throws {
        let out = try makeTemporaryFolder().appendingPathComponent("out")
        let validate = runTool(["validate", Self.project, "--verbose", "--format", "json"])
        #expect(validate.status == 0, "\(validate.output)")
        let root = try JSONParser().parse(bytes: Array(validate.output.utf8), name: "out").root
        let findings = root["diagnostics"]?.arrayValue ?? []
        #expect(
            !findings.contains { $0["severity"]?.stringValue == "error" || $0["severity"]?.stringValue == "warning" })
        #expect(
            !findings.contains { $0["rule"]?.stringValue == "lint.contrast" }, "every label legible in both designs")
        #expect(
            findings.contains {
                $0["rule"]?.stringValue == "rules.applied"
                    && ($0["message"]?.stringValue ?? "").hasPrefix("schema: tomtom")
            })
        // describe gives the dark design's layers the roles its rules were applied with (the schema they name).
        let described = runTool(["describe", Self.project, "--variant", "dark"])
        #expect(described.output.hasPrefix("design 'dark': 50 layers; schema: tomtom (named)"), "\(described.output)")
        let compile = runTool(["compile", Self.project, "--out", out.path])
        #expect(compile.status == 0, "\(compile.error)")
        func meanLightness(_ name: String) throws -> Double {
            let style = try Self.style(out.appendingPathComponent(name))
            let colours = (style["layers"]?.arrayValue ?? []).compactMap { layer -> StyleColor? in
                guard ["background", "fill"].contains(layer["type"]?.stringValue ?? "") else { return nil }
                let paint = layer["paint"]?[layer["type"]?.stringValue == "fill" ? "fill-color" : "background-color"]
                return paint.flatMap { LayerPatching.constantColour($0) }
            }
            return colours.map { $0.hsl.lightness }.reduce(0, +) / Double(max(1, colours.count))
        }
        let light = try meanLightness("style.light.json")
        let dark = try meanLightness("style.dark.json")
        #expect(light > 0.8)
        #expect(dark < 0.25, "light \(light), dark \(dark)")
    }

    @Test func fromMustNameADesignAboveIt() throws {
        let folder = try Self.project(
            "version: 1\nbases:\n  dark: {from: lihgt, rules: dark.json}\n  light: base.json\n" + Self.oneSource)
        let run = runTool(["validate", folder.appendingPathComponent("mc-style.yaml").path])
        #expect(run.status == 1)
        #expect(
            run.output.contains("mc-style.yaml:3:16: error: from: 'lihgt' names no design declared above 'dark'"),
            "\(run.output)")
    }

    @Test func aVectorStylesRulesAreAppliedBeforeItIsBundled() throws {
        let folder = try Self.project(
            """
            version: 1
            base: base.json
            sources:
              - id: company-map
                vectorStyle: {style: vector/colorful.json, route: company-map, rules: vector/emphasis.json}
            """,
            files: ["vector/emphasis.json": Self.roadEmphasis])
        try FileManager.default.copyItem(at: Self.colorful, to: folder.appendingPathComponent("vector/colorful.json"))
        let out = folder.appendingPathComponent("out")
        let validate = runTool(["validate", folder.appendingPathComponent("mc-style.yaml").path, "--verbose"])
        #expect(validate.status == 0, "\(validate.output)")
        #expect(validate.output.contains("rule 4 (role road) matched"), "\(validate.output)")
        #expect(validate.output.contains("schema: shortbread"), "\(validate.output)")
        let run = runTool(["compile", folder.appendingPathComponent("mc-style.yaml").path, "--out", out.path])
        #expect(run.status == 0, "\(run.error)")
        let bundledURL = out.appendingPathComponent("vector-styles/company-map.json")
        let bundled = try Self.style(bundledURL)
        let layers = bundled["layers"]?.arrayValue ?? []
        #expect(layers.count == 280)
        let road = try #require(layers.first { $0["id"]?.stringValue == "street-motorway" })
        #expect(road["paint"]?["line-color"]?.stringValue == "#ffffff")
        // The manifest records the bundle's own digest and the rules file among the inputs.
        let manifest = try Self.style(out.appendingPathComponent("manifest.json"))
        let inputs = manifest["inputs"]?.arrayValue ?? []
        #expect(
            inputs.contains { $0["role"]?.stringValue == "rules" && $0["path"]?.stringValue == "vector/emphasis.json" })
        let digest = SHA256.hex(Array(try Data(contentsOf: bundledURL)))
        #expect(LayerPatching.compact(manifest).contains(digest))
    }

    /// The shipped dark rules on TomTom's own basic style (906 layers): no error, and every label of the derived
    /// design legible (the light design keeps TomTom's two pale labels, which name only it).
    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)))
    func theDarkRulesOnTomTomsOwnBaseKeepEveryLabelLegible() throws {
        let corpus = try #require(SharedData.corpusStyles.first { $0.lastPathComponent == "tomtom-basic-main.json" })
        let folder = try Self.project(
            Self.derivedDark(rules: "dark.rules.json"),
            files: ["dark.rules.json": try String(contentsOfFile: Self.shippedRules, encoding: .utf8)], base: corpus)
        let run = runTool([
            "validate", folder.appendingPathComponent("mc-style.yaml").path, "--verbose", "--format", "json",
        ])
        #expect(run.status == 0, "\(run.output.prefix(2000))")
        let root = try JSONParser().parse(bytes: Array(run.output.utf8), name: "out").root
        let contrast = (root["diagnostics"]?.arrayValue ?? []).filter { $0["rule"]?.stringValue == "lint.contrast" }
        let messages = contrast.compactMap { $0["message"]?.stringValue }
        #expect(!messages.isEmpty && messages.allSatisfy { $0.hasSuffix("(in variant 'light')") }, "\(messages)")
        let applied = (root["diagnostics"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
        #expect(applied.contains { $0.hasPrefix("schema: tomtom (named) for design 'dark', 906 layers") })
    }

    /// A patch's filter and properties are checked by the style validator where they land, reported at the rule.
    @Test func aFilterOrPropertyARuleWritesIsCheckedAtTheRule() throws {
        let rules = """
            {"schemaVersion": 1, "rules": [
              {"selector": {"role": "water"}, "patch": {"filter": ["==", ["get", "kind"]]}},
              {"selector": {"kind": "line"}, "patch": {"properties": {"line-cap": "rounded"}}}
            ]}
            """
        let folder = try Self.project(Self.derivedDark(rules: "dark.rules.json"), files: ["dark.rules.json": rules])
        let run = runTool(["validate", folder.appendingPathComponent("mc-style.yaml").path])
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "dark.rules.json:2:55: error: Expected two or three arguments. (in variant 'dark') [style.expression]"),
            "\(run.output)")
        #expect(
            run.output.contains(
                #"dark.rules.json:3:71: error: expected one of [butt, round, square], "rounded" found (in variant 'dark') [style.enum]"#
            ), "\(run.output)")
        #expect(run.output.contains("2 errors"), "\(run.output)")
    }
}
