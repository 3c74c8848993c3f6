import StyleCompiler
import StyleRuntime

/// `mc-style resolve`: the command-line face of `StyleRuntime`, and the executable specification of run-time
/// resolution: loads a compiled folder, fills what only the phone knows, and prints (or writes) the style.
enum ResolveCommand: Subcommand {
    static let spec = CommandSpec(
        name: "resolve",
        abstract: "Fill a compiled style's run-time placeholders, as an app does with StyleRuntime.",
        discussion: """
        Loads what 'mc-style compile' wrote (manifest.json and the files it names), checks the manifest's format
        and version and the style's and layer mapping's SHA-256, then fills every placeholder the manifest
        lists: TomTom's {key} (TomTom hosts only, percent-encoded), {localTileServer} (loopback only), each
        LocalTileServer route's {route:NAME} (the declared name unless --route maps it) and {cacheKey:NAME};
        --opacity and --hide/--show change a declared source's layer without recomposing. Exit 1 for an
        unfilled placeholder, an unknown route or source, or files that do not match the manifest.
        """,
        usage: ["resolve <compiled-folder> [--platform ios|android] [--api-key-env <name>] [--local-tile-server <url>] [--route <name>=<id>]... [--cache-key <name>=<key>]... [--hide <source-id>]... [--show <source-id>]... [--opacity <source-id>=<value>]... [--out <file>]"],
        arguments: [.init(name: "compiled-folder", help: "The folder 'mc-style compile --out' wrote.")],
        options: [
            .init(name: "platform", valueName: "platform", help: "ios (default) or android; the build must serve it."),
            .init(name: "api-key-env", valueName: "name", help: "Fill {key} in TomTom URLs from this environment variable."),
            .init(name: "local-tile-server", valueName: "url", help: "LocalTileServer's base URL, http://127.0.0.1:<port>."),
            .init(name: "route", valueName: "name=id", help: "The run-time id of a declared route (a UUID, say).", isRepeatable: true),
            .init(name: "cache-key", valueName: "name=key", help: "The current cache key of a declared route.", isRepeatable: true),
            .init(name: "hide", valueName: "source-id", help: "Hide a declared source's layer.", isRepeatable: true),
            .init(name: "show", valueName: "source-id", help: "Show a declared source's layer.", isRepeatable: true),
            .init(name: "opacity", valueName: "source-id=value", help: "A declared source's layer opacity, 0 to 1.", isRepeatable: true),
            .init(name: "out", valueName: "file", help: "Write the style to this file (atomically) instead of standard output."),
        ]
    )

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        guard let folder = arguments.positionals.first else { throw UsageError("missing the compiled folder") }
        guard arguments.positionals.count == 1 else { throw UsageError("unexpected argument '\(arguments.positionals[1])'") }
        let platformWord = try arguments.choice("platform", Platform.allCases.map(\.rawValue), default: Platform.ios.rawValue)
        var settings = RuntimeSettings(platform: Platform(rawValue: platformWord) ?? .ios)
        if let name = arguments.string("api-key-env") {
            guard let value = io.environment[name], !value.isEmpty else {
                throw UsageError("the environment variable \(name) named by '--api-key-env' is not set")
            }
            settings.apiKey = value
        }
        settings.localTileServer = arguments.string("local-tile-server")
        settings.routeIDs = try pairs(arguments.strings("route"), option: "route")
        settings.cacheKeys = try pairs(arguments.strings("cache-key"), option: "cache-key")
        for (id, text) in try pairs(arguments.strings("opacity"), option: "opacity") {
            guard let value = Double(text) else { throw UsageError("'--opacity \(id)=\(text)': the value is not a number") }
            settings.opacity[id] = value
        }
        for id in arguments.strings("show") { settings.visible[id] = true }
        for id in arguments.strings("hide") { settings.visible[id] = false }
        let resolved: ResolvedStyle
        do {
            resolved = try CompiledStyle(folder: folder).resolve(settings)
        } catch {
            if error.isInvalidArgument { throw UsageError(error.message) }
            io.writeError("\(folder): error: \(error.message) [resolve.\(error.kind.rawValue)]\n")
            return .inputErrors
        }
        guard let out = arguments.string("out") else {
            io.writeOutput(resolved.style)
            return .success
        }
        do {
            try AtomicFileWriter().write(resolved.style, to: out)
        } catch {
            io.writeError(TextDiagnosticPrinter(useColor: false).render([error.diagnostic]))
            return .inputErrors
        }
        return .success
    }

    /// `NAME=VALUE` pairs; the last value for a name wins.
    private static func pairs(_ items: [String], option: String) throws(UsageError) -> [String: String] {
        var result: [String: String] = [:]
        for item in items {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw UsageError("'--\(option) \(item)' is not NAME=VALUE")
            }
            result[String(item[..<equals])] = String(item[item.index(after: equals)...])
        }
        return result
    }
}
