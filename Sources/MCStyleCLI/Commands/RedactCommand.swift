import LocatedJSON
import StyleCompiler

/// `mc-style redact`: turns literal TomTom keys in styles into `{key}`, in place and atomically.
enum RedactCommand: Subcommand {
    static let spec = CommandSpec(
        name: "redact",
        abstract: "Replace literal TomTom API keys in style files with TomTom's {key} placeholder.",
        discussion: """
            For base styles fetched from TomTom with a key: every key= value in a TomTom URL (hosts under
            api.tomtom.com) becomes key={key}, so the file can be committed. Files are rewritten atomically and
            only when something changed; everything else in the file is kept byte for byte. Keys are never printed.
            Declarations (.yaml, .yml) are redacted the same way, comments and layout kept; an included file is
            redacted on its own.
            """,
        arguments: [
            .init(
                name: "file", help: "Style files (.json) or declarations (.yaml) to rewrite in place.",
                isRepeatable: true)
        ],
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let check = Flag(name: "check", help: "Write nothing; exit 1 listing files that hold literal keys.")

        /// Every option above, in help order.
        var all: [any OptionDeclaration] { [check] }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        if arguments.positionals.contains("-") {
            throw UsageError("redact rewrites files in place; standard input is not a file")
        }
        let printer = TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io))
        var failed = false
        let job = RedactJob(check: Self.options.check.isSet(in: arguments))
        for path in arguments.positionals {
            switch job.run(path: path) {
            case .clean:
                continue
            case .holdsKeys(let count):
                io.writeOutput("\(path): \(counted(count, "literal TomTom key"))\n")
                failed = true
            case .redacted(let count):
                io.writeOutput("\(path): replaced \(counted(count, "literal key")) with {key}\n")
            case .failed(let diagnostics):
                io.writeError(printer.render(diagnostics))
                failed = true
            }
        }
        return failed ? .inputErrors : .success
    }
}
