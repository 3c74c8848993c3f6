import LocatedJSON
import StyleCompiler
import StyleSpec

/// `--format json`: `{"styleSpecification": "MapLibre style specification v8 (...)", "diagnostics": [{"severity", "rule", "message", "file", "line", "column", "path",
/// "related": [{"message", "file", "line", "column"}]}], "summary": {"errors": N, "warnings": M, "heldBack": K}}` (`heldBack`
/// only with `--baseline`); `path` in MapLibre
/// notation (null when the finding is about a file as a whole), `line`/`column` null without a location.
struct JSONReportPrinter {
    /// `heldBack`: how many findings a `--baseline` held back, added to the summary when one was given.
    func render(_ diagnostics: [Diagnostic], heldBack: Int? = nil) -> [UInt8] {
        let report = JSONNode.object([
            "styleSpecification": .string(StyleSpecVersion.name),
            "diagnostics": .array(diagnostics.map(Self.item)),
            "summary": .object([
                "errors": .integer(diagnostics.errorCount), "warnings": .integer(diagnostics.warningCount),
                "heldBack": heldBack.map { .integer($0) },
            ]),
        ])
        return JSONWriter(style: .pretty).bytes(report)
    }

    /// One finding as the JSON report writes it (`compile --format json` lists findings the same way).
    static func item(_ diagnostic: Diagnostic) -> JSONNode {
        let position = diagnostic.position
        return .object([
            "severity": .string(diagnostic.severity.rawValue),
            "rule": .string(diagnostic.rule),
            "message": .string(diagnostic.message),
            "file": diagnostic.fileName.map { .string($0) } ?? .null,
            "line": position.map { .integer($0.line) } ?? .null,
            "column": position.map { .integer($0.column) } ?? .null,
            "path": diagnostic.path.map { .string($0.mapLibreNotation) } ?? .null,
            "related": .array(
                diagnostic.related.map { related in
                    let position = related.location.position
                    return .object([
                        "message": .string(related.message), "file": .string(related.location.file.name),
                        "line": .integer(position.line), "column": .integer(position.column),
                    ])
                }),
        ])
    }
}
