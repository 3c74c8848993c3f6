/// Where a job pushes the findings it makes, as it makes them (swift-format's finding emitter): the session
/// behind it applies the team's configuration, then masks the run's secrets, and hands back what counts, so that
/// a rule a team turned off never decides what a job does. A `CheckSession` makes the sink its jobs run with; the
/// default one (of a bare `BuildOptions`) applies no configuration and masks only what the credential scan finds.
public struct FindingSink: Sendable {
    /// The collector behind the sink: the configuration, the finding limit and the secrets known so far; what
    /// else a run prints (a diff of its outputs) is masked with it.
    public let collector: DiagnosticCollector

    /// A sink over `collector`.
    init(_ collector: DiagnosticCollector = DiagnosticCollector()) {
        self.collector = collector
    }

    /// `findings` as the run reports them: configured (some dropped, some at another severity), then masked.
    func push(_ findings: [Diagnostic]) -> [Diagnostic] { collector.collected(findings) }

    /// The sink masking, besides, the secrets of a run that knows its API key and its declarations.
    func learning(apiKey: String?, declarations: Declarations? = nil, environmentValues: [String] = [])
        -> FindingSink
    {
        FindingSink(
            collector.maskingSecrets(apiKey: apiKey, declarations: declarations, environmentValues: environmentValues))
    }
}
