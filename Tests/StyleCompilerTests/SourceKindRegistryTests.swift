import LocatedJSON
import Testing
import YAMLReader

@testable import StyleCompiler

/// Source kinds are descriptors registered in one list: the schema, decoder, composer and manifest all take
/// them from there, so a registered kind works end to end and an unregistered keyword is an error, never a
/// silently dropped source.
@Suite struct SourceKindRegistryTests {
    /// A minimal declaration value per registered keyword.
    static let samples: [String: String] = [
        "urlTemplate": "https://t.example.com/{z}/{x}/{y}.png",
        "tileJson": "https://t.example.com/tiles.json",
        "arcGisService": "https://s.example.com/MapServer",
        "localTileServer": "{ route: heat }",
        "vectorStyle": "{ style: vector/style.json, route: streets }",
    ]

    @Test func everyRegisteredKindIsInTheSchemaAndWorksEndToEnd() throws {
        let keywords = SourceKind.keywords
        #expect(Set(keywords).count == keywords.count)
        #expect(DeclarationSchema.source.exactlyOneOf == [keywords])
        #expect(keywords.allSatisfy { DeclarationSchema.source.field($0) != nil })
        #expect(Set(Self.samples.keys) == Set(keywords), "a registered kind has no sample here")
        let files = SourceFiles()
        let base = try JSONParser().parse(#"{"version": 8, "sources": {}, "layers": []}"#, into: files).root
        for keyword in keywords {
            let yaml = "version: 1\nsources:\n  - id: a\n    \(keyword): \(Self.samples[keyword] ?? "")\n"
            let tree = try YAMLReader().read(yaml, name: "d.yaml", into: files)
            let (declarations, diagnostics) = DeclarationsDecoder().decode(tree, in: files)
            #expect(diagnostics.isEmpty, "\(keyword): \(diagnostics.map(\.message))")
            let source = try #require(declarations.sources.first, "\(keyword) was not decoded")
            #expect(source.kind.keyword == keyword)
            let composition = StyleComposer(target: .maplibre, files: files).compose(
                base: base, declarations: declarations)
            // A kind composes as one raster layer, or as several (a vector style: ground and labels).
            let ids = VectorStyleParts.parts(of: source).map(\.styleSourceID)
            #expect(ids.first == "mc-raster-src-a" || keyword == "vectorStyle")
            for id in ids {
                let styleSource = try #require(composition.style["sources"]?[id], "\(keyword): no \(id)")
                #expect(
                    styleSource["tiles"] != nil || styleSource["url"] != nil,
                    "\(keyword) gave the style source \(id) no tiles and no url")
            }
        }
    }

    /// The manifest schema's kinds and the "exactly one of" rule's wording come from the registry: a kind
    /// missing from either would be refused by the schema or left out of the message.
    @Test func theManifestSchemaAndTheRuleWordingListEveryKind() throws {
        let kinds = try #require(
            ManifestJSONSchema.document()["$defs"]?["source"]?["properties"]?["kind"]?["enum"]?.arrayValue)
        #expect(kinds.compactMap(\.stringValue) == SourceKind.keywords)
        for keyword in SourceKind.keywords {
            #expect(
                Rule.declSourceKind.summary.contains(keyword) && Rule.declSourceKind.help.contains(keyword),
                "\(keyword)")
        }
        let yaml = "version: 1\nsources:\n  - id: a\n"
        let files = SourceFiles()
        let tree = try YAMLReader().read(yaml, name: "d.yaml", into: files)
        let message = try #require(
            DeclarationsDecoder().decode(tree, in: files).diagnostics.first { $0.rule == "decl.source-kind" }?.message)
        for keyword in SourceKind.keywords { #expect(message.contains(keyword), "\(message)") }
    }

    /// A finding about a source is placed at a `SourceField`; its top-level cases are exactly the schema's
    /// fields, and each kind's keyword is one of them.
    @Test func sourceFieldsAreTheSchemasFields() {
        let topLevel = SourceField.allCases.filter { !$0.rawValue.contains(".") }.map(\.rawValue)
        #expect(Set(topLevel) == Set(DeclarationSchema.source.fields.map(\.name)))
        for kind in SourceKind.all { #expect(SourceField(rawValue: kind.keyword) == kind.sourceField) }
        #expect(SourceField.placementFallback.key == "fallback" && SourceField.opacity.key == "opacity")
    }

    @Test func aKeywordThatIsNotRegisteredIsAnError() throws {
        let yaml = "version: 1\nsources:\n  - id: a\n    wmsService: https://w.example.com/wms\n"
        let files = SourceFiles()
        let tree = try YAMLReader().read(yaml, name: "d.yaml", into: files)
        let (declarations, diagnostics) = DeclarationsDecoder().decode(tree, in: files)
        #expect(declarations.sources.isEmpty)
        #expect(Set(diagnostics.map(\.rule)) == ["decl.unknown-key", "decl.source-kind"])
    }
}
