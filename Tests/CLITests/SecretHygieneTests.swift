import Foundation
import StyleCompiler
import TestSupport
import Testing

@testable import MCStyleCLI

/// One fake key through every path a secret can take; it may appear in the style that was asked to carry it
/// and nowhere else: not on standard output or error, not in any other output file, not in any format.
@Suite struct SecretHygieneTests {
    static let key = "FakeKey-0c9a7e31d2"

    @Test func theKeyAppearsOnlyWhereItWasAskedFor() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["MC_TEST_TOKEN": Self.key, "MC_TEST_TOMTOM_KEY": Self.key]
        let base = folder.appendingPathComponent("base.json")
        try Data(
            #"{"version": 8, "sources": {"v": {"type": "vector", "tiles": ["https://a.api.tomtom.com/{z}/{x}/{y}.pbf?key={key}"]}}, "layers": [{"id": "bg", "type": "background"}]}"#
                .utf8
        ).write(to: base)
        let clean = folder.appendingPathComponent("clean.yaml")
        try Data(
            """
            version: 1
            base: base.json
            sources:
              - id: private
                urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png?token=${MC_TEST_TOKEN}
                userAgent: App ${MC_TEST_TOKEN}
                attribution: "© ${MC_TEST_TOKEN}"
                extraHeaders: { Authorization: "Bearer ${MC_TEST_TOKEN}" }
            """.utf8
        ).write(to: clean)
        let out = folder.appendingPathComponent("out")
        let compile = runTool(
            ["compile", clean.path, "--out", out.path, "--api-key-env", "MC_TEST_TOMTOM_KEY"], environment: environment)
        #expect(compile.status == 0, "\(compile.error)")
        #expect(!compile.output.contains(Self.key) && !compile.error.contains(Self.key))
        for (path, bytes) in try CompileCommandTests.tree(out) {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains(Self.key) == (path == "style.json"), "\(path)")
        }
        for format in ["text", "json", "sarif", "github"] {
            let run = runTool(["validate", "--format", format, clean.path], environment: environment)
            #expect(!run.output.contains(Self.key) && !run.error.contains(Self.key), "validate --format \(format)")
        }

        // The same key as a literal, in the base style and in a declaration URL: errors, shown by four characters.
        let keyedBase = folder.appendingPathComponent("keyed-base.json")
        try Data(
            #"{"version": 8, "sources": {"v": {"type": "vector", "tiles": ["https://a.api.tomtom.com/{z}/{x}/{y}.pbf?key=\#(Self.key)"]}}, "layers": []}"#
                .utf8
        ).write(to: keyedBase)
        let keyed = folder.appendingPathComponent("keyed.yaml")
        try Data(
            """
            version: 1
            base: keyed-base.json
            sources:
              - id: literal
                urlTemplate: https://api.tomtom.com/map/1/tile/basic/main/{z}/{x}/{y}.png?key=\(Self.key)
            """.utf8
        ).write(to: keyed)
        let failed = runTool(
            ["compile", keyed.path, "--out", folder.appendingPathComponent("never").path], environment: environment)
        #expect(failed.status == 1)
        #expect(failed.error.components(separatedBy: "[secret.literal-key]").count - 1 == 2, "\(failed.error)")
        #expect(!failed.error.contains(Self.key) && !failed.output.contains(Self.key))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("never").path))
        for format in ["text", "json", "sarif", "github"] {
            let run = runTool(["validate", "--format", format, keyed.path, keyedBase.path], environment: environment)
            #expect(run.status == 1)
            #expect(run.output.contains("Fake…"), "validate --format \(format)")
            #expect(!run.output.contains(Self.key) && !run.error.contains(Self.key), "validate --format \(format)")
        }
    }

    /// A literal key that some other finding quotes (its message names the value, or its source line holds
    /// the key on a minified style) is cut to four characters there too, in every format.
    @Test func findingsAboutOtherValuesDoNotShowALiteralKey() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let literal = "Zq9x" + Self.key
        let style = folder.appendingPathComponent("minified.json")
        try Data(
            ("{\"version\": 8, \"sources\": {\"r\": {\"type\": \"raster\", \"tiles\": [\"https://api.tomtom.com/t/{z}/{x}/{y}.png?key=\(literal)\"], \"tileSize\": 256}}, "
                + "\"layers\": [{\"id\": \"bg\", \"type\": \"background\", \"paint\": {\"background-opacity\": 7, "
                + "\"background-color\": [\"step\", [\"zoom\"], \"red\", 5, \"https://api.tomtom.com/x?key=\(literal)\"]}}]}")
                .utf8
        ).write(to: style)
        for format in ["text", "json", "sarif", "github"] {
            let run = runTool(["validate", "--target", "maplibre", "--format", format, style.path])
            #expect(run.status == 1)
            #expect(!run.output.contains(Self.key) && !run.error.contains(Self.key), "validate --format \(format)")
        }
        let text = runTool(["validate", "--target", "maplibre", style.path])
        #expect(
            (text.output + text.error).contains("Could not parse color from value 'https://api.tomtom.com/x?key=Zq9x…'")
        )
        #expect((text.output + text.error).contains("7 is greater than the maximum value 1"))
    }

    /// On a long minified line only a window around the finding is shown and masked; a key that starts before
    /// the window and reaches into it is still cut to four characters.
    @Test func aKeyAtTheEdgeOfALongLinesWindowIsMasked() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = "Zq9xW2vB7nK4mP8sT1yR6uE3"
        let url = "https://api.tomtom.com/map/1/tile/basic/main/{z}/{x}/{y}.png?key=" + key
        // The unknown source-layer key sits so that the key ends inside the shown window (120 scalars before).
        let padding = String(repeating: " ", count: 2_000)
        let text =
            "{\"version\": 8,\(padding)\"sources\": {\"r\": {\"type\": \"raster\", \"tiles\": [\"\(url)\"]}}, \"layers\": [{\"id\": \"a\", \"type\": \"raster\", \"source\": \"r\", \"centre\": 1}]}"
        let style = folder.appendingPathComponent("style.json")
        try Data(text.utf8).write(to: style)
        let run = runTool(["validate", style.path, "--target", "maplibre"])
        #expect(
            run.output.contains("[style.unknown-key]") || run.output.contains("[secret.literal-key]"),
            "\(run.output.prefix(300))")
        #expect(!run.output.contains(key) && !run.output.contains(String(key.dropFirst(4))), "\(run.output)")
    }
}

