import LocatedJSON
import StyleCompiler

/// `mc-style compat`: which renderer versions can draw a style, from the specification's own support table.
enum CompatCommand: Subcommand {
    static let spec = CommandSpec(
        name: "compat",
        abstract: "Tell, per renderer, the oldest version that can draw a style and the uses that decide it.",
        discussion: """
            Reads a style (.json), or declarations (.yaml, .yml) composed onto every variant's base, and finds
            each use the style specification's support table dates (sdk-support in v8.json, built in): layer
            types, root, source, layer, paint and layout properties, expression operators, and capabilities
            the style shows (data-driven styling, the array form of hillshade's illumination, global-state
            inside a property, pitch past 60 or 85 degrees, number-format's unit, encoding: mlt). For
            maplibre-gl-js, maplibre-native-android and maplibre-native-ios it prints the oldest version that
            draws them all and the uses that need that version, or the uses no version draws yet with the
            issue that tracks them. TomTom publishes no such table for its SDK: no profile is given for it.
            mapconductor-vectortile, MapConductor's vector tile rasteriser (the renderer of a vector style
            shown on TomTom through LocalTileServer), is shipped as a profile too (docs/commands.md says what is
            read and what inferred). An own profile (--renderer-profile, rendererProfiles:) is judged beside them.
            --renderer NAME@VERSION (repeatable; else renderers: of the declarations or of
            .mc-style.yaml) also lists every use that version cannot draw.
            Exit status: 0 printed (and every --renderer draws the style), 1 a --renderer cannot draw it or
            the input cannot be read, 2 misuse.
            """,
        arguments: [.init(name: "file", help: "A style (.json) or a declarations file (.yaml, .yml).")],
        options: options
    )
    /// The options, each declared once.
    struct Options: CommandOptions {
        let renderer = SharedOptions.renderer
        let rendererProfile = SharedOptions.rendererProfile
        let format = SharedOptions.format(
            [.text, .json, .markdown], help: "text (default), json, or markdown (a table for a PR comment).")
        let config = SharedOptions.config
        var all: [any OptionDeclaration] { [renderer, rendererProfile, format, config] }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let build = BuildOptions(environment: io.environment, generatorVersion: MCStyleTool.version)
        var session = CheckSession(try SharedOptions.request(arguments, io: io, build: build))
        // A configuration or profile with errors would judge something else than the team asked for.
        let outcome = session.compatibility(of: arguments.positionals[0])
        let errors = session.findings.filter { $0.severity == .error }
        guard let outcome, let report = outcome.report, errors.isEmpty else {
            let printer = TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io))
            io.writeError(printer.render(errors) + printer.summary(errors))
            return .inputErrors
        }
        let printer = CompatPrinter(report: report, targets: outcome.targets)
        switch try options.format.value(in: arguments) ?? .text {
        case .json: io.writeOutput(JSONWriter(style: .pretty).bytes(printer.json()))
        case .markdown: io.writeOutput(printer.markdown())
        default: io.writeOutput(printer.text())
        }
        let drawn = outcome.targets.allSatisfy { report.unsupported(by: $0).isEmpty }
        return drawn ? .success : .inputErrors
    }
}
