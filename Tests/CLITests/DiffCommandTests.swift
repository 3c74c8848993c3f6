import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// `mc-style diff OLD NEW`: what a reviewer needs, in text, JSON and Markdown; exit codes as diff's.
@Suite struct DiffCommandTests {
    static let old = """
        {"version": 8, "name": "Old", "glyphs": "https://g.example.com/{fontstack}/{range}.pbf",
         "sources": {"v": {"type": "vector", "url": "https://t.example.com/v.json?key=ABCDEFGHIJKLMNOPQRSTUVWXYZ012345"}, "gone": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
         "layers": [
          {"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
          {"id": "water", "type": "fill", "source": "v", "source-layer": "w", "paint": {"fill-color": "#00f", "fill-opacity": 1}},
          {"id": "roads", "type": "line", "source": "v", "source-layer": "r", "filter": ["==", ["get", "class"], "major"], "layout": {"line-cap": "round", "line-join": "round"}},
          {"id": "old-labels", "type": "symbol", "source": "v", "source-layer": "p"}
         ]}
        """
    static let new = """
        {"version": 8, "name": "New", "glyphs": "https://g.example.com/{fontstack}/{range}.pbf",
         "sources": {"v": {"type": "vector", "url": "https://t.example.com/v.json?key=ZYXWVUTSRQPONMLKJIHGFEDCBA543210"}, "extra": {"type": "vector", "url": "https://e.example.com/e.json"}},
         "layers": [
          {"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
          {"id": "roads", "type": "line", "source": "v", "source-layer": "r", "filter": ["==", ["get", "class"], "minor"], "layout": {"line-join": "round", "line-cap": "round"}},
          {"id": "water", "type": "fill", "source": "v", "source-layer": "w", "paint": {"fill-opacity": 1.0, "fill-color": "#00f"}, "minzoom": 4},
          {"id": "new-labels", "type": "symbol", "source": "v", "source-layer": "p"}
         ]}
        """

    func files() throws -> (URL, URL, URL) {
        let folder = try makeTemporaryFolder()
        let old = folder.appendingPathComponent("old.json")
        let new = folder.appendingPathComponent("new.json")
        try Data(Self.old.utf8).write(to: old)
        try Data(Self.new.utf8).write(to: new)
        return (folder, old, new)
    }

