import LocatedJSON
import StyleSpec

/// `mc-style migrate` short of printing and writing: the style read, its migration, and findings.
public struct MigrateJob: Sendable {
    /// The style to migrate.
    public var path: String

    /// A migration of the style at `path`.
    public init(path: String) { self.path = path }

    /// The migration, or the findings that prevent one (the file cannot be read or is not JSON).
    public func run() -> (migration: StyleMigration?, diagnostics: [Diagnostic]) {
        let (document, diagnostics) = StyleLoader().load(path: path)
        guard let document, !diagnostics.containsErrors else { return (nil, diagnostics) }
        let migration = StyleMigration(document)
        // The rewritten file must read back as JSON: a rewrite that broke it would be a bug, never written.
        if (try? JSONParser().parse(bytes: migration.bytes, name: path)) == nil {
            return (
                nil,
                diagnostics + [
                    Diagnostic(
                        .migrateOutput, "the migrated text of \(path) does not parse; nothing was written", at: nil,
                        fileName: path)
                ]
            )
        }
        return (migration, diagnostics)
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let migrateOutput = Rule(
        "migrate.output", .error, configurable: false,
        summary: "mc-style migrate made text that does not parse (a bug in mc-style).",
        help: "Report it with the input file; nothing was written.",
        examples: [
            .passing(.migration, #"{"version": 8, "sources": {}, "layers": []}"#)
        ])
}
