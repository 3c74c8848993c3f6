import Foundation
import StyleCompiler
import StyleRuntime
import TestSupport
import Testing

/// The manual's Swift example of loading a compiled style (docs/app-integration.md), compiled and run as written.
@Suite struct ReadmeExampleTests {
    @Test func loadingAndResolvingWorksAsTheReadmeShows() throws {
        let compiledFolder = Fixtures.folder("demo/expected/tomtom").path
        let tomTomKey = "readme-key"
        let tileServerBaseURL = "http://127.0.0.1:50123"
        let heatmapRouteID = "0F3E2D1C-8A7B-4C5D-9E0F-1A2B3C4D5E6F"
        let heatmapCacheKey = "v17"
        // docs/app-integration.md: Loading a compiled style
        // Once, when the map screen opens: the folder `mc-style compile` wrote, shipped in the app bundle
        // (variant: "dark" for the dark design of a build with bases:; the first design without it).
        let compiled = try CompiledStyle(folder: compiledFolder)
        var settings = RuntimeSettings(
            platform: .ios, apiKey: tomTomKey,
            localTileServer: tileServerBaseURL,  // http://127.0.0.1:<port>
            routeIDs: ["heatmap": heatmapRouteID],  // the UUID the overlay registered
            cacheKeys: ["heatmap": heatmapCacheKey])
        // The renderer the app ships: a build whose declarations named it refuses an older one
        // (`RuntimeError.rendererTooOld`, naming the oldest version that draws the style).
        if let shipped = RendererVersion("6.10.0") {
            settings.renderer = RuntimeRenderer(name: "maplibre-native-ios", version: shipped)
        }
        // On every change (an opacity slider, a layer switch, new heatmap data): a splice, no recomposing.
        settings.opacity["esri-imagery"] = 0.5
        settings.visible["contours"] = true
        let resolved = try compiled.resolve(settings)
        // resolved.style and resolved.layerMapping are the documents to hand to the TomTom SDK.
        // end of the example
        let text = String(decoding: resolved.style, as: UTF8.self)
        #expect(
            text.contains(
                "\"http://127.0.0.1:50123/tiles/0F3E2D1C-8A7B-4C5D-9E0F-1A2B3C4D5E6F/512/v17/{z}/{x}/{y}.png\""))
        #expect(resolved.layerMapping != nil)
    }

    /// docs/getting-started.md's app snippet, run against the project that page builds: its `mc-style.yaml`
    /// block, compiled over the shipped light base.
    @Test func theGettingStartedSnippetLoadsThatPagesProject() throws {
        let page = try String(contentsOf: SharedData.repositoryFile("docs/getting-started.md"), encoding: .utf8)
        let declarations = try #require(page.firstMatch(of: /```yaml file=mc-style.yaml\n([\s\S]*?)```/)).1
        let project = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mc-style-getting-started-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: project) }
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("styles"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: SharedData.repositoryFile("styles/tomtom-demo-base.json"),
            to: project.appendingPathComponent("styles/light.json"))
        try Data(declarations.utf8).write(to: project.appendingPathComponent("mc-style.yaml"))
        let (files, diagnostics) = CompileJob(declarationsPath: project.appendingPathComponent("mc-style.yaml").path)
            .run()
        let outputs = try #require(files, "\(diagnostics)")
        let compiledFolder = project.appendingPathComponent("build/map-style").path
        try OutputFolder(path: compiledFolder).write(outputs)
        let tomTomKey = "getting-started-key"
        let tileServerBaseURL = "http://127.0.0.1:50124"
        let heatmapRouteID = "0F3E2D1C-8A7B-4C5D-9E0F-1A2B3C4D5E6F"
        let heatmapCacheKey = "v1"
        // docs/getting-started.md: Load it in the app
        // Once, when the map screen opens: the compiled folder, shipped in the app bundle
        // (CompiledStyle(folder:variant: "dark") for the dark design; the first design without it).
        let compiled = try CompiledStyle(folder: compiledFolder)
        var settings = RuntimeSettings(
            platform: .ios, apiKey: tomTomKey,
            localTileServer: tileServerBaseURL,  // http://127.0.0.1:<port>
            routeIDs: ["heatmap": heatmapRouteID],  // the UUID the overlay registered
            cacheKeys: ["heatmap": heatmapCacheKey])  // new on every data update
        // On every change (a slider, a switch, new heatmap data): a splice into the bytes, nothing recomposed.
        settings.opacity["hillshade"] = 0.4
        settings.visible["heatmap"] = false
        let resolved = try compiled.resolve(settings)
        // resolved.style and resolved.layerMapping are the documents to hand to the TomTom SDK.
        // end of the example
        let text = String(decoding: resolved.style, as: UTF8.self)
        #expect(
            text.contains("http://127.0.0.1:50124/tiles/0F3E2D1C-8A7B-4C5D-9E0F-1A2B3C4D5E6F/512/v1/{z}/{x}/{y}.png"))
        #expect(text.contains("key=getting-started-key"))
        #expect(resolved.layerMapping != nil)
    }
}
