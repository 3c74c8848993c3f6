import Foundation
import LocatedJSON
import StyleCompiler
import StylePreview
import StyleRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `mc-style snapshot`: pictures of the composed map, one per declared view and variant, for review.
enum SnapshotCommand: Subcommand {
    static let spec = CommandSpec(
        name: "snapshot",
        abstract:
            "Take pictures of the composed map at the declarations' views, in each variant, in a headless browser; --check compares them with a baseline.",
        discussion: """
            Compiles the declarations in memory, serves the preview's page on 127.0.0.1 and has a headless
            Chromium draw each view of views: in each of its variants (every variant when it names none),
            writing OUT/<view>.<variant>.png (all of them, or nothing on an error). Each raster is drawn at its
            declared size, as the TomTom SDK draws it, and each view's zoom (unified) is converted as the app's
            camera converts it. The browser is --browser, else $CHROME, else chromium or google-chrome on PATH.
            --tiles FOLDER serves every remote file (tiles, TileJSON, sprite, glyphs) from FOLDER alone, so that
            runs are offline and the same every time; a file it lacks is an error naming its URL, key masked.
            --record --tiles FOLDER fetches what FOLDER lacks and stores it (keys are never part of a stored name
            or file). Without --tiles mc-style fetches them as the page asks (docs/security.md).
            --check BASELINE_FOLDER compares each picture with the baseline's of the same name, pixel by pixel
            in the browser (a channel may differ by \(SnapshotComparison.tolerance) of 255; --threshold pixels
            may differ), and writes OUT/report.html and OUT/report.md with the before, after and difference
            pictures; a picture the baseline lacks is new, and a baseline picture no view took is gone.
            Exit status: 0 success, 1 the inputs have errors, a picture could not be taken, or --check found
            a difference or a new picture, 2 misuse (no browser, no views).
            """,
        arguments: [
            .init(name: "declarations", help: "The declarations file (default mc-style.yaml).", isOptional: true)
        ],
        options: options
    )

    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let out = Option<String>(name: "out", valueName: "folder", help: "Where the pictures go.").required()
        let tiles = Option<String>(
            name: "tiles", valueName: "folder",
            help: "Serve remote files only from this folder (made by --record).")
        let record = Flag(name: "record", help: "With --tiles: fetch what the folder lacks and store it there.")
            .requiring("tiles")
        let check = Option<ExistingFolder>(
            name: "check", valueName: "baseline_folder",
            help:
                "Compare each picture with the one of its name in this folder;\nwrite OUT/report.html and OUT/report.md; exit 1 on a difference."
        )
        let threshold = Option<Int>(
            name: "threshold", valueName: "pixels",
            help:
                "With --check: how many pixels may differ (a channel by more than\n\(SnapshotComparison.tolerance) of 255) in a picture that is still the same."
        ).requiring("check").bounded(.atLeast(0)).defaulting(to: 0)
        let browser = Option<String>(
            name: "browser", valueName: "path", help: "The Chromium or Chrome executable (default: $CHROME, or PATH).")
        let timeout = Option<Double>(
            name: "timeout", valueName: "seconds",
            help: "How long each picture may take, and each remote file half of\nthat at most."
        ).bounded(.above(0)).defaulting(to: Browser.defaultTimeout)
        let strict = Flag(
            name: "strict",
            help: "A tile its server has nothing for (HTTP 404 or 204) is an error,\nnot a transparent tile.")
        let apiKeyEnvironment = SharedOptions.apiKeyEnvironment(
            help:
                "TomTom's API key, for the base map's tiles, from this environment\nvariable; never printed or stored.")
        let localTiles = SharedOptions.localTiles
        let mapLibre = SharedOptions.mapLibre
        let config = SharedOptions.config