extension SecretHygieneTests {
    /// Values of fields named like credentials (`apiKey`, `owner-key` in a style, `X-Api-Key` in YAML) are cut in
    /// every quoted line, as query values are, and so is a value whose parameter name is written with JSON escapes.
    @Test func credentialNamedFieldsAndEscapedNamesAreMaskedInExcerpts() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = folder.appendingPathComponent("style.json")
        try Data(
            ("{\"version\": 8, \"metadata\": {\"apiKey\": \"SeCrEt1234567890\", \"owner-key\": \"0wnerKey99887766\"}, \"centre\": 1,\n"
                + "\"sources\": {\"r\": {\"type\": \"raster\", \"tiles\": [\"https://api.tomtom.com/t/{z}/{x}/{y}.png?\\u006bey=Zq9xW2vB7nK4mP8s\"], \"tileSize\": \"x\"}},\n"
                + "\"layers\": []}\n").utf8
        ).write(to: style)
        let run = runTool(["validate", style.path, "--target", "maplibre", "--verbose"])
        #expect(run.output.contains(#""apiKey": "SeCr…", "owner-key": "0wne…""#), "\(run.output)")
        #expect(run.output.contains("[style.type]") && run.output.contains(#"?\u006bey=Zq9x…""#), "\(run.output)")
        for secret in ["SeCrEt1234567890", "0wnerKey99887766", "Zq9xW2vB7nK4mP8s"] {
            #expect(!run.output.contains(secret) && !run.error.contains(secret))
        }
        #expect(
            CredentialMaskingProbe.masked(#"headers: { X-Api-Key: abcdef123456, Authorization: Bearer xyz0987654 }"#)
                == #"headers: { X-Api-Key: abcd…, Authorization: Bear… }"#)
        #expect(
            CredentialMaskingProbe.masked(
                #"{"symbol-sort-key": "rank-order", "url": "https://x?\u0074oken=\u0041bcdefgh"}"#)
                == "…(hidden: it holds a credential written with escapes)")
        #expect(
            CredentialMaskingProbe.masked(
                #"the tiles folder has no https://a.api.tomtom.com/1.pbf?key={key}: record it"#
            )
            .hasSuffix("?key={key}: record it"), "a placeholder followed by prose is no credential")
    }
}

/// The library's masker, as printers call it.
enum CredentialMaskingProbe {
    static func masked(_ text: String) -> String { StyleCompiler.DiagnosticCollector().masked(text) }
}

extension SecretHygieneTests {
    /// The literal-key hint advises `mc-style redact`, so redact takes declarations too: the key becomes `{key}`,
    /// every other byte (comments, quoting, layout) stays.
    @Test func redactTakesDeclarationsAndKeepsEveryOtherByte() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mc-style.yaml")
        let text = """
            version: 1
            base: base.json   # a comment
            sources:
              - id: t
                urlTemplate: "https://api.tomtom.com/map/1/tile/basic/main/{z}/{x}/{y}.png?key=\(Self.key)"

            """
        try Data(text.utf8).write(to: file)
        let check = runTool(["redact", "--check", file.path])
        #expect(check.status == 1 && !check.output.contains(Self.key) && !check.error.contains(Self.key))
        let run = runTool(["redact", file.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(try String(contentsOf: file, encoding: .utf8) == text.replacing("key=\(Self.key)", with: "key={key}"))
        #expect(runTool(["redact", "--check", file.path]).status == 0)
    }
}
