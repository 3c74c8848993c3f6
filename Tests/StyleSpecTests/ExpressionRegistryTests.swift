import Foundation
import LocatedJSON
import Testing

@testable import StyleSpec

/// The one table of operators: it holds exactly the specification's operators (plus MapLibre's `error`), and
/// every entry is both checked and evaluated by what the entry says.
@Suite struct ExpressionRegistryTests {
    @Test func theRegistryHoldsTheSpecificationsOperators() {
        let registered = Set(ExpressionRegistry.operators.keys)
        #expect(registered.subtracting(StyleSpecCatalog.expressionNames) == ["error"])
        #expect(StyleSpecCatalog.expressionNames.subtracting(registered).isEmpty)
        #expect(ExpressionRegistry.isOperator("interpolate-hcl") && !ExpressionRegistry.isOperator("interpolate-xyz"))
    }

    /// One use of each operator defined by signature, with constant arguments, type-checks without error and
    /// evaluates to a value of the type its entry declares.
    @Test func everySignatureEntryChecksAndEvaluatesToItsType() throws {
        let calls: [String: String] = [
            "error": #"["error", "x"]"#, "typeof": #"["typeof", 1]"#, "to-rgba": #"["to-rgba", ["to-color", "red"]]"#,
            "rgb": #"["rgb", 1, 2, 3]"#, "rgba": #"["rgba", 1, 2, 3, 0.5]"#, "has": #"["has", "a"]"#,
            "get": #"["get", "a"]"#, "feature-state": #"["feature-state", "a"]"#, "properties": #"["properties"]"#,
            "geometry-type": #"["geometry-type"]"#, "id": #"["id"]"#,
            "zoom": #"["interpolate", ["linear"], ["zoom"], 0, 0, 1, 1]"#,
            "heatmap-density": #"["heatmap-density"]"#, "line-progress": #"["line-progress"]"#,
            "elevation": #"["elevation"]"#, "accumulated": #"["accumulated"]"#, "+": #"["+", 1, 2]"#,
            "*": #"["*", 2, 3]"#, "min": #"["min", 2, 3]"#, "max": #"["max", 2, 3]"#, "-": #"["-", 5, 3]"#,
            "/": #"["/", 6, 3]"#, "%": #"["%", 7, 3]"#, "^": #"["^", 2, 3]"#, "ln2": #"["ln2"]"#, "pi": #"["pi"]"#,
            "e": #"["e"]"#, "!": #"["!", true]"#, "all": #"["all", true, false]"#, "any": #"["any", true, false]"#,
            "is-supported-script": #"["is-supported-script", "a"]"#, "upcase": #"["upcase", "a"]"#,
            "downcase": #"["downcase", "A"]"#, "concat": #"["concat", "a", 1]"#, "split": #"["split", "a,b", ","]"#,
            "join": #"["join", ["literal", ["a", "b"]], ","]"#,
            "resolved-locale": #"["resolved-locale", ["collator", {}]]"#,
        ]
        for (name, form) in ExpressionRegistry.operators {
            guard case .signature(let entry) = form else { continue }
            var call = calls[name]
            if call == nil, case .fixed(let types)? = entry.overloads.first, types == [.number] {
                call = "[\"\(name)\", 0.5]"  // the functions of one number: sqrt, sin, round, ...
            }
            let text = try #require(call, "no call for \(name)")
            let node = try JSONParser().parse(text, name: name).root
            let checked = ExpressionTypeChecker.check(property: node, spec: ExpressionSpec(json: .object([:])))
            #expect(checked.errors.isEmpty, "\(name): \(checked.errors.map(\.message))")
            guard name != "error" else { continue }
            let compiled = try ExpressionCompiler().compile(node, expected: nil)
            #expect(compiled.type == entry.type, "\(name): compiled as \(compiled.type), declared \(entry.type)")
        }
    }
}
