import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

@Suite struct ValidateCommandTests {
    static let token = "fake-token-7f3a9c"
    static let environment = ["MC_STYLE_TEST_TOKEN": token]

    @Test(arguments: Fixtures.files(in: "declarations/invalid"))
    func invalidFixturePrintsItsRuleAtItsPlace(fixture: URL) throws {
        let expected = try #require(Fixtures.expectation(of: fixture))
        let run = runTool(["validate", fixture.path], environment: Self.environment)
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(
            lines.firstIndex { $0.hasPrefix("\(expected.place): error: ") && $0.hasSuffix(" [\(expected.rule)]") },
            "\(run.output)")
        #expect(
            lines.indices.contains(index + 2) && lines[index + 2].hasSuffix("^"), "a caret line follows the source line"
        )
        #expect(run.output.hasSuffix("1 error, 0 warnings\n"))
    }

    @Test(arguments: Fixtures.files(in: "declarations/valid"))
    func validFixtureExitsZero(fixture: URL) {
        let run = runTool(["validate", fixture.path], environment: Self.environment)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("0 errors, "))
        #expect(!run.output.contains(": error: "))
    }

    @Test func secretsNeverAppearInOutput() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("secret.yaml")
        let base = SharedData.repositoryFile("styles/tomtom-demo-base.json").path
        try Data(
            """
            version: 1
            base: \(base)
            sources:
              - id: a
                urlTemplate: https://t.example.com/{z}/{x}/{y}.png?key=${MC_STYLE_TEST_TOKEN}
                userAgent: ${MC_STYLE_TEST_TOKEN}
                tileSize: 300
                extraHeaders: { Authorization: "${MC_STYLE_TEST_TOKEN}" }
            """.utf8
        ).write(to: file)
        let run = runTool(["validate", file.path], environment: Self.environment)
        #expect(run.status == 0, "warnings only: a tile size that is not a power of two, headers TomTom ignores")
        #expect(!run.output.contains(Self.token) && !run.error.contains(Self.token))
        #expect(run.output.contains("[sources.tile-size]") && run.output.contains("[tomtom.headers-ignored]"))
        #expect(
            !run.output.contains("[secret.literal-key]"), "an environment value is a secret, not a committed credential"
        )
    }

    @Test func standardInputIsReadAsYAMLOrJSON() throws {
        let yamlRun = runToolWithInput(["validate", "-"], input: "version: 1\nsources: []\nextra: 1\n")
        #expect(yamlRun.status == 1)
        #expect(yamlRun.output.contains("<stdin>:3:1: error: unknown key 'extra'"))
        let jsonRun = runToolWithInput(["validate", "-"], input: "{\"version\": 8,}")
        #expect(jsonRun.status == 1)
        #expect(jsonRun.output.contains("<stdin>:1:14: error: trailing comma"))
    }

    @Test func schemaIsValidJSONFromTheCatalog() throws {
        let run = runTool(["schema"])
        #expect(run.status == 0)
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(
            Set(properties.keys) == [
                "version", "target", "base", "bases", "environment", "baseRaster", "platforms", "defaults", "sources",
                "layerMapping", "assets", "views", "renderers", "rendererProfiles",
            ])
    }
}

@Suite struct ComposedFindingsTests {
    @Test func findingsInTheComposedStylePointBackAtTheirSource() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = folder.appendingPathComponent("base.json")
        try Data(
            """
            {"version": 8, "sources": {},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-opacity": 3}}]}
            """.utf8
        ).write(to: base)
        let declarations = folder.appendingPathComponent("decl.yaml")
        try Data(
            """
            version: 1
            base: base.json
            sources:
              - id: keyed
                urlTemplate: https://t.example.com/{z}/{x}/{y}.png?api_key=abcd1234efgh5678
            """.utf8
        ).write(to: declarations)
        let run = runTool(["validate", "--format", "json", declarations.path])
        #expect(run.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let range = try #require(diagnostics.first { $0["rule"] as? String == "style.range" })
        #expect(range["file"] as? String == base.path)
        #expect(range["line"] as? Int == 2 && range["column"] as? Int == 80)
        let secret = try #require(diagnostics.first { $0["rule"] as? String == "secret.literal-key" })
        #expect(secret["file"] as? String == declarations.path, "the key came from the declarations file")
        #expect(secret["line"] as? Int == 5 && secret["column"] as? Int == 18)
        #expect(!run.output.contains("abcd1234efgh5678"))
    }
}

/// The declarations schema ships in the repository for editors (`fixtures/mc-style.schema.json`, which the
/// demo's first line names); it must be exactly what `mc-style schema` prints.
@Suite struct ShippedSchemaTests {
    @Test func theCommittedSchemaIsFresh() throws {
        let run = runTool(["schema"])
        #expect(run.status == 0)
        let committed = try String(contentsOf: Fixtures.folder("mc-style.schema.json"), encoding: .utf8)
        #expect(
            run.output == committed,
            "fixtures/mc-style.schema.json is stale: run 'mc-style schema > fixtures/mc-style.schema.json'")
        let demo = try String(contentsOf: Fixtures.folder("demo/mc-style.yaml"), encoding: .utf8)
        #expect(demo.hasPrefix("# yaml-language-server: $schema=../mc-style.schema.json\n"))
    }
}

extension ValidateCommandTests {
    /// GitHub resolves an annotation's file against the repository: every path is shown relative to it, the
    /// configuration found above the working folder included (it was absolute).
    @Test func githubAnnotationsNameRepositoryRelativePaths() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let sub = folder.appendingPathComponent("maps")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try Data("rules:\n  nosuch.rule: error\n".utf8).write(to: folder.appendingPathComponent(".mc-style.yaml"))
        try Data(#"{"version": 8, "sources": {}, "layers": [], "centre": 1}"#.utf8).write(
            to: sub.appendingPathComponent("style.json"))
        for (place, argument) in [(sub.path, "style.json"), (folder.path, "maps/style.json")] {
            let run = runTool(["validate", "--format", "github", "--target", "maplibre", argument], in: place)
            #expect(run.output.contains("::error file=.mc-style.yaml,line=2,col=3,"), "\(run.output)")
            #expect(!run.output.contains(folder.path), "\(run.output)")
        }
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".mc-style.yaml"))
        // Without the configuration's error, the style is checked: named from the repository, wherever the tool ran.
        for place in [sub.path, folder.path] {
            let style = runTool(
                [
                    "validate", "--format", "github", "--target", "maplibre", "--verbose",
                    sub.appendingPathComponent("style.json").path,
                ], in: place)
            #expect(style.output.contains("file=maps/style.json,"), "\(style.output)")
        }
    }
}
