import LocatedJSON

/// `mc-style validate` short of printing: the findings for one file, read as `compile` reads it.
public struct ValidateJob: Sendable {
    /// Overrides the declarations' target; styles default to tomtom.
    public var target: Target?
    /// A base style to use instead of the declarations' `base`.
    public var baseOverride: String?
    public var environment: [String: String]
    /// Check with stand-ins for missing environment variables instead of `env.missing` errors (a note each).
    public var environmentStandIns = false
    /// What the assets say (`--vector-layers`, `--sprite`, `--fonts`), for the asset checks.
    public var assets = StyleAssets()
    /// The team's rule settings (`.mc-style.yaml`), applied to every finding.
    public var configuration = LintConfiguration()
    /// Recorded by the compile check (unused in findings, but `CompileJob` needs one).
    public var generatorVersion: String
    /// As `CompileJob`'s: set only by a process that exits right after the job.
    public var leavesTreesToProcessExit = false
    /// As `CompileJob`'s: a style's layers get their own checks on another thread while it is parsed.
    public var prechecksBaseLayers = true

    public init(target: Target?, baseOverride: String? = nil, environment: [String: String], generatorVersion: String = ToolVersion.current) {
        self.target = target
        self.baseOverride = baseOverride
        self.environment = environment
        self.generatorVersion = generatorVersion
    }

    /// Every finding for `path`: a `.json` file is a style on its own; anything else is declarations, checked
    /// with their includes, base style and composed style; `-` is standard input, a style when its first
    /// character (after white space and a byte-order mark) is `{`, else declarations.
    public func run(path: String) -> [Diagnostic] {
        if path == "-" {
            let file: SourceFile
            do { file = try InputLoader().loadStandardInput() } catch { return [error.diagnostic] }
            if Self.looksLikeJSONObject(file.bytes) { return validateStyle(StyleLoader().parse(file)) }
            var loader = DeclarationsLoader(environment: environment)
            loader.environmentStandIns = environmentStandIns
            return configuration.apply(loader.load(file, path: nil).diagnostics)
        }
        if path.hasSuffix(".json") {
            let (document, diagnostics, precheck) = StyleLoader().load(path: path, precheckingLayersFor: prechecksBaseLayers ? target ?? .tomtom : nil)
            return validateStyle((document, diagnostics), precheck: precheck)
        }
        var job = CompileJob(declarationsPath: path, baseOverride: baseOverride, targetOverride: target, environment: environment,
                             generatorVersion: generatorVersion)
        job.environmentStandIns = environmentStandIns
        job.assets = assets
        job.configuration = configuration
        job.leavesTreesToProcessExit = leavesTreesToProcessExit
        job.prechecksBaseLayers = prechecksBaseLayers
        return job.check()
    }

    /// True when the first byte that is not white space or part of a UTF-8 byte-order mark is `{`.
    static func looksLikeJSONObject(_ bytes: [UInt8]) -> Bool {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "{")
    }

    private func validateStyle(_ loaded: (document: JSONDocument?, diagnostics: [Diagnostic]), precheck: BaseLayerPrecheck? = nil) -> [Diagnostic] {
        guard let document = loaded.document else { return loaded.diagnostics }
        if leavesTreesToProcessExit { ProcessExit.leave(document) }
        let validator = StyleValidator(target: target ?? .tomtom, assets: assets)
        let found = validator.validate(document.root, base: document, precheck: precheck)
        return configuration.apply(loaded.diagnostics + found).sortedByPlace()
    }
}
