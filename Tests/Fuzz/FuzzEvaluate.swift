// libFuzzer target: the expression evaluator. Any JSON input the type-checker accepts against a property
// specification must compile for evaluation, and evaluate over a set of inputs (zooms, properties of every
// kind, each geometry type with and without a tile) to a value of the checked type or a run-time error,
// never a crash or a hang. Built by .ci/fuzz.sh, not by SwiftPM.
import LocatedJSON

@testable import StyleSpec

private let specs = [
    ExpressionSpec(type: "color"),
    ExpressionSpec(type: "number"),
    ExpressionSpec(type: "string"),
    ExpressionSpec(type: "boolean"),
    ExpressionSpec(type: "formatted"),
    ExpressionSpec(type: "*"),
]

private let inputs: [EvaluationInput] = {
    let texts = [
        #"[{"zoom": 0}, {}]"#,
        #"[{"zoom": 12.5, "heatmapDensity": 0.5, "lineProgress": 0.3, "availableImages": ["a"]}, {"properties": {"x": 1, "s": "red", "b": true, "n": null, "a": [1, 2, 3], "o": {"k": "v"}}, "id": 7, "featureState": {"hover": true}}]"#,
        #"[{"zoom": 3, "canonicalID": {"z": 3, "x": 3, "y": 3}}, {"geometry": {"type": "Point", "coordinates": [2, 2]}}]"#,
        #"[{"zoom": 3, "canonicalID": {"z": 3, "x": 3, "y": 3}}, {"geometry": {"type": "LineString", "coordinates": [[1, 1], [3, 3]]}}]"#,
        #"[{"zoom": 3, "canonicalID": {"z": 3, "x": 3, "y": 3}}, {"geometry": {"type": "Polygon", "coordinates": [[[0, 0], [0, 5], [5, 5], [5, 0], [0, 0]]]}}]"#,
        #"[{"zoom": 22}, {"properties": {"x": "12", "s": 5}, "id": "f", "geometry": {"type": "MultiPoint", "coordinates": [[1, 1]]}}]"#,
    ]
    return texts.compactMap { try? JSONParser().parse($0, name: "input").root }.map {
        EvaluationInput(json: $0, globalState: nil)
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvaluate(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let file = SourceFiles().add(name: "fuzz.json", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    guard let document = try? JSONParser().parse(file) else { return 0 }
    for spec in specs {
        guard ExpressionTypeChecker.check(property: document.root, spec: spec).succeeded else { continue }
        guard case .success(let program) = ExpressionProgram.compile(property: document.root, spec: spec) else {
            fatalError("an expression the type-checker accepts must compile for evaluation")
        }
        for input in inputs {
            guard case .success(let value) = program.evaluate(input) else { continue }
            if spec.type == "color", case .color = value {
            } else if spec.type == "color" {
                fatalError("a color property evaluated to \(value)")
            }
            if spec.type == "boolean", case .boolean = value {
            } else if spec.type == "boolean" {
                fatalError("a boolean property evaluated to \(value)")
            }
            _ = program.output(value)
        }
    }
    return 0
}
