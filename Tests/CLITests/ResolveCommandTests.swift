import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

@Suite struct ResolveCommandTests {
    static let compiled = Fixtures.folder("demo/expected/tomtom").path
    static let filled = [
        "--api-key-env", "MC_TEST_KEY", "--local-tile-server", "http://127.0.0.1:40123", "--route",
        "heatmap=0f3e2d1c-uuid",
        "--cache-key", "heatmap=v9",
    ]

    @Test func resolvesTheDemoAsAnAppWould() throws {
        let run = runTool(
            [
                "resolve", Self.compiled, "--platform", "android", "--opacity", "esri-imagery=0.4", "--hide",
                "gsi-hillshade",
            ] + Self.filled,
            environment: ["MC_TEST_KEY": "TESTKEY-1"])
        #expect(run.status == 0, "\(run.error)")
        let style = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let sources = try #require(style["sources"] as? [String: [String: Any]])
        #expect(
            (sources["mc-raster-src-population-heatmap"]?["tiles"] as? [String])?.first
                == "http://127.0.0.1:40123/tiles/0f3e2d1c-uuid/512/v9/{z}/{x}/{y}.png")
        #expect((sources["mc-base-raster"]?["tiles"] as? [String])?.first?.hasSuffix("?key=TESTKEY-1") == true)
        let layers = try #require(style["layers"] as? [[String: Any]])
        let byID = Dictionary(
            uniqueKeysWithValues: layers.compactMap { layer in (layer["id"] as? String).map { ($0, layer) } })
        #expect((byID["mc-raster-layer-esri-imagery"]?["paint"] as? [String: Any])?["raster-opacity"] as? Double == 0.4)
        #expect(
            (byID["mc-raster-layer-gsi-hillshade"]?["layout"] as? [String: Any])?["visibility"] as? String == "none")
        #expect(!run.error.contains("TESTKEY-1"))
    }

    @Test func writesAtomicallyWithOut() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("resolved.json")
        let run = runTool(
            ["resolve", Self.compiled, "--out", out.path] + Self.filled, environment: ["MC_TEST_KEY": "K"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.isEmpty)
        #expect(try Data(contentsOf: out).count > 10_000)
    }

    @Test func exitStatusesSayWhatWentWrong() {
        let environment = ["MC_TEST_KEY": "SECRETKEY-42"]
        let unfilled = runTool(
            ["resolve", Self.compiled, "--api-key-env", "MC_TEST_KEY", "--local-tile-server", "http://127.0.0.1:1"],
            environment: environment)
        #expect(unfilled.status == 1)
        #expect(
            unfilled.error.contains(
                "{cacheKey:heatmap} (the cache key of LocalTileServer route 'heatmap') is not filled"))
        #expect(unfilled.error.contains("[resolve.unfilled]"))
        let unknown = runTool(
            ["resolve", Self.compiled, "--opacity", "radar=0.5"] + Self.filled, environment: environment)
        #expect(unknown.status == 1)
        #expect(unknown.error.contains("[resolve.unknown-source]"))
        let route = runTool(["resolve", Self.compiled, "--route", "heat=abc"] + Self.filled, environment: environment)
        #expect(route.status == 1)
        #expect(route.error.contains("[resolve.unknown-route]"))
        let remote = runTool(
            [
                "resolve", Self.compiled, "--api-key-env", "MC_TEST_KEY", "--local-tile-server", "http://192.0.2.7:80",
                "--cache-key", "heatmap=a",
            ],
            environment: environment)
        #expect(remote.status == 2)
        #expect(remote.error.contains("loopback"))
        let notANumber = runTool(
            ["resolve", Self.compiled, "--opacity", "contours=half"] + Self.filled, environment: environment)
        #expect(notANumber.status == 2)
        let missing = runTool(["resolve", "/nonexistent/folder"] + Self.filled, environment: environment)
        #expect(missing.status == 1)
        #expect(missing.error.contains("[resolve.unreadable]"))
        for run in [unfilled, unknown, route, remote, notANumber, missing] {
            #expect(!run.error.contains("SECRETKEY-42") && !run.output.contains("SECRETKEY-42"))
        }
    }

    @Test func aChangedStyleIsRefused() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["style.json", "layer-mapping.json", "manifest.json"] {
            try FileManager.default.copyItem(
                atPath: Self.compiled + "/" + name, toPath: folder.appendingPathComponent(name).path)
        }
        let style = folder.appendingPathComponent("style.json")
        try Data(
            (try String(contentsOf: style, encoding: .utf8)).replacing(
                "\"raster-opacity\": 0.6", with: "\"raster-opacity\": 0.7"
            ).utf8
        ).write(to: style)
        let run = runTool(["resolve", folder.path] + Self.filled, environment: ["MC_TEST_KEY": "K"])
        #expect(run.status == 1)
        #expect(run.error.contains("style.json does not match the manifest's SHA-256"))
        #expect(run.error.contains("[resolve.digest-mismatch]"))
    }
}

/// Parity fixes seen from the command line, where an app team meets them.
@Suite struct RuntimeParityCommandTests {
    static let base = SharedData.repositoryFile("styles/tomtom-demo-base.json").path

    func validate(_ yaml: String) throws -> ToolRun {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("d.yaml")
        try Data(yaml.utf8).write(to: file)
        return runTool(["validate", file.path])
    }

    @Test func aHugeIDIsALocatedErrorAndNoMessageQuotesItWhole() throws {
        let id = String(repeating: "x", count: 2_000_000)
        let run = try validate(
            "version: 1\nbase: \(Self.base)\nsources:\n  - id: \(id)\n    urlTemplate: https://t.example.com/{z}/{x}/{y}.png\n"
        )
        #expect(run.status == 1)
        #expect(run.output.contains(":4:9: error: a source id of 2000000 characters is longer than the limit of 128"))
        #expect(run.output.count + run.error.count < 5_000, "\(run.output.count) characters of output")
    }

    @Test func localTileSizesAreWhatTheAppRenders() throws {
        let run = try validate(
            "version: 1\nbase: \(Self.base)\nsources:\n  - id: big\n    localTileServer: { route: heatmap }\n    tileSize: 1024\n  - id: odd\n    urlTemplate: https://t.example.com/{z}/{x}/{y}.png\n    tileSize: 300\n"
        )
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains(":9:15: warning: tileSize 300 is not a power of two"))
        #expect(!run.output.contains("1024"))
    }

    @Test func aLayerPlacedUnderTheRasterBaseIsMovedWithAWarning() throws {
        let run = try validate(
            "version: 1\nbase: \(Self.base)\nsources:\n  - id: imagery\n    urlTemplate: https://t.example.com/{z}/{x}/{y}.png\n    placement: { above: background }\n"
        )
        #expect(run.status == 0)
        #expect(
            run.output.contains(":6:16: warning: the placement of 'imagery' would put it below mc-base-raster-layer"))
        #expect(run.output.contains("[compose.below-base-raster]"))
    }
}
