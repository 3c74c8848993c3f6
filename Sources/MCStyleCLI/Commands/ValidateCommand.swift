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
        usage: ["validate <file>... [--target tomtom|maplibre] [--format text|json|sarif|github] [--strict] [--quiet] [--base <style>] [--secrets-absent] [--vector-layers <source>=<tilejson>]... [--sprite <path>] [--fonts <path>]"],
        arguments: [.init(name: "file", help: "Declarations (.yaml, .yml) or style (.json) files; '-' for standard input.")],
        options: [target.spec, format.spec, strict.spec, quiet.spec, base.spec, secretsAbsent.spec, SharedOptions.vectorLayers.spec, SharedOptions.sprite.spec, SharedOptions.fonts.spec]
    )
    static let target = SharedOptions.target(help: "tomtom or maplibre. Styles default to tomtom; declarations\nto their own target.")
    static let format = SharedOptions.format([.text, .json, .sarif, .github],
                                             help: "text (default), json, sarif (SARIF 2.1.0) or github\n(workflow commands).")
    static let strict = Flag(name: "strict", help: "Warnings fail too (exit 1).")
    static let quiet = SharedOptions.quiet
    static let base = Option<String>(name: "base", valueName: "style", help: "Base style to use instead of the declarations' 'base'.")
    static let secretsAbsent = Flag(name: "secrets-absent",
                                    help: "Check ${NAME} values whose variable is not set with a stand-in\n(a note each) instead of failing: for CI jobs without secrets.")

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        guard !arguments.positionals.isEmpty else { throw UsageError("missing a file to validate") }
        let format = try Self.format.value(in: arguments) ?? .text
        let target = try Self.target.value(in: arguments)
        let base = try Self.base.value(in: arguments)
        var job = ValidateJob(target: target, baseOverride: base, environment: io.environment, generatorVersion: MCStyleTool.version)
        job.environmentStandIns = Self.secretsAbsent.isSet(in: arguments)
        let assets = try SharedOptions.assets(arguments)
        job.assets = assets.assets
        var diagnostics: [Diagnostic] = assets.diagnostics
        for path in arguments.positionals {
            diagnostics += job.run(path: path)
        }
        // --quiet prints what fails the run: errors, and under --strict warnings too.
        let strict = Self.strict.isSet(in: arguments)
        let shown = Self.quiet.isSet(in: arguments)
            ? diagnostics.filter { $0.severity == .error || (strict && $0.severity == .warning) } : diagnostics
        switch format {
        case .json: io.writeOutput(JSONReportPrinter().render(shown))
        case .sarif: io.writeOutput(SARIFPrinter(toolVersion: MCStyleTool.version).render(shown))
        case .github: io.writeOutput(GitHubPrinter().render(shown))
        case .text:
            let printer = TextDiagnosticPrinter(useColor: false)
            io.writeOutput(printer.render(shown) + printer.summary(diagnostics))
        }
        let failed = diagnostics.containsErrors || (strict && diagnostics.warningCount > 0)
        return failed ? .inputErrors : .success
    }
}
