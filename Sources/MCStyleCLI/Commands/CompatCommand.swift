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
            --renderer NAME@VERSION (repeatable) also lists every use that version cannot draw.
            Exit status: 0 printed (and every --renderer draws the style), 1 a --renderer cannot draw it or
            the input cannot be read, 2 misuse.
            """,
        arguments: [.init(name: "file", help: "A style (.json) or a declarations file (.yaml, .yml).")],
        options: options
    )
    /// The options, each declared once.
    struct Options: CommandOptions {
        let renderer = Option<String>(
            name: "renderer", valueName: "name@version",
            help:
                "A renderer the style must work on, such as maplibre-gl-js@5.3.0\n(repeatable): every use it cannot draw is listed.",
            isRepeatable: true)
        let format = SharedOptions.format(
            [.text, .json, .markdown], help: "text (default), json, or markdown (a table for a PR comment).")
        var all: [any OptionDeclaration] { [renderer, format] }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let path = arguments.positionals[0]
        var targets: [RendererTarget] = []
        for text in try options.renderer.values(in: arguments) {
            guard let target = RendererTarget(text) else {
                let names = Renderer.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(
                    "'--renderer \(text)': give NAME@VERSION, NAME one of \(names), such as maplibre-gl-js@5.3.0")
            }
            targets.append(target)
        }
        let format = try options.format.value(in: arguments) ?? .text
        let isDeclarations = path.hasSuffix(".yaml") || path.hasSuffix(".yml")
        let (report, diagnostics) =
            isDeclarations
            ? CompatibilityJob.declarations(at: path, environment: io.environment) : CompatibilityJob.style(at: path)
        guard let report else {
            let errors = diagnostics.filter { $0.severity == .error }
            let printer = TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io))
            io.writeError(printer.render(errors) + printer.summary(errors))
            return .inputErrors
        }
        let printer = CompatPrinter(report: report, targets: targets)
        switch format {
        case .json: io.writeOutput(JSONWriter(style: .pretty).bytes(printer.json()))
        case .markdown: io.writeOutput(printer.markdown())
        default: io.writeOutput(printer.text())
        }
        let drawn = targets.allSatisfy { report.unsupported(by: $0.renderer, version: $0.version).isEmpty }
        return drawn ? .success : .inputErrors
    }
}
