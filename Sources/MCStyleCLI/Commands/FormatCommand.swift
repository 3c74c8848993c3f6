import LocatedJSON
import StyleCompiler
import StyleSpec

/// `mc-style format`: rewrites JSON documents in the writer's deterministic form, keeping key order.
enum FormatCommand: Subcommand {
    static let spec = CommandSpec(
        name: "format",
        abstract: "Rewrite JSON style documents in mc-style's deterministic form, keeping key order.",
        discussion: """
            Pretty form: two-space indent, one member per line, arrays of scalars on one line; numbers keep
            their original text. Without --in-place or --check the result goes to standard output.
            A syntax error is reported as file:line:column and the file is left alone; a duplicate key is a
            warning (the later value wins, as in every JSON reader).
            """,
        arguments: [
            .init(
                name: "file", help: "JSON files to format; '-' (or none) reads standard input.", isOptional: true,
                isRepeatable: true)
        ],
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let compact = Flag(name: "compact", help: "Write compact JSON (no white space) instead of pretty.")
        let sort = Flag(
            name: "sort",
            help: "Put root and layer keys in the style specification's order\n(as MapLibre's formatter does).")
        let check = Flag(
            name: "check", help: "Write nothing; exit 1 listing the files that are not\nalready formatted."
        ).grouped("write")
        let inPlace = Flag(name: "in-place", help: "Rewrite each file atomically (unchanged files are not touched).")
            .grouped("write")

        /// Every option above, in help order.
        var all: [any OptionDeclaration] { [compact, sort, check, inPlace] }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let check = Self.options.check.isSet(in: arguments)
        let inPlace = Self.options.inPlace.isSet(in: arguments)
        let paths = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        if inPlace, paths.contains("-") { throw UsageError("'--in-place' needs files, not standard input") }
        if let yaml = paths.first(where: { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }) {
            throw UsageError(
                "format rewrites JSON style documents; '\(yaml)' is YAML (declarations are not reformatted)")
        }
        let writer = JSONWriter(style: Self.options.compact.isSet(in: arguments) ? .compact : .pretty)
        let printer = TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io))
        var failed = false
        var unformatted: [String] = []
        for path in paths {
            let outcome = read(path, sort: Self.options.sort.isSet(in: arguments))
            switch outcome {
            case .failure(let failure):
                io.writeError(printer.render(failure.diagnostics))
                failed = true
            case .success(let (document, warnings)):
                let file = document.file
                defer { ProcessExit.leave(document) }
                io.writeError(printer.render(warnings))
                guard check || inPlace else {
                    // Printed in pieces as they are written: the whole output is never held at once.
                    writer.write(document.root) { io.writeOutput($0) }
                    continue
                }
                let formatted = writer.bytes(document.root, capacityHint: file.bytes.count + file.bytes.count / 4)
                if check {
                    if formatted != file.bytes { unformatted.append(file.name) }
                } else {
                    guard formatted != file.bytes else { continue }
                    do {
                        try AtomicFileWriter().write(formatted, to: path)
                    } catch {
                        io.writeError(printer.render([error.diagnostic]))
                        failed = true
                    }
                }
            }
        }
        for name in unformatted { io.writeOutput("would reformat \(name)\n") }
        return failed || !unformatted.isEmpty ? .inputErrors : .success
    }

    /// Reads one file, in the style specification's key order when sorting. A duplicate key is a warning: the
    /// later value wins, as in every JSON reader, and the warning says so.
    private static func read(_ path: String, sort: Bool) -> Result<(JSONDocument, [Diagnostic]), FormatFailure> {
        let file: SourceFile
        do {
            file = try path == "-" ? InputLoader().loadStandardInput() : InputLoader().load(path: path)
        } catch {
            return .failure(FormatFailure([error.diagnostic]))
        }
        do {
            var document = try JSONParser().parse(file)
            if sort { document.root = SpecKeyOrder.sorted(document.root) }
            return .success((document, document.duplicateKeys.map { Diagnostic.duplicateKey($0) }))
        } catch {
            return .failure(FormatFailure([Diagnostic(error)]))
        }
    }

    private struct FormatFailure: Error {
        let diagnostics: [Diagnostic]
        init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    }
}
