import LocatedJSON
import StyleCompiler

/// `mc-style validate`: checks declarations files (with their base style and the composed result) and
/// style files, and prints the findings in a format CI understands.
enum ValidateCommand: Subcommand {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check declarations and styles; print every problem at its file:line:column.",
        discussion: """
        A .yaml/.yml file is read as MapConductor raster-source declarations and checked exactly as compile
        sees it: the declarations, their includes and environment references, the base style, and the
        composed style. A .json file is read as a style and checked against the style specification
        (--target maplibre) plus TomTom's rules (--target tomtom, the default for styles). '-' reads standard
        input (JSON when it starts with '{', else YAML).
        Exit status: 0 no errors (with --strict: no warnings either), 1 problems found, 2 misuse.
        """,
        usage: ["validate <file>... [--target tomtom|maplibre] [--format text|json|sarif|github] [--strict] [--quiet] [--base <style>]"],
        arguments: [.init(name: "file", help: "Declarations (.yaml, .yml) or style (.json) files; '-' for standard input.")],
        options: [
            .init(name: "target", valueName: "target", help: "tomtom or maplibre. Styles default to tomtom; declarations\nto their own target."),
            .init(name: "format", valueName: "format", help: "text (default), json, sarif (SARIF 2.1.0) or github\n(workflow commands)."),
            .init(name: "strict", valueName: nil, help: "Warnings fail too (exit 1)."),
            .init(name: "quiet", valueName: nil, help: "Print errors only."),
            .init(name: "base", valueName: "style", help: "Base style to use instead of the declarations' 'base'."),
        ]
    )

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        guard !arguments.positionals.isEmpty else { throw UsageError("missing a file to validate") }
        let format = try arguments.choice("format", ["text", "json", "sarif", "github"], default: "text")
        let target = try arguments.choice("target", ["tomtom", "maplibre"], default: "").isEmpty
            ? nil : Target(rawValue: arguments.string("target") ?? "")
        var diagnostics: [Diagnostic] = []
        for path in arguments.positionals {
            diagnostics += validate(path, target: target, base: arguments.string("base"), environment: io.environment)
        }
        let shown = arguments.flag("quiet") ? diagnostics.filter { $0.severity == .error } : diagnostics
        switch format {
        case "json": io.writeOutput(JSONReportPrinter().render(shown))
        case "sarif": io.writeOutput(SARIFPrinter(toolVersion: MCStyleTool.version).render(shown))
        case "github": io.writeOutput(GitHubPrinter().render(shown))
        default:
            let printer = TextDiagnosticPrinter(useColor: false)
            io.writeOutput(printer.render(shown) + printer.summary(diagnostics))
        }
        let failed = diagnostics.containsErrors || (arguments.flag("strict") && diagnostics.warningCount > 0)
        return failed ? .inputErrors : .success
    }

    private static func validate(_ path: String, target: Target?, base: String?, environment: [String: String]) -> [Diagnostic] {
        if path == "-" {
            let file: SourceFile
            do { file = try InputLoader().loadStandardInput() } catch { return [error.diagnostic] }
            if file.bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "{") {
                return validateStyle(StyleLoader().parse(file), target: target)
            }
            return DeclarationsLoader(environment: environment).load(file, path: nil).diagnostics
        }
        if path.hasSuffix(".json") { return validateStyle(StyleLoader().load(path: path), target: target) }
        return CompileJob(declarationsPath: path, baseOverride: base, targetOverride: target, environment: environment,
                          generatorVersion: MCStyleTool.version).check().diagnostics
    }

    private static func validateStyle(_ loaded: (document: JSONDocument?, diagnostics: [Diagnostic]), target: Target?) -> [Diagnostic] {
        guard let document = loaded.document else { return loaded.diagnostics }
        return loaded.diagnostics + StyleValidator(target: target ?? .tomtom).validate(document.root)
    }
}
