import StyleCompiler

/// `mc-style fetch-base`: a TomTom hosted base style frozen into the repository, with a lock to review.
enum FetchBaseCommand: Subcommand {
    static let spec = CommandSpec(
        name: "fetch-base",
        abstract:
            "Download a TomTom hosted base style into a file, with a lock file; --check tells whether TomTom changed it.",
        discussion: """
            Builds the URL as MapConductor's run-time composer does (style/1/style/<version>?key=…&map=gosdk/<design>,
            modules in the design's light or dark value), or takes --url. The key (--api-key-env) is used for the
            request only: the saved style holds {key} wherever the key was, and the key appears in no output and no
            lock. The style and NAME.lock.json beside it (URL without the key, design, modules, version pattern, the
            version the style reports, SHA-256) are written atomically, and only after a whole, valid download.
            --check fetches the locked URL again: exit 0 when TomTom serves the same bytes, 1 with a diff when not.
            With a key, nothing is requested from a URL that is not https on TomTom's hosts (read as browsers read
            it, as compile and resolve judge where the key may go), whether given or named by the lock.
            Downloads go through the system curl (the first on PATH); redirects only within the same host; at most 64 MiB.
            Exit status: 0 saved (or unchanged), 1 failed (or changed), 2 misuse.
            """,
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let out = Option<String>(
            name: "out", valueName: "style.json", help: "Where the style is saved (its lock goes beside it)."
        ).required()
        let design = Option<String>(
            name: "design", valueName: "name",
            help: "The map design (default basic_street-light): \(BaseStyleRequest.designs.joined(separator: ", ")).",
            allowed: BaseStyleRequest.designs
        ).grouped("source")
        let version = Option<String>(
            name: "version", valueName: "pattern", help: "The style version pattern (default 25.2.*).")
        let module = Option<String>(
            name: "module", valueName: "name",
            help:
                "A module to include (repeatable): \(BaseStyleRequest.modules.keys.sorted().joined(separator: ", ")).",
            isRepeatable: true, allowed: BaseStyleRequest.modules.keys.sorted()
        ).conflicting("url", "check")
        let url = Option<String>(
            name: "url", valueName: "url", help: "Any style URL instead of a design ({key} where the key goes)."
        ).grouped("source")
        let origin = Option<String>(
            name: "origin", valueName: "url", help: "TomTom's API origin."
        ).defaulting(to: BaseStyleRequest.tomTomOrigin)
        let apiKeyEnvironment = SharedOptions.apiKeyEnvironment(
            help: "The TomTom API key for the request, from this environment variable.")
        let timeout = Option<Double>(
            name: "timeout", valueName: "seconds", help: "Give up after this many seconds."
        ).bounded(.above(0)).defaulting(to: FetchBaseJob.defaultTimeout)
        let check = Flag(
            name: "check", help: "Fetch the locked URL again; exit 1 with a diff when TomTom serves another style."
        ).grouped("source")

        /// Every option above, in help order.
        var all: [any OptionDeclaration] {
            [out, design, version, module, url, origin, apiKeyEnvironment, timeout, check]
        }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let out = try Self.options.out.required(in: arguments)
        let modules = try Self.options.module.values(in: arguments)
        let design = try Self.options.design.value(in: arguments)
        let url = try Self.options.url.value(in: arguments)
        let timeout = try Self.options.timeout.value(in: arguments)
        let request = BaseStyleRequest(
            design: design, versionPattern: try Self.options.version.value(in: arguments), modules: modules, url: url,
            origin: try Self.options.origin.value(in: arguments))
        let apiKey = try SharedOptions.apiKey(Self.options.apiKeyEnvironment, arguments, io: io)
        let job = FetchBaseJob(
            request: request, apiKey: apiKey, outPath: out, timeout: timeout, environment: io.environment)
        let outcome = Self.options.check.isSet(in: arguments) ? job.check() : job.save()
        switch outcome {
        case .saved(let bytes, let version):
            io.writeOutput(
                "saved \(out) (\(counted(bytes, "byte"))\(version.map { ", style version \($0)" } ?? "")) and \(FetchBaseJob.lockPath(for: out))\n"
            )
            return .success
        case .unchanged:
            io.writeOutput("\(out) is what TomTom serves\n")
            return .success
        case .changed(let diff):
            io.writeOutput(DiffPrinter(oldName: out, newName: "served now").text(diff))
            return .inputErrors
        case .failed(let message):
            io.writeError(Reporters.errorLine(message))
            return .inputErrors
        }
    }
}
