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
    /// anything, then the run's secrets masked.
    public var collector = DiagnosticCollector()
    /// Recorded in the manifest as the generator's version.
    public var generatorVersion: String
    /// Texts read instead of files on disk (the language server's unsaved documents); nil reads the disk.
    public var overlay: InputOverlay?

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
