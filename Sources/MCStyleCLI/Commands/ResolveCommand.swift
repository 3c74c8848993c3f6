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
            LocalTileServer route's {route:NAME} (the declared name unless --route maps it) and {cacheKey:NAME},
            and each ${NAME} the declarations take from the environment (--env NAME: from that variable, as
            given; never printed);
            --opacity and --hide/--show change a declared source's layer without recomposing. For tomtom, every
            raster source's tileSize (TomTom's raster base map included) is set for the screen: the declared size
            divided by 4 on a 2x iOS screen, by 2 on 3x and 1x screens and on Android (docs/app-integration.md). A build with
            several map designs (bases: in the declarations) resolves its first variant unless --variant names
            another. Exit 1 for an unfilled placeholder, an unknown route, source or variant, or files that do not
            match the manifest.
            """,
        arguments: [.init(name: "compiled-folder", help: "The folder 'mc-style compile --out' wrote.")],
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let variant = Option<String>(
            name: "variant", valueName: "name",
            help: "The map design to resolve (light, dark, ...: the names under bases:);\nthe first one by default.")
        let platform = Option<Platform>(
            name: "platform", valueName: "platform", help: "ios or android; the build must serve it."
        ).defaulting(to: .ios)
        let displayScale = Option<Int>(
            name: "display-scale", valueName: "1|2|3",
            help:
                "The screen's scale (iOS: UIScreen.main.scale): tomtom raster tile sizes\nare the declared ones / 4 at 2, / 2 otherwise (Android: / 2).",
            allowed: ["1", "2", "3"]
        ).defaulting(to: 3)
        let apiKeyEnvironment = SharedOptions.apiKeyEnvironment(
            help: "Fill {key} in TomTom URLs from this environment variable.")
        let localTileServer = Option<String>(
            name: "local-tile-server", valueName: "url", help: "LocalTileServer's base URL, http://127.0.0.1:<port>.")
        let route = Option<NamedValue>(
            name: "route", valueName: "name=id", help: "The run-time id of a declared route (a UUID, say).",
            isRepeatable: true)
        let cacheKey = Option<NamedValue>(
            name: "cache-key", valueName: "name=key", help: "The current cache key of a declared route.",
            isRepeatable: true)
        let environment = Option<String>(
            name: "env", valueName: "name",
            help: "Fill ${NAME} from the environment variable NAME (never printed).", isRepeatable: true)
        let hide = Option<String>(
            name: "hide", valueName: "source-id", help: "Hide a declared source's layer.", isRepeatable: true)
        let show = Option<String>(
            name: "show", valueName: "source-id", help: "Show a declared source's layer.", isRepeatable: true)
        let opacity = Option<SourceOpacity>(
            name: "opacity", valueName: "source-id=value", help: "A declared source's layer opacity, 0 to 1.",
            isRepeatable: true)
        let renderer = Option<RendererRequirement>(
            name: "renderer", valueName: "name@version",
            help:
                "The renderer the app draws with (maplibre-native-ios@6.10.0): refused when\nolder than the oldest version the manifest's renderers say draws the style."
        )
        let out = Option<String>(
            name: "out", valueName: "file",
            help: "Write the style to this file (atomically) instead of standard output.")

        /// Every option above, in help order.
        var all: [any OptionDeclaration] {
            [
                variant, platform, displayScale, apiKeyEnvironment, localTileServer, route, cacheKey, environment, hide,
                show, opacity, renderer, out,
            ]
        }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let folder = arguments.positionals[0]
        var settings = RuntimeSettings(platform: try Self.options.platform.value(in: arguments))
        settings.displayScale = try Self.options.displayScale.value(in: arguments)
        settings.apiKey = try SharedOptions.apiKey(Self.options.apiKeyEnvironment, arguments, io: io)
        settings.localTileServer = try Self.options.localTileServer.value(in: arguments)
        settings.renderer = try Self.options.renderer.value(in: arguments).map {
            RuntimeRenderer(name: $0.name, version: $0.version)
        }
        settings.routeIDs = dictionary(try Self.options.route.values(in: arguments))
        settings.cacheKeys = dictionary(try Self.options.cacheKey.values(in: arguments))
        for name in try Self.options.environment.values(in: arguments) {
            guard let value = io.environment[name] else {
                throw UsageError("'--env \(name)': the environment variable \(name) is not set")
            }
            settings.environment[name] = value
        }
        for given in try Self.options.opacity.values(in: arguments) { settings.opacity[given.source] = given.opacity }
        for id in try Self.options.show.values(in: arguments) { settings.visible[id] = true }
        for id in try Self.options.hide.values(in: arguments) { settings.visible[id] = false }
        let variant = try Self.options.variant.value(in: arguments)
        var session = CheckSession(CheckRequest(build: BuildOptions(generatorVersion: MCStyleTool.version)))
        let resolved: ResolvedStyle
        switch session.resolve(folder: folder, variant: variant, settings: settings, naming: Self.option(filling:)) {
        case .resolved(let style): resolved = style
        case .misuse(let message): throw UsageError(message)
        case .refused:
            io.writeError(TextDiagnosticPrinter(useColor: false).render(session.findings))
            return .inputErrors
        }
        guard let out = try Self.options.out.value(in: arguments) else {
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

    /// The option of this command that gives a placeholder its value.
    static func option(filling placeholder: Placeholder) -> String {
        switch placeholder {
        case .apiKey: return "--api-key-env <name>"
        case .localTileServer: return "--local-tile-server http://127.0.0.1:<port>"
        case .route(let name): return "--route \(name)=<id>"
        case .cacheKey(let name): return "--cache-key \(name)=<key>"
        case .environment(let name): return "--env \(name)"
        }
    }

    /// Name -> value; the last value for a name wins.
    private static func dictionary(_ pairs: [NamedValue]) -> [String: String] {
        var result: [String: String] = [:]
        for pair in pairs { result[pair.name] = pair.value }
        return result
    }
}
