/// A team's settings for the rules (`.mc-style.yaml`): per rule a severity or `off`, and layer-id globs whose
/// findings are not reported, for one rule or for all. Applied to findings after they are made, so every
/// output format shows the effective severity and a rule's check never knows about it.
public struct LintConfiguration: Sendable, Equatable {
    /// What a rule is set to.
    public enum Setting: String, Sendable, CaseIterable {
        /// The rule's findings are dropped.
        case off
        /// The rule's findings are notes.
        case note
        /// The rule's findings are warnings.
        case warning
        /// The rule's findings are errors, and fail the run.
        case error

        /// The severity findings get, or nil for `off`.
        public var severity: Diagnostic.Severity? {
            switch self {
            case .off: return nil
            case .note: return .note
            case .warning: return .warning
            case .error: return .error
            }
        }
    }

    /// One rule's settings.
    public struct RuleSettings: Sendable, Equatable {
        /// nil keeps the rule's default severity.
        public var setting: Setting?
        /// Findings about layers whose id matches one of these are not reported.
        public var ignoredLayers: [LayerGlob]
        /// `lint.contrast` only: the lowest contrast ratio text may have, 1 to 21; nil keeps the default.
        public var minimumRatio: Double? = nil

        /// Settings of one rule: its severity (nil keeps the default) and the layers to ignore.
        public init(setting: Setting? = nil, ignoredLayers: [LayerGlob] = []) {
            self.setting = setting
            self.ignoredLayers = ignoredLayers
        }
    }

    /// Rule id -> its settings.
    public var rules: [String: RuleSettings]
    /// Findings of any configurable rule about layers whose id matches one of these are not reported.
    public var ignoredLayers: [LayerGlob]

    /// The renderers and oldest versions styles must work on (`renderers:`); nil when the file names none.
    /// The declarations' own list, then the command line's, win over it.
    public var renderers: [RendererRequirement]?
    /// Own renderer profile files (`rendererProfiles:`, relative to the configuration file), read when a run
    /// needs its renderers.
    public var rendererProfiles: [RendererProfileReference] = []
    /// Limits on what the composed map may cost per view (`budgets:`).
    public var budgets = CostBudgets()

    /// The contrast ratio `lint.contrast` asks of text unless the configuration says otherwise: 3:1, WCAG AA for
    /// large text (map labels are short and bold, which WCAG counts as large).
    public static let defaultMinimumContrast = 3.0

    /// The contrast ratio `lint.contrast` asks (`rules: {lint.contrast: {minimumRatio: R}}`).
    public var minimumContrast: Double { rules["lint.contrast"]?.minimumRatio ?? Self.defaultMinimumContrast }

    /// A configuration of per-rule settings (by rule id) and layers every rule ignores.
    public init(rules: [String: RuleSettings] = [:], ignoredLayers: [LayerGlob] = []) {
        self.rules = rules
        self.ignoredLayers = ignoredLayers
    }

    /// The findings as configured: rules set `off` and ignored layers left out, other severities replaced.
    /// Rules that are not configurable pass unchanged. Only `FindingSink` applies a configuration.
    func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !rules.isEmpty || !ignoredLayers.isEmpty else { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            guard diagnostic.isConfigurable else { return diagnostic }
            let settings = rules[diagnostic.rule]
            if let layer = diagnostic.layerID,
                (ignoredLayers + (settings?.ignoredLayers ?? [])).contains(where: { $0.matches(layer) })
            {
                return nil
            }
            guard let setting = settings?.setting else { return diagnostic }
            guard let severity = setting.severity else { return nil }
            return severity == diagnostic.severity ? diagnostic : diagnostic.with(severity: severity)
        }
    }
}

/// A layer-id pattern: `*` stands for any run of characters (none included), `?` for one; the rest is literal.
public struct LayerGlob: Sendable, Equatable, CustomStringConvertible {
    /// The glob as written: `*` matches any run of characters, `?` one character.
    public let pattern: String

    /// A glob over layer ids.
    public init(_ pattern: String) { self.pattern = pattern }

    /// The glob as written.
    public var description: String { pattern }

    /// True when the whole of `id` matches.
    public func matches(_ id: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        let text = Array(id.unicodeScalars)
        // Greedy matching with one backtrack point: the last `*` seen and where in the text it resumed.
        var p = 0
        var t = 0
        var star: (pattern: Int, text: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let resume = star {
                p = resume.pattern + 1
                t = resume.text + 1
                star = (resume.pattern, resume.text + 1)
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
