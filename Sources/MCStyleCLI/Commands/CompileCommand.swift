import LocatedJSON
import StyleCompiler
import StyleSpec

/// `mc-style compile`: composes the custom style and writes it with its manifests.
enum CompileCommand: Subcommand {
    static let spec = CommandSpec(
        name: "compile",
        abstract: "Compose a base style and raster-source declarations into a custom style and its manifests.",
        discussion: """
            Writes OUT/style.json, OUT/manifest.json, OUT/tilejson/<id>.json per raster source with tiles of its
            own, and OUT/layer-mapping.json (tomtom, when the declarations give a layerMapping). All files are
            written at once or not at all: on any error OUT is left exactly as it was. Unchanged files are not
            rewritten. The same inputs always give byte-identical outputs.
            Errors and warnings go to standard error (notes only with validate). Rule settings (.mc-style.yaml or
            --config) apply as in validate: a rule set to error fails the build, one set to off is not reported.
            With bases: (one base per map design) each variant gets OUT/style.<name>.json and
            OUT/layer-mapping.<name>.json. --dependencies FILE records every file read (declarations, includes,
            bases, assets) for a build system, as the SwiftPM plugin MCStylePlugin uses it. --cache-dir is deprecated and does
            nothing.
            --format json prints one JSON document on standard output instead of the findings and the summary
            line (with --check too, then with "written": false).
            Exit status: 0 success, 1 the inputs have errors (or --check found files that would change), 2 misuse.
            """,
        arguments: [
            .init(
                name: "declarations", help: "The declarations file (.yaml). Without it, --base alone is composed.",
                isOptional: true)
        ],
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let out = Option<String>(
            name: "out", valueName: "folder",
            help:
                "The output folder (created when missing; a symbolic link to\na folder stays a link, and the folder it leads to is written)."
        ).required()
        let base = Option<String>(
            name: "base", valueName: "style", help: "Base style to use instead of the declarations' 'base'.")
        let target = SharedOptions.target(
            help:
                "tomtom or maplibre; overrides the declarations' target\n(default tomtom). Both check against the \(StyleSpecVersion.name)."
        )
        let apiKeyEnvironment = SharedOptions.apiKeyEnvironment(
            help:
                "Fill {key} in TomTom URLs from this environment variable\n(for builds whose output goes straight into an app bundle)."
        )
        let embedEnvironment = Flag(
            name: "embed-env",
            help:
                "Write ${NAME} values into the outputs (for builds that go straight\ninto an app bundle); without it each stays a run-time parameter."
        )
        let compact = Flag(name: "compact", help: "Write style.json compact instead of pretty.")
        let check = Flag(
            name: "check", help: "Write nothing; exit 1 listing the files that would be added,\nchanged or removed.")
        let diff = Flag(name: "diff", help: "With --check: also print a unified diff of each file.").requiring("check")
        let quiet = Flag(
            name: "quiet", help: "Print no summary line on success (errors and warnings still go to standard error).")
        let format = SharedOptions.format(
            [.text, .json],
            help:
                "text (default) or json: one JSON document on standard output with\neach file written (path, bytes, SHA-256, added/changed/unchanged),\nthe files removed and every finding, for build systems."
        ).conflicting("diff")
        let vectorLayers = SharedOptions.vectorLayers
        let sprite = SharedOptions.sprite
        let fonts = SharedOptions.fonts
        let renderer = SharedOptions.renderer
        let rendererProfile = SharedOptions.rendererProfile
        let config = SharedOptions.config
        let dependencies = Option<String>(
            name: "dependencies", valueName: "file",
            help:
                "After a successful write, record the files read as JSON {\"inputs\": [absolute\npaths]} in this file (atomically), for build systems."
        )
        let maxFindings = SharedOptions.maxFindings
        let cacheDirectory = SharedOptions.cacheDirectory

        /// Every option above, in help order.
        var all: [any OptionDeclaration] {
            [
                out, base, target, apiKeyEnvironment, embedEnvironment, compact, check, diff, quiet, format,
                vectorLayers, sprite, fonts, renderer, rendererProfile, config, dependencies, maxFindings,
                cacheDirectory,
            ]
        }
    }
    static let options = Options()

