/// A rule of the style specification, as a value: its stable id, default severity, one-line summary, help, and
/// style documents that do and do not trigger it. Each is a `static let` beside the check that reports it and
/// listed once in `SpecRule.all`; a tool that keeps its own rule catalog takes them from there (mc-style's
/// `Rule(spec:)`), so a rule is declared once.
public struct SpecRule: Sendable, Hashable, CustomStringConvertible {
    /// A stable id such as `style.type`; wording may change, ids do not.
    public let id: String
    /// The severity of its findings unless a tool's configuration changes it.
    public let defaultSeverity: FindingSeverity
    /// One sentence: what the rule finds.
    public let summary: String
    /// One sentence: what to do about a finding.
    public let help: String
    /// Style documents that do and do not trigger the rule, made when asked for.
    public var examples: [SpecRuleExample] { makeExamples() }
    private let makeExamples: @Sendable () -> [SpecRuleExample]

    /// A rule; `examples` are made only when asked for.
    public init(
        _ id: String, _ defaultSeverity: FindingSeverity, summary: String, help: String,
        examples: @escaping @Sendable @autoclosure () -> [SpecRuleExample] = []
    ) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.help = help
        self.makeExamples = examples
    }

    /// Rules are equal when their ids are.
    public static func == (lhs: SpecRule, rhs: SpecRule) -> Bool { lhs.id == rhs.id }
    /// Hashes the id.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    /// The rule's id.
    public var description: String { id }
}

/// A style document that shows a rule at work: a triggering example gives a finding of the rule at each `↓` in
/// its text and nowhere else; a passing example gives none.
public struct SpecRuleExample: Sendable {
    /// True when the style gives the rule's finding, false when it gives none.
    public let triggers: Bool
    /// The style document, with `↓` where a triggering example's findings are.
    public let style: String

    /// A style that gives a finding of the rule at each `↓`.
    public static func triggering(_ style: String) -> SpecRuleExample {
        SpecRuleExample(triggers: true, style: style)
    }

    /// A style that gives no finding of the rule.
    public static func passing(_ style: String) -> SpecRuleExample {
        SpecRuleExample(triggers: false, style: style)
    }
}
