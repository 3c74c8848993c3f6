extension DiagnosticCollector {
    /// The collector masking every value of a run that is secret: the API key (as given and as filled into a
    /// URL) and, once the declarations are read, each value their `${NAME}` references take from the
    /// environment (`environmentValues` adds those a run is given directly: `resolve --env`). The one place
    /// that decides what a run keeps out of its output.
    public func maskingSecrets(
        apiKey: String?, declarations: Declarations? = nil, environmentValues: [String] = []
    ) -> DiagnosticCollector {
        masking((apiKey.map { [$0] } ?? []) + (declarations?.environmentValues ?? []) + environmentValues)
    }
}
