import Foundation
import Testing

@testable import MCStyleCLI

@Suite struct ExpressionCommandTests {
    @Test func successIsPrintedAsTypeAndConstancy() {
        let run = runTool([
            "expression", "--property", "line-width", #"["interpolate", ["linear"], ["zoom"], 5, 1, 10, ["get", "w"]]"#,
        ])
        #expect(run.status == 0)
        #expect(run.output == "type: number\nfeature-constant: false\nzoom-constant: false\n")
        #expect(run.error.isEmpty)
    }

    @Test func jsonOutputHasMapLibresShape() {
        let success = runTool([
            "expression", "--format", "json", "--spec", #"{"type": "array", "value": "number", "length": 2}"#,
            #"["literal", [1, 2]]"#,
        ])
        #expect(
            success.output
                == #"{"result":"success","type":"array<number, 2>","isFeatureConstant":true,"isZoomConstant":true}"#
                + "\n")
        let failure = runTool(["expression", "--format=json", #"["+", 1, "two"]"#])
        #expect(failure.status == 1)
        #expect(
            failure.output
                == #"{"result":"error","errors":[{"key":"[2]","error":"Expected number but found string instead.","line":1,"column":10}]}"#
                + "\n")
    }

    @Test func textErrorsPointIntoTheExpression() {
        let run = runTool(["expression", "--property", "fill-color", #"["case", ["has", "a"], "red", "not a color"]"#])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(
            run.error.hasPrefix(
                "<expression>:1:31: error: Could not parse color from value 'not a color' [style.expression]\n"))
        #expect(run.error.contains("\n" + String(repeating: " ", count: 30) + "^\n"))
    }

    @Test func misuseIsExplained() {
        let unknown = runTool(["expression", "--property", "fill-colour", "1"])
        #expect(unknown.status == 2)
        #expect(
            unknown.error.contains(
                "'fill-colour' is not a paint or layout property of the style specification; did you mean 'fill-color'?"
            ))
        let both = runTool(["expression", "--property", "fill-color", "--spec", "{}", "1"])
        #expect(both.status == 2)
        let badSpec = runTool(["expression", "--spec", "{type", "1"])
        #expect(badSpec.status == 2)
        #expect(badSpec.error.contains("--spec: not valid JSON"))
        let notJSON = runTool(["expression", "[1,"])
        #expect(notJSON.status == 1)
        #expect(notJSON.error.contains("[json.syntax]"))
    }

    @Test func expressionIsReadFromStandardInput() {
        let run = runToolWithInput(
            ["expression", "--property", "text-field", "-"],
            input: "[\"format\",\n  \"a\", {\"font-scale\": \"big\"}]\n")
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("<stdin>:1:1: error: Expected number but found string instead. [style.expression]"))
        #expect(run.error.contains("<stdin>:2:23: note: the value at fault"))
    }

    @Test func inputsAreEvaluatedOnePerOutput() {
        let inputs =
            "[[{\"zoom\": 5}, {\"properties\": {\"c\": \"red\"}}], [{\"zoom\": 5}, {\"properties\": {\"c\": \"nope\"}}]]"
        let run = runTool([
            "expression", "--format", "json", "--property", "fill-color", "--inputs", inputs,
            "[\"to-color\", [\"get\", \"c\"]]",
        ])
        #expect(run.status == 0)
        #expect(
            run.output
                == "{\"result\":\"success\",\"type\":\"color\",\"isFeatureConstant\":false,\"isZoomConstant\":true,\"outputs\":[[1,0,0,1],{\"error\":\"Could not parse color from value 'nope'\"}]}\n"
        )
        let text = runTool([
            "expression", "--spec", "{\"type\": \"string\"}", "--inputs", "[[{}, {}]]", "--global-state",
            "{\"mode\": \"dark\"}",
            "[\"global-state\", \"mode\"]",
        ])
        #expect(text.output.hasSuffix("output 1: \"dark\"\n"), "\(text.output)")
        #expect(runTool(["expression", "--inputs", "{}", "1"]).status == 2)
        #expect(runTool(["expression", "--inputs", "[[{}, {}]]", "--global-state", "nope", "1"]).status == 2)
    }

    @Test func textFontTakesNoIdentityFunction() {
        let run = runTool(["expression", "--property", "text-font", "{\"type\": \"identity\", \"property\": \"f\"}"])
        #expect(
            run.status == 1
                && run.error.contains("<expression>:1:1: error: \"text-font\" does not support identity functions"),
            "\(run.error)")
        #expect(
            runTool(["expression", "--property", "text-font", "{\"stops\": [[0, [\"literal\", [\"A\"]]]]}"]).status != 2
        )
    }
}
