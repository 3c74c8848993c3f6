import StyleRuntime

/// What a run's findings are judged and masked by: the team's configuration (a rule's severity or `off`,
/// ignored layers) and the run's secrets (the API key as given and as filled, environment values). The
/// `FindingSink` applies both to every finding as it is pushed, configuration first; text the tool prints that
/// is not a finding (a diff of outputs, an error line) is masked by the collector itself (`masked(_:)`). The
/// baseline is applied by the check session's outcome (`CheckSession.outcome()`), the per-rule limit by the
/// listing reporters.
public struct DiagnosticCollector: Sendable {
    /// The team's rule settings (`.mc-style.yaml`).
    public var configuration: LintConfiguration
    /// Text no printed line may show, besides what the credential scan finds by itself.
    public private(set) var secrets: [String]

    /// A collector for a run with these settings; `secrets` are masked wherever they appear.
    public init(configuration: LintConfiguration = LintConfiguration(), secrets: [String] = []) {
        self.configuration = configuration
        self.secrets = secrets.filter { !$0.isEmpty }
    }

    /// The same collector, masking each of `values` too, as given and percent-encoded (as a filled URL holds
    /// it): the API key and environment values, which a job learns once it has read its inputs.
    public func masking(_ values: [String]) -> DiagnosticCollector {
        var copy = self
        for form in Self.forms(of: values) where !copy.secrets.contains(form) { copy.secrets.append(form) }
        return copy
    }

    /// Each non-empty value as given and percent-encoded: the forms in which a secret reaches a printed line.
    public static func forms(of values: [String]) -> [String] {
        values.filter { !$0.isEmpty }.flatMap { [$0, PercentEncoding.string($0)] }
    }

    /// `text` (not a finding: a diff, a message) as it may be printed: every credential on it and each of the
    /// run's secrets cut to its first four characters.
    public func masked(_ text: String) -> String {
        let mayHold =
            !secrets.isEmpty || CredentialScan.mayHoldCredential(text) || text.utf8.contains(UInt8(ascii: ":"))
            || text.utf8.contains(UInt8(ascii: "\\"))
        return mayHold ? CredentialScan.masked(text, also: secrets) : text
    }

    /// `masked(text)` with any run too long to read cut to a bound, as a finding's message is: for printers
    /// that quote input values outside a finding (`mc-style diff`).
    public func quoted(_ text: String) -> String { MessageBound.bounded(masked(text)) }
}
