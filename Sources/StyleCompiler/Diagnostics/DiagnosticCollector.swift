import StyleRuntime

/// The one way from the rules that make findings to the printers that show them. A run's findings pass through
/// a collector, which applies, in this order: the team's configuration (a rule's severity or `off`, ignored
/// layers), then masking of the run's secrets (the API key as given and as filled, environment values). The
/// baseline is applied by the check session's outcome (`CheckSession.outcome()`), the per-rule limit of what text
/// and GitHub outputs list by their reporters. Text the tool prints that is not a finding (a diff of outputs, an
/// error line) is masked by the same collector.
///
/// Jobs push findings as they go into their session's `FindingSink`, the one caller of `collected`: findings are
/// configured before any error decides what happens next, so a rule a team turned off never stops a build.
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

    /// `diagnostics` as the run reports them: configured (some dropped, some at another severity), then masked.
    func collected(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let configured = configuration.apply(diagnostics)
        return secrets.isEmpty ? configured : configured.map { $0.masking(secrets) }
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
