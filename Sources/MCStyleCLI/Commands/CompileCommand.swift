import LocatedJSON
import StyleCompiler

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

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let out = try Self.options.out.required(in: arguments)
        let base = try Self.options.base.value(in: arguments)
        let declarations = arguments.positionals.first
        if declarations == nil, base == nil { throw UsageError("give a declarations file or '--base <style>'") }
        if declarations == "-" {
            throw UsageError(
                "compile reads its declarations from a file, not standard input (includes are relative to it)")
        }
        let target = try Self.options.target.value(in: arguments)
        let dependencies = try Self.options.dependencies.value(in: arguments)
        let apiKey = try SharedOptions.apiKey(Self.options.apiKeyEnvironment, arguments, io: io)
        var job = CompileJob(
            declarationsPath: declarations, baseOverride: base, targetOverride: target, apiKey: apiKey,
            compact: Self.options.compact.isSet(in: arguments), environment: io.environment,
            generatorVersion: MCStyleTool.version)
        let (collector, configurationDiagnostics) = try SharedOptions.collector(
            arguments, io: io, limit: SharedOptions.findingLimit(arguments))
        job.options.collector = collector
        job.options.embedsEnvironment = Self.options.embedEnvironment.isSet(in: arguments)
        try SharedOptions.cacheDirectoryNote(arguments, io: io)
        let assets = try SharedOptions.assets(arguments)
        job.options.assets = assets.assets
        let renderers = try SharedOptions.renderers(arguments)
        job.options.renderers = renderers.requirements
        job.options.rendererProfiles = renderers.profiles
        let readDiagnostics = configurationDiagnostics + collector.collected(assets.diagnostics + renderers.diagnostics)
        let folder = OutputFolder(path: out)
        // A configuration with errors would build under other rules than the team asked for: nothing is built.
        let result =
            configurationDiagnostics.containsErrors
            ? CompileResult.nothing : job.runCounting()
        let (compiled, jobDiagnostics, sources, readPaths) =
            (result.files, result.diagnostics, result.sources, result.readPaths)
        let diagnostics = readDiagnostics + jobDiagnostics
        let files = readDiagnostics.containsErrors ? nil : compiled
        let printer = TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io))
        let report =
            try Self.options.format.value(in: arguments) == .json ? CompileReportPrinter(out: out) : nil
        if report == nil {
            // Errors and warnings; notes (keys renderers ignore, ...) are for `validate`, not for every build.
            let listing = collector.listing(diagnostics.filter { $0.severity != .note })
            io.writeError(printer.render(listing.listed) + listing.omittedLines)
        }
        guard let files else {
            if let report {
                io.writeOutput(
                    report.render(files: [], changes: [], written: false, sources: 0, diagnostics: diagnostics))
            } else {
                io.writeError(printer.summary(diagnostics))
            }
            return .inputErrors
        }
        /// A failure to read or write the output folder: nothing is written.
        func failed(_ problem: Diagnostic) -> ExitCode {
            if let report {
                io.writeOutput(
                    report.render(
                        files: files, changes: [], written: false, sources: sources,
                        diagnostics: diagnostics + [problem]))
            } else {
                io.writeError(printer.render([problem]))
            }
            return .inputErrors
        }
        // The output folder may not be, nor hold, the working folder or the folder of any file read.
        let protected =
            [io.currentDirectory] + readPaths.map { FilePaths.join(io.currentDirectory, FilePaths.directory(of: $0)) }
        let outputFolder = OutputFolder(path: out, protecting: protected)
        let checkOnly = Self.options.check.isSet(in: arguments)
        var changes: [OutputChange] = []
        // The report says what changed, so the folder is compared first (it is read once more, for the report only).
        if checkOnly || report != nil {
            do throws(OutputError) {
                changes = try outputFolder.changes(files)
            } catch {
                return failed(error.diagnostic)
            }
        }
        if checkOnly {
            if let report {
                io.writeOutput(
                    report.render(
                        files: files, changes: changes, written: false, sources: sources, diagnostics: diagnostics))
                return changes.isEmpty ? .success : .inputErrors
            }
            for change in changes {
                let verb = ["added": "add", "changed": "change", "removed": "remove"][change.kind.rawValue] ?? "change"
                io.writeOutput("would \(verb) \(folder.path)/\(change.path)\n")
                if Self.options.diff.isSet(in: arguments) {
                    // Output built with a key or with --embed-env holds secrets: the diff never shows them.
                    io.writeOutput(
                        UnifiedDiff.render(
                            old: change.old, new: change.new,
                            oldName: change.kind == .added ? "/dev/null" : "a/\(change.path)",
                            newName: change.kind == .removed ? "/dev/null" : "b/\(change.path)",
                            masking: result.collector))
                }
            }
            if !changes.isEmpty {
                io.writeOutput(
                    "\(folder.path) is not current: run '\(Self.regenerating(arguments, declarations: declarations))' to write it\n"
                )
            }
            return changes.isEmpty ? .success : .inputErrors
        }
        let changed: Bool
        do {
            // The dependency list first: a failure to write it (a full disk) leaves the output folder untouched.
            if let dependencies {
                try AtomicFileWriter().write(
                    Self.dependencyList(readPaths, currentDirectory: io.currentDirectory), to: dependencies)
            }
            changed = try outputFolder.write(files)
        } catch {
            return failed(error.diagnostic)
        }
        if let report {
            io.writeOutput(
                report.render(files: files, changes: changes, written: true, sources: sources, diagnostics: diagnostics)
            )
        } else if !Self.options.quiet.isSet(in: arguments) {
            io.writeOutput(
                Self.summary(
                    files, folder: folder.path, sources: sources, diagnostics: diagnostics, changed: changed))
        }
        return .success
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

    /// `{"inputs": [...]}`: each path read, absolute, in the order read.
    static func dependencyList(_ paths: [String], currentDirectory: String) -> [UInt8] {
        let absolute = paths.map { FilePaths.join(currentDirectory, $0) }
        return JSONWriter(style: .pretty).bytes(.object(["inputs": .array(absolute.map { .string($0) })]))
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
