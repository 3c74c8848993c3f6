import LocatedJSON

/// `mc-style cost` short of printing: the declarations composed onto every variant's base, then each view
/// (the declarations' `views:` and the command line's) costed as the target's renderer fetches it, and the
/// team's budgets checked.
public struct CostJob: Sendable {
    /// What the command line says: the target, the environment, the configuration (budgets among it).
    public var options: BuildOptions
    /// Views the command line adds (`--view`), costed in every variant.
    public var extraViews: [CostView] = []
    /// The screen the declarations' views are costed on (`--device`); nil keeps their own sizes.
    public var device: DevicePreset?
    /// A snapshot recording whose tile sizes give bytes per view (`--tiles`); nil: none.
    public var recordingFolder: String?

    /// A job with `options`.
    public init(options: BuildOptions) {
        self.options = options
    }

    /// What a run finds: the costs (nil when the declarations could not be read or composed, or there is no
    /// view) and every finding, the budgets' among them.
    public struct Outcome: Sendable {
        /// Per view and variant; nil when nothing could be costed.
        public let costs: [ViewCost]?
        /// The renderer modelled.
        public let model: CostModel
        /// What kept the declarations from being costed, and the budgets passed.
        public let diagnostics: [Diagnostic]
    }

    /// The cost of the declarations at `path`. Missing environment variables stand in, as `validate
    /// --secrets-absent` does: what the map fetches does not depend on them.
    public func run(path: String) -> Outcome {
        let (loaded, readDiagnostics) = CompilationInputs.load(
            declarationsPath: path, environment: options.environment, environmentStandIns: true,
            inputLoader: options.inputLoader)
        // Every finding goes through the sink: the team's settings applied, the run's secrets masked.
        let sink = options.sink
        let mark = sink.count
        sink.learn(apiKey: nil, declarations: loaded?.declarations)
        sink.push(readDiagnostics)
        let target = options.targetOverride ?? loaded?.declarations.target ?? .tomtom
        let model = CostModel.model(for: target)
        func outcome(_ costs: [ViewCost]? = nil) -> Outcome {
            Outcome(costs: costs, model: model, diagnostics: sink.findings(since: mark))
        }
        guard let inputs = loaded, !sink.findings(since: mark).containsErrors else { return outcome() }
        let composed = inputs.composedStyles(target: target, into: sink)
        guard let variants = composed.map({ Self.withVectorStyles($0, inputs: inputs) }),
            !sink.findings(since: mark).containsErrors
        else { return outcome() }
        let views = inputs.declarations.views.map { CostView($0, device: device) } + extraViews
        guard !views.isEmpty else {
            let missing = Diagnostic(
                .declViews,
                "nothing to cost: the declarations have no views: add views: (name, center, zoom, size) or give --view \(CostView.syntax)",
                at: nil, fileName: path)
            sink.push([missing])
            return outcome()
        }
        var recorded: RecordedTiles?
        if let recordingFolder {
            switch RecordedTiles.load(folder: recordingFolder) {
            case .success(let tiles): recorded = tiles
            case .failure(let error):
                sink.push([error.diagnostic])
                return outcome()
            }
        }
        let costed = CostedVariants(views: views, variants: variants, model: model, recorded: recorded)
        sink.push(
            costed.failures.map { view, reason in
                Diagnostic(
                    .declViews, "view '\(view.name)' cannot be costed: \(reason)", at: view.location, fileName: path)
            })
        let budgets = BudgetCheck.findings(
            costed.costs, budgets: sink.collector.configuration.budgets, fileName: inputs.files.first?.name ?? path)
        sink.push(budgets)
        return outcome(costed.costs)
    }

    /// Each variant's style with its vector styles in place of their rasters, at the rasteriser's tile size: on
    /// the phone the two rasters come from LocalTileServer, and what crosses the network is the vector style's own
    /// tiles, which the rasteriser fetches for the tiles it draws (docs/vector-styles.md).
    static func withVectorStyles(_ variants: [(name: String, style: JSONNode)], inputs: CompilationInputs) -> [(
        name: String, style: JSONNode
    )] {
        let styles = Dictionary(
            inputs.vectorStyles.map { ($0.sourceID, $0.document.root) }, uniquingKeysWith: { first, _ in first })
        let placements = VectorStyleInPlace.Placement.all(in: inputs.declarations, styles: styles, rasterised: true)
        guard !placements.isEmpty else { return variants }
        return variants.map { ($0.name, VectorStyleInPlace.mount(placements, in: $0.style).style) }
    }
}
