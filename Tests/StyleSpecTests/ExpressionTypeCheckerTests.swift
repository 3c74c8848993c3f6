import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleSpec

/// The expression type-checker: results and errors as MapLibre gives them, located at the sub-expression.
@Suite struct ExpressionTypeCheckerTests {
    private func check(_ expression: String, spec: String = "{}") throws -> ExpressionTypeChecker.Result {
        let node = try JSONParser().parse(expression, name: "expression").root
        return ExpressionTypeChecker.check(
            property: node, spec: ExpressionSpec(json: try JSONParser().parse(spec).root))
    }

    private func expectType(
        _ expression: String, spec: String = "{}", _ type: String, feature: Bool, zoom: Bool,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let result = try check(expression, spec: spec)
        #expect(result.errors.map(\.message) == [], sourceLocation: sourceLocation)
        #expect(result.type == type, sourceLocation: sourceLocation)
        #expect(result.isFeatureConstant == feature, sourceLocation: sourceLocation)
        #expect(result.isZoomConstant == zoom, sourceLocation: sourceLocation)
    }

    /// Expects exactly the errors given as (key, message); `⟦` marks in the expression give their places.
    private func expectErrors(
        _ marked: String, spec: String = "{}", _ expected: [(String, String)],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let (text, marks) = markedPositions(marked)
        let document = try JSONParser().parse(text, name: "expression")
        let result = ExpressionTypeChecker.check(
            property: document.root, spec: ExpressionSpec(json: try JSONParser().parse(spec).root))
        #expect(result.errors.map(\.keyText) == expected.map(\.0), sourceLocation: sourceLocation)
        #expect(result.errors.map(\.message) == expected.map(\.1), sourceLocation: sourceLocation)
        let places = result.errors.map { document.location(of: $0.node)?.position }
        #expect(
            places == marks.map { SourcePosition(line: $0.line, column: $0.column) }, sourceLocation: sourceLocation)
    }

    @Test func typesAndConstancy() throws {
        try expectType(
            #"["interpolate", ["linear"], ["zoom"], 0, "red", 10, ["get", "c"]]"#, spec: #"{"type": "color"}"#,
            "color", feature: false, zoom: false)
        try expectType(#"["literal", [1, 2]]"#, "array<number, 2>", feature: true, zoom: true)
        try expectType(#"["literal", [[1], [2]]]"#, "array<value, 2>", feature: true, zoom: true)
        try expectType(
            #"["get", "x"]"#, spec: #"{"type": "array", "value": "string"}"#, "array<string>", feature: false,
            zoom: true)
        try expectType(
            #"["let", "a", ["get", "x"], ["+", 1, ["number", ["var", "a"]]]]"#, "number", feature: false, zoom: true)
        try expectType(
            #"["coalesce", ["get", "a"], ["get", "b"]]"#, spec: #"{"type": "string"}"#, "string", feature: false,
            zoom: true)
        try expectType(#"["match", ["get", "k"], ["a", "b"], 1, "c", 2, 0]"#, "number", feature: false, zoom: true)
        try expectType(#"["has", "p", ["literal", {"p": 1}]]"#, "boolean", feature: true, zoom: true)
        try expectType(##""#ff0000""##, spec: #"{"type": "color"}"#, "color", feature: true, zoom: true)
        try expectType(
            #"["step", ["zoom"], "a", 5, "b"]"#, spec: #"{"type": "string"}"#, "string", feature: true, zoom: false)
    }

    @Test func errorsCarryMapLibreKeysAndTheirOwnPlaces() throws {
        try expectErrors(#"["+", 1, ⟦"two"]"#, [("[2]", "Expected number but found string instead.")])
        try expectErrors(
            "[\"interpolate\", [\"linear\"], [\"zoom\"],\n  0, \"red\",\n  10, ⟦\"reddish\"]",
            spec: #"{"type": "color"}"#,
            [("[6]", "Could not parse color from value 'reddish'")])
        try expectErrors(#"["match", ["get", "x"], "a", 1, ⟦"a", 2, 0]"#, [("[4]", "Branch labels must be unique.")])
        try expectErrors(
            #"["interpolate", ["exponential", ⟦"2"], ["zoom"], 0, 0, 1, 1]"#,
            [("[1][1]", "Exponential interpolation requires a numeric base.")])
        try expectErrors(
            #"["coalesce", ["get", "a"], ⟦5]"#, spec: #"{"type": "string"}"#,
            [("[2]", "Expected string but found number instead.")])
        try expectErrors(
            #"["at", 1, ⟦["literal", [1, 2, 3]]]"#, spec: #"{"type": "string"}"#,
            [("[2]", "Expected array<string> but found array<number, 3> instead.")])
        try expectErrors(
            #"⟦["rgba", 300, 0, 0, 1]"#,
            [("", "Invalid rgba value [300, 0, 0, 1]: 'r', 'g', and 'b' must be between 0 and 255.")])
        try expectErrors(
            ##"["interpolate", ["linear"], ["zoom"], 0, [⟦"#f00", "#0f0"], 1, 1]"##,
            [("[4][0]", "Unknown expression \"#f00\". If you wanted a literal array, use [\"literal\", [...]].")])
        try expectErrors(
            #"⟦["-"]"#, [("", "Expected arguments of type (number, number) | (number), but found () instead.")])
        try expectErrors(
            #"["var", ⟦"nope"]"#,
            [
                (
                    "[1]",
                    "Unknown variable \"nope\". Make sure \"nope\" has been bound in an enclosing \"let\" expression before using it."
                )
            ])
    }

    /// Keys that do not name a position (format options are all `[1]`) leave the place at the last node the
    /// key does name.
    @Test func untruthfulKeysPointAtTheLastNodeTheyName() throws {
        try expectErrors(
            #"⟦["format", "a", {"font-scale": ["string", 3]}]"#, [("[1]", "Expected number but found string instead.")])
        try expectErrors(
            #"⟦["match", ["get", "x"], "a", false, "b"]"#, spec: #"{"type": "string"}"#,
            [("[2]", "Expected string but found boolean instead.")])
    }

    @Test func zoomRulesAndPropertyLimits() throws {
        try expectErrors(
            #"⟦["+", 1, ["interpolate", ["linear"], ["zoom"], 0, 0, 1, 1]]"#,
            [
                (
                    "",
                    "\"zoom\" expression may only be used as input to a top-level \"step\" or \"interpolate\" expression."
                )
            ])
        try expectErrors(
            #"⟦["coalesce", ["step", ["zoom"], 0, 1, 1], ["step", ["zoom"], 0, 1, 1]]"#,
            [("", "Only one zoom-based \"step\" or \"interpolate\" subexpression may be used in an expression.")])
        try expectType(
            #"["let", "v", 1, ["interpolate", ["linear"], ["zoom"], 0, ["var", "v"], 1, 2]]"#, "number", feature: true,
            zoom: false)
        try expectErrors(
            #"⟦["get", "x"]"#,
            spec: #"{"type": "number", "property-type": "data-constant", "expression": {"parameters": ["zoom"]}}"#,
            [("", "data expressions not supported")])
        try expectErrors(
            #"⟦["interpolate", ["linear"], ["zoom"], 0, 0, 1, 1]"#,
            spec: #"{"type": "number", "expression": {"interpolated": false, "parameters": ["zoom"]}}"#,
            [("", "\"interpolate\" expressions cannot be used with this property")])
    }

    @Test func legacyFunctionsAreCheckedAsTheExpressionsThatReplaceThem() throws {
        let color = #"{"type": "color", "expression": {"interpolated": true, "parameters": ["zoom", "feature"]}}"#
        try expectType(#"{"stops": [[0, "red"], [10, "blue"]]}"#, spec: color, "color", feature: true, zoom: false)
        try expectType(
            #"{"property": "p", "type": "categorical", "stops": [["a", "red"]], "default": "blue"}"#, spec: color,
            "color", feature: false, zoom: true)
        try expectType(
            #"{"property": "p", "stops": [[{"zoom": 0, "value": 0}, "red"], [{"zoom": 5, "value": 0}, "blue"]]}"#,
            spec: color,
            "color", feature: false, zoom: false)
        try expectType(
            #"{"type": "identity", "property": "p"}"#, spec: #"{"type": "enum", "values": {"a": {}, "b": {}}}"#,
            "string", feature: false, zoom: true)
        let result = try check(#"{"stops": [[0, "red"], [10, "not a color"]]}"#, spec: color)
        #expect(result.errors.map(\.message) == ["Could not parse color from value 'not a color'"])
    }

    /// MapLibre's own expression cases (compile step): every one agrees.
    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)))
    func mapLibreExpressionCasesAgree() throws {
        let folder = try #require(SharedData.root).appendingPathComponent("conformance/maplibre/expression")
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var cases = 0
        var disagreements: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.lastPathComponent == "test.json" else { continue }
            cases += 1
            let test = try JSONParser().parse(
                SourceFiles().add(name: url.path, bytes: Array(try Data(contentsOf: url)))
            ).root
            var spec = test["propertySpec"]?.objectValue ?? JSONObject()
            if spec["property-type"] == nil {
                _ = spec.setMember(JSONMember(key: "property-type", value: JSONNode(.string("data-driven"))))
            }
            let expected = try #require(test["expected"]?["compiled"])
            let result = ExpressionTypeChecker.check(
                property: try #require(test["expression"]), spec: ExpressionSpec(json: JSONNode(.object(spec))))
            let agrees: Bool
            if expected["result"]?.stringValue == "success" {
                agrees =
                    result.type == expected["type"]?.stringValue
                    && result.isFeatureConstant == expected["isFeatureConstant"]?.boolValue
                    && result.isZoomConstant == expected["isZoomConstant"]?.boolValue
            } else {
                let keys = (expected["errors"]?.arrayValue ?? []).compactMap { $0["key"]?.stringValue }.sorted()
                agrees = !result.succeeded && result.errors.map(\.keyText).sorted() == keys
            }
            if !agrees { disagreements.append(url.deletingLastPathComponent().path) }
        }
        #expect(cases >= 385)
        #expect(disagreements == [])
    }
}
