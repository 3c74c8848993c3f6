import Testing

@testable import StyleLanguageServer

/// Which mapping the cursor is in, and on what, in half-typed YAML.
@Suite struct YAMLCursorTests {
    let text = """
        version: 1
        sources:
          - id: hills
            placement: { below: Nationl park, fallback: top }
            visibleZoom:
              min: 3
            sch
        - id: compact
          attribution: "国土地理院"   # a comment
        layerMapping:
          - { sdkLayer: marker, before: Country name }

        """

    func cursor(after marker: String, _ extra: Int = 0) -> YAMLCursor {
        let bytes = Array(text.utf8)
        let found = bytes.firstRange(of: Array(marker.utf8))?.upperBound ?? 0
        return YAMLCursor(YAMLOutline(bytes), offset: found + extra)
    }

    @Test func aValueInAFlowMapping() {
        let cursor = cursor(after: "below: Nat")
        #expect(cursor.path == ["sources", "-", "placement"])
        guard case .value(let key, let range) = cursor.place else {
            Issue.record("not on a value: \(cursor.place)")
            return
        }
        #expect(key == "below")
        #expect(String(decoding: Array(text.utf8)[range], as: UTF8.self) == "Nationl park")
    }

    @Test func aKeyBeingTypedInASource() {
        let cursor = cursor(after: "    sch")
        #expect(cursor.path == ["sources", "-"])
        guard case .key(let range) = cursor.place else {
            Issue.record("not on a key: \(cursor.place)")
            return
        }
        #expect(String(decoding: Array(text.utf8)[range], as: UTF8.self) == "sch")
    }

    @Test func nestedBlockMappingsAndCompactSequences() {
        #expect(cursor(after: "min:").path == ["sources", "-", "visibleZoom"])
        #expect(cursor(after: "attribution:").path == ["sources", "-"])
        let mapping = cursor(after: "before: Coun")
        #expect(mapping.path == ["layerMapping", "-"])
        #expect(
            SchemaPath.words(of: SchemaPath.type(at: ["layerMapping", "-", "sdkLayer"]) ?? .string).contains("marker"))
    }

    @Test func aCommentIsNotPartOfTheValue() {
        let cursor = cursor(after: "attribution: \"国")
        guard case .value(_, let range) = cursor.place else {
            Issue.record("not on a value: \(cursor.place)")
            return
        }
        #expect(String(decoding: Array(text.utf8)[range], as: UTF8.self) == "\"国土地理院\"")
    }

    @Test func theSchemaAnswersAlongThePath() {
        #expect(SchemaPath.fields(at: ["sources", "-"]).map(\.name).contains("urlTemplate"))
        #expect(SchemaPath.fields(at: ["sources", "-", "placement"]).map(\.name) == ["below", "above", "fallback"])
        #expect(SchemaPath.words(of: SchemaPath.type(at: ["target"]) ?? .string) == ["tomtom", "maplibre"])
        #expect(SchemaPath.type(at: ["sources", "nonsense"]) == nil)
    }
}
