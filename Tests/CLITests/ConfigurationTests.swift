import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// `.mc-style.yaml` (rule settings and layer globs) and baselines (`--write-baseline`, `--baseline`).
@Suite struct ConfigurationTests {
    /// A style with one lint note (`hidden`), one lint warning (`unused`) and one more warning (`dup-b`).
    static let style = """
        {"version": 8, "sources": {"v": {"type": "vector", "url": "https://t.example.com/v.json"}, "unused": {"type": "vector", "url": "https://t.example.com/u.json"}},
         "layers": [
          {"id": "hidden", "type": "fill", "source": "v", "source-layer": "w", "layout": {"visibility": "none"}},
          {"id": "dup-a", "type": "line", "source": "v", "source-layer": "w"},
          {"id": "dup-b", "type": "line", "source": "v", "source-layer": "w"}
         ]}
        """

    /// A repository (a folder with `.git`) holding the style and, when given, a configuration at its root.
    func repository(config: String?) throws -> URL {
        let folder = try makeTemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("styles/deep"), withIntermediateDirectories: true)
        try Data(Self.style.utf8).write(to: folder.appendingPathComponent("styles/style.json"))
        if let config { try Data(config.utf8).write(to: folder.appendingPathComponent(".mc-style.yaml")) }
        return folder
    }

    @Test func severitiesChangeInEveryOutputFormat() throws {
        let folder = try repository(config: "version: 1\nrules:\n  lint.hidden: error\n  lint.unused-source: off\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = folder.appendingPathComponent("styles/style.json").path
        // The configuration is found from a folder below the repository root.
        let cwd = folder.appendingPathComponent("styles/deep").path
        func run(_ format: String) -> ToolRun {
            runTool(["validate", style, "--target", "maplibre", "--format", format], in: cwd)
        }
        let text = run("text")
        #expect(text.status == 1, "an error now")
        #expect(
            text.output.contains(
                "style.json:3:10: error: layer 'hidden' has visibility none: it draws nothing unless the app shows it [lint.hidden]"
            ), "\(text.output)")
        #expect(!text.output.contains("lint.unused-source"))
        #expect(text.output.hasSuffix("1 error, 1 warning\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run("json").output.utf8)) as? [String: Any])
        let items = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(
            items.map { "\($0["rule"]!) \($0["severity"]!)" } == ["lint.hidden error", "lint.duplicate-layer warning"])
        let sarif = run("sarif").output
        #expect(
            sarif.contains("\"level\": \"error\",\n          \"message\": {\n            \"text\": \"layer 'hidden'")
                || sarif.contains("\"ruleId\": \"lint.hidden\""), "\(sarif.prefix(300))")
        let sarifObject = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let results = try #require(((sarifObject["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(
            results.map { "\($0["ruleId"]!) \($0["level"]!)" } == ["lint.hidden error", "lint.duplicate-layer warning"])
        let github = run("github").output
        // GitHub resolves files against the repository: annotations name them from there.
        #expect(github.hasPrefix("::error file=styles/style.json,line=3,col=10,title=lint.hidden::"), "\(github)")
        #expect(github.contains("%0Astyles/style.json:3:"), "related places too: \(github)")
        #expect(!github.contains("lint.unused-source"))
        // Without the configuration (outside the repository): the defaults.
        let defaults = runTool(["validate", style, "--target", "maplibre", "--verbose"], in: "/")
        #expect(defaults.status == 0)
        #expect(defaults.output.contains("note: layer 'hidden'") && defaults.output.contains("[lint.unused-source]"))
    }

    @Test func layerGlobsLeaveFindingsOut() throws {
        let folder = try repository(config: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("lint.yaml")
        try Data("ignoreLayers: [\"hid*\"]\nrules:\n  lint.duplicate-layer: {ignoreLayers: [\"dup-?\"]}\n".utf8).write(
            to: config)
        let run = runTool([
            "validate", folder.appendingPathComponent("styles/style.json").path, "--target", "maplibre", "--config",
            config.path, "--format", "json",
        ])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(
            (json["diagnostics"] as? [[String: Any]])?.map { $0["rule"] as? String } == ["lint.unused-source"],
            "\(run.output)")
        #expect(
            runTool(["validate", "x.json", "--config", folder.appendingPathComponent("none.yaml").path]).status == 2)
    }

    @Test func aBadConfigurationIsALocatedErrorAndNothingIsChecked() throws {
        let (text, marks) = markedPositions(
            "version: 1\nrules:\n  ⟦lint.hiden: off\n  lint.covered: {severity: ⟦loud}\n  ⟦io.read: off\n⟦ignoreLayer: []\n"
        )
        let folder = try repository(config: text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(
            ["validate", folder.appendingPathComponent("styles/style.json").path, "--target", "maplibre"],
            in: folder.path)
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n").filter { $0.contains(": error: ") }
        // Found above the working folder, named from it as every other input (no machine path).
        let config = ".mc-style.yaml"
        #expect(
            lines
                == [
                    "\(config):\(marks[0].line):\(marks[0].column): error: mc-style has no rule 'lint.hiden'; did you mean 'lint.hidden'? [config.unknown-rule]",
                    "\(config):\(marks[1].line):\(marks[1].column): error: 'loud' is not a severity: use off, note, warning, error [config.invalid]",
                    "\(config):\(marks[2].line):\(marks[2].column): error: rule 'io.read' cannot be configured: without what it reports there is nothing to check [config.invalid]",
                    "\(config):\(marks[3].line):\(marks[3].column): error: 'ignoreLayer' is not a configuration key (version, rules, ignoreLayers, renderers, rendererProfiles, budgets); did you mean 'ignoreLayers'? [config.invalid]",
                ].map { Substring($0) }, "\(run.output)")
        #expect(!run.output.contains("[lint."), "nothing is checked under a broken configuration")
        let out = folder.appendingPathComponent("out").path
        let compile = runTool(
            ["compile", "--base", folder.appendingPathComponent("styles/style.json").path, "--out", out],
            in: folder.path)
        #expect(compile.status == 1 && compile.error.contains("[config.unknown-rule]"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func compileFailsOnARuleRaisedToError() throws {
        let folder = try repository(config: "rules:\n  lint.duplicate-layer: error\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let style = folder.appendingPathComponent("styles/style.json").path
        let failed = runTool(["compile", "--base", style, "--target", "maplibre", "--out", out], in: folder.path)
        #expect(
            failed.status == 1 && failed.error.contains("error: layer 'dup-b' draws exactly what layer 'dup-a' draws"),
            "\(failed.error)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let built = runTool(["compile", "--base", style, "--target", "maplibre", "--out", out], in: "/")
        #expect(built.status == 0, "\(built.error)")
    }

    @Test func theConfigurationSchemaNamesEveryConfigurableRule() throws {
        let run = runTool(["schema", "--config"])
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let rules = try #require(
            ((schema["properties"] as? [String: Any])?["rules"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(rules["lint.hidden"] != nil && rules["assets.sprite-image"] != nil)
        #expect(rules["json.syntax"] == nil && rules["config.invalid"] == nil)
        #expect(runTool(["schema", "--config", "--manifest"]).status == 2)
    }
}

/// `--write-baseline` and `--baseline`: findings matched by rule, layer-stable path and message, not line.
@Suite struct BaselineTests {
    @Test func aBaselineSurvivesEditsAboveAndReportsWhatChanged() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = folder.appendingPathComponent("style.json")
        let baseline = folder.appendingPathComponent("baseline.json").path
        try Data(ConfigurationTests.style.utf8).write(to: style)
        let write = runTool(["validate", style.path, "--target", "maplibre", "--write-baseline", baseline])
        #expect(write.status == 0 && write.output == "wrote baseline \(baseline): 3 findings\n", "\(write.output)")
        let recorded = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(recorded.contains("\"path\": \"layers[id=dup-b]\""))
        #expect(runTool(["validate", style.path, "--target", "maplibre", "--write-baseline", baseline]).status == 0)
        #expect(
            try String(contentsOfFile: baseline, encoding: .utf8) == recorded, "the same findings write the same file")

        // 50 lines above the findings: a new layer (which shifts every index) written over 50 lines.
        let block =
            "  {\"id\": \"new\",\n" + String(repeating: "   \"type\": \"background\",\n", count: 1)
            + String(repeating: "\n", count: 47) + "   \"paint\": {}},\n"
        let edited = ConfigurationTests.style.replacing(" \"layers\": [\n", with: " \"layers\": [\n" + block)
        #expect(
            edited.split(separator: "\n", omittingEmptySubsequences: false).count == ConfigurationTests.style.split(
                separator: "\n", omittingEmptySubsequences: false
            ).count + 50)
        try Data(edited.utf8).write(to: style)
        let same = runTool(["validate", style.path, "--target", "maplibre", "--baseline", baseline])
        #expect(same.status == 0)
        #expect(
            same.output
                == "0 errors, 0 warnings\nbaseline \(baseline): 3 findings held back, 0 entries no longer match\n",
            "\(same.output)")

        // Fixing one (the duplicate) leaves a stale entry, located in the baseline; a new finding is reported.
        let fixed = edited.replacing(
            "{\"id\": \"dup-b\", \"type\": \"line\"",
            with: "{\"id\": \"dup-b\", \"type\": \"line\", \"paint\": {\"line-width\": 3}"
        )
        .replacing(
            "\"layout\": {\"visibility\": \"none\"}}",
            with: "\"layout\": {\"visibility\": \"none\"}, \"minzoom\": 5, \"maxzoom\": 5}")
        try Data(fixed.utf8).write(to: style)
        let json = runTool(["validate", style.path, "--target", "maplibre", "--baseline", baseline, "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let items = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(items.map { $0["rule"] as? String } == ["lint.zoom-range", "baseline.stale"], "\(json.output)")
        #expect((report["summary"] as? [String: Any])?["heldBack"] as? Int == 2)
        let stale = items[1]
        #expect(stale["file"] as? String == baseline)
        let staleLine = try #require(stale["line"] as? Int)
        let baselineLines = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(baselineLines[staleLine].contains("\"rule\": \"lint.duplicate-layer\""), "the entry's own lines")
        let text = runTool(["validate", style.path, "--target", "maplibre", "--baseline", baseline])
        #expect(
            text.output.hasSuffix("baseline \(baseline): 2 findings held back, 1 entry no longer matches\n"),
            "\(text.output)")
    }

    @Test func aFileThatIsNotABaselineIsALocatedError() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = folder.appendingPathComponent("style.json")
        try Data(ConfigurationTests.style.utf8).write(to: style)
        let bad = folder.appendingPathComponent("bad.json")
        try Data("{\"format\": \"mc-style-baseline\", \"version\": 1, \"findings\": [{\"rule\": \"x\"}]}".utf8).write(
            to: bad)
        let run = runTool(["validate", style.path, "--target", "maplibre", "--baseline", bad.path])
        #expect(
            run.status == 1
                && run.output.contains(
                    "bad.json:1:60: error: a baseline entry needs string \"rule\", \"file\", \"path\" and \"fingerprint\" [baseline.invalid]"
                ), "\(run.output)")
        #expect(runTool(["validate", style.path, "--baseline", bad.path, "--write-baseline", bad.path]).status == 2)
        // A style that cannot be read is never written into a baseline.
        try Data("{".utf8).write(to: style)
        let broken = runTool(["validate", style.path, "--write-baseline", folder.appendingPathComponent("b.json").path])
        #expect(broken.status == 1 && broken.output.contains("no baseline written"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.json").path))
    }
}
