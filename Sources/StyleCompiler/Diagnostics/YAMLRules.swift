import YAMLReader

/// The YAML reader's rules: one per `YAMLError.Kind` (`yaml.<kind>`); include failures carry the include
/// rules, declared with the include handler in `DeclarationsLoader`.
extension Rule {
    static let yamlRules: [Rule] = YAMLError.Kind.allCases.filter { $0 != .include }.map { kind in
        Rule(
            "yaml.\(kind.rawValue)", .error, configurable: false,
            summary: yamlSummaries[kind] ?? "The YAML cannot be read.",
            help: "Fix the YAML at the marked place; the message gives libyaml's own words.",
            examples: yamlExamples(kind))
    }

    /// The rule of a YAML reader error of `kind` (`yaml.<kind>`).
    static func yaml(_ kind: YAMLError.Kind) -> Rule {
        yamlRules.first { $0.id == "yaml.\(kind.rawValue)" } ?? yamlRules[0]
    }

    private static let yamlSummaries: [YAMLError.Kind: String] = [
        .syntax: "libyaml refused the text (indentation, tabs, quotes, ...).",
        .encoding: "The file is not valid UTF-8.",
        .duplicateKey: "A mapping has the same key twice.",
        .aliasBudget: "Alias expansion exceeds the node budget (billion laughs).",
        .unknownAlias: "An alias names no anchor defined before it.",
        .tooDeep: "Nesting is deeper than the limit.",
        .multipleDocuments: "More than one YAML document in a file.",
        .unknownTag: "A tag mc-style does not know.",
        .complexKey: "A mapping key that is not a scalar.",
        .badMerge: "A merge key whose value is not a mapping or a list of mappings.",
        .empty: "The file holds no YAML document.",
        .stringTooLong: "A value longer than the 4 MiB limit.",
    ]

    /// Each YAML rule's examples (`RuleExample`), by the error's kind.
    private static func yamlExamples(_ kind: YAMLError.Kind) -> [RuleExample] {
        switch kind {
        case .syntax:
            return [
                .triggering(
                    .declarations,
                    #"""
                    version: 1
                    base: base.json
                    sources: [
                    ↓
                    """#),
                .passing(.declarations, RuleExample.plainDeclarations),
            ]
        case .encoding:
            return [
                .triggering(.declarations, bytes: [0xFF, 0xFE, 0x76, 0x00]),
                .passing(.declarations, RuleExample.plainDeclarations),
            ]
        case .duplicateKey:
            return [
                .triggering(
                    .declarations,
                    #"""
                    version: 1
                    base: base.json
                    ↓base: base.json
                    sources: []
                    """#),
                .passing(.declarations, RuleExample.plainDeclarations),
            ]
        case .aliasBudget:
            return [
                .triggering(
                    .declarations,
                    "version: 1\nbase: base.json\n"
                        + (1...9).map { level in
                            "l\(level): &l\(level) ["
                                + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
                        }.joined().replacing("*l0", with: "lol") + "sources: []\n"),
                .passing(
                    .declarations,
                    #"""
                    version: 1
                    base: base.json
                    defaults: &d {opacity: 0.5}
                    sources:
                      - {id: a, urlTemplate: "https://t.example.com/{z}/{x}/{y}.png", <<: *d}
                    """#),
            ]
        case .unknownAlias:
            return [
                .triggering(
                    .declarations,
                    #"""
                    version: 1
                    base: base.json
                    sources: ↓*nothing
                    """#),
                .passing(.declarations, RuleExample.plainDeclarations),
            ]
        case .tooDeep:
            return [
                .triggering(
                    .declarations,
                    "version: 1\nbase: base.json\nsources: " + String(repeating: "[", count: Limits.nestingDepth + 1)
                        + "\n"),
                .passing(.declarations, RuleExample.plainDeclarations),
            ]
        case .multipleDocuments:
            return [
                .triggering(
                    .declarations,
                    #"""
                    version: 1
                    base: base.json
                    sources:
                      - id: hillshade
                        urlTemplate: https://tiles.example.com/hillshade/{z}/{x}/{y}.png
                    ↓---
                    version: 1
                    """#),
                .passing(.declarations, RuleExample.plainDeclarations),
            ]
        case .unknownTag:
            return [
                .triggering(
                    .declarations,
                    #"""
                    version: 1
                    base: ↓!file base.json
                    sources: []
                    """#),
                .passing(.declarations, RuleExample.plainDeclarations),
            ]
        case .complexKey:
            return [
                .triggering(
                    .declarations,
                    #"""
                    version: 1
                    base: base.json
                    ? ↓[a, b]
                    : c
                    sources: []
                    """#),
                .passing(.declarations, RuleExample.plainDeclarations),
            ]
        case .badMerge:
            return [
                .triggering(
                    .declarations,
                    #"""
                    version: 1
                    base: base.json
                    sources:
                      - {id: a, urlTemplate: "https://t.example.com/{z}/{x}/{y}.png", <<: ↓3}
                    """#),
                .passing(
                    .declarations,
                    #"""
                    version: 1
                    base: base.json
                    sources:
                      - {id: a, urlTemplate: "https://t.example.com/{z}/{x}/{y}.png", <<: {opacity: 0.5}}
                    """#),
            ]
        case .empty:
            return [
                .triggering(
                    .declarations,
                    #"""
                    # nothing here
                    """#),
                .passing(.declarations, RuleExample.plainDeclarations),
            ]
        case .stringTooLong:
            return [
                .triggering(
                    .declarations,
                    "version: 1\nbase: base.json\nsources: []\nnote: " + String(repeating: "a", count: (4 << 20) + 1)
                        + "\n"),
                .passing(.declarations, RuleExample.plainDeclarations),
            ]
        case .include: return []
        }
    }
}
