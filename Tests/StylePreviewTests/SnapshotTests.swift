import Foundation
import LocatedJSON
import StyleCompiler
import TestSupport
import Testing

@testable import StylePreview

/// The parts of `mc-style snapshot` that need no browser: how a page's picture comes back, which pictures a set of
/// views makes, and the report.
@Suite struct SnapshotTests {
    @Test func aPictureComesBackInPartsForATokenHandedOut() throws {
        let pictures = SnapshotPictures()
        let png = Data([0x89, 0x50, 0x4E, 0x47, 13, 10, 26, 10, 0, 0]).base64EncodedString()
        let half = png.index(png.startIndex, offsetBy: png.count / 2)
        func part(_ query: String) -> HTTPResponse {
            var items: [HTTPRequest.QueryItem] = []
            for pair in query.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                items.append(.init(name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : ""))
            }
            return pictures.receive(
                HTTPRequest(method: "GET", path: "/snapshot-part", query: items, version: "HTTP/1.1", headers: []))
        }
        #expect(part("token=t&index=0&count=2&data=\(png[..<half])").status == .notFound, "a token nobody handed out")
        pictures.expect("t")
        #expect(part("token=t&index=1&count=2&data=\(png[half...])").status == .ok)
        #expect(pictures.take("t") == nil, "half a picture")
        #expect(part("token=t&index=2&count=2&data=x").status == .badRequest)
        #expect(part("token=t&index=0&count=2&data=\(png[..<half])").status == .ok)
        guard case .picture(let bytes, _) = pictures.take("t") else {
            Issue.record("no picture")
            return
        }
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        pictures.expect("u")
        _ = part("token=u&failed=GL JS: no style")
        guard case .failed(let message) = pictures.take("u") else {
            Issue.record("no failure")
            return
        }
        #expect(message == "GL JS: no style")
    }

    /// `snapshot` reads its inputs once: the site's one build gives the compiled variants and the declarations
    /// (views, sources) together, and a file saved after that build changes neither until the next one.
    @Test func oneBuildGivesTheViewsAndTheStylesTogether() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = SharedData.repositoryFile("styles/tomtom-demo-base.json")
        try FileManager.default.copyItem(at: base, to: folder.appendingPathComponent("base.json"))
        let declarations = folder.appendingPathComponent("mc-style.yaml")
        func write(view: String) throws {
            try Data(
                """
                version: 1
                base: base.json
                sources:
                  - id: relief
                    urlTemplate: https://t.example.com/{z}/{x}/{y}.png
                views:
                  - {name: \(view), center: [139, 35], zoom: 9}

                """.utf8
            ).write(to: declarations)
        }
        try write(view: "tokyo")
        let site = PreviewSite(job: CompileJob(declarationsPath: declarations.path), options: PreviewOptions()) {
            $0.message
        }
        _ = try site.start()
        defer { site.stop() }
        try write(view: "osaka")
        #expect(site.succeeded)
        #expect(site.declarations?.views.map(\.name) == ["tokyo"])
        #expect(site.declarations?.sources.map(\.id) == ["relief"])
        #expect(site.variantNames == ["default"])
        site.rebuild()
        #expect(site.declarations?.views.map(\.name) == ["osaka"])
    }

    @Test func eachViewIsTakenInItsVariantsAtMapLibresZoom() throws {
        let site = PreviewSite(job: CompileJob(declarationsPath: nil), options: PreviewOptions()) { $0.message }
        let views = [
            SnapshotView(name: "tokyo", center: (139.76, 35.68), zoom: 11),
            SnapshotView(name: "japan", center: (137, 37), zoom: 5, size: (300, 200), variants: ["dark"]),
        ]
        let job = SnapshotJob(
            views: views, variantNames: ["light", "dark"], site: site, port: 4000,
            browser: Browser(executable: "/bin/false"))
        #expect(job.shots.map(\.fileName) == ["tokyo.light.png", "tokyo.dark.png", "japan.dark.png"])
        #expect(
            job.address(job.shots[2], token: "T")
                == "http://127.0.0.1:4000/snapshot.html?token=T&view=1&variant=dark&lng=137&lat=37&zoom=4&bearing=0&pitch=0&width=300&height=200"
        )
    }

    /// The report says which pictures are not the baseline's, new ones included, and links what it shows.
    @Test func theReportNamesWhatDiffersAndWhatIsNew() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        let results = [
            SnapshotComparison.Result(
                name: "tokyo.light.png", verdict: .differs(differing: 1234), baseline: png, difference: png),
            SnapshotComparison.Result(
                name: "tokyo.dark.png", verdict: .same(differing: 0), baseline: png, difference: png),
            SnapshotComparison.Result(name: "japan.dark.png", verdict: .new, baseline: nil, difference: nil),
            SnapshotComparison.Result(name: "osaka.light.png", verdict: .gone, baseline: png, difference: nil),
        ]
        #expect(results.map(\.fails) == [true, false, true, true])
        let files = SnapshotReport.files(results, threshold: 10)
        #expect(
            files.map(\.path) == [
                "baseline/tokyo.light.png", "difference/tokyo.light.png", "baseline/tokyo.dark.png",
                "difference/tokyo.dark.png", "baseline/osaka.light.png", "report.md", "report.html",
            ])
        let markdown = String(decoding: files[5].bytes, as: UTF8.self)
        #expect(markdown.contains("3 of 4 pictures are not the baseline's"))
        #expect(markdown.contains("| `tokyo.light.png` | **differs: 1234 pixels** |"))
        #expect(markdown.contains("| `tokyo.dark.png` | same |"))
        #expect(markdown.contains("| `japan.dark.png` | **new: no baseline picture** |"))
        #expect(markdown.contains("| `osaka.light.png` | **gone: in the baseline, not taken** |"))
        let html = String(decoding: files[6].bytes, as: UTF8.self)
        #expect(html.contains(#"<img src="difference/tokyo.light.png""#) && html.contains("no baseline"))
        #expect(html.contains(#"<img src="baseline/osaka.light.png""#) && html.contains("not taken"))
        #expect(!html.contains(#"<img src="osaka.light.png""#), "a gone picture has no after")
    }
}