    @Test func textListsEveryKindOfChangeAndMasksCredentials() throws {
        let (folder, old, new) = try files()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(["diff", old.path, new.path])
        #expect(run.status == 1)
        #expect(
            run.output == """
                --- \(old.path)
                +++ \(new.path)
                - layer old-labels (was at 3)
                + layer new-labels (at 3)
                ~ layer water moved: 1 -> 2
                ~ layer roads filter: ["==",["get","class"],"major"] -> ["==",["get","class"],"minor"]
                ~ layer water minzoom: (none) -> 4
                ~ source v: {"type":"vector","url":"https://t.example.com/v.json?key=ABCD…"} -> {"type":"vector","url":"https://t.example.com/v.json?key=ZYXW…"}
                - source gone
                + source extra
                ~ root name: "Old" -> "New"
                9 changes

                """, "\(run.output)")
        #expect(!run.output.contains("ABCDEFGHIJ") && !run.output.contains("ZYXWVUTSRQ"), "no key in the output")
    }

    @Test func jsonAndMarkdownCarryTheSameChanges() throws {
        let (folder, old, new) = try files()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = runTool(["diff", old.path, new.path, "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let kinds = (report["changes"] as? [[String: Any]])?.map { $0["kind"] as? String ?? "" }
        #expect(
            kinds == [
                "layer-removed", "layer-added", "layer-moved", "layer-property", "layer-property", "source", "source",
                "source", "root",
            ])
        #expect((report["summary"] as? [String: Any])?["changes"] as? Int == 9)
        let markdown = runTool(["diff", old.path, new.path, "--format", "markdown"])
        #expect(markdown.status == 1)
        #expect(markdown.output.contains("| moved | `water` | 1 → 2 |"))
        #expect(markdown.output.contains("| `water` | `minzoom` | `(none)` | `4` |"))
        #expect(markdown.output.hasSuffix("9 changes.\n"))
    }

    @Test func sameStyleIsExitZeroAndMisuseIsTwo() throws {
        let (folder, old, _) = try files()
        defer { try? FileManager.default.removeItem(at: folder) }
        let same = runTool(["diff", old.path, old.path])
        #expect(same.status == 0 && same.output.hasSuffix("are the same style (key order and number spelling aside)\n"))
        #expect(runTool(["diff", old.path]).status == 2)
        #expect(runTool(["diff", old.path, folder.appendingPathComponent("missing.json").path]).status == 2)
    }

    /// A style against itself and against its own `format --sort` output is no change; two real TomTom
    /// designs (with and without labels) differ by the label layers.
    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)))
    func realStyles() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for style in SharedData.corpusStyles {
            #expect(runTool(["diff", style.path, style.path]).status == 0, "\(style.lastPathComponent)")
            let sorted = folder.appendingPathComponent(style.lastPathComponent)
            let formatted = runTool(["format", style.path, "--sort"])
            try Data(formatted.output.utf8).write(to: sorted)
            #expect(
                runTool(["diff", style.path, sorted.path]).status == 0,
                "\(style.lastPathComponent): format --sort changed the style")
        }
        let root = try #require(SharedData.root).appendingPathComponent("corpus/styles")
        let run = runTool([
            "diff", root.appendingPathComponent("tomtom-basic-main.json").path,
            root.appendingPathComponent("tomtom-basic-nolabels.json").path,
            "--format", "json",
        ])
        #expect(run.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let removed = (report["changes"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "layer-removed" }
            .compactMap { $0["id"] as? String }
        #expect(removed.contains("Motorway label") && removed.count > 30, "\(removed.count)")
    }

    /// Two real versions of the same style from this repository's history (the demo's compiled style before and
    /// after the run-time module: layers moved, visibility written, sources changed) give exactly the committed
    /// report; each against itself and its own `format --sort` output gives none.
    @Test func versionsFromHistory() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = "fixtures/diff/demo-style-8b2af35.json"
        let new = "fixtures/diff/demo-style-03bdb31.json"
        let root = SharedData.repositoryRoot.path
        let run = runTool(["diff", old, new], in: root)
        #expect(run.status == 1)
        #expect(run.output == (try String(contentsOf: Fixtures.folder("diff/8b2af35-to-03bdb31.txt"), encoding: .utf8)))
        for version in [old, new] {
            #expect(runTool(["diff", version, version], in: root).status == 0)
            let sorted = folder.appendingPathComponent("sorted.json")
            try Data(runTool(["format", version, "--sort"], in: root).output.utf8).write(to: sorted)
            let same = runTool(["diff", version, sorted.path], in: root)
            #expect(same.status == 0, "\(version): \(same.output)")
        }
        let markdown = runTool(["diff", old, new, "--format", "markdown"], in: root)
        #expect(markdown.status == 1 && markdown.output.contains("mc-raster-layer-esri-imagery"))
    }

    /// Two folders compile wrote: each variant compared with its namesake, a variant only one folder has
    /// reported as added or removed, so one command serves a project with `bases:` and one without.
    @Test func twoCompiledFoldersAreComparedVariantByVariant() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let declarations = SharedData.repositoryFile("fixtures/variants/mc-style.yaml")
        let text = try String(contentsOf: declarations, encoding: .utf8)
        let changed = declarations.deletingLastPathComponent().appendingPathComponent(".diff-\(UUID().uuidString).yaml")
        try Data(text.replacing("opacity: 0.5", with: "opacity: 0.7").utf8).write(to: changed)
        defer { try? FileManager.default.removeItem(at: changed) }
        let old = folder.appendingPathComponent("old").path
        let new = folder.appendingPathComponent("new").path
        #expect(runTool(["compile", declarations.path, "--out", old, "--quiet"]).status == 0)
        #expect(runTool(["compile", changed.path, "--out", new, "--quiet"]).status == 0)

        let run = runTool(["diff", old, new])
        #expect(run.status == 1)
        for variant in ["light", "dark", "satellite"] {
            #expect(
                run.output.contains(
                    "--- \(old)/style.\(variant).json\n+++ \(new)/style.\(variant).json\n~ layer mc-raster-layer-gsi-hillshade paint.raster-opacity: 0.5 -> 0.7\n1 change\n"
                ), "\(run.output)")
        }
        let markdown = runTool(["diff", old, new, "--format", "markdown"])
        #expect(markdown.output.components(separatedBy: "### Style changes: ").count == 4, "\(markdown.output)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(runTool(["diff", old, new, "--format", "json"]).output.utf8))
                as? [String: Any])
        let variants = (json["variants"] as? [[String: Any]] ?? []).compactMap { $0["variant"] as? String }
        #expect(variants == ["light", "dark", "satellite"])
        #expect((json["summary"] as? [String: Any])?["changes"] as? Int == 3)

        #expect(runTool(["diff", old, old]).status == 0)
        // One base against three: the default variant is added, the three are removed.
        let demo = SharedData.repositoryFile("fixtures/demo/expected/tomtom").path
        let across = runTool(["diff", old, demo])
        #expect(across.status == 1)
        #expect(across.output.hasPrefix("+ variant 'default': only in the new folder (\(demo)/style.json)\n"))
        #expect(across.output.contains("- variant 'satellite': only in the old folder (\(old)/style.satellite.json)\n"))
        // A folder compile did not write, and a folder against a file, are misuse.
        let plain = runTool(["diff", folder.path, old])
        #expect(plain.status == 2 && plain.error.contains("has no manifest.json: give two styles, or two folders"))
        let mixed = runTool(["diff", old, "\(new)/style.light.json"])
        #expect(mixed.status == 2 && mixed.error.contains("is a folder and the other is not"))
    }
}
