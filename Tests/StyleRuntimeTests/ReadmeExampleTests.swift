import Foundation
import StyleRuntime
import Testing
import TestSupport

/// The README's Swift examples, compiled and run as written.
@Suite struct ReadmeExampleTests {
    @Test func loadingAndResolvingWorksAsTheReadmeShows() throws {
        let compiledFolder = Fixtures.folder("demo/expected/tomtom").path
        let tomTomKey = "readme-key"
        let tileServerBaseURL = "http://127.0.0.1:50123"
        let heatmapRouteID = "0F3E2D1C-8A7B-4C5D-9E0F-1A2B3C4D5E6F"
        let heatmapCacheKey = "v17"
        // README: Using the output in an app
        // Once, when the map screen opens: the folder `mc-style compile` wrote, shipped in the app bundle
        // (variant: "dark" for the dark design of a build with bases:; the first design without it).
        let compiled = try CompiledStyle(folder: compiledFolder)
        var settings = RuntimeSettings(platform: .ios, apiKey: tomTomKey,
                                       localTileServer: tileServerBaseURL,          // http://127.0.0.1:<port>
                                       routeIDs: ["heatmap": heatmapRouteID],       // the UUID the overlay registered
                                       cacheKeys: ["heatmap": heatmapCacheKey])
        // On every change (an opacity slider, a layer switch, new heatmap data): a splice, no recomposing.
        settings.opacity["esri-imagery"] = 0.5
        settings.visible["contours"] = true
        let resolved = try compiled.resolve(settings)
        // resolved.style and resolved.layerMapping are the documents to hand to the TomTom SDK.
        // end of the README example
        let text = String(decoding: resolved.style, as: UTF8.self)
        #expect(text.contains("\"http://127.0.0.1:50123/tiles/0F3E2D1C-8A7B-4C5D-9E0F-1A2B3C4D5E6F/512/v17/{z}/{x}/{y}.png\""))
        #expect(resolved.layerMapping != nil)
    }

    /// Every ```swift block of the README stands, line for line (indentation, blank lines and imports aside), in a test source file
    /// or in the plugin consumer's sources (which CI builds and tests), so each is compiled exactly as the README shows it.
    @Test func everySwiftBlockOfTheReadmeIsInATest() throws {
        let readme = try String(contentsOf: SharedData.repositoryFile("README.md"), encoding: .utf8)
        var blocks: [[String]] = []
        var current: [String]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" { current = [] } else if current != nil, line == "```" {
                blocks.append(current ?? [])
                current = nil
            } else if current != nil, !line.hasPrefix("import "), !line.trimmingCharacters(in: .whitespaces).isEmpty {
                current?.append(line.trimmingCharacters(in: .whitespaces))   // imports stand at the test file's top
            }
        }
        #expect(blocks.count >= 2)
        var tests: [String] = []
        for folder in ["Tests", "fixtures/plugin-consumer"] {
            let enumerator = FileManager.default.enumerator(atPath: SharedData.repositoryFile(folder).path)
            while let path = enumerator?.nextObject() as? String {
                if path == ".build" { enumerator?.skipDescendants() }
                guard path.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: SharedData.repositoryFile(folder + "/" + path), encoding: .utf8)
                tests.append(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n"))
            }
        }
        for block in blocks {
            let joined = block.joined(separator: "\n")
            #expect(tests.contains { $0.contains(joined) }, "a README Swift block is in no test:\n\(joined)")
        }
    }
}
