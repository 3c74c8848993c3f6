/// What `compile` and `validate` share: which inputs to read, and how to judge what is found in them.
public struct BuildOptions: Sendable {
    /// A base style to use instead of the declarations' `base:` (a path as given on the command line).
    public var baseOverride: String?
    /// Overrides the declarations' `target`; without either, styles are checked for `tomtom`.
    public var targetOverride: Target?
    /// The environment `${NAME}` references are filled from.
    public var environment: [String: String]
    /// Check with stand-ins for missing environment variables (a note each) instead of `env.missing` errors;
    /// for checks only, as nothing may be written with them.
    public var environmentStandIns = false
    /// Write `${NAME}` values into the compiled style (`compile --embed-env`) instead of leaving each a run-time
    /// parameter that `StyleRuntime` fills, as it fills the key.
    public var embedsEnvironment = false
    /// What the command line says of the assets (`--vector-layers`, `--sprite`, `--fonts`); each part wins over
    /// the same part of the declarations' `assets:` section.
    public var assets = StyleAssets()
    /// Where every finding goes: the team's rule settings (`.mc-style.yaml`), applied before errors decide
    /// anything, then the run's secrets masked. Set by the `CheckSession` the run belongs to.
    public internal(set) var sink = FindingSink()

    /// These options with a sink of their own (the same configuration and secrets, none of the findings): for a
    /// surface that runs the same job again and again and shows each run's findings alone (the preview's
    /// rebuilds).
    public func withOwnFindings() -> BuildOptions {
        var copy = self
        copy.sink = sink.fork()
        return copy
    }

    /// The collector behind `sink`, for text that is not a finding (a diff, an error line).
    public var collector: DiagnosticCollector { sink.collector }
    /// Recorded in the manifest as the generator's version.
    public var generatorVersion: String
    /// Texts read instead of files on disk (the language server's unsaved documents); nil reads the disk.
    public var overlay: InputOverlay?
    /// The renderers the command line names (`--renderer`); nil when it names none. They win over the
    /// declarations' `renderers:`, which win over the configuration's.
    public var renderers: [RendererRequirement]?
    /// Own renderer profiles the command line gives (`--renderer-profile`), as read.
    public var rendererProfiles: [RendererProfile] = []

    /// A loader of this run's inputs: its own table of files, reading `overlay` first.
    var inputLoader: InputLoader { InputLoader(overlay: overlay) }

    /// What a compile or a validation is told on the command line.
    public init(
        baseOverride: String? = nil, targetOverride: Target? = nil, environment: [String: String] = [:],
        generatorVersion: String = ToolVersion.current
    ) {
        self.baseOverride = baseOverride
        self.targetOverride = targetOverride
        self.environment = environment
        self.generatorVersion = generatorVersion
    }
}

extension BuildOptions {
    /// The renderer versions a run checks against: the command line's, else the declarations' (`declared`),
    /// else the configuration's; each named among the built-in profiles and the own ones (`profiles(adding:)`).
    /// With the findings of names no profile has, and of the own profiles read.
    func rendererTargets(declared: [RendererRequirement]?, declaredProfiles: [RendererProfile] = []) -> (
        targets: [RendererTarget], diagnostics: [Diagnostic]
    ) {
        guard let requirements = renderers ?? declared ?? collector.configuration.renderers, !requirements.isEmpty
        else { return ([], []) }
        let (profiles, found) = self.profiles(adding: declaredProfiles)
        let (targets, unknown) = RendererTarget.targets(requirements, profiles: profiles)
        return (targets, found + unknown)
    }

    /// The shipped profiles (`RendererProfile.shipped`), then the own ones of the command line, the declarations (`declared`) and the
    /// configuration (read here, from the files it names), each name once: a second profile of a name is a
    /// finding, the same file reached twice is one profile.
    func profiles(adding declared: [RendererProfile]) -> (profiles: [RendererProfile], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var configured: [RendererProfile] = []
        let loader = RendererProfileLoader(inputLoader: inputLoader)
        for reference in collector.configuration.rendererProfiles {
            let (profile, found) = loader.load(
                path: reference.path, displayName: reference.displayName, namedAt: reference.location,
                jsonPath: reference.jsonPath, what: reference.jsonPath.description)
            diagnostics += found
            if let profile { configured.append(profile) }
        }
        var profiles = RendererProfile.shipped
        for profile in rendererProfiles + declared + configured {
            if let other = profiles.first(where: { $0.name == profile.name }) {
                if other == profile { continue }
                diagnostics.append(
                    Diagnostic(
                        .rendererProfile,
                        "another renderer profile (\(other.file ?? "built in")) is already named '\(profile.name)': give each profile its own name",
                        at: nil, fileName: profile.file))
                continue
            }
            profiles.append(profile)
        }
        return (profiles, diagnostics)
    }
}
