/// One check from request to outcome, for every surface: the commands, the language server's document check,
/// `preview` and `snapshot`. It alone finds and reads the team's configuration and stops on its errors, reads
/// the asset files and renderer profiles named, knows the run's secrets, keeps every finding in its one
/// `FindingSink` (configuration, then masking, as the jobs push them), applies the baseline and decides which
/// folders output may not replace. Never prints: callers hand its outcome to a reporter. Copies of a session
/// share its sink, and so its findings.
///
/// ```swift
/// var session = CheckSession(CheckRequest(build: BuildOptions(environment: env), configuration: .search(
///     from: ".", displayFolder: ".")))
/// session.validate(["mc-style.yaml"])
/// let outcome = session.outcome()   // findings, held back by the baseline, exit status
/// ```
public struct CheckSession: Sendable {
    /// What was asked.
    public let request: CheckRequest
    /// The options every job of this session runs with: the request's, with the collector (configuration,
    /// limit, secrets), the assets and the renderer profiles read.
    public internal(set) var options: BuildOptions
    /// The configuration file read, as found or given; nil without one.
    public let configurationPath: String?
    /// True when the configuration has errors: a check under other rules than the team asked for would mislead,
    /// so nothing else is read or checked; the configuration's findings are the outcome.
    public let isStopped: Bool

    /// A session for `request`: the configuration found and read (its findings first), then, unless it has
    /// errors, the asset files and renderer profiles the request names.
    public init(_ request: CheckRequest) {
        self.request = request
        var options = request.build
        let inputLoader = options.inputLoader
        let (configuration, configurationFindings, path) = Self.configuration(
            request.configuration, inputLoader: inputLoader)
        configurationPath = path
        options.sink = FindingSink(
            DiagnosticCollector(configuration: configuration).maskingSecrets(
                apiKey: request.apiKey))
        options.sink.push(configurationFindings)
        isStopped = configurationFindings.containsErrors
        if !isStopped {
            let (assets, assetFindings) = StyleAssets.load(request.assets, inputLoader: inputLoader)
            options.assets = assets
            var profileFindings: [Diagnostic] = []
            for path in request.rendererProfilePaths {
                let (profile, found) = RendererProfileLoader(inputLoader: inputLoader).load(path: path)
                profileFindings += found
                if let profile { options.rendererProfiles.append(profile) }
            }
            options.sink.push(assetFindings.flatMap(\.diagnostics) + profileFindings)
        }
        self.options = options
    }

    /// Every finding so far, configured and masked, in the order pushed: the sink's.
    public var findings: [Diagnostic] { options.sink.findings }

    /// The collector every finding of this session goes through.
    public var collector: DiagnosticCollector { options.collector }

    /// The team's rule settings in force (empty without a configuration file).
    public var configuration: LintConfiguration { options.collector.configuration }

    /// True when a finding so far is an error.
    public var hasErrors: Bool { findings.containsErrors }

    /// Pushes findings a job made outside the sink: they are configured and masked, then kept.
    public func report(_ diagnostics: [Diagnostic]) {
        options.sink.push(diagnostics)
    }

    /// `diagnostics` configured and masked as this session reports them, without keeping them: for a surface
    /// that shows them at once (a page of the preview).
    public func configured(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        options.sink.configured(diagnostics)
    }

    /// `text` as it may be printed: every credential and each of the session's secrets masked.
    public func masked(_ text: String) -> String { options.collector.masked(text) }
}

extension CheckSession {
    /// The configuration `source` names, its findings (collected by the caller), and the path read.
    private static func configuration(_ source: CheckRequest.Configuration, inputLoader: InputLoader) -> (
        LintConfiguration, [Diagnostic], String?
    ) {
        let path: String
        var displayName: String?
        switch source {
        case .none: return (LintConfiguration(), [], nil)
        case .file(let given): path = given
        case .search(let folder, let displayFolder):
            guard let found = LintConfigurationLoader.find(from: folder) else { return (LintConfiguration(), [], nil) }
            path = found
            // Named relative to where the tool runs, as every other input: findings in it carry no machine path.
            displayName = displayFolder.map { FilePaths.relativePath(from: $0, to: found) }
        }
        let (configuration, diagnostics) = LintConfigurationLoader(inputLoader: inputLoader).load(
            path: path, displayName: displayName)
        return (configuration ?? LintConfiguration(), diagnostics, path)
    }
}
