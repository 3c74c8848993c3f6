import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// A `${NAME}` value is a run-time parameter by default, as the TomTom key is: no compiled file holds it, the
/// manifest names it, `StyleRuntime` (here `mc-style resolve --env`) fills it; `--embed-env` writes it on
/// purpose, and even then no diff or message shows it.
@Suite struct EnvironmentParameterTests {
    static let token = "tile-token-4f1b9a2c"

    private func project() throws -> URL {
        let folder = try makeTemporaryFolder()
        try FileManager.default.copyItem(
            at: SharedData.repositoryFile("styles/tomtom-demo-base.json"),
            to: folder.appendingPathComponent("base.json"))
        try Data(
            """
            version: 1
            base: base.json
            sources:
              - id: private
                urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png?token=${MC_TEST_TILE_TOKEN}
                attribution: "Tiles ${MC_TEST_TILE_TOKEN}"
            """.utf8
        ).write(to: folder.appendingPathComponent("mc-style.yaml"))
        return folder
    }

    @Test func aValueFromTheEnvironmentIsARunTimeParameterByDefault() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["MC_TEST_TILE_TOKEN": Self.token]
        let out = folder.appendingPathComponent("out")
        let compile = runTool(
            ["compile", folder.appendingPathComponent("mc-style.yaml").path, "--out", out.path],
            environment: environment)
        #expect(compile.status == 0, "\(compile.error)")
        for (path, bytes) in try CompileCommandTests.tree(out) {
            #expect(!String(decoding: bytes, as: UTF8.self).contains(Self.token), "\(path) holds the value")
        }
        let style = try String(contentsOf: out.appendingPathComponent("style.json"), encoding: .utf8)
        #expect(style.contains("https://tiles.example.com/{z}/{x}/{y}.png?token=${MC_TEST_TILE_TOKEN}"))
        let manifest = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(
            manifest.contains(
                #"""
                {
                          "token": "${MC_TEST_TILE_TOKEN}",
                          "fill": "environment",
                          "name": "MC_TEST_TILE_TOKEN",
                          "pointers": ["/sources/mc-raster-src-private/tiles/0", "/sources/mc-raster-src-private/attribution"]
                        }
                """#), "\(manifest)")

        let unfilled = runTool(["resolve", out.path, "--api-key-env", "MC_TEST_TILE_TOKEN"], environment: environment)
        #expect(unfilled.status == 1)
        #expect(
            unfilled.error.contains(
                "${MC_TEST_TILE_TOKEN} (a value the declarations take from the environment) is not filled (--env MC_TEST_TILE_TOKEN)"
            ))
        let resolved = runTool(
            ["resolve", out.path, "--api-key-env", "MC_TEST_TILE_TOKEN", "--env", "MC_TEST_TILE_TOKEN"],
            environment: environment)
        #expect(resolved.status == 0, "\(resolved.error)")
        #expect(resolved.output.contains("https://tiles.example.com/{z}/{x}/{y}.png?token=\(Self.token)"))
        #expect(resolved.output.contains("\"Tiles \(Self.token)\""))
        let unknown = runTool(
            ["resolve", out.path, "--api-key-env", "MC_TEST_TILE_TOKEN", "--env", "HOME"],
            environment: environment.merging(["HOME": "/root"]) { $1 })
        #expect(unknown.status == 1 && unknown.error.contains("the build takes no ${HOME} at run time"))
    }

    @Test func anEmptyValueIsAnErrorUnlessTheDeclarationsAllowIt() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let declarations = folder.appendingPathComponent("mc-style.yaml")
        let empty = ["MC_TEST_TILE_TOKEN": ""]
        let refused = runTool(["validate", declarations.path], environment: empty)
        #expect(refused.status == 1)
        #expect(
            refused.output.contains(
                "mc-style.yaml:5:18: error: environment variable MC_TEST_TILE_TOKEN is set but empty (referenced as ${MC_TEST_TILE_TOKEN}): set a value, or list MC_TEST_TILE_TOKEN in environment.mayBeEmpty [env.empty]"
            ),
            "\(refused.output)")

        let text = try String(contentsOf: declarations, encoding: .utf8)
        try Data(
            text.replacing(
                "base: base.json\n", with: "base: base.json\nenvironment:\n  mayBeEmpty: [MC_TEST_TILE_TOKEN]\n"
            )
            .utf8
        ).write(to: declarations)
        let out = folder.appendingPathComponent("out")
        let compile = runTool(["compile", declarations.path, "--out", out.path], environment: empty)
        #expect(compile.status == 0, "\(compile.output)\(compile.error)")
        let manifest = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains(#""name": "MC_TEST_TILE_TOKEN",\#n          "mayBeEmpty": true,"#), "\(manifest)")
        let resolved = runTool(
            ["resolve", out.path, "--api-key-env", "MC_TEST_TILE_TOKEN", "--env", "MC_TEST_TILE_TOKEN"],
            environment: ["MC_TEST_TILE_TOKEN": "k"])
        #expect(resolved.status == 0, "\(resolved.error)")
        let resolvedEmpty = runTool(
            ["resolve", out.path, "--api-key-env", "KEY", "--env", "MC_TEST_TILE_TOKEN"],
            environment: ["KEY": "k", "MC_TEST_TILE_TOKEN": ""])
        #expect(resolvedEmpty.status == 0, "\(resolvedEmpty.error)")
        #expect(resolvedEmpty.output.contains("https://tiles.example.com/{z}/{x}/{y}.png?token=\""))
    }

    @Test func embeddingIsAChoiceAndNoDiffShowsTheValue() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["MC_TEST_TILE_TOKEN": Self.token]
        let declarations = folder.appendingPathComponent("mc-style.yaml").path
        let out = folder.appendingPathComponent("out")
        #expect(runTool(["compile", declarations, "--out", out.path], environment: environment).status == 0)
        let check = runTool(
            ["compile", declarations, "--out", out.path, "--embed-env", "--check", "--diff"], environment: environment)
        #expect(check.status == 1 && check.output.contains("would change \(out.path)/style.json"), "\(check.output)")
        #expect(
            check.output.contains("+      \"tiles\": [\"https://tiles.example.com/{z}/{x}/{y}.png?token=tile…\"]"),
            "\(check.output)")
        #expect(!check.output.contains(Self.token) && !check.error.contains(Self.token))
        let embedded = runTool(["compile", declarations, "--out", out.path, "--embed-env"], environment: environment)
        #expect(embedded.status == 0 && !embedded.output.contains(Self.token))
        for (path, bytes) in try CompileCommandTests.tree(out) {
            #expect(String(decoding: bytes, as: UTF8.self).contains(Self.token) == (path == "style.json"), "\(path)")
        }
    }
}
