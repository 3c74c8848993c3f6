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
        let format = try Self.options.format.value(in: arguments) ?? .text
        let target = try Self.options.target.value(in: arguments)
        let base = try Self.options.base.value(in: arguments)
        let baselinePath = try Self.options.baseline.value(in: arguments)
        let writeBaselinePath = try Self.options.writeBaseline.value(in: arguments)
        var job = ValidateJob(
            target: target, baseOverride: base, environment: io.environment, generatorVersion: MCStyleTool.version)
        job.options.environmentStandIns = Self.options.secretsAbsent.isSet(in: arguments)
        try SharedOptions.cacheDirectoryNote(arguments, io: io)
        let (collector, configurationDiagnostics) = try SharedOptions.collector(
            arguments, io: io, limit: SharedOptions.findingLimit(arguments))
        job.options.collector = collector
        let assets = try SharedOptions.assets(arguments)
        job.options.assets = assets.assets
        let renderers = try SharedOptions.renderers(arguments)
        job.options.renderers = renderers.requirements
        job.options.rendererProfiles = renderers.profiles
        var diagnostics = configurationDiagnostics
        // A configuration with errors would check something else than the team asked for: nothing is checked.
        if !configurationDiagnostics.containsErrors {
            diagnostics += collector.collected(assets.diagnostics + renderers.diagnostics)
            for path in arguments.positionals { diagnostics += job.run(path: path) }
        }
        if let writeBaselinePath {
            return Self.write(Baseline(recording: diagnostics), to: writeBaselinePath, diagnostics: diagnostics, io: io)
        }
        var baseline: Baseline?
        if let baselinePath {
            let (read, found) = Baseline.load(path: baselinePath)
            diagnostics += found
            baseline = read
        }
        let heldBack: Int?
        (diagnostics, heldBack) = collector.heldBack(diagnostics, by: baseline)
        // --quiet prints what fails the run: errors, and under --strict warnings too.
        let strict = Self.options.strict.isSet(in: arguments)
        let shown =
            Self.options.quiet.isSet(in: arguments)
            ? diagnostics.filter { $0.severity == .error || (strict && $0.severity == .warning) } : diagnostics
        // Notes (where a fallback placed a layer, a stand-in checked) are for whoever asks: read by people, they
        // drown the findings that need doing.
        let read = Self.options.verbose.isSet(in: arguments) ? shown : shown.filter { $0.severity != .note }
        switch format {
        case .json: io.writeOutput(JSONReportPrinter().render(shown, heldBack: heldBack))
        case .gitlab: io.writeOutput(GitLabPrinter(currentDirectory: io.currentDirectory).render(shown))
        case .sarif:
            io.writeOutput(
                SARIFPrinter(toolVersion: MCStyleTool.version, currentDirectory: io.currentDirectory).render(shown))
        case .github:
            let listing = collector.listing(read)
            io.writeOutput(
                GitHubPrinter(currentDirectory: io.currentDirectory).render(listing.listed) + listing.omittedLines)
        case .text, .markdown, .html:
            let printer = TextDiagnosticPrinter(useColor: false)
            let listing = collector.listing(read)
            let notes = shown.count - read.count
            io.writeOutput(
                printer.render(listing.listed) + listing.omittedLines + printer.summary(diagnostics)
                    + (notes > 0 ? "\(counted(notes, "note")) not shown: --verbose shows them\n" : ""))
            if let heldBack, let baselinePath {
                let stale = diagnostics.count { $0.rule == "baseline.stale" }
                io.writeOutput(
                    "baseline \(baselinePath): \(counted(heldBack, "finding")) held back, \(counted(stale, "entry", plural: "entries")) no longer \(stale == 1 ? "matches" : "match")\n"
                )
            }
        }
        let failed = diagnostics.containsErrors || (strict && diagnostics.warningCount > 0)
        return failed ? .inputErrors : .success
    }

    /// `--write-baseline`: the findings a configuration could change, written atomically. Findings it cannot
    /// hold (an unreadable file, a syntax error) are printed instead and nothing is written.
    private static func write(_ baseline: Baseline, to path: String, diagnostics: [Diagnostic], io: ToolIO) -> ExitCode
    {
        let printer = TextDiagnosticPrinter(useColor: false)
        let blocking = diagnostics.filter { $0.severity == .error && Baseline.entry($0) == nil }
        guard blocking.isEmpty else {
            io.writeOutput(printer.render(blocking) + "no baseline written: these errors cannot be held back\n")
            return .inputErrors
        }
        do {
            try AtomicFileWriter().write(baseline.rendered(), to: path)
        } catch {
            io.writeOutput(printer.render([error.diagnostic]))
            return .inputErrors
        }
        io.writeOutput("wrote baseline \(path): \(counted(baseline.entries.count, "finding"))\n")
        return .success
    }
}
