import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// Credentials under attack (issue 37, items 1, 2 and 5): a key on an excerpted line, host tricks that would
/// send the key elsewhere, and key values that would change the URL they fill.
@Suite struct HostileCredentialTests {
    static let key = "Kx7Q2m9WtR4vN8pL"

    private func write(_ text: String, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Item 1: the key on the line an excerpt quotes, where no credential scan would see it (a metadata value),
    /// is masked because the run knows it (`--api-key-env`); so is a `${ENV}` value and a key in a YAML comment.
    @Test func excerptsMaskEveryValueTheRunKnows() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = try write(
            #"{"version":8,"metadata":{"owner-key":"\#(Self.key)"},"sources":{},"layers":[{"id":"f","type":"fill","source":"x","paint":{"fill-opacity":7}}]}"#,
            "base.json", in: folder)
        let environment = ["TTKEY": Self.key, "TOKEN": "Zt4" + Self.key]
        let compile = runTool(
            [
                "compile", "--base", base.path, "--out", folder.appendingPathComponent("out").path, "--api-key-env",
                "TTKEY",
            ],
            environment: environment)
        #expect(compile.status == 1)
        #expect(compile.error.contains("fill-opacity"), "\(compile.error)")
        #expect(compile.error.contains("Kx7Q…"), "\(compile.error)")
        #expect(!compile.error.contains(Self.key))

        let declarations = try write(
            """
            version: 1
            base: base2.json
            sources:
              - id: a
                urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png?t=${TOKEN}
                opacity: 2 # key=\(Self.key)
              - id: b
                urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                opacity: 3 # also Zt4\(Self.key) here
            """, "mc-style.yaml", in: folder)
        _ = try write(#"{"version":8,"sources":{},"layers":[]}"#, "base2.json", in: folder)
        for format in ["text", "json", "sarif", "github", "gitlab"] {
            let run = runTool(["validate", "--format", format, declarations.path], environment: environment)
            #expect(run.status == 1, "\(format)")
            #expect(
                !run.output.contains(Self.key) && !run.error.contains(Self.key), "\(format): \(run.output)\(run.error)")
        }
        let text = runTool(["validate", declarations.path], environment: environment)
        #expect(text.output.contains("opacity: 2 # key=Kx7Q…"), "\(text.output)")
        #expect(text.output.contains("also Zt4K…"), "\(text.output)")
    }

    /// Item 1: AWS access key ids and `X-Amz-Signature` values are credentials: flagged and masked.
    @Test func awsCredentialsAreFlaggedAndMasked() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let signature = "9f0b4c2e7a1d8e3f6b5a4c3d2e1f0a9b8c7d6e5f"
        let style = try write(
            #"{"version":8,"sources":{"s":{"type":"raster","tileSize":256,"tiles":["https://b.example.s3.amazonaws.com/{z}/{x}/{y}.png?X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20260101&X-Amz-Signature=\#(signature)"]}},"layers":[]}"#,
            "style.json", in: folder)
        let run = runTool(["validate", "--target", "maplibre", style.path])
        #expect(run.status == 1)
        #expect(run.output.components(separatedBy: "[secret.literal-key]").count - 1 >= 2, "\(run.output)")
        #expect(!run.output.contains(signature) && !run.output.contains("AKIAIOSFODNN7EXAMPLE"), "\(run.output)")
    }

    /// Item 2: the backslash trick and clear-text http: never filled, a located error each, in compile and in
    /// the manifest's pointers; the runtime refuses a manifest that lists such a pointer.
    @Test func hostTricksNeverReceiveTheKey() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tricky = #"https://evil.example.com\\@api.tomtom.com/{z}/{x}/{y}.png?key={key}"#
        let base = try write(
            """
            {"version": 8, "sources": {
              "t": {"type": "raster", "tileSize": 256, "tiles": ["\(tricky)"]},
              "c": {"type": "raster", "tileSize": 256, "tiles": ["http://api.tomtom.com/map/1/tile/basic/main/{z}/{x}/{y}.png?key={key}"]},
              "ok": {"type": "raster", "tileSize": 256, "tiles": ["https://api.tomtom.com/map/1/tile/basic/main/{z}/{x}/{y}.png?key={key}"]}},
             "layers": []}
            """, "base.json", in: folder)
        let out = folder.appendingPathComponent("out")
        let run = runTool(
            ["compile", "--base", base.path, "--out", out.path, "--api-key-env", "TTKEY"],
            environment: ["TTKEY": Self.key])
        #expect(run.status == 1)
        #expect(
            run.error.contains("base.json:2:54: error: {key} is never filled into this URL: it holds a backslash"),
            "\(run.error)")
        #expect(run.error.contains("[compose.key-url]"))
        #expect(
            run.error.contains("base.json:3:54: error: {key} is never filled into this URL: it is clear-text http://"),
            "\(run.error)")
        #expect(!run.error.contains(Self.key))
        #expect(!FileManager.default.fileExists(atPath: out.path))

        // Declared URLs get the same verdict, as sources.key-host.
        let declarations = try write(
            """
            version: 1
            base: plain.json
            sources:
              - id: a
                urlTemplate: "https://evil.example.com\\\\@api.tomtom.com/{z}/{x}/{y}.png?key={key}"
            """, "mc-style.yaml", in: folder)
        _ = try write(#"{"version":8,"sources":{},"layers":[]}"#, "plain.json", in: folder)
        let declared = runTool(["validate", declarations.path])
        #expect(declared.status == 1)
        #expect(
            declared.output.contains(
                "mc-style.yaml:5:18: error: {key} is never filled into this URL: it holds a backslash"),
            "\(declared.output)")
    }

    /// Item 5: the key is percent-encoded where it is filled, as `StyleRuntime` fills it.
    @Test func aFilledKeyIsPercentEncoded() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = try write(
            #"{"version":8,"sources":{"ok":{"type":"raster","tileSize":256,"tiles":["https://api.tomtom.com/map/1/tile/basic/main/{z}/{x}/{y}.png?key={key}"]}},"layers":[]}"#,
            "base.json", in: folder)
        for (key, filled) in [("x&y#z", "key=x%26y%23z"), ("{key}", "key=%7Bkey%7D")] {
            let out = folder.appendingPathComponent("out-\(filled.count)")
            let run = runTool(
                ["compile", "--base", base.path, "--out", out.path, "--api-key-env", "TTKEY"],
                environment: ["TTKEY": key])
            #expect(run.status == 0, "\(run.error)")
            let style = try String(contentsOf: out.appendingPathComponent("style.json"), encoding: .utf8)
            #expect(style.contains(filled), "\(style)")
            let manifest = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
            #expect(
                manifest.contains("\"placeholders\": []") && manifest.contains("\"filledAtBuild\"")
                    && !style.contains("key={key}"))
        }
    }
}
