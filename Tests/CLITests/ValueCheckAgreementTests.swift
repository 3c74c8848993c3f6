import Foundation
import LocatedJSON
import StyleCompiler
import TestSupport
import Testing

/// A declarations file and the same declarations built in code get the same value findings: the same rule, at
/// the same path, with the same words. The file's are the schema's (`SchemaCoercion`); the code's are
/// `DeclarationValueRules`; this holds the two together, case by case.
@Suite struct ValueCheckAgreementTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        /// The source's fields besides `id` and `urlTemplate`, as YAML lines.
        let yaml: [String]
        /// The same source built in code.
        let built: @Sendable (inout RasterSourceDeclaration) -> Void
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "opacity out of range", yaml: ["opacity: 7"]) { $0.opacity = 7 },
        Case(name: "tile size out of range", yaml: ["tileSize: 9000"]) { $0.tileSize = 9000 },
        Case(name: "minZoom above maxZoom", yaml: ["minZoom: 5", "maxZoom: 3"]) {
            $0.minZoom = 5
            $0.maxZoom = 3
        },
        Case(name: "tile level out of range", yaml: ["maxZoom: 40"]) { $0.maxZoom = 40 },
        Case(name: "visibleZoom inverted", yaml: ["visibleZoom: [9, 4]"]) {
            $0.visibleZoom = ZoomInterval(minimum: 9, maximum: 4)
        },
        Case(name: "visibleZoom out of range", yaml: ["visibleZoom: [2, 30]"]) {
            $0.visibleZoom = ZoomInterval(minimum: 2, maximum: 30)
        },
        Case(name: "calibration latitude out of range", yaml: ["calibrationLatitude: 100"]) {
            $0.calibrationLatitude = 100
        },
        Case(name: "a pixel ratio listed twice", yaml: ["pixelRatios: [1, 1]"]) { $0.pixelRatios = [1, 1] },
        Case(name: "a pixel ratio out of range", yaml: ["pixelRatios: [1, 4]"]) { $0.pixelRatios = [1, 4] },
        Case(name: "no pixel ratio", yaml: ["pixelRatios: []"]) { $0.pixelRatios = [] },
        Case(name: "an attribution's zoom out of range", yaml: ["attribution: [{text: A, minZoom: 30}]"]) {
            $0.attribution = [AttributionRule(text: DeclaredString("A"), minZoom: 30)]
        },
    ]

    static let base = #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#

    /// (rule, path, message) of each declarations finding (`decl.*`, `sources.*`).
    static func findings(_ diagnostics: [(rule: String, path: String, message: String)]) -> [String] {
        diagnostics.filter { $0.rule.hasPrefix("decl.") || $0.rule.hasPrefix("sources.") }
            .map { "\($0.rule) \($0.path): \($0.message)" }.sorted()
    }

    @Test(arguments: cases)
    func aFileAndCodeGetTheSameValueFindings(_ check: Case) throws {
        let folder = try makeTemporaryFolder()
        try Data(Self.base.utf8).write(to: folder.appendingPathComponent("base.json"))
        let lines =
            [
                "version: 1", "base: base.json", "sources:", "  - id: a",
                "    urlTemplate: https://t.example.com/{z}/{x}/{y}.png",
            ]
            + check.yaml.map { "    " + $0 }
        let declarations = folder.appendingPathComponent("decl.yaml")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: declarations)
        let run = runTool(["validate", declarations.path, "--format", "json"])
        let report = try JSONParser().parse(run.output).root
        let fromFile = (report["diagnostics"]?.arrayValue ?? []).map {
            (
                rule: $0["rule"]?.stringValue ?? "", path: $0["path"]?.stringValue ?? "",
                message: $0["message"]?.stringValue ?? ""
            )
        }

        var source = RasterSourceDeclaration(
            id: "a", kind: .urlTemplate(DeclaredString("https://t.example.com/{z}/{x}/{y}.png")))
        check.built(&source)
        let base = try JSONParser().parse(SourceFiles().add(name: "base.json", bytes: Array(Self.base.utf8)))
        let (_, diagnostics) = StyleCompilation.compose(
            base: base.root, declarations: Declarations(sources: [source]), in: base)
        let fromCode = diagnostics.map { (rule: $0.rule, path: $0.path?.description ?? "", message: $0.message) }

        #expect(!Self.findings(fromFile).isEmpty, "the file gives no finding")
        #expect(Self.findings(fromCode) == Self.findings(fromFile))
    }
}
