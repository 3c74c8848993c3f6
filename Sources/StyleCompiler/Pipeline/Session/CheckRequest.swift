/// What a check session is asked to do, as a command line, an editor or a server gives it: the inputs' options,
/// where the team's rule settings are, the asset files and renderer profiles named, the baseline, the API key
/// and the finding limit. `CheckSession` reads all of it once.
public struct CheckRequest: Sendable {
    /// Where the team's rule settings (`.mc-style.yaml`) come from.
    public enum Configuration: Sendable, Equatable {
        /// No settings: every rule at its own severity.
        case none
        /// This file (`--config FILE`), named as given.
        case file(String)
        /// The first `.mc-style.yaml` from `folder` upward to the repository root; findings in it name it
        /// relative to `displayFolder` when one is given (the folder the tool runs in), else by its path.
        case search(from: String, displayFolder: String?)
    }

    /// The inputs' options: target, base override, environment, overlay, stand-ins. The session fills in its
    /// collector, assets, renderers and renderer profiles.
    public var build: BuildOptions
    /// Where the rule settings are.
    public var configuration: Configuration
    /// How many findings of one rule listing outputs show (`--max-findings`).
    public var limit: FindingLimit
    /// Asset files the command line names (`--sprite`, `--fonts`, `--vector-layers`).
    public var assets: StyleAssets.Paths
    /// Own renderer profile files the command line names (`--renderer-profile`).
    public var rendererProfilePaths: [String]
    /// A baseline whose findings are held back (`--baseline`); nil: none.
    public var baselinePath: String?
    /// The API key that fills `{key}` in TomTom URLs (`--api-key-env`); nil leaves the placeholder. No output
    /// shows it, as given or as filled.
    public var apiKey: String?

    /// A request for `build`, with the settings found from `configuration`; nothing else named.
    public init(
        build: BuildOptions, configuration: Configuration = .none, limit: FindingLimit = .standard,
        assets: StyleAssets.Paths = StyleAssets.Paths(), rendererProfilePaths: [String] = [],
        baselinePath: String? = nil, apiKey: String? = nil
    ) {
        self.build = build
        self.configuration = configuration
        self.limit = limit
        self.assets = assets
        self.rendererProfilePaths = rendererProfilePaths
        self.baselinePath = baselinePath
        self.apiKey = apiKey
    }
}
