import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// `mc-style migrate`: standard output by default, `--check`, `--in-place`, `--format json`.
@Suite struct MigrateCommandTests {
    static let style = """
        {
          "version": 8,
          "sources": {"v": {"type": "vector", "url": "https://t.example.com/v.json"}},
          "layers": [
            {"id": "a", "type": "fill", "source": "v", "source-layer": "w", "filter": ["==", "$type", "Polygon"],
             "paint": {"fill-opacity": {"stops": [[4, 0], [8, 1.0]]}}}
          ]
        }

        """

    @Test func checkListsInPlaceWritesAndJSONReports() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("style.json")
        try Data(Self.style.utf8).write(to: file)
        let check = runTool(["migrate", file.path, "--check"])
        #expect(check.status == 1)
        #expect(
            check.output
                == "\(file.path):5:79: filter at layers[0].filter\n\(file.path):6:32: function at layers[0].paint.fill-opacity\nwould rewrite 2 legacy values in \(file.path)\n",
            "\(check.output)")
        let printed = runTool(["migrate", file.path])
        #expect(printed.status == 0)
        #expect(
            printed.output
                == Self.style.replacing(
                    "[\"==\", \"$type\", \"Polygon\"]", with: "[\"==\", [\"geometry-type\"], \"Polygon\"]"
                )
                .replacing(
                    "{\"stops\": [[4, 0], [8, 1.0]]}", with: "[\"interpolate\", [\"linear\"], [\"zoom\"], 4, 0, 8, 1.0]"
                ))
        #expect(printed.error == "migrated \(file.path): 2 rewrites\n")
        let json = runTool(["migrate", file.path, "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let rewrites = try #require(report["rewrites"] as? [[String: Any]])
        #expect(
            rewrites.map { "\($0["kind"]!) \($0["line"]!):\($0["column"]!) \($0["before"]!)" } == [
                "filter 5:79 [\"==\", \"$type\", \"Polygon\"]", "function 6:32 {\"stops\": [[4, 0], [8, 1.0]]}",
            ])
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.style, "nothing written without --in-place")
        let inPlace = runTool(["migrate", file.path, "--in-place"])
        #expect(inPlace.status == 0 && inPlace.output.hasSuffix("rewrote 2 legacy values in \(file.path)\n"))
        #expect(try String(contentsOf: file, encoding: .utf8) == printed.output)
        #expect(runTool(["migrate", file.path, "--check"]).status == 0, "nothing left to migrate")
    }

    @Test func misuseAndBadInput() throws {
        #expect(runTool(["migrate"]).status == 2)
        #expect(runTool(["migrate", "a.json", "--check", "--in-place"]).status == 2)
        let missing = runTool(["migrate", "/nonexistent/style.json"])
        #expect(missing.status == 1 && missing.error.contains("[io.read]"))
    }
}
