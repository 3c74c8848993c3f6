import Foundation
import StyleCompiler
import StylePreview

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `mc-style preview`: the composed map in a browser, rebuilt in memory whenever an input changes.
enum PreviewCommand: Subcommand {
    static let spec = CommandSpec(
        name: "preview",
        abstract: "Show the composed map in a browser, served on 127.0.0.1 and rebuilt whenever an input changes.",
        discussion: """
            Compiles the declarations in memory (nothing is written into the project), serves a page on
            127.0.0.1 and prints its address; runs until interrupted (Ctrl-C, SIGTERM). Every input of the
            build is watched; a change rebuilds, and open pages take the new style without a reload, keeping
            their camera. A build with errors keeps the last good map, and the page lists the findings.
            The page shows each raster at its declared size, as the TomTom SDK draws it, with each declared
            layer's zoom range at the phone's ground scale (MapLibre's zoom is unified zoom minus one);
            LocalTileServer routes get debug tiles (z/x/y, route, outline)
            or the tiles of --local-tiles. Opacity and visibility go through StyleRuntime, as in the app.
            Exit status: 0 after an interruption, 1 when the server cannot start, 2 misuse.
            """,
        arguments: [
            .init(name: "declarations", help: "The declarations file (default mc-style.yaml).", isOptional: true)
        ],
        options: options
    )

    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let port = Option<Int>(name: "port", valueName: "n", help: "The port on 127.0.0.1 (default: a free one).")
            .bounded(.within(1...65_535))
        let variant = Option<String>(
            name: "variant", valueName: "name", help: "The map design the page shows first (a bases: key).")
        let apiKeyEnvironment = SharedOptions.apiKeyEnvironment(
            help: "TomTom's API key, for the base map's tiles, from this environment\nvariable; never printed.")
        let localTiles = SharedOptions.localTiles
        let mapLibre = SharedOptions.mapLibre
        let open = Flag(name: "open", help: "Open the page in the default browser.")
        let config = SharedOptions.config

        /// Every option above, in help order.
        var all: [any OptionDeclaration] { [port, variant, apiKeyEnvironment, localTiles, mapLibre, open, config] }
    }
    static let options = Options()
    static let runsUntilStopped = true

    /// What the parser cannot say alone: a declarations file on disk, to watch.
    static func validate(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) {
        guard arguments.positionals.first != "-" else {
            throw UsageError("preview watches its declarations file: give a path")
        }
        try SharedOptions.requireDeclarationsFile(arguments)
    }

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let preview = try Self.preview(arguments, io: io)
        let build = BuildOptions(environment: io.environment, generatorVersion: MCStyleTool.version)
        let session = CheckSession(try SharedOptions.request(arguments, io: io, build: build, apiKey: preview.apiKey))
        let printer = TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io))
        if session.isStopped {
            io.writeError(printer.render(session.findings) + printer.summary(session.findings))
            return .inputErrors
        }
        // Interruptions are taken by the main thread alone, which waits for them below.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let job = CompileJob(declarationsPath: SharedOptions.declarationsPath(arguments), options: session.options)
        let site = PreviewSite(job: job, options: preview) { printer.line($0) }
        let port: UInt16
        do throws(PreviewServerError) {
            port = try site.start()
        } catch {
            io.writeError(Reporters.errorLine("\(error)", masking: session.collector))
            return .inputErrors
        }
        if let variant = preview.variant, !site.variantNames.isEmpty, !site.variantNames.contains(variant) {
            site.stop()
            throw UsageError(
                "no variant '\(variant)': the declarations have \(site.variantNames.joined(separator: ", "))")
        }
        let address = "http://127.0.0.1:\(port)/"
        let (directory, configurationFiles) = (io.currentDirectory, session.configurationPath.map { [$0] } ?? [])
        // The watcher's thread reports rebuilds on standard error, as the main thread does; writes of whole lines
        // to a stream need no further order.
        nonisolated(unsafe) let io = io
        let watcher = FileWatcher { [site] in
            let outcome = site.rebuild()
            io.writeError("preview: rebuilt: \(outcome.succeeded ? "ok" : "errors, the last good map stays")\n")
            io.writeError(printer.render(outcome.findings.filter { $0.severity != .note }))
            return watchedPaths(site.inputs + configurationFiles, directory: directory)
        }
        watcher.watch(watchedPaths(site.inputs + configurationFiles, directory: directory))
        watcher.start()
        // The address comes once everything is watched: a change made after it is never missed.
        io.writeOutput("preview: \(address)\n")
        io.writeError(printer.render(site.findings.filter { $0.severity != .note }))
        if Self.options.open.isSet(in: arguments) { openInBrowser(address) }
        var received: Int32 = 0
        sigwait(&signals, &received)
        watcher.stop()
        site.stop()
        io.writeOutput("preview: stopped\n")
        return .success
    }

    /// How the site serves the pages: the port, the variant shown first, the key, the drawing options.
    private static func preview(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> PreviewOptions {
        var preview = PreviewOptions()
        if let port = try Self.options.port.value(in: arguments) { preview.port = UInt16(clamping: port) }
        preview.variant = try Self.options.variant.value(in: arguments)
        preview.apiKey = try SharedOptions.apiKey(Self.options.apiKeyEnvironment, arguments, io: io)
        preview.environment = io.environment
        try Self.takeDrawing(
            localTiles: Self.options.localTiles.values(in: arguments),
            mapLibre: Self.options.mapLibre.value(in: arguments), into: &preview)
        return preview
    }

    /// `--local-tiles NAME=FOLDER`s and `--maplibre-js URL|FOLDER`, as `preview` and `snapshot` take them.
    static func takeDrawing(
        localTiles: [NamedValue], mapLibre: String?, into preview: inout PreviewOptions
    ) throws(UsageError) {
        for pair in localTiles {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: pair.value, isDirectory: &isFolder), isFolder.boolValue else {
                throw UsageError("'--local-tiles \(pair.name)=\(pair.value)': no such folder")
            }
            preview.localTiles[pair.name] = pair.value
        }
        guard let source = mapLibre else { return }
        if source.hasPrefix("https://") || source.hasPrefix("http://") {
            preview.mapLibre = .url(source)
        } else {
            guard FileManager.default.fileExists(atPath: source + "/maplibre-gl.js") else {
                throw UsageError("'--maplibre-js \(source)': the folder holds no maplibre-gl.js")
            }
            preview.mapLibre = .folder(source)
        }
    }

    /// Absolute, normalised paths of the inputs.
    private static func watchedPaths(_ inputs: [String], directory: String) -> [String] {
        inputs.map { path in
            URL(fileURLWithPath: path.hasPrefix("/") ? path : directory + "/" + path).standardizedFileURL.path
        }
    }

    /// `xdg-open` on Linux, `open` on macOS; a failure to open is not an error.
    private static func openInBrowser(_ address: String) {
        let process = Process()
        #if os(macOS)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
        #else
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        #endif
        process.arguments = (process.executableURL?.lastPathComponent == "env" ? ["xdg-open"] : []) + [address]
        try? process.run()
    }
}
