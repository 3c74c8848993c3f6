// libFuzzer target: the expression type-checker. Any JSON input, checked against several property
// specifications and as a filter, must give a type or errors (never both, never neither), every error
// located inside the input. Built by .ci/fuzz.sh, not by SwiftPM.
import LocatedJSON

@testable import StyleSpec

private let specs = [
    ExpressionSpec(type: "color"),
    ExpressionSpec(type: "number", propertyType: "data-constant", interpolated: true, parameters: ["zoom"]),
    ExpressionSpec(type: "string", interpolated: false),
    ExpressionSpec(type: "formatted"),
    ExpressionSpec(type: "array", value: "number", length: 2),
    ExpressionSpec(type: "enum", values: ["a", "b"]),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let file = SourceFiles().add(name: "fuzz.json", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    guard let document = try? JSONParser().parse(file) else { return 0 }
    for spec in specs {
        let result = ExpressionTypeChecker.check(property: document.root, spec: spec)
        if (result.type == nil) == result.errors.isEmpty { fatalError("a result must have a type or errors") }
        for error in result.errors {
            if let offset = file.location(of: error.node)?.offset, offset > size {
                fatalError("an error outside the input")
            }
        }
    }
    let (parsed, errors) = ExpressionTypeChecker.checkExpression(document.root, expected: .boolean)
    if (parsed == nil) == errors.isEmpty { fatalError("a filter must check or have errors") }
    return 0
}
