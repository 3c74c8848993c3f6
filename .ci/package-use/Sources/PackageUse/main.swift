// Uses the public API only, as docs/library.md ("Compiling from Swift") and docs/app-integration.md show.
import Foundation
import LocatedJSON
import StyleCompiler
import StyleRuntime
import StyleSpec

let repository = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "../..")

func compose() throws -> Bool {
    let baseBytes = [UInt8](try Data(contentsOf: repository.appendingPathComponent("styles/tomtom-demo-base.json")))
    let base = try JSONParser().parse(bytes: baseBytes, name: "base.json")
    let radar = RasterSourceDeclaration(
        id: "radar",
        kind: .urlTemplate(DeclaredString("https://tiles.example.com/radar/{z}/{x}/{y}.png")),
        tileSize: 256, opacity: 0.7, placement: .belowLabels)
    let (composition, diagnostics) = StyleCompilation.compose(
        base: base.root, declarations: Declarations(sources: [radar]), in: base)
    for diagnostic in diagnostics { print(diagnostic) }
    guard let composition else { return false }
    let styleBytes = JSONWriter(style: .compact).bytes(composition.style)
    print("composed \(styleBytes.count) bytes, \(composition.sources.count) source")
    return true
}

func resolve() throws -> Bool {
    let compiledFolder = repository.appendingPathComponent("fixtures/demo/expected/tomtom").path
    let compiled = try CompiledStyle(folder: compiledFolder)
    var settings = RuntimeSettings(
        platform: .android, apiKey: "package-use-key", localTileServer: "http://127.0.0.1:8080",
        routeIDs: ["heatmap": "0F3E2D1C"], cacheKeys: ["heatmap": "v1"])
    settings.opacity["esri-imagery"] = 0.5
    let resolved = try compiled.resolve(settings)
    let text = String(decoding: resolved.style, as: UTF8.self)
    print("resolved \(resolved.style.count) bytes")
    return text.contains("http://127.0.0.1:8080/tiles/0F3E2D1C/512/v1/{z}/{x}/{y}.png") && !text.contains("{key}")
}

func checkExpression() throws -> Bool {
    let expression = try JSONParser().parse(#"["interpolate", ["linear"], ["zoom"], 0, 1, 10, 3]"#, name: "width").root
    guard let lineWidth = ExpressionSpec.property(named: "line-width"),
        ExpressionTypeChecker.check(property: expression, spec: lineWidth).succeeded,
        case .success(let program) = ExpressionProgram.compile(property: expression, spec: lineWidth)
    else { return false }
    var input = EvaluationInput()
    input.zoom = 5
    guard case .success(let width) = program.evaluate(input) else { return false }
    print("line-width at zoom 5: \(width)")  // number(2.0)
    return width == .number(2)
}

func validateStyle() throws -> Bool {
    // The specification's validator on its own, as any tool reading MapLibre styles would use it.
    let style = try JSONParser().parse(
        #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-opacity": "high"}}]}"#,
        name: "style.json")
    let findings = SpecValidator().validate(style.root, in: style).findings
    for finding in findings {
        print("\(finding.position.map { "style.json:\($0)" } ?? "style.json"): \(finding.rule.id): \(finding.message)")
    }
    return findings.map(\.rule) == [.styleType] && findings.first?.position == SourcePosition(line: 1, column: 109)
}

do {
    guard try compose(), try resolve(), try checkExpression(), try validateStyle() else {
        print("package use: FAILED")
        exit(1)
    }
    print("package use: ok")
} catch {
    print("package use: FAILED: \(error)")
    exit(1)
}
