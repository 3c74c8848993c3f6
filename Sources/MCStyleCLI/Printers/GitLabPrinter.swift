import LocatedJSON
import StyleCompiler

/// `--format gitlab`: GitLab's Code Quality report, the part of Code Climate's issue format GitLab reads: an array
/// of `{"description", "check_name", "fingerprint", "severity", "location": {"path", "lines": {"begin"}}}`, for a
/// job's `artifacts:reports:codequality`. Paths are relative to the repository (GitLab resolves them from its
/// root); severities are `major` for errors, `minor` for warnings and `info` for notes.
///
/// A fingerprint names one finding across runs, as GitLab compares a merge request's report with its target
/// branch's: the SHA-256 of the rule, the file, the finding's layer-stable path and its message with quoted line
/// numbers left out (as a baseline keys a finding), and which of the findings sharing those it is. A line added
/// above a finding keeps its fingerprint; two findings never share one.
struct GitLabPrinter {
    /// Where file names are resolved from.
    var paths = RepositoryPaths()

    /// The printer for a tool run in `currentDirectory`: paths relative to its repository.
    init(currentDirectory: String) { paths = RepositoryPaths(currentDirectory: currentDirectory) }

    /// A printer that leaves paths as they are.
    init() {}

    func render(_ diagnostics: [Diagnostic]) -> [UInt8] {
        var occurrences: [String: Int] = [:]
        let issues = diagnostics.map { diagnostic -> JSONNode in
            let path = paths.shown(diagnostic.fileName ?? "mc-style")
            let key = [diagnostic.rule, path, Baseline.stablePath(diagnostic), Baseline.lineFreeMessage(diagnostic)]
                .joined(separator: "\n")
            let occurrence = occurrences[key, default: 0]
            occurrences[key] = occurrence + 1
            return .object([
                "description": .string(diagnostic.message),
                "check_name": .string(diagnostic.rule),
                "fingerprint": .string(SHA256.hex(Array("\(key)\n\(occurrence)".utf8))),
                "severity": .string(Self.severity(diagnostic.severity)),
                "location": .object([
                    "path": .string(path),
                    "lines": .object(["begin": .integer(diagnostic.position?.line ?? 1)]),
                ]),
            ])
        }
        return JSONWriter(style: .pretty).bytes(.array(issues))
    }

    /// GitLab's scale is info, minor, major, critical and blocker; an error fails the run, as a major issue
    /// fails a merge request's quality gate.
    static func severity(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: return "major"
        case .warning: return "minor"
        case .note: return "info"
        }
    }
}
