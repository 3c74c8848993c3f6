import LocatedJSON

/// `mc-style compat` short of printing: the dated uses of a style, or of every variant a declarations file
/// composes, the verdict per renderer (the specification's three and every own profile the run knows), and the
/// renderer versions the run names (`--renderer`, else `renderers:` of the declarations, else of the
/// configuration).
public struct CompatibilityJob {
    /// What the command line says: the environment, the renderers and own profiles, the configuration.
    public var options: BuildOptions

    /// A job with `options`.
    public init(options: BuildOptions) {
        self.options = options
    }

    /// What a run finds: the report (nil when the input could not be read or composed), the targets it names,
    /// and the findings of reading it.
    public struct Outcome: Sendable {
        /// The verdicts and uses; nil when the input could not be read or composed.
        public let report: CompatibilityReport?
        /// The renderer versions named, each looked up among the profiles.
        public let targets: [RendererTarget]
        /// What kept the input from being read, and names no profile has.
        public let diagnostics: [Diagnostic]
    }

    /// The report for the style at `path`.
    public func style(at path: String) -> Outcome {
        let (document, diagnostics) = StyleLoader(inputLoader: options.inputLoader).load(path: path)
        guard let document, !diagnostics.containsErrors else {
            return Outcome(report: nil, targets: [], diagnostics: diagnostics)
        }
        let (targets, found) = options.rendererTargets(declared: nil)
        let uses = CompatibilityScan.uses(in: document.root, locator: document)
        return outcome(uses, targets: targets, ownProfiles: [], diagnostics: diagnostics + found)
    }

    /// The report over every variant the declarations at `path` compose (a use found in several variants at
    /// one place counts once). Missing environment variables stand in, as `validate --secrets-absent` does: the
    /// composed style's shape does not depend on them.
    public func declarations(at path: String) -> Outcome {
        let (loaded, diagnostics) = CompilationInputs.load(
            declarationsPath: path, environment: options.environment, environmentStandIns: true,
            inputLoader: options.inputLoader)
        guard let inputs = loaded, !diagnostics.containsErrors else {
            return Outcome(report: nil, targets: [], diagnostics: diagnostics)
        }
        let target = options.targetOverride ?? inputs.declarations.target ?? .tomtom
        var uses: [CompatibilityUse] = []
        var seen: Set<String> = []
        // What composing finds comes back with the outcome; the session it runs in pushes it with the rest.
        let composing = FindingSink()
        let styles = inputs.composedStyles(target: target, into: composing)
        let found = diagnostics + composing.findings
        guard let styles else { return Outcome(report: nil, targets: [], diagnostics: found) }
        for (_, style) in styles {
            for use in CompatibilityScan.uses(in: style, locator: inputs.fileTable) {
                let place = use.location.map { "\($0.file.name):\($0.offset)" } ?? use.path.description
                if seen.insert("\(use.feature)\u{1}\(use.capability)\u{1}\(place)").inserted { uses.append(use) }
            }
        }
        guard !found.containsErrors else { return Outcome(report: nil, targets: [], diagnostics: found) }
        let (targets, unknown) = options.rendererTargets(
            declared: inputs.declarations.renderers, declaredProfiles: inputs.rendererProfiles)
        return outcome(uses, targets: targets, ownProfiles: inputs.rendererProfiles, diagnostics: found + unknown)
    }

    /// The report on the three built-in profiles and every own one the run knows, each once.
    private func outcome(
        _ uses: [CompatibilityUse], targets: [RendererTarget], ownProfiles: [RendererProfile],
        diagnostics: [Diagnostic]
    ) -> Outcome {
        let (profiles, found) = options.profiles(adding: ownProfiles)
        // Findings of the profiles already reported with the targets are not repeated.
        let fresh = found.filter { finding in !diagnostics.contains(finding) }
        return Outcome(
            report: CompatibilityReport(uses: uses, profiles: profiles), targets: targets,
            diagnostics: diagnostics + fresh)
    }
}
