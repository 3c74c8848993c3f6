import StyleSpec

/// A rule, as a value: its stable id, default severity, one-line summary and help (what to do about a
/// finding). Each rule is a `static let` declared next to the check that reports it and registered once in
/// `RuleCatalog.all`, from which SARIF's rule list and docs/rules.md are derived; a test fails when a
/// declared rule is not registered, never reported, or undocumented. Report sites take the value, never a
/// string, so an id cannot be misspelt and a severity is stated once.
public struct Rule: Sendable, Hashable, CustomStringConvertible {
    /// A stable id such as `json.syntax`; wording may change, ids do not.
    public let id: String
    /// The severity of its findings unless a configuration changes it.
    public let defaultSeverity: Diagnostic.Severity
    /// One sentence: what the rule finds.
    public let summary: String
    /// One sentence: what to do about a finding.
    public let help: String
    /// False for the rules a configuration may not change: what stops reading or writing altogether (a file
    /// that cannot be read, JSON or YAML that cannot be parsed) and the configuration's own rules.
    public let isConfigurable: Bool
    /// Inputs that do and do not trigger the rule (`RuleExample`), made when asked for: a few are large.
    public var examples: [RuleExample] { makeExamples() }
    private let makeExamples: @Sendable () -> [RuleExample]

    /// A rule; `examples` are made only when asked for, since a few are large.
    public init(
        _ id: String, _ defaultSeverity: Diagnostic.Severity, configurable: Bool = true, summary: String, help: String,
        examples: @escaping @Sendable @autoclosure () -> [RuleExample] = []
    ) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.isConfigurable = configurable
        self.summary = summary
        self.help = help
        self.makeExamples = examples
    }

    /// A rule of the style specification (`StyleSpec`'s validator), as mc-style lists and configures it: the same
    /// id, severity, summary and help, its examples checked as `mc-style validate style.json` checks them.
    public init(spec rule: SpecRule) {
        self.init(
            rule.id, rule.defaultSeverity, summary: rule.summary, help: rule.help,
            examples: rule.examples.map { $0.triggers ? .triggering(.style, $0.style) : .passing(.style, $0.style) })
    }

    /// Rules are equal when their ids are.
    public static func == (lhs: Rule, rhs: Rule) -> Bool { lhs.id == rhs.id }
    /// Hashes the id.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    /// The rule's id.
    public var description: String { id }
}
