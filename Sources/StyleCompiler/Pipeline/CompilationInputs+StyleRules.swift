import LocatedJSON

extension CompilationInputs {
    /// A rules file a design or a vector style names: where to read it, how findings name it, and where it is named.
    struct NamedRules {
        var path: String
        var shown: String
        var location: SourceLocation?
        var jsonPath: JSONPath
        /// What the rules adjust, for findings: `design 'dark'`, `vector style 'company-map'`.
        var subject: String
        /// The design whose rules these are; nil for a vector style's.
        var variant: String?
    }

    /// Applies each design's `rules:` to its base (its own, or the `from:` design's as derived), in declaration
    /// order, so a design derived from a derived one gets both rule sets. What each rule matched is reported at the
    /// rule; a rules file with errors leaves the design's base as it was (the errors stop `compile`).
    mutating func deriveDesigns(
        folder: String, displayFolder: String, project: ProjectFolder?, inputLoader: InputLoader
    )
        -> [Diagnostic]
    {
        var diagnostics: [Diagnostic] = []
        for declared in declarations.bases {
            guard let index = variants.firstIndex(where: { $0.name == declared.name }) else { continue }
            if let from = declared.from, let source = variants.first(where: { $0.name == from }) {
                variants[index].base = source.base
                variants[index].lockedAssets = source.lockedAssets
            }
            guard let rules = declared.rules else { continue }
            let named = NamedRules(
                path: FilePaths.join(folder, rules), shown: FilePaths.join(displayFolder, rules),
                location: declared.rulesLocation,
                jsonPath: JSONPath([.key("bases"), .key(declared.name), .key("rules")]),
                subject: "design '\(declared.name)'", variant: declared.name)
            let (adjusted, found) = applyRules(
                named, to: variants[index].base, project: project, inputLoader: inputLoader)
            diagnostics += found
            if let adjusted { variants[index].base = adjusted }
        }
        return diagnostics
    }

    /// `named`'s rules applied to `style`: the adjusted document (nil when the rules could not be read or have
    /// errors), and the findings, the rules file recorded among the build's inputs.
    mutating func applyRules(
        _ named: NamedRules, to style: JSONDocument, project: ProjectFolder?, inputLoader: InputLoader
    ) -> (JSONDocument?, [Diagnostic]) {
        if let project, !project.contains(named.path) {
            return (
                nil,
                [
                    Self.escapeDiagnostic(
                        "rules of \(named.subject)", shown: named.shown, project: project, at: named.location,
                        path: named.jsonPath)
                ]
            )
        }
        let (document, found, file) = StyleRulesReader(inputLoader: inputLoader).load(
            path: named.path, displayName: named.shown)
        var diagnostics = found.map { diagnostic in
            guard diagnostic.rule == Rule.ioRead.id, let location = named.location else { return diagnostic }
            return diagnostic.moved(
                to: location, path: named.jsonPath, message: "rules of \(named.subject): \(diagnostic.message)")
        }
        if let file { rulesFiles.append(RulesInput(file: file, variant: named.variant, schema: document?.schema)) }
        guard let document else { return (nil, diagnostics) }
        let applied = StyleRulesApplication(document, to: style.root)
        diagnostics += Self.findings(of: applied, document, subject: named.subject)
        return (JSONDocument(root: applied.style, file: style.file, duplicateKeys: style.duplicateKeys), diagnostics)
    }

    /// What applying `document` did, said at the document and at each rule.
    static func findings(of applied: StyleRulesApplication, _ document: StyleRulesDocument, subject: String)
        -> [Diagnostic]
    {
        let layerCount = applied.layers.count
        var findings = [
            Diagnostic(
                .rulesApplied,
                "schema: \(applied.schema?.name ?? "none") (\(applied.schemaReason)) for \(subject), \(layerCount) layers; \(applied.changes.count) values changed",
                at: document.location, path: .root)
        ]
        for (position, rule) in document.rules.enumerated() {
            let count = applied.matched[position]
            let what = "rule \(rule.number) (\(rule.selector.summary))"
            if count == 0 {
                let hint =
                    rule.selector.namedRoles.isEmpty
                    ? "" : " (schema \(applied.schema?.name ?? "none"): mc-style describe lists each layer's roles)"
                findings.append(
                    Diagnostic(
                        .rulesUnmatched, "\(what) matched no layer of \(subject)\(hint)", at: rule.location,
                        path: rule.path))
            } else {
                findings.append(
                    Diagnostic(
                        .rulesApplied, "\(what) matched \(count) \(count == 1 ? "layer" : "layers") of \(subject)",
                        at: rule.location, path: rule.path))
            }
            if applied.unreached[position] > 0 {
                findings.append(
                    Diagnostic(
                        .rulesUnreached,
                        "\(what) left \(applied.unreached[position]) values of \(subject) as they are: they are read from the data, which a build cannot change",
                        at: rule.location, path: rule.path))
            }
        }
        return findings
    }
}
