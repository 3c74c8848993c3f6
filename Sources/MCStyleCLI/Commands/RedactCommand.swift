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
        """,
        usage: ["redact <file>... [--check]"],
        arguments: [.init(name: "file", help: "Style files (.json) to rewrite in place.")],
        options: [.init(name: "check", valueName: nil, help: "Write nothing; exit 1 listing files that hold literal keys.")]
    )

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        guard !arguments.positionals.isEmpty else { throw UsageError("missing a file to redact") }
        if arguments.positionals.contains("-") { throw UsageError("redact rewrites files in place; standard input is not a file") }
        let printer = TextDiagnosticPrinter(useColor: io.errorIsTerminal && io.environment["NO_COLOR"] == nil)
        var failed = false
        for path in arguments.positionals {
            let (document, diagnostics) = StyleLoader().load(path: path)
            guard let document else {
                io.writeError(printer.render(diagnostics))
                failed = true
                continue
            }
            let keys = KeyRedaction.literalKeys(in: document.root)
            let (text, count) = KeyRedaction.redact(String(decoding: document.file.bytes, as: UTF8.self), keys: keys)
            guard count > 0 else { continue }
            if arguments.flag("check") {
                io.writeOutput("\(path): \(count) literal TomTom key\(count == 1 ? "" : "s")\n")
                failed = true
                continue
            }
            do {
                try AtomicFileWriter().write(Array(text.utf8), to: path)
                io.writeOutput("\(path): replaced \(count) literal key\(count == 1 ? "" : "s") with {key}\n")
            } catch {
                io.writeError(printer.render([error.diagnostic]))
                failed = true
            }
        }
        return failed ? .inputErrors : .success
    }
}
