import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

@Suite struct FormatCommandTests {
    @Test func printsThePrettyForm() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("style.json")
        try Data(#"{"version":8,"layers":[{"id":"bg","type":"background"}],"zoom":1.50}"#.utf8).write(to: file)
        let run = runTool(["format", file.path])
        #expect(run.status == 0)
        #expect(
            run.output == """
                {
                  "version": 8,
                  "layers": [
                    {
                      "id": "bg",
                      "type": "background"
                    }
                  ],
                  "zoom": 1.50
                }

                """)
        let compact = runTool(["format", "--compact", file.path])
        #expect(compact.output == #"{"version":8,"layers":[{"id":"bg","type":"background"}],"zoom":1.50}"# + "\n")
    }

    @Test func checkListsUnformattedFilesAndWritesNothing() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let messy = folder.appendingPathComponent("messy.json")
        let tidy = folder.appendingPathComponent("tidy.json")
        try Data(#"{"a":1}"#.utf8).write(to: messy)
        try Data("{\n  \"a\": 1\n}\n".utf8).write(to: tidy)
        let run = runTool(["format", "--check", messy.path, tidy.path])
        #expect(run.status == 1)
        #expect(run.output == "would reformat \(messy.path)\n")
        #expect(try Data(contentsOf: messy) == Data(#"{"a":1}"#.utf8))
        #expect(runTool(["format", "--check", tidy.path]).status == 0)
    }

    @Test func inPlaceRewritesChangedFilesOnly() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let messy = folder.appendingPathComponent("messy.json")
        let tidy = folder.appendingPathComponent("tidy.json")
        try Data(#"{"a":[1,2]}"#.utf8).write(to: messy)
        try Data("{\n  \"a\": 1\n}\n".utf8).write(to: tidy)
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes(
            [.modificationDate: old, .posixPermissions: 0o600], ofItemAtPath: tidy.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: messy.path)
        let run = runTool(["format", "--in-place", messy.path, tidy.path])
        #expect(run.status == 0)
        #expect(String(decoding: try Data(contentsOf: messy), as: UTF8.self) == "{\n  \"a\": [1, 2]\n}\n")
        let tidyAttributes = try FileManager.default.attributesOfItem(atPath: tidy.path)
        #expect(tidyAttributes[.modificationDate] as? Date == old, "an unchanged file is not rewritten")
        let messyAttributes = try FileManager.default.attributesOfItem(atPath: messy.path)
        #expect((messyAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o640, "permissions are kept")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix(".mc-style-tmp")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func syntaxErrorsPointAtLineAndColumnAndLeaveTheFileAlone() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.json")
        let text = "{\n  \"layers\": [\n    {\"id\": \"a\",}\n  ]\n}\n"
        try Data(text.utf8).write(to: broken)
        let run = runTool(["format", "--in-place", broken.path])
        #expect(run.status == 1)
        #expect(
            run.error == """
                \(broken.path):3:15: error: trailing comma: expected another member after ',' [json.syntax]
                    {"id": "a",}
                              ^

                """)
        #expect(String(decoding: try Data(contentsOf: broken), as: UTF8.self) == text)
    }

    @Test func missingFilesAndDirectoriesAreReported() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = runTool(["format", folder.appendingPathComponent("nope.json").path])
        #expect(missing.status == 1)
        #expect(missing.error.contains("nope.json' does not exist [io.read]"))
        let directory = runTool(["format", folder.path])
        #expect(directory.error.contains("is a directory, not a file [io.read]"))
    }

    @Test func duplicateKeysAreWarnings() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("dup.json")
        try Data(#"{"a": 1, "a": 2}"#.utf8).write(to: file)
        let run = runTool(["format", "--compact", file.path])
        #expect(run.status == 0)
        #expect(run.output == "{\"a\":2}\n")
        #expect(run.error.contains("dup.json:1:10: warning: duplicate key \"a\""))
        #expect(run.error.contains("dup.json:1:2: note: \"a\" first defined here"))
    }
}
