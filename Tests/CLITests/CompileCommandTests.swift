import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

@Suite struct CompileCommandTests {
    static let demo = Fixtures.folder("demo/mc-style.yaml").path

    /// Every file below a folder, by relative path.
    static func tree(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))] = try Data(
                contentsOf: url)
        }
        return files
    }

    /// A declarations file's text with `count` URL-template sources over `base`, each given `fields` (YAML flow
    /// mapping entries, such as `opacity: 0.5`): enough sources that a compile takes a while.
    static func manySources(_ count: Int, base: String, fields: String) -> String {
        var text = "version: 1\nbase: \(base)\nsources:\n"
        for index in 0..<count {
            text += "  - { id: s\(index), urlTemplate: \"https://t\(index).example.com/{z}/{x}/{y}.png\", \(fields) }\n"
        }
        return text
    }

    static func modificationDate(_ url: URL) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
    }

    @Test(arguments: ["tomtom", "maplibre"])
    func demoMatchesTheGoldenFilesByteForByte(target: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let run = runTool(["compile", Self.demo, "--target", target, "--out", out.path])
        #expect(run.status == 0, "\(run.error)")
        let produced = try Self.tree(out)
        let golden = try Self.tree(Fixtures.folder("demo/expected/\(target)"))
        #expect(produced.keys.sorted() == golden.keys.sorted())
        for (path, bytes) in golden {
            #expect(produced[path] == bytes, "\(target)/\(path) differs from the golden file")
        }
    }

    /// What a build system needs to know: every file the compile read, as absolute paths; nothing on failure.
    @Test func dependenciesListEveryFileRead() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = folder.appendingPathComponent("dependencies.json")
        let run = runTool([
            "compile", Self.demo, "--out", folder.appendingPathComponent("out").path, "--dependencies", record.path,
            "--quiet",
        ])
        #expect(run.status == 0, "\(run.error)")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: [String]])
        let demo = Fixtures.folder("demo").standardizedFileURL.path
        #expect(
            list["inputs"] == [
                demo + "/mc-style.yaml", demo + "/parts/contours.yaml",
                SharedData.repositoryFile("styles/tomtom-demo-base.json").standardizedFileURL.path,
                demo + "/vector/versatiles-colorful.json",
            ])
        try FileManager.default.removeItem(at: record)
        let broken = folder.appendingPathComponent("broken.yaml")
        try Data("version: 1\nsources: []\n".utf8).write(to: broken)
        #expect(
            runTool([
                "compile", broken.path, "--out", folder.appendingPathComponent("out").path, "--dependencies",
                record.path,
            ]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: record.path))
    }

    /// The assets the declarations name are inputs too: a build system that is not told of them would not
    /// compile again when the sprite changes.
    @Test func dependenciesListTheDeclaredAssets() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.standardizedFileURL.path
        try FileManager.default.createDirectory(
            atPath: project + "/glyphs/Noto Sans Regular", withIntermediateDirectories: true)
        try Data(#"{"marker": {"width": 8, "height": 8, "x": 0, "y": 0, "pixelRatio": 1}}"#.utf8)
            .write(to: URL(fileURLWithPath: project + "/sprite.json"))
        try Data(#"{"version": 8, "sources": {}, "layers": [{"id": "land", "type": "background"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: project + "/base.json"))
        try Data(
            "version: 1\nbase: base.json\nsources: []\nassets:\n  sprite: sprite.json\n  fonts: glyphs\n".utf8
        ).write(to: URL(fileURLWithPath: project + "/mc-style.yaml"))
        let record = project + "/dependencies.json"
        let run = runTool([
            "compile", project + "/mc-style.yaml", "--out", project + "/out", "--dependencies", record, "--quiet",
        ])
        #expect(run.status == 0, "\(run.error)")
        let list = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: record)))
                as? [String: [String]])
        #expect(
            list["inputs"] == [
                project + "/mc-style.yaml", project + "/base.json", project + "/sprite.json", project + "/glyphs",
            ])
    }

    @Test func anErrorLeavesTheOutputFolderExactlyAsItWas() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        #expect(runTool(["compile", Self.demo, "--out", out.path]).status == 0)
        let before = try Self.tree(out)
        let styleDate = try Self.modificationDate(out.appendingPathComponent("style.json"))
        let broken = folder.appendingPathComponent("broken.yaml")
        try Data(
            "version: 1\nbase: \(SharedData.repositoryFile("styles/tomtom-demo-base.json").path)\nsources:\n  - id: a\n    urlTemplate: \"https://t.example.com/{z}/{x}/{y}.png\"\n    placement: { below: nowhere }\n"
                .utf8
        ).write(to: broken)
        let run = runTool(["compile", broken.path, "--out", out.path])
        #expect(run.status == 1)
        #expect(run.error.contains("[compose.placement-anchor]"))
        #expect(try Self.tree(out) == before)
        #expect(try Self.modificationDate(out.appendingPathComponent("style.json")) == styleDate)
        // An error that validation finds while the new style is already being written beside the folder: the
        // folder stays as it was, and the style's spool is removed.
        let invalid = folder.appendingPathComponent("invalid.json")
        try Data(
            #"{"version": 8, "sources": {}, "layers": [{"id": "a", "type": "background", "paint": {"background-color": 12}}]}"#
                .utf8
        )
        .write(to: invalid)
        let invalidRun = runTool(["compile", "--base", invalid.path, "--target", "maplibre", "--out", out.path])
        #expect(invalidRun.status == 1)
        #expect(invalidRun.error.contains("[style.type]"))
        #expect(try Self.tree(out) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.contains("mc-style-")
        }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func aWriteFailurePartWayLeavesTheOutputFolderUntouched() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // 'tilejson' as a file: the style and manifest could be written, the TileJSON files cannot.
        try Data("in the way".utf8).write(to: out.appendingPathComponent("tilejson"))
        try Data("old".utf8).write(to: out.appendingPathComponent("style.json"))
        let before = try Self.tree(out)
        let run = runTool(["compile", Self.demo, "--out", out.path])
        #expect(run.status == 1)
        #expect(run.error.contains("[io.write]"))
        #expect(try Self.tree(out) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.contains("mc-style-")
        }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func unchangedFilesKeepTheirModificationTime() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        #expect(runTool(["compile", Self.demo, "--out", out.path]).status == 0)
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for name in ["style.json", "manifest.json", "tilejson/contours.json"] {
            try FileManager.default.setAttributes(
                [.modificationDate: old], ofItemAtPath: out.appendingPathComponent(name).path)
        }
        #expect(runTool(["compile", Self.demo, "--out", out.path]).status == 0)
        for name in ["style.json", "manifest.json", "tilejson/contours.json"] {
            #expect(try Self.modificationDate(out.appendingPathComponent(name)) == old, "\(name) was rewritten")
        }
        // A source no longer declared: the TileJSON the last manifest lists for it goes.
        let fewer = folder.appendingPathComponent("fewer.yaml")
        let text = try String(contentsOfFile: Self.demo, encoding: .utf8)
            .replacing(
                "../../styles/tomtom-demo-base.json",
                with: SharedData.repositoryFile("styles/tomtom-demo-base.json").path
            )
            .replacing("  - !include parts/contours.yaml\n", with: "")
            .replacing("vector/", with: Fixtures.folder("demo").appendingPathComponent("vector").path + "/")
        try Data(text.utf8).write(to: fewer)
        #expect(runTool(["compile", fewer.path, "--out", out.path, "--quiet"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("tilejson/contours.json").path))
        #expect(runTool(["compile", Self.demo, "--out", out.path, "--quiet"]).status == 0)
        let maplibre = runTool(["compile", Self.demo, "--out", out.path, "--target", "maplibre"])
        #expect(maplibre.status == 0)
        #expect(
            try Self.modificationDate(out.appendingPathComponent("style.json")) != old, "a changed file is rewritten")
    }

    /// A rebuild with nothing changed leaves the folder itself in place (no staging, no exchange), still clears a
    /// staging folder a killed run left, and a file edited by hand in the folder counts as a change.
    @Test func aRebuildWithNothingChangedTouchesNothing() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        #expect(runTool(["compile", Self.demo, "--out", out.path]).status == 0)
        func inode() throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: out.path)[.systemFileNumber] as? Int
        }
        let before = try inode()
        let leftover = folder.appendingPathComponent(".out.mc-style-staging-abc123")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
        #expect(runTool(["compile", Self.demo, "--out", out.path]).status == 0)
        #expect(try inode() == before, "the output folder was exchanged though nothing changed")
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        try Data("edited".utf8).write(to: out.appendingPathComponent("tilejson/contours.json"))
        #expect(runTool(["compile", Self.demo, "--out", out.path]).status == 0)
        #expect(try inode() != before, "an edited output was not rewritten")
        #expect(
            try Data(contentsOf: out.appendingPathComponent("tilejson/contours.json"))
                == Data(contentsOf: Fixtures.folder("demo/expected/tomtom/tilejson/contours.json")))
    }

    @Test func checkListsWhatWouldChangeAndWritesNothing() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let missing = runTool(["compile", Self.demo, "--out", out.path, "--check"])
        #expect(missing.status == 1)
        #expect(missing.output.contains("would add \(out.path)/style.json\n"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(runTool(["compile", Self.demo, "--out", out.path]).status == 0)
        #expect(runTool(["compile", Self.demo, "--out", out.path, "--check"]).status == 0)
        try Data("tampered".utf8).write(to: out.appendingPathComponent("tilejson/contours.json"))
        let stale = runTool(["compile", Self.demo, "--out", out.path, "--check"])
        #expect(stale.status == 1)
        #expect(
            stale.output
                == "would change \(out.path)/tilejson/contours.json\n\(out.path) is not current: run 'mc-style compile \(Self.demo) --out \(out.path)' to write it\n"
        )
        #expect(try Data(contentsOf: out.appendingPathComponent("tilejson/contours.json")) == Data("tampered".utf8))
        // A manifest that cannot be read leaves what the last compile wrote unknown: the folder is refused.
        try Data("tampered".utf8).write(to: out.appendingPathComponent("manifest.json"))
        let unknown = runTool(["compile", Self.demo, "--out", out.path])
        #expect(unknown.status == 1 && unknown.error.contains("holds a manifest.json that mc-style cannot read"))
    }

    @Test func theKeyGoesIntoTheStyleAndNowhereElse() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let key = "FAKEKEY-9d2c41e7"
        let run = runTool(
            ["compile", Self.demo, "--out", out.path, "--api-key-env", "MC_TEST_TOMTOM_KEY"],
            environment: ["MC_TEST_TOMTOM_KEY": key])
        #expect(run.status == 0, "\(run.error)")
        #expect(!run.output.contains(key) && !run.error.contains(key))
        for (path, bytes) in try Self.tree(out) {
            let text = String(decoding: bytes, as: UTF8.self)
            if path == "style.json" {
                #expect(text.contains("key=\(key)"))
                #expect(!text.contains("{key}"))
            } else {
                #expect(!text.contains(key), "\(path) holds the key")
            }
        }
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json")))
                as? [String: Any])
        let variant = try #require((manifest["variants"] as? [[String: Any]])?.first)
        let placeholders = try #require(variant["placeholders"] as? [[String: Any]])
        #expect(!placeholders.contains { $0["token"] as? String == "{key}" }, "no {key} is left for the app to fill")
        let filled = try #require(variant["filledAtBuild"] as? [[String: Any]])
        #expect(filled.first?["token"] as? String == "{key}")
        #expect((filled.first?["pointers"] as? [String])?.contains("/glyphs") == true)
        let unset = runTool(["compile", Self.demo, "--out", out.path, "--api-key-env", "MC_TEST_UNSET_KEY"])
        #expect(unset.status == 2)
    }

    /// A `${NAME}` value is a run-time parameter: no output holds it (`--embed-env` writes it into the style).
    @Test func environmentSecretsStayOutOfEveryOutput() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let token = "fake-token-7f3a9c"
        let run = runTool(
            ["compile", Fixtures.folder("declarations/valid/environment.yaml").path, "--out", out.path],
            environment: ["MC_STYLE_TEST_TOKEN": token])
        #expect(run.status == 0, "\(run.error)")
        for (path, bytes) in try Self.tree(out) {
            #expect(!String(decoding: bytes, as: UTF8.self).contains(token), "\(path)")
        }
        #expect(
            String(decoding: try Data(contentsOf: out.appendingPathComponent("manifest.json")), as: UTF8.self).contains(
                "${MC_STYLE_TEST_TOKEN}"))
    }

    /// `--cache-dir` is deprecated: accepted for one release, it writes nothing, changes no output or finding and
    /// says so on standard error; the help says it does nothing.
    @Test func theDeprecatedCacheOptionDoesNothing() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("cache")
        let plain = runTool(["compile", Self.demo, "--out", folder.appendingPathComponent("plain").path])
        #expect(plain.status == 0, "\(plain.error)")
        let given = runTool([
            "compile", Self.demo, "--out", folder.appendingPathComponent("given").path, "--cache-dir", cache.path,
        ])
        #expect(given.status == 0)
        #expect(
            given.error
                == "mc-style: warning: --cache-dir is deprecated and does nothing; remove it (it is refused from the next release)\n"
                + plain.error)
        #expect(
            try Self.tree(folder.appendingPathComponent("given"))
                == (try Self.tree(folder.appendingPathComponent("plain"))))
        #expect(!FileManager.default.fileExists(atPath: cache.path))
        let validate = runTool(["validate", Self.demo, "--cache-dir", cache.path])
        #expect(validate.status == 0 && validate.error.contains("--cache-dir is deprecated"))
        #expect(runTool(["compile", "--help"]).output.contains("Deprecated: does nothing"))
    }

    @Test func outputIsDeterministic() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(runTool(["compile", Self.demo, "--out", folder.appendingPathComponent("a").path]).status == 0)
        #expect(runTool(["compile", Self.demo, "--out", folder.appendingPathComponent("b").path]).status == 0)
        #expect(
            try Self.tree(folder.appendingPathComponent("a")) == (try Self.tree(folder.appendingPathComponent("b"))))
    }

    @Test func anOutputPathThatIsAFileIsAnError() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let run = runTool(["compile", Self.demo, "--out", file.path])
        #expect(run.status == 1)
        #expect(run.error.contains("is a file, not a folder [io.write]"))
    }

    /// The demo declarations on every real corpus style, both targets. Anchored placements and layer-mapping
    /// anchors name demo-base layers, so where a corpus style lacks one, the only errors are those anchors.
    @Test(
        .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)),
        arguments: SharedData.corpusStyles)
    func demoComposesOntoEveryCorpusStyle(style: URL) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for target in ["tomtom", "maplibre"] {
            let run = runTool([
                "compile", Self.demo, "--base", style.path, "--target", target, "--out",
                folder.appendingPathComponent(target).path,
            ])
            let errorRules = Set(
                run.error.split(separator: "\n").filter { $0.contains(": error: ") }.compactMap {
                    $0.split(separator: "[").last.map { String($0.dropLast()) }
                })
            #expect(
                errorRules.isSubset(of: ["compose.placement-anchor", "tomtom.layer-mapping.anchor"]),
                "\(style.lastPathComponent) \(target): \(run.error)")
            if errorRules.isEmpty { #expect(run.status == 0) }
        }
        let portable = folder.appendingPathComponent("portable.yaml")
        try Data(
            """
            version: 1
            platforms: [ios]
            sources:
              - { id: a, urlTemplate: "https://t.example.com/{z}/{x}/{y}.png", placement: belowLabels, visibleZoom: [4, 16], bounds: [0, 0, 10, 10] }
              - { id: b, tileJson: "https://t.example.com/tiles.json" }
              - { id: c, arcGisService: "https://s.example.com/MapServer", zIndex: 3 }
              - { id: d, localTileServer: { route: heatmap }, pixelRatios: [1, 2] }
            """.utf8
        ).write(to: portable)
        for target in ["tomtom", "maplibre"] {
            let run = runTool([
                "compile", portable.path, "--base", style.path, "--target", target, "--out",
                folder.appendingPathComponent("p-" + target).path,
            ])
            #expect(run.status == 0, "\(style.lastPathComponent) \(target): \(run.error)")
        }
    }
}

extension CompileCommandTests {
    /// A compile into a folder that already holds exactly its outputs touches nothing and says so.
    @Test func aSecondCompileSaysUnchanged() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let first = runTool(["compile", Self.demo, "--out", out])
        #expect(first.status == 0 && first.output.hasPrefix("wrote \(out): style.json,"), "\(first.output)")
        let second = runTool(["compile", Self.demo, "--out", out])
        #expect(second.status == 0 && second.output.hasPrefix("unchanged \(out): style.json,"), "\(second.output)")
        #expect(runTool(["schema", "--help"]).output.contains("that compile writes (format 4)"))
    }
}
