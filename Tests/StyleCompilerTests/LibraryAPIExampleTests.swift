import Testing
import LocatedJSON
@testable import StyleCompiler

/// The README's library example, kept compiling and true.
@Suite struct LibraryAPIExampleTests {
    @Test func composingFromCodeWorksAsTheReadmeShows() throws {
        let baseBytes = Array(#"{"version": 8, "sources": {}, "layers": [{"id": "background", "type": "background"}, {"id": "labels", "type": "symbol", "source": "s"}]}"#.utf8)
        var finished = false
        defer { #expect(finished, "the README example returned early: its composition has errors") }
        // README: Library API
        let base = try JSONParser().parse(SourceFile(name: "base.json", bytes: baseBytes))
        let radar = RasterSourceDeclaration(
            id: "radar",
            kind: .urlTemplate(DeclaredString("https://tiles.example.com/radar/{z}/{x}/{y}.png")),
            tileSize: 256, opacity: 0.7, placement: .belowLabels)
        let composition = StyleComposer(target: .tomtom).compose(base: base.root, declarations: Declarations(sources: [radar]))
        guard !composition.diagnostics.containsErrors else { return }   // report composition.diagnostics first
        let styleBytes = JSONWriter(style: .compact).bytes(composition.style)
        // end of the README example
        finished = true
        let text = String(decoding: styleBytes, as: UTF8.self)
        #expect(text.contains(#"{"id":"mc-raster-layer-radar","type":"raster","source":"mc-raster-src-radar","layout":{"visibility":"visible"},"paint":{"raster-opacity":0.7}},{"id":"labels""#))
        #expect(text.contains(#""tileSize":128"#))
    }
}
