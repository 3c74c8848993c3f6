import Foundation
import LocatedJSON
import StyleCompiler

/// `mc-style cost`: what the composed map costs per view (tile requests, layers, overdraw, style size), and the
/// team's budgets checked.
enum CostCommand: Subcommand {
    static let spec = CommandSpec(
        name: "cost",
        abstract:
            "Tell what the composed map costs per view: tile requests per source, layers shown, stacked rasters, style size; check the budgets.",
        discussion: """
            Composes the declarations onto every variant's base and costs each view of views: (in the variants
            it names, else in all) and each --view, as the target's renderer fetches the map: per source the
            tiles it requests to fill the view and those it prefetches, its files (TileJSON, GeoJSON), and the
            tiles it would request if every tile failed; sources that request nothing say why (no layer shown
            at that zoom, below minzoom, outside bounds). Per view: the layers shown by type, the opaque raster
            layers stacked over one another, the style's size, and the requests at each zoom 0 to 22 over the
            view's centre. The model (docs/cost.md) is GL JS 5.3.0's, checked against it in CI, for target
            maplibre; for tomtom, raster tiles drawn at twice their declared size, layers at TomTom's zoom, and
            MapLibre Native's prefetch. Zooms are MapConductor's unified zooms; a pitched view is costed as seen
            from straight above (noted). --tiles FOLDER (a snapshot recording) adds the bytes of the tiles it
            holds. budgets: in .mc-style.yaml are checked as validate checks them (budget.* findings).
            Exit status: 0 printed and within the budgets, 1 the inputs have errors or a budget is passed,
            2 misuse.
            """,
        arguments: [
            .init(name: "declarations", help: "The declarations file (default mc-style.yaml).", isOptional: true)
        ],
        options: options
    )

    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let view = Option<CostView>(
            name: "view", valueName: "lat,lon,zoom,size",
            help:
                "Cost this view too, in every variant: latitude first, as map apps\nshow a place (the declarations' views: center is [lon, lat], as\nGeoJSON). SIZE is WIDTHxHEIGHT[@RATIO] in CSS pixels or a preset\n(\(DevicePreset.names.joined(separator: ", "))).",
            isRepeatable: true)
        let device = Option<DevicePreset>(
            name: "device", valueName: "preset", help: "Cost the declared views on this screen instead of their size.")
        let target = SharedOptions.target(
            help: "tomtom or maplibre: whose renderer to model; overrides the\ndeclarations' target (default tomtom).")
        let tiles = Option<ExistingFolder>(
            name: "tiles", valueName: "folder",
            help: "A snapshot recording (snapshot --record --tiles FOLDER): bytes per\nview from the tiles it holds.")
        let format = SharedOptions.format(
            [.text, .json, .markdown, .html],
            help:
                "text (default), json (for scripts), markdown (a table for a PR\ncomment) or html (one page with a chart per view)."
        )
        let config = SharedOptions.config
        var all: [any OptionDeclaration] { [view, device, target, tiles, format, config] }
    }
    static let options = Options()

    /// What the parser cannot say alone: the declarations file exists.
    static func validate(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) {
        try SharedOptions.requireDeclarationsFile(arguments)
    }

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let build = BuildOptions(
            targetOverride: try options.target.value(in: arguments), environment: io.environment,
            generatorVersion: MCStyleTool.version)
        var session = CheckSession(try SharedOptions.request(arguments, io: io, build: build))
        var job = CostJob(options: build)
        job.extraViews = try options.view.values(in: arguments)
        job.device = try options.device.value(in: arguments)
        job.recordingFolder = try options.tiles.value(in: arguments)?.path
        let outcome = session.cost(job, path: SharedOptions.declarationsPath(arguments))
        let findings = session.findings
        let printer = TextDiagnosticPrinter(useColor: SharedOptions.usesColor(io))
        // A configuration with errors would check other budgets than the team set: only its errors are shown.
        let shown = findings.filter { $0.severity == .error || (!session.isStopped && $0.severity != .note) }
        if !shown.isEmpty { io.writeError(printer.render(shown) + printer.summary(shown)) }
        guard let outcome, let costs = outcome.costs else { return .inputErrors }
        var report = CostPrinter(costs: costs, model: outcome.model)
        if !session.configuration.budgets.isEmpty {
            report.budgetFindings = findings.filter { $0.rule.hasPrefix("budget.") && $0.severity != .note }
        }
        switch try options.format.value(in: arguments) ?? .text {
        case .json: io.writeOutput(JSONWriter(style: .pretty).bytes(report.json()))
        case .markdown: io.writeOutput(report.markdown())
        case .html: io.writeOutput(report.html())
        default: io.writeOutput(report.text())
        }
        return findings.containsErrors ? .inputErrors : .success
    }
}
