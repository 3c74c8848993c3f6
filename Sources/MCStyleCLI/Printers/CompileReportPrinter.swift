import LocatedJSON
import StyleCompiler

/// `compile --format json`, for build systems that chain on a compile: `{"out", "written", "files": [{"path",
/// "bytes", "sha256", "status"}], "removed": [paths], "diagnostics": [...], "summary": {"errors", "warnings",
/// "sources"}}`. `status` is `added`, `changed` or `unchanged` against what the folder held before the run;
/// `written` is false when nothing was written (errors, or `--check`); `diagnostics` are as `validate --format
/// json` writes them; `bytes` and `sha256` are of each output file as written (or as it would be, with `--check`).
struct CompileReportPrinter {
    /// The output folder as given on the command line.
    let out: String

    /// The report for `files` (none when errors stopped the compile), `changes` against the folder, whether
    /// they were written, the number of sources composed and every finding.
    func render(
        files: [OutputFile], changes: [OutputChange], written: Bool, sources: Int, diagnostics: [Diagnostic]
    ) -> [UInt8] {
        let status = Dictionary(changes.map { ($0.path, $0.kind.rawValue) }, uniquingKeysWith: { first, _ in first })
        let report = JSONNode.object([
            "out": .string(out),
            "written": .bool(written),
            "files": .array(
                files.map { file in
                    .object([
                        "path": .string(file.path), "bytes": .integer(file.count), "sha256": .string(file.sha256),
                        "status": .string(status[file.path] ?? "unchanged"),
                    ])
                }),
            "removed": .array(changes.filter { $0.kind == .removed }.map { .string($0.path) }),
            "diagnostics": .array(diagnostics.map(JSONReportPrinter.item)),
            "summary": .object([
                "errors": .integer(diagnostics.errorCount), "warnings": .integer(diagnostics.warningCount),
                "sources": .integer(sources),
            ]),
        ])
        return JSONWriter(style: .pretty).bytes(report)
    }
}