    /// What the parser cannot say alone: something to compile, read from a file.
    static func validate(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) {
        let declarations = arguments.positionals.first
        if declarations == nil, try options.base.value(in: arguments) == nil {
            throw UsageError("give a declarations file or '--base <style>'")
        }
        if declarations == "-" {
            throw UsageError(
                "compile reads its declarations from a file, not standard input (includes are relative to it)")
        }
    }

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let declarations = arguments.positionals.first
        try SharedOptions.cacheDirectoryNote(arguments, io: io)
        var build = BuildOptions(
            baseOverride: try options.base.value(in: arguments),
            targetOverride: try options.target.value(in: arguments),
            environment: io.environment, generatorVersion: MCStyleTool.version)
        build.embedsEnvironment = options.embedEnvironment.isSet(in: arguments)
        let request = try SharedOptions.request(
            arguments, io: io, build: build, apiKey: SharedOptions.apiKey(options.apiKeyEnvironment, arguments, io: io))
        var session = CheckSession(request)
        let result = session.compile(declarationsPath: declarations, compact: options.compact.isSet(in: arguments))
        var output = CompiledOutput(folder: try options.out.required(in: arguments))
        output.checksOnly = options.check.isSet(in: arguments)
        output.dependencies = try options.dependencies.value(in: arguments)
        let report = try options.format.value(in: arguments) == .json ? CompileReportPrinter(out: output.folder) : nil
        output.reportsChanges = report != nil
        let printer = TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io))
        let findings = session.findings
        if report == nil {
            // Errors and warnings; notes (keys renderers ignore, ...) are for `validate`, not for every build.
            let listed = TextReporter(limit: request.limit, printer: printer, summarizes: false)
            io.writeError(listed.text(FindingReport(findings.filter { $0.severity != .note })))
        }
        let files = result.files ?? []
        let written = result.files.map {
            session.write($0, readPaths: result.readPaths, to: output, currentDirectory: io.currentDirectory)
        }
        guard let written, written.problem == nil else {
            let all = findings + (written?.problem.map { [$0] } ?? [])
            if let report {
                io.writeOutput(
                    report.render(files: files, changes: [], written: false, sources: result.sources, diagnostics: all))
            } else {
                io.writeError(written?.problem.map { printer.render([$0]) } ?? printer.summary(findings))
            }
            return .inputErrors
        }
        if let report {
            io.writeOutput(
                report.render(
                    files: files, changes: written.changes, written: !output.checksOnly, sources: result.sources,
                    diagnostics: findings))
        } else if output.checksOnly {
            io.writeOutput(Self.stale(written.changes, arguments: arguments, masking: result.collector))
        } else if !options.quiet.isSet(in: arguments) {
            io.writeOutput(
                Self.summary(
                    files, folder: output.resolvedFolder, sources: result.sources, diagnostics: findings,
                    changed: written.changed))
        }
        return output.checksOnly && !written.changes.isEmpty ? .inputErrors : .success
    }

    /// What `--check` prints: each file that would change (with `--diff`, its unified diff, masked with the
    /// run's secrets), and the command that writes them.
    static func stale(_ changes: [OutputChange], arguments: ParsedArguments, masking collector: DiagnosticCollector)
        -> String
    {
        let folder = CompiledOutput(folder: arguments.values(of: options.out.name).last ?? "").resolvedFolder
        var text = ""
        for change in changes {
            let verb = ["added": "add", "changed": "change", "removed": "remove"][change.kind.rawValue] ?? "change"
            text += "would \(verb) \(folder)/\(change.path)\n"
            if options.diff.isSet(in: arguments) {
                // Output built with a key or with --embed-env holds secrets: the diff never shows them.
                text += UnifiedDiff.render(
                    old: change.old, new: change.new,
                    oldName: change.kind == .added ? "/dev/null" : "a/\(change.path)",
                    newName: change.kind == .removed ? "/dev/null" : "b/\(change.path)", masking: collector)
            }
        }
        guard !changes.isEmpty else { return text }
        let command = regenerating(arguments, declarations: arguments.positionals.first)
        return text + "\(folder) is not current: run '\(command)' to write it\n"
    }

    /// The command that writes what `--check` found stale: this one without `--check` and `--diff`, with the
    /// options that change what is written, each word quoted for a POSIX shell where it needs it.
    static func regenerating(_ arguments: ParsedArguments, declarations: String?) -> String {
        var words = ["mc-style", "compile"] + (declarations.map { [$0] } ?? [])
        let valued: [String] = [
            options.out.name, options.base.name, options.target.name, options.config.name,
            options.apiKeyEnvironment.name,
        ]
        for name in valued {
            if let value = arguments.values[name]?.last { words += ["--\(name)", value] }
        }
        for flag in [options.embedEnvironment, options.compact] where flag.isSet(in: arguments) {
            words.append("--\(flag.name)")
        }
        return words.map(ShellWord.quoted).joined(separator: " ")
    }

    /// `wrote out/demo: style.json, layer-mapping.json, manifest.json, 4 TileJSON (5 sources), 2 warnings`;
    /// `unchanged out/demo: ...` when the folder already held exactly these outputs.
    static func summary(
        _ files: [OutputFile], folder: String, sources: Int, diagnostics: [Diagnostic], changed: Bool = true
    ) -> String {
        let tileJSON = files.filter { $0.path.hasPrefix(OutputLayout.tileJSONFolder + "/") }.count
        var parts = files.map(\.path).filter { !$0.hasPrefix(OutputLayout.tileJSONFolder + "/") }
        if tileJSON > 0 { parts.append("\(tileJSON) TileJSON") }
        let warnings = diagnostics.warningCount > 0 ? ", \(counted(diagnostics.warningCount, "warning"))" : ""
        return
            "\(changed ? "wrote" : "unchanged") \(folder): \(parts.joined(separator: ", ")) (\(counted(sources, "source")))\(warnings)\n"
    }
}
