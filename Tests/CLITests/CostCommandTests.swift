import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// `mc-style cost` from the command line: the views of the declarations and of --view in every format, the
/// budgets of .mc-style.yaml, and what it refuses.
@Suite struct CostCommandTests {
    static let declarations = Fixtures.folder("cost").appendingPathComponent("mc-style.yaml").path

    @Test func jsonCarriesEveryViewAndSource() throws {
        let run = runTool(["cost", Self.declarations, "--format", "json", "--view", "48.8566,2.3522,8,1280x720@2"])
        #expect(run.status == 0, "\(run.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(object["model"] as? String == "maplibre")
        let views = try #require(object["views"] as? [[String: Any]])
        #expect(views.map { $0["name"] as? String }.last == "48.8566,2.3522,8,1280x720@2")
        #expect(views.count == 8 && views.allSatisfy { $0["variant"] as? String == "default" })
        let tokyo = try #require(views.first)
        let sources = try #require(tokyo["sources"] as? [[String: Any]])
        let tiles = Dictionary(
            uniqueKeysWithValues: sources.map { ($0["id"] as? String ?? "", $0["tiles"] as? Int ?? -1) })
        #expect(
            tiles == [
                "base": 2, "mc-raster-src-streets": 8, "mc-raster-src-hillshade": 2, "mc-raster-src-japan": 8,
                "mc-raster-src-heat": 2, "mc-raster-src-flaky": 8, "mc-raster-src-pacific": 0,
            ])
        #expect(sources.allSatisfy { $0["prefetch"] as? Int == 0 })
        #expect(
            runTool(["cost", Self.declarations, "--format", "json"]).output
                == runTool(["cost", Self.declarations, "--format", "json"]).output)
    }

    @Test func markdownHtmlAndTextShowTheSameViews() throws {
        let markdown = runTool(["cost", Self.declarations, "--format", "markdown"])
        #expect(markdown.status == 0)
        #expect(markdown.output.contains("| tokyo-phone | default | 14 | 30 | 30 | 0 | 10 | 1 |"))
        #expect(markdown.output.contains("| honolulu | default | `mc-raster-src-japan` | outside-bounds |"))
        let html = runTool(["cost", Self.declarations, "--format", "html"])
        #expect(
            html.output.hasPrefix("<!doctype html>") && html.output.contains("<svg") && !html.output.contains("<script")
        )
        #expect(html.output.components(separatedBy: "<section>").count == 8)
        let text = runTool(["cost", Self.declarations])
        #expect(text.output.contains("view street-level, variant default"))
        #expect(text.output.contains("requests by zoom: 0:"))
    }

    @Test func aTomTomProjectIsCostedWithTheSDKsDoubling() throws {
        let run = runTool([
            "cost", Fixtures.folder("demo").appendingPathComponent("mc-style.yaml").path, "--view",
            "35.6812,139.7671,13,phone-portrait", "--format", "json",
        ])
        #expect(run.status == 0, "\(run.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(object["model"] as? String == "tomtom")
        let view = try #require((object["views"] as? [[String: Any]])?.first)
        let sources = try #require(view["sources"] as? [[String: Any]])
        let base = try #require(sources.first { $0["id"] as? String == "mc-base-raster" })
        #expect(base["tileSize"] as? Int == 256, "emitted 128, drawn at twice that")
        #expect((base["prefetch"] as? Int ?? 0) > 0)
    }

    @Test func aBudgetPassedFailsTheRunAtTheView() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["mc-style.yaml", "base.json"] {
            try FileManager.default.copyItem(
                at: Fixtures.folder("cost").appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try "budgets:\n  requestsPerView: {total: 100, sources: {mc-raster-src-flaky: 10}}\n  stackedRasters: 1\n"
            .write(
                to: folder.appendingPathComponent(".mc-style.yaml"), atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("mc-style.yaml").path
        let cost = runTool(["cost", path], in: folder.path)
        #expect(cost.status == 1)
        #expect(
            cost.error.contains(
                "mc-style.yaml:42:5: error: view 'japan' (variant 'default', zoom 6) makes 16 requests to source 'mc-raster-src-flaky', over the budget of 10"
            ))
        let validate = runTool(["validate", path], in: folder.path)
        #expect(validate.status == 1)
        #expect(validate.output.contains("[budget.requests]"))
        #expect(!validate.output.contains("[budget.stacked-rasters]"), "one opaque raster per view")
    }

    @Test func misuseIsRefused() {
        #expect(runTool(["cost", Self.declarations, "--view", "95,0,3,100x100"]).status == 2)
        #expect(runTool(["cost", Self.declarations, "--device", "watch"]).status == 2)
        #expect(runTool(["cost", "/nonexistent/mc-style.yaml"]).status == 2)
        let demo = runTool(["cost", Fixtures.folder("demo").appendingPathComponent("mc-style.yaml").path])
        #expect(demo.status == 1 && demo.error.contains("nothing to cost"))
    }
}
