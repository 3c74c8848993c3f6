import LocatedJSON
import StyleCompiler
import StyleSpec

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
            the value it replaces was). A legacy function without a default falls back to the property's
            default where no stop applies, as MapLibre's conversion does, so the result validates.
            Without options the migrated style goes to standard output (one file only); with several files give
            --check or --in-place. --check --diff prints a unified diff of each file's rewrites.
            Exit status: 0 done (with --check: nothing to migrate), 1 a file cannot be read, or --check found
            something to migrate, 2 misuse.
            """,
        arguments: [.init(name: "style.json", help: "The styles to migrate.", isRepeatable: true)],
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let check = Flag(name: "check", help: "Write nothing; exit 1 listing what would be rewritten.").grouped("write")
        let diff = Flag(name: "diff", help: "With --check: also print a unified diff of each file (before, after).")
            .requiring("check")
        let inPlace = Flag(name: "in-place", help: "Replace the file with the migrated style (atomically).").grouped(
            "write")
        let format = SharedOptions.format(
            [.text, .json],
            help:
                "text (default: the migrated style, or with --check/--in-place a\nlist of rewrites) or json (a report of each rewrite)."
        )

        /// Every option above, in help order.
        var all: [any OptionDeclaration] { [check, diff, inPlace, format] }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let paths = arguments.positionals
        let checkOnly = Self.options.check.isSet(in: arguments)
        let inPlace = Self.options.inPlace.isSet(in: arguments)
        let showsDiff = Self.options.diff.isSet(in: arguments)
        if paths.count > 1, !checkOnly, !inPlace {
            throw UsageError("several styles need '--check' or '--in-place' (standard output takes one style)")
        }
        let format = try Self.options.format.value(in: arguments) ?? .text
        let printer = TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io))
        var failed = false
        var found = false
        var reports: [JSONNode] = []
        for path in paths {
            let (migration, diagnostics) = MigrateJob(path: path).run()
            io.writeError(printer.render(diagnostics))
            guard let migration else {
                failed = true
                continue
            }
            found = found || !migration.rewrites.isEmpty
            if inPlace, !migration.rewrites.isEmpty {
                do { try AtomicFileWriter().write(migration.bytes, to: path) } catch {
                    io.writeError(printer.render([error.diagnostic]))
                    failed = true
                    continue
                }
            }
            switch format {
            case .json:
                reports.append(report(migration, path: path))
            default:
                if checkOnly || inPlace {
                    io.writeOutput(listing(migration, path: path, verb: checkOnly ? "would rewrite" : "rewrote"))
                    if showsDiff, !migration.rewrites.isEmpty, let original = try? InputLoader().load(path: path) {
                        io.writeOutput(
                            UnifiedDiff.render(
                                old: original.bytes, new: migration.bytes,
                                oldName: (path.hasPrefix("/") ? "a" : "a/") + path,
                                newName: (path.hasPrefix("/") ? "b" : "b/") + path))
                    }
                } else {
                    io.writeOutput(migration.bytes)
                    io.writeError("migrated \(path): \(counted(migration.rewrites.count, "rewrite"))\n")
                }
            }
        }
        if format == .json {
            // One style: its report; several: a list of them.
            io.writeOutput(
                JSONWriter(style: .pretty).bytes(reports.count == 1 && paths.count == 1 ? reports[0] : .array(reports)))
        }
        if failed { return .inputErrors }
        return checkOnly && found ? .inputErrors : .success
    }

    /// `file:line:column: kind at path` per rewrite, and a count.
    private static func listing(_ migration: StyleMigration, path: String, verb: String) -> String {
        var text = ""
        for rewrite in migration.rewrites {
            let position = rewrite.location.position
            text +=
                "\(path):\(position.line):\(position.column): \(rewrite.kind.rawValue.replacing("-", with: " ")) at \(rewrite.path)\n"
        }
        guard !migration.rewrites.isEmpty else { return "\(path): no legacy syntax, nothing to rewrite\n" }
        return text + "\(verb) \(counted(migration.rewrites.count, "legacy value")) in \(path)\n"
    }

    /// `{"file", "rewrites": [{kind, path, line, column, before, after}], "summary": {"rewrites": N}}`.
    private static func report(_ migration: StyleMigration, path: String) -> JSONNode {
        let items = migration.rewrites.map { rewrite -> JSONNode in
            let position = rewrite.location.position
            return .object([
                "kind": .string(rewrite.kind.rawValue), "path": .string(rewrite.path.mapLibreNotation),
                "line": .integer(position.line), "column": .integer(position.column),
                "before": .string(rewrite.before), "after": .string(rewrite.after),
            ])
        }
        return .object([
            "file": .string(path), "rewrites": .array(items), "summary": .object(["rewrites": .integer(items.count)]),
        ])
    }
}
