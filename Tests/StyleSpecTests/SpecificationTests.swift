import LocatedJSON
import Testing

@testable import StyleSpec

/// The specification module on its own: the catalog generated from v8.json, colours as the specification reads
/// them, and an expression checked and evaluated through the public API alone, as an app or another tool would.
@Suite struct SpecificationTests {
    @Test func theCatalogHoldsTheSpecificationsGroupsAndProperties() {
        #expect(StyleSpecCatalog.layerTypes.contains("fill") && StyleSpecCatalog.layerTypes.contains("hillshade"))
        #expect(StyleSpecCatalog.sourceTypes == ["vector", "raster", "raster-dem", "geojson", "video", "image"])
        #expect(StyleSpecCatalog.property("fill-color", in: "paint_fill")?.type == "color")
        #expect(StyleSpecCatalog.property("fill-colour", in: "paint_fill") == nil)
        #expect(StyleSpecCatalog.order(of: "$root").first == "version")
    }

    @Test func coloursParseAsTheSpecificationReadsThem() throws {
        let beige = try #require(CSSColor.parse("#f8f4f0"))
        #expect(beige.red == 248 && beige.green == 244 && beige.blue == 240 && beige.alpha == 1)
        let translucent = try #require(CSSColor.parse("rgba(0, 0, 255, 0.5)"))
        #expect(translucent.blue == 255 && translucent.alpha == 0.5)
        #expect(CSSColor.parse("hsl(120, 100%, 50%)")?.green == 255)
        #expect(CSSColor.parse("#ggg") == nil)
        #expect(CSSColor.parse("not a colour") == nil)
    }

    @Test func anExpressionChecksAndEvaluatesThroughThePublicAPI() throws {
        let expression = try JSONParser().parse(
            #"["interpolate", ["linear"], ["zoom"], 0, 1, 10, 3]"#, name: "expression"
        ).root
        let spec = try #require(ExpressionSpec.property(named: "line-width"))
        #expect(ExpressionTypeChecker.check(property: expression, spec: spec).succeeded)
        guard case .success(let program) = ExpressionProgram.compile(property: expression, spec: spec) else {
            Issue.record("the expression does not compile")
            return
        }
        var input = EvaluationInput()
        input.zoom = 5
        guard case .success(let value) = program.evaluate(input) else {
            Issue.record("the expression does not evaluate")
            return
        }
        #expect(value == .number(2))
    }
}

/// WCAG's contrast ratio, on the values its own definition gives.
@Suite struct ColorContrastTests {
    static func css(_ text: String) throws -> ExpressionColor { try #require(ExpressionColor(css: text)) }

    @Test func blackOnWhiteIs21AndAColourOnItselfIs1() throws {
        #expect(abs(ColorContrast.ratio(try Self.css("#000000"), try Self.css("#ffffff")) - 21) < 1e-9)
        #expect(ColorContrast.ratio(try Self.css("#777777"), try Self.css("#777777")) == 1)
        // #767676 on white is WCAG's own example of 4.54:1, the lightest grey that passes AA for body text.
        #expect(abs(ColorContrast.ratio(try Self.css("#767676"), try Self.css("#ffffff")) - 4.54) < 0.01)
    }

    @Test func aTranslucentColourIsDrawnOverWhatIsUnderIt() throws {
        let half = ColorContrast.over(try Self.css("rgba(0, 0, 0, 0.5)"), try Self.css("#ffffff"))
        #expect(abs(half.red - 0.5) < 1e-9 && half.alpha == 1)
        #expect(ColorContrast.ratio(try Self.css("rgba(0, 0, 0, 0)"), try Self.css("#ffffff")) == 1)
    }
}
