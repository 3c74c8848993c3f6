import Foundation
import StyleCompiler
import TestSupport
import Testing

@testable import MCStyleCLI
@testable import StyleSpec

/// The whole output of each `validate --format`, for one small style with an error and a warning.
@Suite struct PrinterTests {
    static let style = """
        {"version": 8, "glyphs": "{hosted_glyphs_url}", "sources": {},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-opacity": 2}}]}
        """

    private func run(_ format: String) throws -> (ToolRun, String) {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("style.json")
        try Data(Self.style.utf8).write(to: file)
        return (runTool(["validate", "--target", "maplibre", "--format", format, file.path]), file.path)
    }

    @Test func text() throws {
        let (result, path) = try run("text")
        #expect(result.status == 1)
        #expect(
            result.output == """
                \(path):1:26: warning: "glyphs" is TomTom's {hosted_glyphs_url} placeholder, which only the TomTom SDK fills [tomtom.placeholder]
                {"version": 8, "glyphs": "{hosted_glyphs_url}", "sources": {},
                                         ^
                \(path):2:80: error: 2 is greater than the maximum value 1 [style.range]
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-opacity": 2}}]}
                                                                                               ^
                1 error, 1 warning

                """)
    }

    @Test func json() throws {
        let (result, path) = try run("json")
        #expect(
            result.output == """
                {
                  "styleSpecification": "\(StyleSpecVersion.name)",
                  "diagnostics": [
                    {
                      "severity": "warning",
                      "rule": "tomtom.placeholder",
                      "message": "\\"glyphs\\" is TomTom's {hosted_glyphs_url} placeholder, which only the TomTom SDK fills",
                      "file": "\(path)",
                      "line": 1,
                      "column": 26,
                      "path": "glyphs",
                      "related": []
                    },
                    {
                      "severity": "error",
                      "rule": "style.range",
                      "message": "2 is greater than the maximum value 1",
                      "file": "\(path)",
                      "line": 2,
                      "column": 80,
                      "path": "layers[0].paint.background-opacity",
                      "related": []
                    }
                  ],
                  "summary": {
                    "errors": 1,
                    "warnings": 1
                  }
                }

                """)
    }

    @Test func github() throws {
        let (result, absolute) = try run("github")
        // Annotations name files relative to the repository, where GitHub resolves them.
        let path = absolute.replacing(SharedData.repositoryRoot.standardizedFileURL.path + "/", with: "")
        #expect(!path.hasPrefix("/"), "\(path)")
        #expect(
            result.output == """
                ::warning file=\(path),line=1,col=26,title=tomtom.placeholder::"glyphs" is TomTom's {hosted_glyphs_url} placeholder, which only the TomTom SDK fills
                ::error file=\(path),line=2,col=80,title=style.range::2 is greater than the maximum value 1

                """)
        #expect(GitHubPrinter.escapeData("a%b\nc") == "a%25b%0Ac")
        #expect(GitHubPrinter.escapeProperty("a:b,c") == "a%3Ab%2Cc")
    }

    @Test func sarifWholeOutputMatchesItsGoldenFile() throws {
        let (result, path) = try run("sarif")
        let golden = Fixtures.folder("printers/validate.sarif")
        let relative = String(path.dropFirst(FileManager.default.currentDirectoryPath.count + 1))
        let normalised = result.output.replacingOccurrences(of: SARIFPrinter.uri(relative), with: "__FILE__")
            .replacingOccurrences(of: "\"version\": \"\(MCStyleTool.version)\"", with: "\"version\": \"__VERSION__\"")
        if ProcessInfo.processInfo.environment["MC_STYLE_UPDATE_GOLDEN"] == "1" {
            try Data(normalised.utf8).write(to: golden)
        }
        #expect(normalised == (try String(contentsOf: golden, encoding: .utf8)))
    }

    @Test func sarif() throws {
        let (result, path) = try run("sarif")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let rules = try #require(
            ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.count == RuleCatalog.all.count)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["tomtom.placeholder", "style.range"])
        #expect(results.map { $0["level"] as? String } == ["warning", "error"])
        let location = (results[1]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        // Relative to the working folder (the test runner's: the repository), with %SRCROOT%.
        let relative = String(path.dropFirst(FileManager.default.currentDirectoryPath.count + 1))
        #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == SARIFPrinter.uri(relative))
        #expect((location?["artifactLocation"] as? [String: Any])?["uriBaseId"] as? String == "%SRCROOT%")
        #expect((location?["region"] as? [String: Any])?["startColumn"] as? Int == 80)
        let index = try #require(results[1]["ruleIndex"] as? Int)
        #expect(rules[index]["id"] as? String == "style.range")
    }

    @Test func quietAndStrict() throws {
        let (quiet, _) = try run("text")
        #expect(quiet.output.contains("warning"))
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("style.json")
        try Data(#"{"version": 8, "glyphs": "{hosted_glyphs_url}", "sources": {}, "layers": []}"#.utf8).write(to: file)
        #expect(runTool(["validate", "--target", "maplibre", file.path]).status == 0)
        #expect(runTool(["validate", "--target", "maplibre", "--strict", file.path]).status == 1)
        #expect(!runTool(["validate", "--target", "maplibre", "--quiet", file.path]).output.contains("warning:"))
    }

    @Test func noFormatShowsALiteralKey() throws {
        let key = "LiteralKey0123456789"
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("keyed.json")
        try Data(
            #"{"version": 8, "sources": {"v": {"type": "vector", "tiles": ["https://api.tomtom.com/{z}/{x}/{y}.pbf?key=\#(key)"]}}, "layers": []}"#
                .utf8
        ).write(to: file)
        for format in ["text", "json", "sarif", "github"] {
            let result = runTool(["validate", "--format", format, file.path])
            #expect(result.status == 1)
            #expect(result.output.contains("secret.literal-key"), "\(format)")
            #expect(!result.output.contains(key) && !result.error.contains(key), "\(format) shows the key")
            #expect(result.output.contains("Lite…"), "\(format)")
        }
        let redact = runTool(["redact", file.path])
        #expect(redact.status == 0 && !redact.output.contains(key))
        #expect(runTool(["validate", file.path]).status == 0)
    }

    /// `--check --diff` of a long file with two small changes far apart: two hunks of three lines of context,
    /// numbered as `diff -u` numbers them, not one hunk spanning everything between.
    @Test func aDiffIsHunksOfChangedLinesWithContext() {
        let old = (1...261).map { "line \($0)" }
        var new = old
        new[9] = "line ten"
        new.insert("inserted", at: 200)
        new.remove(at: 250)
        let text = UnifiedDiff.render(
            old: Array((old.joined(separator: "\n") + "\n").utf8),
            new: Array((new.joined(separator: "\n") + "\n").utf8),
            oldName: "a/f", newName: "b/f")
        #expect(
            text == """
                --- a/f
                +++ b/f
                @@ -7,7 +7,7 @@
                 line 7
                 line 8
                 line 9
                -line 10
                +line ten
                 line 11
                 line 12
                 line 13
                @@ -198,6 +198,7 @@
                 line 198
                 line 199
                 line 200
                +inserted
                 line 201
                 line 202
                 line 203
                @@ -247,7 +248,6 @@
                 line 247
                 line 248
                 line 249
                -line 250
                 line 251
                 line 252
                 line 253

                """)
        let near = UnifiedDiff.render(
            old: Array("a\nb\nc\nd\ne\nf\ng\nh\ni\n".utf8), new: Array("A\nb\nc\nd\ne\nf\ng\nH\ni\n".utf8),
            oldName: "a/f", newName: "b/f")
        #expect(near.components(separatedBy: "@@ -").count == 2, "changes whose contexts meet are one hunk: \(near)")
        #expect(
            UnifiedDiff.render(old: [], new: Array("x\n".utf8), oldName: "/dev/null", newName: "b/f").hasSuffix(
                "@@ -0,0 +1,1 @@\n+x\n"))
    }
}