        /// Every option above, in help order.
        var all: [any OptionDeclaration] {
            [
                out, tiles, record, check, threshold, browser, timeout, strict, apiKeyEnvironment, localTiles, mapLibre,
                config,
            ]
        }
    }
    static let options = Options()

    /// What the parser cannot say alone: the declarations file exists.
    static func validate(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) {
        try SharedOptions.requireDeclarationsFile(arguments)
    }

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        // First, before any thread is started: a thread that does not block them would take the signals instead.
        Self.stopBrowsersOnInterruption(io: io)
        let declarations = SharedOptions.declarationsPath(arguments)
        let baseline = try Self.options.check.value(in: arguments)?.path
        let browser = try Self.browser(arguments, io: io)
        var preview = try Self.preview(arguments, pictureTimeout: browser.timeout, io: io)
        // The key goes to the pages' gateway, not into the style; no finding or message may show it all the same.
        let build = BuildOptions(environment: io.environment, generatorVersion: MCStyleTool.version)
        let session = CheckSession(try SharedOptions.request(arguments, io: io, build: build, apiKey: preview.apiKey))
        let tiles = try Self.options.tiles.value(in: arguments)
        if let tiles {
            do throws(TileArchiveError) {
                let mode: TileArchive.Mode = Self.options.record.isSet(in: arguments) ? .record : .replay
                preview.archive = try TileArchive(folder: tiles, mode: mode)
            } catch {
                io.writeError(Reporters.errorLine(error.message, masking: session.collector))
                return .inputErrors
            }
        }
        let out = try Self.options.out.required(in: arguments)
        var run = SnapshotRun(
            session: session, declarationsPath: declarations, preview: preview, browser: browser, out: out,
            currentDirectory: io.currentDirectory, baseline: baseline,
            threshold: try Self.options.threshold.value(in: arguments), tilesFolder: tiles)
        if io.errorIsTerminal {
            // The browsers' threads report on standard error; writes of whole lines need no further order.
            nonisolated(unsafe) let terminal = io
            run.progress = { done, total, name in
                terminal.writeError("mc-style: picture \(done) of \(total): \(name)\n")
            }
        }
        let printer = TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io))
        let outcome = run.run { printer.line($0) }
        return try Self.report(outcome, out: out, baseline: baseline, printer: printer, io: io)
    }

    /// The signals that stop a snapshot run cleanly.
    static let interruptions: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The browser --browser names, else $CHROME's, else one on PATH.
    private static func browser(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> Browser {
        let given = try Self.options.browser.value(in: arguments)
        guard var browser = Browser.find(explicit: given, environment: io.environment) else {
            if let given { throw UsageError("the browser '\(given)' given with --browser is not an executable file") }
            throw UsageError("no browser found: \(Browser.installHint)")
        }
        browser.timeout = try Self.options.timeout.value(in: arguments)
        return browser
    }

    /// How the pages are served: the key, drawing options, and remote files fetched within half of
    /// `pictureTimeout` (seconds), 30 s at most.
    private static func preview(_ arguments: ParsedArguments, pictureTimeout: Double, io: ToolIO) throws(UsageError)
        -> PreviewOptions
    {
        var preview = PreviewOptions()
        preview.apiKey = try SharedOptions.apiKey(Self.options.apiKeyEnvironment, arguments, io: io)
        preview.environment = io.environment
        preview.fetchTimeout = min(30, pictureTimeout / 2)
        preview.emptyTilesAreErrors = Self.options.strict.isSet(in: arguments)
        preview.servesOnlyItsPages = true
        try PreviewCommand.takeDrawing(
            localTiles: Self.options.localTiles.values(in: arguments),
            mapLibre: Self.options.mapLibre.value(in: arguments), into: &preview)
        return preview
    }

    /// Prints what the run came to and gives the exit status.
    private static func report(
        _ outcome: SnapshotRun.Outcome, out: String, baseline: String?, printer: TextDiagnosticPrinter, io: ToolIO
    ) throws(UsageError) -> ExitCode {
        let written: SnapshotRun.Written
        switch outcome {
        case .findings(let diagnostics):
            let shown = diagnostics.filter { $0.severity != Diagnostic.Severity.note }
            io.writeError(printer.render(shown) + printer.summary(diagnostics))
            return .inputErrors
        case .noViews:
            throw UsageError(
                "the declarations have no views: give views: [{name: NAME, center: [LNG, LAT], zoom: Z}] (see docs/declarations.md)"
            )
        case .failed(let message):
            io.writeError(Reporters.errorLine(message))
            return .inputErrors
        case .unwritable(let diagnostic):
            io.writeError(printer.render([diagnostic]))
            return .inputErrors
        case .written(let result): written = result
        }
        let files = written.pictures
        io.writeOutput(
            "wrote \(out): \(files.map(\.path).joined(separator: ", ")) (\(counted(files.count, "picture")))\n")
        if !written.emptyTiles.isEmpty {
            io.writeOutput(
                "drawn transparent, as their servers had nothing for them (HTTP 404 or 204; --strict makes them errors): "
                    + written.emptyTiles.joined(separator: "; ") + "\n")
        }
        guard let baseline else { return .success }
        let compared = written.compared
        let failing = compared.filter(\.fails)
        for result in failing {
            io.writeOutput("\(result.name): \(SnapshotReport.words(result.verdict))\n")
        }
        io.writeOutput(
            "\(failing.count) of \(compared.count) pictures differ from \(baseline); report: \(FilePaths.join(out, "report.html")), \(FilePaths.join(out, "report.md"))\n"
        )
        return failing.isEmpty ? .success : .inputErrors
    }

    /// SIGINT, SIGTERM, SIGHUP (a closed terminal or SSH session) and SIGQUIT are taken by a thread of their own,
    /// which stops every browser (its whole process group) and removes its profile before the process ends;
    /// nothing has been written then (the pictures are written at once at the end).
    private static func stopBrowsersOnInterruption(io: ToolIO) {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in Self.interruptions { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        nonisolated(unsafe) let io = io
        let waitedFor = signals
        Thread.detachNewThread {
            var set = waitedFor
            var received: Int32 = 0
            sigwait(&set, &received)
            Browser.stopAll()
            io.writeError("snapshot: interrupted: the browsers are stopped and nothing is written\n")
            exit(128 + received)
        }
    }
}
