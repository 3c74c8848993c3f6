import LocatedJSON
import StyleCompiler
import StyleSpec

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
            Rule settings come from --config FILE or the first .mc-style.yaml from the current folder up to the
            repository root (`mc-style schema --config` prints its schema); every output format shows the
            severity they give. --write-baseline records today's findings; --baseline then reports only new ones.
            --cache-dir is deprecated and does nothing.
            Exit status: 0 no errors (with --strict: no warnings either), 1 problems found, 2 misuse.
            """,
        arguments: [
            .init(
                name: "file", help: "Declarations (.yaml, .yml) or style (.json) files; '-' for standard input.",
                isRepeatable: true)
        ],
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let target = SharedOptions.target(
            help:
                "tomtom or maplibre. Styles default to tomtom; declarations\nto their own target. Both check against the \(StyleSpecVersion.name);\ntomtom adds TomTom's rules."
        )
        let format = SharedOptions.format(
            [.text, .json, .sarif, .github, .gitlab],
            help:
                "text (default), json, sarif (SARIF 2.1.0), github (workflow\ncommands) or gitlab (GitLab's Code Quality report)."
        )
        let strict = Flag(name: "strict", help: "Warnings fail too (exit 1).")
        let verbose = Flag(
            name: "verbose",
            help: "Print notes too (text and github formats; json, sarif and gitlab\nalways hold them).")
        let quiet = SharedOptions.quiet
        let base = Option<String>(
            name: "base", valueName: "style", help: "Base style to use instead of the declarations' 'base'.")
        let secretsAbsent = Flag(
            name: "secrets-absent",
            help:
                "Check ${NAME} values whose variable is not set with a stand-in\n(a note each) instead of failing: for CI jobs without secrets."
        )
        let vectorLayers = SharedOptions.vectorLayers
        let sprite = SharedOptions.sprite
        let fonts = SharedOptions.fonts
        let renderer = SharedOptions.renderer
        let rendererProfile = SharedOptions.rendererProfile
        let config = SharedOptions.config
        let baseline = Option<String>(
            name: "baseline", valueName: "file",
            help:
                "Report only findings this baseline does not hold; say how many it\nheld back and which of its entries no longer match."
        ).grouped("baseline")
        let writeBaseline = Option<String>(
            name: "write-baseline", valueName: "file",
            help: "Record today's findings (by rule, path and message, not line) in\nthis file, atomically, and exit 0."
        ).grouped("baseline")
        let maxFindings = SharedOptions.maxFindings
        let cacheDirectory = SharedOptions.cacheDirectory

        /// Every option above, in help order.
        var all: [any OptionDeclaration] {
            [
                target, format, strict, verbose, quiet, base, secretsAbsent, vectorLayers, sprite, fonts, renderer,
                rendererProfile, config,
                baseline, writeBaseline, maxFindings, cacheDirectory,
            ]
        }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        var build = BuildOptions(
            baseOverride: try Self.options.base.value(in: arguments),
            targetOverride: try Self.options.target.value(in: arguments), environment: io.environment,
            generatorVersion: MCStyleTool.version)
        build.environmentStandIns = Self.options.secretsAbsent.isSet(in: arguments)
        try SharedOptions.cacheDirectoryNote(arguments, io: io)
        let baselinePath = try Self.options.baseline.value(in: arguments)
        let request = try SharedOptions.request(arguments, io: io, build: build, baseline: baselinePath)
        var session = CheckSession(request)
        session.validate(arguments.positionals)
        if let path = try Self.options.writeBaseline.value(in: arguments) {
            return Self.report(session.writeBaseline(to: path), path: path, io: io)
        }
        let outcome = session.outcome()
        // --quiet prints what fails the run: errors, and under --strict warnings too.
        let strict = Self.options.strict.isSet(in: arguments)
        var report = FindingReport(outcome.findings, heldBack: outcome.heldBack, baselinePath: baselinePath)
        if Self.options.quiet.isSet(in: arguments) {
            report.shown = report.all.filter { $0.severity == .error || (strict && $0.severity == .warning) }
        }
        // Notes (where a fallback placed a layer, a stand-in checked) are for whoever asks: read by people, they
        // drown the findings that need doing.
        report.read =
            Self.options.verbose.isSet(in: arguments) ? report.shown : report.shown.filter { $0.severity != .note }
        let reporter = Reporters.reporter(
            for: try Self.options.format.value(in: arguments) ?? .text, limit: request.limit,
            currentDirectory: io.currentDirectory, toolVersion: MCStyleTool.version)
        io.writeOutput(reporter.render(report))
        return outcome.fails(strict: strict) ? .inputErrors : .success
    }

    /// What `--write-baseline` came to, printed: findings a baseline cannot hold (an unreadable file, a syntax
    /// error) are listed instead, and nothing is written.
    private static func report(_ write: CheckSession.BaselineWrite, path: String, io: ToolIO) -> ExitCode {
        let printer = TextDiagnosticPrinter(useColor: false)
        switch write {
        case .blocked(let blocking):
            io.writeOutput(printer.render(blocking) + "no baseline written: these errors cannot be held back\n")
            return .inputErrors
        case .failed(let problem):
            io.writeOutput(printer.render([problem]))
            return .inputErrors
        case .written(let entries):
            io.writeOutput("wrote baseline \(path): \(counted(entries, "finding"))\n")
            return .success
        }
    }
}
