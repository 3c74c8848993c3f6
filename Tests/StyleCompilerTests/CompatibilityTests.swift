import LocatedJSON
import StyleRuntime
import Testing

@testable import StyleCompiler

/// The support table read against styles: what is dated, which capability a value shows, and the verdicts.
@Suite struct CompatibilityTests {
    func uses(_ style: String) throws -> [CompatibilityUse] {
        let document = try JSONParser().parse(style, name: "style.json")
        return CompatibilityScan.uses(in: document.root, locator: document)
    }

    func style(layers: String) -> String {
        #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://t.example.com/v.json"}, "dem": {"type": "raster-dem", "url": "https://t.example.com/dem.json"}}, "layers": [\#(layers)]}"#
    }

    static let js = RendererProfile(column: .mapLibreGLJS)
    static let android = RendererProfile(column: .mapLibreNativeAndroid)

    @Test func versionsCompareByParts() throws {
        let version = try #require(RendererVersion("5.3.0"))
        #expect(version < (try #require(RendererVersion("5.10.0"))))
        #expect(version == (try #require(RendererVersion("5.3"))))
        #expect(RendererVersion("5.x") == nil)
        #expect(RendererVersion("") == nil)
        // One to four parts of one to nine digits; nothing else (an issue URL, a word, a sign, a space).
        #expect(
            RendererVersion("1.2.3.4")?.parts == [1, 2, 3, 4] && RendererVersion("123456789")?.parts == [123_456_789])
        for text in ["1.2.3.4.5", "1234567890", ".1", "1.", "1..2", "-1", "1 ", "supported", "https://x.org/1.2", "٣"] {
            #expect(RendererVersion(text) == nil, "\(text)")
        }
        #expect(RendererTarget("maplibre-gl-js@5.3.0")?.profile.column == .mapLibreGLJS)
        #expect(RendererTarget("maplibre-gl-js") == nil)
        #expect(RendererTarget("tomtom@1.0") == nil)
    }

    @Test func aLayerTypeIsDatedAndPlaced() throws {
        let text = style(layers: #"{"id": "relief", "type": "color-relief", "source": "dem"}"#)
        let found = try uses(text).filter { $0.kind == .layerType }
        #expect(found.map(\.feature) == ["layer type 'color-relief'"])
        #expect(found.first?.support(on: Self.js) == .since(try #require(RendererVersion("5.6.0"))))
        #expect(found.first?.support(on: Self.android) == .since(try #require(RendererVersion("13.0.0"))))
        let column = text.utf8.count - #""color-relief", "source": "dem"}]}"#.utf8.count + 1
        #expect(found.first?.location?.position == SourcePosition(line: 1, column: column))
    }

    @Test func dataDrivenStylingIsSeenOnlyInDataExpressions() throws {
        let constant = try uses(
            style(
                layers:
                    #"{"id": "l", "type": "line", "source": "v", "source-layer": "r", "layout": {"line-cap": "round"}}"#
            ))
        #expect(!constant.contains { $0.capability == "data-driven styling" })
        let data = try uses(
            style(
                layers:
                    #"{"id": "l", "type": "line", "source": "v", "source-layer": "r", "layout": {"line-cap": ["get", "cap"]}}"#
            ))
        let capability = data.filter { $0.capability == "data-driven styling" }
        #expect(capability.map(\.feature) == ["data-driven styling of layout property 'line-cap'"])
        #expect(capability.first?.kind == .capability)
    }

    @Test func globalStateInsideAPropertyButNotInsideALiteral() throws {
        let state = try uses(
            style(layers: #"{"id": "b", "type": "background", "paint": {"background-opacity": ["global-state", "o"]}}"#)
        )
        #expect(state.contains { $0.capability.contains("global-state") && $0.kind == .capability })
        #expect(state.contains { $0.feature == "expression 'global-state'" })
        let literal = try uses(
            style(
                layers:
                    #"{"id": "b", "type": "background", "paint": {"background-color": ["to-color", ["literal", ["global-state", "x"]]]}}"#
            ))
        #expect(!literal.contains { $0.feature.contains("global-state") })
    }

    @Test func aLegacyFilterIsNotAnExpression() throws {
        let legacy = try uses(
            style(
                layers:
                    #"{"id": "f", "type": "fill", "source": "v", "source-layer": "l", "filter": ["all", ["in", "class", "a", "b"]]}"#
            ))
        #expect(!legacy.contains { $0.kind == .expression })
        let expression = try uses(
            style(
                layers:
                    #"{"id": "f", "type": "fill", "source": "v", "source-layer": "l", "filter": ["in", ["get", "class"], ["literal", ["a"]]]}"#
            ))
        #expect(expression.contains { $0.feature == "expression 'in'" })
    }

    @Test func theArrayFormOfIlluminationIsMultidirectional() throws {
        let single = try uses(
            style(
                layers:
                    #"{"id": "h", "type": "hillshade", "source": "dem", "paint": {"hillshade-illumination-direction": 300}}"#
            ))
        #expect(!single.contains { $0.capability == "multidirectional" })
        let many = try uses(
            style(
                layers:
                    #"{"id": "h", "type": "hillshade", "source": "dem", "paint": {"hillshade-illumination-direction": [300, 20]}}"#
            ))
        #expect(many.contains { $0.capability == "multidirectional" })
    }

    @Test func pitchTakesTheSmallestBracketThatHoldsIt() throws {
        let found = try uses(#"{"version": 8, "pitch": 70, "sources": {}, "layers": []}"#).filter {
            $0.path.description == "pitch"
        }
        #expect(found.map(\.capability) == ["0-85 degrees"])
        #expect(found.first?.feature == "0-85 degrees of root property 'pitch'")
        if case .tracked(let issue) = found.first?.support(on: Self.android) {
            #expect(issue.hasPrefix("https://github.com/maplibre/maplibre-native/issues/"))
        } else {
            Issue.record("a pitch past 60 degrees on Android should be tracked by an issue")
        }
    }

    @Test func theVerdictNamesTheOldestVersionAndWhatDecidesIt() throws {
        let report = CompatibilityReport(
            uses: try uses(
                style(
                    layers:
                        #"{"id": "relief", "type": "color-relief", "source": "dem"}, {"id": "l", "type": "line", "source": "v", "source-layer": "r", "layout": {"line-cap": ["get", "cap"]}}"#
                )))
        let js = try #require(report.verdicts.first { $0.profile.column == .mapLibreGLJS })
        #expect(js.oldest == RendererVersion("5.22.0"))
        #expect(js.deciding.map(\.feature) == ["data-driven styling of layout property 'line-cap'"])
        let android = try #require(report.verdicts.first { $0.profile.column == .mapLibreNativeAndroid })
        // Data-driven line-cap is tracked by an issue on MapLibre Native: no version draws the style there.
        #expect(android.oldest == nil)
        #expect(android.deciding.map(\.feature) == ["data-driven styling of layout property 'line-cap'"])
        let missing = report.unsupported(by: RendererTarget(Self.js, try #require(RendererVersion("5.3.0"))))
        #expect(missing.map(\.feature).contains("layer type 'color-relief'"))
        #expect(report.unsupported(by: RendererTarget(Self.js, try #require(RendererVersion("5.22.0")))).isEmpty)
    }

    @Test func theTableHoldsEveryBlockTheGeneratorSaw() {
        // 273 sdk-support blocks with one or more capabilities each; a capability no renderer has yet is written
        // with no platform at all (`"data-driven styling": {}` of line-gradient).
        #expect(RendererSupport.rows.count > 273)
        #expect(RendererSupport.rows.count { $0.js == nil && $0.android == nil && $0.ios == nil } < 10)
        #expect(!RendererSupport.rows(group: "layer", name: "type:color-relief").isEmpty)
        #expect(!RendererSupport.rows(group: "expression_name", name: "split").isEmpty)
    }
}
