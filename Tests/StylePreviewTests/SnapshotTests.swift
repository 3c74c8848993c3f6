import Foundation
import LocatedJSON
import StyleCompiler
import TestSupport
import Testing

@testable import StylePreview

/// The parts of `mc-style snapshot` that need no browser: where remote URLs go, what a tiles folder answers,
/// how a page's picture comes back, and which pictures a set of views makes.
@Suite struct SnapshotTests {
    @Test func remoteURLsGoThroughTheServerWithTheirTokensKept() throws {
        #expect(
            RemoteURLs.routed("https://tiles.example.com/{z}/{x}/{y}.png?key=k", port: 8080)
                == "http://127.0.0.1:8080/remote/https/tiles.example.com/{z}/{x}/{y}.png?key=k")
        #expect(
            RemoteURLs.routed("http://127.0.0.1:8080/tiles/a/1/2/3.png", port: 8080)
                == "http://127.0.0.1:8080/tiles/a/1/2/3.png")
        #expect(
            RemoteURLs.remote(path: "/remote/https/tiles.example.com/1/2/3.png", rawQuery: "key=k")
                == "https://tiles.example.com/1/2/3.png?key=k")
        #expect(RemoteURLs.remote(path: "/remote/ftp/x", rawQuery: nil) == nil)
        // The host ends where a browser ends it: a backslash or user information never hides another host.
        #expect(RemoteURLs.host(of: "https://Evil.example.com\\@api.tomtom.com/x") == "evil.example.com")
        #expect(RemoteURLs.host(of: "https://user@api.tomtom.com/x") == nil)
        let style = Array(
            #"{"version":8,"sprite":"https://s.example.com/sprite","glyphs":"https://g.example.com/{fontstack}/{range}.pbf","sources":{"a":{"type":"raster","tiles":["https://t.example.com/{z}/{x}/{y}.png"]},"b":{"type":"raster","url":"https://j.example.com/tiles.json"}},"layers":[]}"#
                .utf8)
        let routed = String(decoding: RemoteURLs.route(style: style, port: 9), as: UTF8.self)
        #expect(routed.contains(#""sprite":"http://127.0.0.1:9/remote/https/s.example.com/sprite""#))
        #expect(routed.contains(#""glyphs":"http://127.0.0.1:9/remote/https/g.example.com/{fontstack}/{range}.pbf""#))
        #expect(routed.contains(#""tiles":["http://127.0.0.1:9/remote/https/t.example.com/{z}/{x}/{y}.png"]"#))
        #expect(routed.contains(#""url":"http://127.0.0.1:9/remote/https/j.example.com/tiles.json""#))
        #expect(
            RemoteURLs.hosts(in: style) == ["s.example.com", "g.example.com", "t.example.com", "j.example.com"])
    }

    @Test func aTilesFolderAnswersWhatItHoldsAndCountsWhatItLacks() throws {
        let folder = try makeTemporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: TileArchiveError.self) { try TileArchive(folder: folder, mode: .replay, secrets: []) }
        let name = String(repeating: "a", count: 64)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        try Data(png).write(to: URL(fileURLWithPath: folder + "/" + name))
        try Data(
            #"{"https://t.example.com/1/2/3.png?key={key}": {"file": "\#(name)", "type": "image/png"}}"#.utf8
        ).write(to: URL(fileURLWithPath: folder + "/index.json"))
        let archive = try TileArchive(folder: folder, mode: .replay, secrets: ["secret-key"])
        // The key is masked before the lookup: the index never holds it.
        #expect(archive.answer("https://t.example.com/1/2/3.png?key=secret-key")?.bytes == png)
        #expect(archive.answer("https://t.example.com/9/9/9.png?key=secret-key", asker: 2) == nil)
        #expect(archive.misses.map(\.url) == ["https://t.example.com/9/9/9.png?key={key}"])
        #expect(archive.misses.map(\.asker) == [2])
        // An index whose file names leave the folder is refused.
        try Data(#"{"https://x/": {"file": "../../etc/passwd", "type": "text/plain"}}"#.utf8).write(
            to: URL(fileURLWithPath: folder + "/index.json"))
        #expect(throws: TileArchiveError.self) { try TileArchive(folder: folder, mode: .replay, secrets: []) }
    }

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

    @Test func eachViewIsTakenInItsVariantsAtMapLibresZoom() throws {
        let site = PreviewSite(job: CompileJob(declarationsPath: nil), options: PreviewOptions())
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
