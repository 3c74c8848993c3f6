/// What one compile gives: the files to write (nil when there are errors), every finding (secrets masked), the
/// number of sources composed, the files read, the collector the findings went through, and the declarations.
public struct CompileResult: Sendable {
    /// The output files, in the order written; nil when a finding is an error.
    public var files: [OutputFile]?
    /// Every finding, errors and warnings alike, in place order; secrets masked.
    public var diagnostics: [Diagnostic]
    /// How many declared sources were composed (for a summary line).
    public var sources: Int
    /// The paths of the files read (declarations, includes, bases, then the assets the declarations name), for a
    /// build system's dependencies and the preview's watcher.
    public var readPaths: [String]
    /// The collector the findings went through, knowing every secret value of the run (the API key as given and
    /// as filled, each environment value): whatever else is printed (a diff of the outputs) is masked with it.
    public var collector: DiagnosticCollector
    /// The declarations as this compile decoded them (views, sources and their locations), or nil when they
    /// could not be read (empty for `--base` alone): a caller need not read them again.
    public var declarations: Declarations? = nil
}

extension CompileResult {
    /// A result of nothing compiled: no files, no findings.
    public static let nothing = CompileResult(
        files: nil, diagnostics: [], sources: 0, readPaths: [], collector: DiagnosticCollector())
}
