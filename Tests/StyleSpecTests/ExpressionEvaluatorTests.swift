import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleSpec

/// `ExpressionProgram`: MapLibre's run-time behaviour, operator by operator.
@Suite struct ExpressionEvaluatorTests {
    /// The outputs of `expression` (JSON text) for each `[globals, feature]` input, as compact JSON text.
    private func outputs(_ expression: String, spec: ExpressionSpec = ExpressionSpec(type: "*"), _ inputs: String...)
        throws -> [String]
    {
        let node = try JSONParser().parse(expression, name: "expression").root
        #expect(ExpressionTypeChecker.check(property: node, spec: spec).succeeded, "the checker accepts \(expression)")
        let program = try ExpressionProgram.compile(property: node, spec: spec).get()
        return try inputs.map { text in
            let input = EvaluationInput(json: try JSONParser().parse(text, name: "input").root)
            switch program.evaluate(input) {
            case .success(let value): return JSONWriter(style: .compact).string(program.output(value)).trimmingNewline
            case .failure(let error): return "error: \(error.message)"
            }
        }
    }

    /// `let` nested 60 deep, each body using its variable twice: each binding is worked out once per `let`
    /// (2^60 as the value, at once), not once per use (2^60 evaluations); a binding no `var` uses is never
    /// evaluated, so its error is none; and runaway work ends with the budget's error, not a hang.
    @Test func letBindingsAreEvaluatedOnceAndWorkIsBounded() throws {
        var nested = "[\"get\", \"x\"]"
        for _ in 0..<60 { nested = "[\"let\", \"v\", \(nested), [\"+\", [\"var\", \"v\"], [\"var\", \"v\"]]]" }
        let value = try outputs(nested, "[{\"zoom\": 1}, {\"properties\": {\"x\": 1}}]")
        #expect(value.first.flatMap(Double.init) == 1_152_921_504_606_846_976, "\(value)")
        #expect(
            try outputs("[\"let\", \"unused\", [\"/\", 1, [\"number\", [\"get\", \"missing\"]]], 3]", "[{}, {}]") == [
                "3"
            ])
        #expect(
            try outputs(
                "[\"let\", \"a\", [\"get\", \"x\"], [\"let\", \"b\", [\"*\", [\"var\", \"a\"], 2], [\"+\", [\"var\", \"a\"], [\"var\", \"b\"]]]]",
                "[{}, {\"properties\": {\"x\": 5}}]", "[{}, {\"properties\": {\"x\": 7}}]") == ["15", "21"])
        let node = try JSONParser().parse(nested, name: "expression").root
        let program = try ExpressionProgram.compile(property: node, spec: ExpressionSpec(type: "*")).get()
        let input = EvaluationInput(
            json: try JSONParser().parse("[{}, {\"properties\": {\"x\": 1}}]", name: "input").root)
        guard case .failure(let error) = program.evaluate(input, maximumSteps: 50) else {
            Issue.record("a budget of 50 steps did not stop 120 steps of work")
            return
        }
        #expect(
            error.message
                == "the expression needs more than 50 evaluation steps (let bindings evaluated too often): simplify it")
        // 60 lets and 60 bindings worked out once each: 120 steps, where evaluating each use would take 2^60.
        #expect(throws: Never.self) { try program.evaluate(input, maximumSteps: 120).get() }
        #expect(throws: Never.self) { try program.evaluate(input).get() }
    }

    @Test func coloursAreHeldPremultipliedAndInterpolatedInTheirSpace() throws {
        let color = ExpressionSpec(type: "color")
        #expect(try outputs("\"rgba(255, 0, 0, 0.5)\"", spec: color, "[{}, {}]") == ["[0.5,0,0,0.5]"])
        #expect(try outputs("[\"to-rgba\", \"hsl(120, 100%, 25%)\"]", "[{}, {}]") == ["[0,127.5,0,1]"])
        let rgb = try outputs(
            "[\"interpolate\", [\"linear\"], [\"zoom\"], 0, \"red\", 10, \"blue\"]", spec: color, "[{\"zoom\": 5}, {}]")
        #expect(rgb == ["[0.5,0,0.5,1]"])
        let lab = try outputs(
            "[\"interpolate-lab\", [\"linear\"], [\"zoom\"], 0, \"black\", 10, \"white\"]", spec: color,
            "[{\"zoom\": 5}, {}]")
        let grey = try #require(lab.first)
        #expect(grey.hasPrefix("[0.466") && grey.hasSuffix(",1]"), "L* halfway is not sRGB halfway: \(grey)")
    }

    @Test func branchesFollowMapLibre() throws {
        // match: an input of another type than the labels takes the fallback, without an error.
        #expect(
            try outputs(
                "[\"match\", [\"get\", \"k\"], \"a\", 1, 2]", "[{}, {\"properties\": {\"k\": \"a\"}}]",
                "[{}, {\"properties\": {\"k\": 7}}]",
                "[{}, {}]") == ["1", "2", "2"])
        // step and exponential interpolation.
        #expect(
            try outputs(
                "[\"step\", [\"zoom\"], 0, 5, 1, 10, 2]", "[{\"zoom\": 4.9}, {}]", "[{\"zoom\": 5}, {}]",
                "[{\"zoom\": 12}, {}]") == ["0", "1", "2"])
        #expect(
            try outputs("[\"interpolate\", [\"exponential\", 2], [\"zoom\"], 0, 0, 2, 3]", "[{\"zoom\": 1}, {}]") == [
                "1"
            ])
        // coalesce skips missing images and nulls.
        #expect(
            try outputs(
                "[\"coalesce\", [\"image\", \"missing\"], [\"image\", \"here\"]]",
                spec: ExpressionSpec(type: "resolvedImage"),
                "[{\"availableImages\": [\"here\"]}, {}]") == ["{\"name\":\"here\",\"available\":true}"])
    }

    @Test func legacyFunctionsEvaluateThroughTheirConversion() throws {
        let number = ExpressionSpec(type: "number", interpolated: true)
        #expect(try outputs("{\"stops\": [[0, 1], [10, 5]]}", spec: number, "[{\"zoom\": 5}, {}]") == ["3"])
        #expect(
            try outputs(
                "{\"property\": \"p\", \"type\": \"categorical\", \"stops\": [[\"a\", 1]], \"default\": 9}",
                spec: number,
                "[{}, {\"properties\": {\"p\": \"a\"}}]", "[{}, {\"properties\": {\"p\": \"b\"}}]") == ["1", "9"])
    }

    @Test func runTimeErrorsAreOutputsNotCrashes() throws {
        let results = try outputs(
            "[\"number\", [\"get\", \"x\"]]", "[{}, {\"properties\": {\"x\": \"a\"}}]",
            "[{}, {\"properties\": {\"x\": 2}}]")
        #expect(results == ["error: Expected value to be of type number, but found string instead.", "2"])
        #expect(
            try outputs("[\"at\", [\"get\", \"i\"], [\"literal\", [1, 2]]]", "[{}, {\"properties\": {\"i\": 3}}]") == [
                "error: Array index out of bounds: 3 > 1."
            ])
        #expect(
            try outputs("[\"to-color\", [\"get\", \"c\"]]", "[{}, {\"properties\": {\"c\": \"nope\"}}]") == [
                "error: Could not parse color from value 'nope'"
            ])
    }

    /// The type-checker folds constant expressions with the evaluator, as MapLibre does while parsing: what
    /// fails is an error at check time, at the folded expression's key.
    @Test func constantExpressionsThatFailAreCheckErrors() throws {
        func errors(_ text: String, spec: ExpressionSpec = ExpressionSpec(type: "*")) throws -> [String] {
            ExpressionTypeChecker.check(property: try JSONParser().parse(text, name: "e").root, spec: spec).errors.map {
                "\($0.keyText): \($0.message)"
            }
        }
        #expect(
            try errors("[\"number\", [\"get\", \"x\", [\"literal\", {\"y\": 0}]]]") == [
                ": Expected value to be of type number, but found null instead."
            ])
        #expect(
            try errors("[\"+\", 1, [\"at\", 3, [\"literal\", [1, 2]]]]") == ["[2]: Array index out of bounds: 3 > 1."])
        #expect(try errors("[\"number\", [\"get\", \"y\", [\"literal\", {\"y\": 0}]]]").isEmpty)
        #expect(
            try errors("[\"let\", \"a\", 1, [\"number\", [\"var\", \"a\"]]]").isEmpty,
            "a var bound outside is left to run time")
    }

    @Test func textFollowsJavaScript() throws {
        #expect(
            try outputs(
                "[\"to-string\", [\"get\", \"n\"]]", "[{}, {\"properties\": {\"n\": 1e21}}]",
                "[{}, {\"properties\": {\"n\": 0.0000001}}]",
                "[{}, {\"properties\": {\"n\": 0.000001}}]", "[{}, {\"properties\": {\"n\": 123.25}}]")
                == ["\"1e+21\"", "\"1e-7\"", "\"0.000001\"", "\"123.25\""])
        #expect(try outputs("[\"index-of\", \"é\", \"caféé\"]", "[{}, {}]") == ["3"])
        #expect(try outputs("[\"slice\", \"caféé\", -2]", "[{}, {}]") == ["\"éé\""])
        #expect(
            try outputs("[\"number-format\", 123456.789, {\"locale\": \"en-US\", \"currency\": \"JPY\"}]", "[{}, {}]")
                == ["\"¥123,457\""])
        #expect(
            try outputs("[\"number-format\", 2.5, {\"locale\": \"en-US\", \"min-fraction-digits\": 2}]", "[{}, {}]")
                == ["\"2.50\""])
        #expect(
            try outputs(
                "[\"==\", \"résumé\", \"RESUME\", [\"collator\", {\"case-sensitive\": false, \"diacritic-sensitive\": false, \"locale\": \"fr\"}]]",
                "[{}, {}]") == ["true"])
    }

    /// Digit counts go through Intl.NumberFormat's range check (0 to 100, floored): a huge count is an
    /// evaluation error, not a string of a million zeros (found by fuzz-evaluate as a hang).
    @Test func numberFormatDigitCountsAreRangeChecked() throws {
        let expression =
            "[\"number-format\", 2.5, {\"locale\": \"en-US\", \"min-fraction-digits\": [\"get\", \"min\"], \"max-fraction-digits\": [\"get\", \"max\"]}]"
        func input(_ minimum: String, _ maximum: String) -> String {
            "[{}, {\"properties\": {\"min\": \(minimum), \"max\": \(maximum)}}]"
        }
        #expect(try outputs(expression, input("1.9", "3")) == ["\"2.5\""])
        #expect(try outputs(expression, input("100", "100")) == ["\"2.5" + String(repeating: "0", count: 99) + "\""])
        #expect(try outputs(expression, input("1e9", "1e9")) == ["error: minimumFractionDigits value is out of range."])
        #expect(try outputs(expression, input("-1", "3")) == ["error: minimumFractionDigits value is out of range."])
        #expect(try outputs(expression, input("2", "101")) == ["error: maximumFractionDigits value is out of range."])
        #expect(try outputs(expression, input("4", "2")) == ["error: maximumFractionDigits value is out of range."])
        let constant = try JSONParser().parse("[\"number-format\", 2.5, {\"min-fraction-digits\": 1e30}]", name: "e")
            .root
        #expect(
            ExpressionTypeChecker.check(property: constant, spec: ExpressionSpec(type: "*")).errors.map(\.message) == [
                "minimumFractionDigits value is out of range."
            ])
    }

    /// Found by fuzz-expression and fuzz-evaluate as traps: a position past the end made an empty range, and one
    /// too large for an Int (1e300, infinity) could not be converted. Positions are JavaScript's: a string's is
    /// clamped to 0...length, an array's counts from the end when negative.
    @Test func indexOfTakesAnySearchPosition() throws {
        let cases: [(String, String)] = [
            ("[\"index-of\", \"a\", \"abc\", 8]", "-1"),
            ("[\"index-of\", \"\", \"abc\", 8]", "3"),
            ("[\"index-of\", \"c\", \"abc\", 2]", "2"),
            ("[\"index-of\", \"b\", \"abc\", -1e300]", "1"),
            ("[\"index-of\", \"c\", \"abc\", [\"/\", 1, 0]]", "-1"),
            ("[\"index-of\", \"c\", \"abc\", [\"-\", [\"/\", 1, 0]]]", "2"),
            ("[\"index-of\", 1, [\"literal\", [1, 2, 1]], -1]", "2"),
            ("[\"index-of\", 1, [\"literal\", [1, 2, 1]], 1e300]", "-1"),
            ("[\"index-of\", 1, [\"literal\", [1, 2, 1]], -1e300]", "0"),
            ("[\"index-of\", 1, [\"literal\", [1, 2, 1]], [\"/\", 1, 0]]", "-1"),
        ]
        for (expression, expected) in cases {
            #expect(try outputs(expression, "[{}, {}]") == [expected], "\(expression)")
        }
        // The same past the end at run time (not folded at check time).
        let runTime = "[\"index-of\", \"a\", \"abc\", [\"get\", \"from\"]]"
        #expect(
            try outputs(runTime, "[{}, {\"properties\": {\"from\": 8}}]", "[{}, {\"properties\": {\"from\": 1e308}}]")
                == ["-1", "-1"])
        // A --spec array length too large for an Int is no length, not a trap.
        let spec = try JSONParser().parse(
            "{\"type\": \"array\", \"value\": \"number\", \"length\": 1e30}", name: "spec"
        ).root
        #expect(ExpressionSpec(json: spec).length == nil)
    }

    @Test func geometryIsMeasuredInTileUnitsAndMetres() throws {
        let square = "{\"type\": \"Polygon\", \"coordinates\": [[[0, 0], [0, 5], [5, 5], [5, 0], [0, 0]]]}"
        let tile = "\"zoom\": 3, \"canonicalID\": {\"z\": 3, \"x\": 4, \"y\": 3}"
        #expect(
            try outputs(
                "[\"within\", \(square)]",
                "[{\(tile)}, {\"geometry\": {\"type\": \"Point\", \"coordinates\": [2, 2]}}]",
                "[{\(tile)}, {\"geometry\": {\"type\": \"Point\", \"coordinates\": [6, 2]}}]",
                "[{}, {\"geometry\": {\"type\": \"Point\", \"coordinates\": [2, 2]}}]") == ["true", "false", "false"])
        // One degree of longitude at the equator: 111.3 km on the WGS84 ellipsoid (tile rounding moves it a little).
        let meters = try outputs(
            "[\"distance\", {\"type\": \"Point\", \"coordinates\": [1, 0]}]",
            "[{\"zoom\": 16, \"canonicalID\": {\"z\": 16, \"x\": 32768, \"y\": 32768}}, {\"geometry\": {\"type\": \"Point\", \"coordinates\": [0, 0]}}]"
        )
        let value = try #require(Double(meters.first ?? ""))
        #expect(abs(value - 111_319.5) < 5, "\(value)")
    }

    /// Found by fuzz-evaluate as hangs: an empty polygon's box has no distance (MapLibre's NaN, not an infinite
    /// one that cheap-ruler's longitude wrap never finishes with), and a longitude many turns away wraps at once.
    @Test func distanceSurvivesEmptyPolygonsAndFarLongitudes() throws {
        let square = "[[[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]]]"
        let feature =
            "[{\"zoom\": 3, \"canonicalID\": {\"z\": 3, \"x\": 3, \"y\": 3}}, {\"geometry\": {\"type\": \"Polygon\", \"coordinates\": [[[0, 0], [0, 5], [5, 5], [5, 0], [0, 0]]]}}]"
        let alone = try outputs("[\"distance\", {\"type\": \"Polygon\", \"coordinates\": \(square)}]", feature)
        let withEmpty = try outputs(
            "[\"distance\", {\"type\": \"MultiPolygon\", \"coordinates\": [\(square), [[], [[1]]]]}]", feature)
        #expect(withEmpty == alone)
        #expect(alone != ["error: null"] && alone.first.flatMap(Double.init) != nil, "\(alone)")
        let point =
            "[{\"zoom\": 3, \"canonicalID\": {\"z\": 3, \"x\": 4, \"y\": 3}}, {\"geometry\": {\"type\": \"Point\", \"coordinates\": [2, 2]}}]"
        let far = try outputs("[\"distance\", {\"type\": \"Point\", \"coordinates\": [1e300, 2]}]", point)
        // Wrapped, the two are at most half a turn of longitude apart: about 20,000 km on the cheap ruler.
        let metres = try #require(far.first.flatMap(Double.init), "\(far)")
        #expect(metres >= 0 && metres <= 20_100_000, "\(metres)")
    }

    /// Every shared MapLibre case with inputs evaluates as MapLibre does (what CI's scorer checks too).
    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)))
    func sharedCasesEvaluateAlike() throws {
        let root = try #require(SharedData.root).appendingPathComponent("conformance/maplibre/expression")
        let files =
            FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter {
                $0.hasSuffix("test.json")
            } ?? []
        var scored = 0
        for file in files.sorted() {
            let test = try JSONParser().parse(
                try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8), name: file
            ).root
            guard test["expected"]?["compiled"]?["result"]?.stringValue == "success",
                let inputs = test["inputs"]?.arrayValue, !inputs.isEmpty,
                let expected = test["expected"]?["outputs"]?.arrayValue, let expression = test["expression"]
            else { continue }
            scored += 1
            var spec = ExpressionSpec(json: test["propertySpec"] ?? .object([:]))
            if test["propertySpec"]?["expression"] == nil {
                spec.interpolated = true
                spec.parameters = ["zoom", "feature"]
            }
            if test["propertySpec"]?["property-type"] == nil { spec.propertyType = "data-driven" }
            let program = try ExpressionProgram.compile(property: expression, spec: spec).get()
            for (input, wanted) in zip(inputs, expected) {
                let got: JSONNode
                switch program.evaluate(EvaluationInput(json: input, globalState: test["globalState"])) {
                case .success(let value): got = program.output(value)
                case .failure: got = .object(["error": .string("")])
                }
                #expect(
                    Self.same(got, wanted),
                    "\(file): \(JSONWriter(style: .compact).string(got)) vs \(JSONWriter(style: .compact).string(wanted))"
                )
            }
        }
        #expect(scored == 274)
    }

    /// MapLibre's harness comparison: numbers to 6 significant figures, errors by kind alone.
    static func same(_ a: JSONNode, _ b: JSONNode) -> Bool {
        func isError(_ node: JSONNode) -> Bool {
            node.objectValue.map { $0.members.count == 1 && $0["error"] != nil } ?? false
        }
        if isError(a) || isError(b) { return isError(a) && isError(b) }
        switch (a.value, b.value) {
        case (.number(let x), .number(let y)): return strip(x.doubleValue) == strip(y.doubleValue)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            return Set(x.members.map(\.key)) == Set(y.members.map(\.key))
                && x.members.allSatisfy { member in y[member.key].map { same(member.value, $0) } ?? false }
        default: return a.value == b.value
        }
    }

    private static func strip(_ x: Double) -> Double {
        guard x != 0, x.isFinite else { return x }
        let m = pow(10, Double(max(0, 6 - Int(ceil(log10(abs(x)))))))
        return floor(floor(x * m) / m * m) / m
    }
}
