import LocatedJSON
import StyleCompiler
import Testing

/// docs/library.md's example of compiling from Swift, kept compiling (with the public API only) and true.
@Suite struct LibraryAPIExampleTests {
    static let baseBytes = Array(
        #"""
        {"version": 8, "sources": {"s": {"type": "vector", "url": "https://t.example.com/v.json"}},
         "layers": [{"id": "background", "type": "background"}, {"id": "labels", "type": "symbol", "source": "s", "source-layer": "place", "layout": {"text-field": "{name}"}}]}
        """#.utf8)

    @Test func composingFromCodeWorksAsTheReadmeShows() throws {
        let baseBytes = Self.baseBytes
        var finished = false
        defer { #expect(finished, "the docs/library.md example returned early: its composition has errors") }
        // docs/library.md: Compiling from Swift
        let base = try JSONParser().parse(bytes: baseBytes, name: "base.json")
        let radar = RasterSourceDeclaration(
            id: "radar",
            kind: .urlTemplate(DeclaredString("https://tiles.example.com/radar/{z}/{x}/{y}.png")),
            tileSize: 256, opacity: 0.7, placement: .belowLabels)
        let (composition, diagnostics) = StyleCompilation.compose(
            base: base.root, declarations: Declarations(sources: [radar]), in: base)
        for diagnostic in diagnostics { print(diagnostic) }  // file:line:column: severity: message [rule]
        guard let composition else { return }  // nil when anything is an error
        let styleBytes = JSONWriter(style: .compact).bytes(composition.style)
        // end of the example
        finished = true
        #expect(diagnostics.isEmpty)
        let text = String(decoding: styleBytes, as: UTF8.self)
        #expect(
            text.contains(
                #"{"id":"mc-raster-layer-radar","type":"raster","source":"mc-raster-src-radar","layout":{"visibility":"visible"},"paint":{"raster-opacity":0.7}},{"id":"labels""#
            ))
        #expect(text.contains(#""tileSize":128"#))
    }

    /// Declarations built in code get exactly the checks a YAML file gets: the newcomer's clear-text URL
    /// without {z}, tile size 300 and opacity 1.7 come back as findings, and no style does.
    @Test func declarationsBuiltInCodeAreCheckedLikeYAML() throws {
        let base = try JSONParser().parse(SourceFiles().add(name: "base.json", bytes: Self.baseBytes))
        let wrong = RasterSourceDeclaration(
            id: "radar", kind: .urlTemplate(DeclaredString("http://tiles.example.com/{x}/{y}.png")),
            tileSize: 300, opacity: 1.7)
        let (composition, diagnostics) = StyleCompilation.compose(
            base: base.root, declarations: Declarations(sources: [wrong]), in: base)
        #expect(composition == nil)
        #expect(
            diagnostics.map(\.rule).sorted() == [
                "decl.range", "sources.cleartext", "sources.tile-size", "sources.url-tokens",
            ])
        #expect(diagnostics.first { $0.rule == "decl.range" }?.message == "1.7 is outside 0..1")
        #expect(diagnostics.first { $0.rule == "decl.range" }?.path?.mapLibreNotation == "sources[0].opacity")
        #expect(diagnostics.first { $0.rule == "sources.tile-size" }?.severity == .warning)
        let twice = [
            RasterSourceDeclaration(
                id: "a", kind: .urlTemplate(DeclaredString("https://t.example.com/{z}/{x}/{y}.png")),
                pixelRatios: [1, 1]),
            RasterSourceDeclaration(
                id: "a", kind: .tileJson(DeclaredString("https://t.example.com/t.json")), minZoom: 9, maxZoom: 3),
        ]
        let (_, more) = StyleCompilation.compose(
            base: base.root,
            declarations: Declarations(
                sources: twice,
                layerMapping: [
                    LayerMappingEntry(sdkLayer: "markers", anchor: .after("labels"))
                ]),
            in: base)
        #expect(Set(more.map(\.rule)) == ["decl.value", "sources.zoom-range", "decl.duplicate-id"])
    }
}
