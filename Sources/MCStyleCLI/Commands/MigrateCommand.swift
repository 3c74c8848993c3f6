import LocatedJSON
import StyleCompiler

/// `mc-style migrate`: legacy functions and filters rewritten as expressions, everything else kept.
enum MigrateCommand: Subcommand {
    static let spec = CommandSpec(
        name: "migrate",
        abstract: "Rewrite legacy functions and filters as expressions, keeping every other byte.",
        discussion: """
        Rewrites every legacy function (stops, property, type, base, default, colorSpace) in layer paint
        and layout, and every legacy filter, as the expression MapLibre evaluates in its place; legacy parts
        of expression filters become the expressions MapLibre's warning suggests. Everything else stays byte
        for byte: key order, number text, formatting (each rewrite is written on one line or over several, as
        the value it replaces was). Without options the migrated style goes to standard output.
        Exit status: 0 done (with --check: nothing to migrate), 1 the file cannot be read, or --check found
        something to migrate, 2 misuse.
        """,
        usage: ["migrate <style.json> [--check | --in-place] [--format text|json]"],
        arguments: [.init(name: "style.json", help: "The style to migrate.")],
        options: [check.spec, inPlace.spec, format.spec]
    )
    static let check = Flag(name: "check", help: "Write nothing; exit 1 listing what would be rewritten.")
    static let inPlace = Flag(name: "in-place", help: "Replace the file with the migrated style (atomically).")
    static let format = SharedOptions.format([.text, .json],
                                             help: "text (default: the migrated style, or with --check/--in-place a\nlist of rewrites) or json (a report of each rewrite).")

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError(arguments.positionals.isEmpty ? "missing the style to migrate" : "unexpected argument '\(arguments.positionals[1])'")
        }
        let checkOnly = Self.check.isSet(in: arguments)
        let inPlace = Self.inPlace.isSet(in: arguments)
        if checkOnly, inPlace { throw UsageError("'--check' and '--in-place' cannot be used together") }
        let format = try Self.format.value(in: arguments) ?? .text
        let (migration, diagnostics) = MigrateJob(path: path).run()
        let printer = TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io))
        io.writeError(printer.render(diagnostics))
        guard let migration else { return .inputErrors }
        if inPlace, !migration.rewrites.isEmpty {
            do { try AtomicFileWriter().write(migration.bytes, to: path) } catch {
                io.writeError(printer.render([error.diagnostic]))
                return .inputErrors
            }
        }
        switch format {
        case .json:
            io.writeOutput(report(migration, path: path))
        default:
            if checkOnly || inPlace {
                io.writeOutput(listing(migration, path: path, verb: checkOnly ? "would rewrite" : "rewrote"))
            } else {
                io.writeOutput(migration.bytes)
                io.writeError("migrated \(path): \(counted(migration.rewrites.count, "rewrite"))\n")
            }
        }
        return checkOnly && !migration.rewrites.isEmpty ? .inputErrors : .success
    }

    /// `file:line:column: kind at path` per rewrite, and a count.
    private static func listing(_ migration: StyleMigration, path: String, verb: String) -> String {
        var text = ""
        for rewrite in migration.rewrites {
            let position = rewrite.location.position
            text += "\(path):\(position.line):\(position.column): \(rewrite.kind.rawValue.replacing("-", with: " ")) at \(rewrite.path)\n"
        }
        return text + "\(verb) \(counted(migration.rewrites.count, "legacy value")) in \(path)\n"
    }

    /// `{"file", "rewrites": [{kind, path, line, column, before, after}], "summary": {"rewrites": N}}`.
    private static func report(_ migration: StyleMigration, path: String) -> [UInt8] {
        let items = migration.rewrites.map { rewrite -> JSONNode in
            let position = rewrite.location.position
            return .object([
                "kind": .string(rewrite.kind.rawValue), "path": .string(rewrite.path.mapLibreNotation),
                "line": .integer(position.line), "column": .integer(position.column),
                "before": .string(rewrite.before), "after": .string(rewrite.after),
            ])
        }
        return JSONWriter(style: .pretty).bytes(.object(["file": .string(path), "rewrites": .array(items),
                                                         "summary": .object(["rewrites": .integer(items.count)])]))
    }
}
