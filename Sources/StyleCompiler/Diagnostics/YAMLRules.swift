import YAMLReader

/// The YAML reader's rules: one per `YAMLError.Kind` (`yaml.<kind>`); include failures carry the include
/// rules, declared with the include handler in `DeclarationsLoader`.
extension Rule {
    static let yamlRules: [Rule] = YAMLError.Kind.allCases.filter { $0 != .include }.map { kind in
        Rule("yaml.\(kind.rawValue)", .error, configurable: false, summary: yamlSummaries[kind] ?? "The YAML cannot be read.",
             help: "Fix the YAML at the marked place; the message gives libyaml's own words.")
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
}
