import LocatedJSON
import Testing
import YAMLReader

@testable import StyleCompiler

/// `views:` as `mc-style snapshot` takes them: defaults filled, each mistake located at its value.
@Suite struct SnapshotViewDecoderTests {
    private func decode(_ text: String) throws -> (Declarations, [Diagnostic]) {
        let files = SourceFiles()
        let root = try YAMLReader().read(text, name: "mc-style.yaml", into: files)
        return DeclarationsDecoder().decode(root, in: files)
    }

    @Test func viewsAreDecodedWithTheirDefaults() throws {
        let (declarations, diagnostics) = try decode(
            """
            version: 1
            bases: {light: light.json, dark: dark.json}
            sources: []
            views:
              - {name: tokyo-heat, center: [139.76, 35.68], zoom: 11, size: [640, 480]}
              - {name: japan, center: [137, 37], zoom: 5, variants: [dark], bearing: 30, pitch: 45}
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let views = declarations.views
        #expect(views.map(\.name) == ["tokyo-heat", "japan"])
        #expect(views[0].center == (139.76, 35.68) && views[0].zoom == 11 && views[0].size == (640, 480))
        #expect(views[0].variants.isEmpty && views[0].bearing == 0 && views[0].pitch == 0)
        #expect(views[1].size == SnapshotView.defaultSize && views[1].variants == ["dark"])
        #expect(views[1].bearing == 30 && views[1].pitch == 45)
        #expect(views[1].location?.position.line == 6)
    }

    @Test func mistakesAreLocatedAtTheirValues() throws {
        let (declarations, diagnostics) = try decode(
            """
            version: 1
            bases: {light: light.json, dark: dark.json}
            sources: []
            views:
              - {name: a, center: [139.76, 35.68], zoom: 11, variants: [drak]}
              - {name: a, center: [200, 35.68], zoom: 11}
              - {name: "b c", center: [0, 89], zoom: 3}
              - {name: d, center: [0, 0], zoom: 3, pitch: 90}
            """)
        let found = diagnostics.map { "\($0.location.map { "\($0.position)" } ?? "-") \($0.rule) \($0.message)" }
        #expect(
            found == [
                "8:47 decl.range 90 is outside 0..85",
                "5:61 decl.views no variant 'drak' (the declarations have light, dark); did you mean 'dark'?",
                "6:12 decl.views a view named 'a' is declared already",
                "6:24 decl.views longitude 200 is outside -180..180",
                "7:12 decl.views view name 'b c' must be 1 to 64 letters, digits, '-' and '_', starting with a letter or digit: it names pictures",
                "7:31 decl.views latitude 89 is outside the Web Mercator map (-85.0511..85.0511)",
            ], "\(found)")
        // The schema's finding (a pitch past 85) leaves the field out; the views' own findings leave the view out.
        #expect(declarations.views.map(\.name) == ["d"])
    }

    @Test func aSingleBaseHasNoVariantToName() throws {
        let (_, diagnostics) = try decode(
            """
            version: 1
            base: base.json
            sources: []
            views:
              - {name: a, center: [0, 0], zoom: 3, variants: [light]}
            """)
        #expect(
            diagnostics.map(\.message) == [
                "no variant 'light' (the declarations give a single base; name variants with bases: {light: FILE, ...})"
            ])
    }
}
