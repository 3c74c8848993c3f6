import LocatedJSON

/// `mc-style compat` short of printing: the dated uses of a style, or of every variant a declarations file
/// composes, and the verdict per renderer.
public enum CompatibilityJob {
    /// The report for the style at `path`, or the findings that kept it from being read.
    public static func style(at path: String) -> (report: CompatibilityReport?, diagnostics: [Diagnostic]) {
        let (document, diagnostics) = StyleLoader().load(path: path)
        guard let document, !diagnostics.containsErrors else { return (nil, diagnostics) }
        return (CompatibilityReport(uses: CompatibilityScan.uses(in: document.root, locator: document)), diagnostics)
    }

    /// The report over every variant the declarations at `path` compose (a use found in several variants at
    /// one place counts once), or the findings that kept them from being composed. Missing environment
    /// variables stand in, as `validate --secrets-absent` does: the composed style's shape does not depend on them.
    public static func declarations(at path: String, environment: [String: String]) -> (
        report: CompatibilityReport?, diagnostics: [Diagnostic]
    ) {
        let (loaded, diagnostics) = CompilationInputs.load(
            declarationsPath: path, environment: environment, environmentStandIns: true)
        guard let inputs = loaded, !diagnostics.containsErrors else { return (nil, diagnostics) }
        let target = inputs.declarations.target ?? .tomtom
        var uses: [CompatibilityUse] = []
        var seen: Set<String> = []
        var found = diagnostics
        for variant in inputs.variants {
            let (composition, problems) = StyleCompilation.composeUnvalidated(
                base: variant.base.root, declarations: inputs.declarations, target: target, apiKey: nil,
                embedsEnvironment: false, variant: inputs.composedVariant(variant), files: inputs.fileTable)
            found += problems
            guard let composition else { return (nil, found) }
            for use in CompatibilityScan.uses(in: composition.style, locator: inputs.fileTable) {
                let place = use.location.map { "\($0.file.name):\($0.offset)" } ?? use.path.description
                if seen.insert("\(use.feature)\u{1}\(use.capability)\u{1}\(place)").inserted { uses.append(use) }
            }
        }
        guard !found.containsErrors else { return (nil, found) }
        return (CompatibilityReport(uses: uses), found)
    }
}
