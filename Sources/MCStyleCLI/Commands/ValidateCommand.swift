import LocatedJSON
import StyleCompiler

/// `mc-style validate`: checks declarations files (with their base style) and style files.
enum ValidateCommand: Subcommand {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check declarations and styles; print every problem at its file:line:column.",
        discussion: """
        A .yaml/.yml file is read as MapConductor raster-source declarations: its includes, its
        environment references and the base style it names are checked too. A .json file is read as a
        style. '-' reads standard input (JSON when it starts with '{', else YAML).
        Exit status: 0 no errors, 1 errors found, 2 misuse.
        """,
        usage: ["validate <file>... [--base <style>]"],
        arguments: [.init(name: "file", help: "Declarations (.yaml, .yml) or style (.json) files; '-' for standard input.")],
        options: [
            .init(name: "base", valueName: "style", help: "Base style to use instead of the declarations' 'base'."),
        ]
    )

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        guard !arguments.positionals.isEmpty else { throw UsageError("missing a file to validate") }
        var diagnostics: [Diagnostic] = []
        for path in arguments.positionals {
            diagnostics += validate(path, base: arguments.string("base"), environment: io.environment)
        }
        let printer = TextDiagnosticPrinter(useColor: false)
        io.writeOutput(printer.render(diagnostics) + printer.summary(diagnostics))
        return diagnostics.containsErrors ? .inputErrors : .success
    }

    private static func validate(_ path: String, base: String?, environment: [String: String]) -> [Diagnostic] {
        if path == "-" {
            let file: SourceFile
            do { file = try InputLoader().loadStandardInput() } catch { return [error.diagnostic] }
            if file.bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "{") {
                return StyleLoader().parse(file).diagnostics
            }
            let loaded = DeclarationsLoader(environment: environment).load(file, path: nil)
            return loaded.diagnostics
        }
        if path.hasSuffix(".json") { return StyleLoader().load(path: path).diagnostics }
        // Exactly what compile sees: the declarations, their base style and the composed result.
        return CompileJob(declarationsPath: path, baseOverride: base, environment: environment, generatorVersion: MCStyleTool.version).run().diagnostics
    }
}
