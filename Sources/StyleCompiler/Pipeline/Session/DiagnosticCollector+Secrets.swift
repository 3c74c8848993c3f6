extension DiagnosticCollector {
    /// The collector masking every value of a run that is secret: the API key (as given and as filled into a
    /// URL) and, once the declarations are read, each value their `${NAME}` references take from the
    /// environment (`environmentValues` adds those a run is given directly: `resolve --env`). The one place
    /// that decides what a run keeps out of its output.
    public func maskingSecrets(
        apiKey: String?, declarations: Declarations? = nil, environmentValues: [String] = []
    ) -> DiagnosticCollector {
        masking(Self.secretValues(apiKey: apiKey, declarations: declarations, environmentValues: environmentValues))
    }

    /// The values `maskingSecrets` masks.
    static func secretValues(apiKey: String?, declarations: Declarations?, environmentValues: [String]) -> [String] {
        (apiKey.map { [$0] } ?? []) + (declarations?.environmentValues ?? []) + environmentValues
    }
}

extension FindingSink {
    /// Masks from now on the secrets of a run that knows its API key and its declarations, as
    /// `DiagnosticCollector.maskingSecrets` decides them.
    func learn(apiKey: String?, declarations: Declarations? = nil, environmentValues: [String] = []) {
        mask(
            DiagnosticCollector.secretValues(
                apiKey: apiKey, declarations: declarations, environmentValues: environmentValues))
    }
}
