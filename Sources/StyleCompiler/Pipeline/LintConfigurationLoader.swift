import Foundation
import LocatedJSON
import StyleSpec
import YAMLReader

/// Reads a configuration file (`.mc-style.yaml`) into a `LintConfiguration`, with every mistake located:
///
/// ```yaml
/// version: 1
/// rules:
///   lint.hidden: off                  # off | note | warning | error
///   assets.field: error
///   lint.covered: {severity: note, ignoreLayers: ["mc-raster-layer-satellite"]}
/// ignoreLayers: ["scratch-*"]          # layer-id globs (* and ?) for every rule
/// renderers: [maplibre-gl-js 5.3.0]    # what styles must work on (declarations and --renderer win)
/// rendererProfiles: [orbis.yaml]       # own renderer profiles, relative to this file
/// ```
public struct LintConfigurationLoader {
    /// The file name looked for.
    public static let fileName = InputKind.configurationFileName

    /// Reads the configuration file, with its size limit.
    public var inputLoader: InputLoader

    /// A loader reading with `inputLoader`.
    public init(inputLoader: InputLoader = InputLoader()) {
        self.inputLoader = inputLoader
    }

    /// The configuration file that applies in `folder`: the first `.mc-style.yaml` from there upward, stopping
    /// at the repository root (the first folder that has `.git`); nil when there is none.
    public static func find(from folder: String) -> String? {
        var current = FilePaths.normalized(folder)
        while true {
            let candidate = FilePaths.join(current, fileName)
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = FilePaths.directory(of: current)
            if FileManager.default.fileExists(atPath: FilePaths.join(current, ".git")) || parent == current
                || parent.isEmpty
            {
                return nil
            }
            current = parent
        }
    }

    /// The configuration in the file at `path`, and its mistakes (nil when there are errors: a half-read
    /// configuration would silently report something else than the team asked for). Findings name the file
    /// `displayName` (by default `path`).
    public func load(path: String, displayName: String? = nil) -> (
        configuration: LintConfiguration?, diagnostics: [Diagnostic]
    ) {
        let file: SourceFile
        do { file = try inputLoader.load(path: path, displayName: displayName) } catch {
            return (nil, [error.diagnostic])
        }
        let root: JSONNode
        do { root = try YAMLReader().read(file) } catch { return (nil, [Diagnostic(error)]) }
        var reading = ConfigurationReading(
            file: file, folder: FilePaths.directory(of: path), project: ProjectFolder(declarationsPath: path))
        let configuration = reading.configuration(root)
        return (reading.diagnostics.containsErrors ? nil : configuration, reading.diagnostics.sortedByPlace())
    }
}

/// One reading of a configuration tree: the findings so far.
private struct ConfigurationReading {
    /// The configuration file, through which the tree's locations are found.
    let file: SourceFile
    /// The configuration file's folder, which its profile paths are relative to.
    let folder: String
    /// The project the configuration's paths must stay in, as a declarations file's do.
    let project: ProjectFolder?
    var diagnostics: [Diagnostic] = []

    static let keys = ["version", "rules", "ignoreLayers", "renderers", "rendererProfiles", "budgets"]
    static let budgetKeys = ["requestsPerView", "stackedRasters", "activeLayers", "styleBytes"]
    static let ruleKeys = ["severity", "ignoreLayers", "minimumRatio"]

    mutating func configuration(_ root: JSONNode) -> LintConfiguration {
        var configuration = LintConfiguration()
        guard let object = root.objectValue else {
            if root.value != .null { fail(root, .root, "a configuration is a mapping with 'rules' and 'ignoreLayers'") }
            return configuration
        }
        for member in object.members where !Self.keys.contains(member.key) {
            fail(
                file.keyLocation(of: member) ?? file.location(of: member.value), JSONPath([.key(member.key)]),
                "'\(member.key)' is not a configuration key (\(Self.keys.joined(separator: ", ")))"
                    + Suggestion.didYouMean(member.key, among: Self.keys))
        }
        if let version = object["version"], version.stringValue != "1" {
            fail(version, JSONPath([.key("version")]), "the configuration version is 1")
        }
        if let globs = object["ignoreLayers"] {
            configuration.ignoredLayers = layerGlobs(globs, path: JSONPath([.key("ignoreLayers")]))
        }
        if let renderers = object["renderers"], renderers.value != .null {
            var requirements: [RendererRequirement] = []
            for (text, node, path) in strings(renderers, path: JSONPath([.key("renderers")]), what: "renderers") {
                guard let requirement = RendererRequirement(text, location: file.location(of: node), path: path) else {
                    fail(node, path, "a renderer is its name and oldest version, such as maplibre-gl-js 5.3.0")
                    continue
                }
                requirements.append(requirement)
            }
            configuration.renderers = requirements
        }
        if let profiles = object["rendererProfiles"], profiles.value != .null {
            let displayFolder = FilePaths.directory(of: file.name)
            for (text, node, path) in strings(
                profiles, path: JSONPath([.key("rendererProfiles")]), what: "rendererProfiles")
            {
                let (profilePath, shown) = (FilePaths.join(folder, text), FilePaths.join(displayFolder, text))
                // Found by itself in any folder above the work: a path out of the project is never read or quoted.
                guard project?.contains(profilePath) ?? false else {
                    diagnostics.append(
                        CompilationInputs.escapeDiagnostic(
                            "\(path)", shown: shown, project: project, at: file.location(of: node), path: path,
                            reader: "a configuration file"))
                    continue
                }
                configuration.rendererProfiles.append(
                    RendererProfileReference(
                        path: profilePath, displayName: shown, location: file.location(of: node), jsonPath: path))
            }
        }
        if let budgets = object["budgets"], budgets.value != .null {
            configuration.budgets = self.budgets(budgets, path: JSONPath([.key("budgets")]))
        }
        guard let rules = object["rules"] else { return configuration }
        guard let members = rules.objectValue?.members else {
            if rules.value != .null {
                fail(
                    rules, JSONPath([.key("rules")]), "'rules' is a mapping from rule id to off, note, warning or error"
                )
            }
            return configuration
        }
        for member in members {
            let path = JSONPath([.key("rules"), .key(member.key)])
            guard let rule = RuleCatalog.rule(id: member.key) else {
                report(
                    .configUnknownRule, file.keyLocation(of: member) ?? file.location(of: member.value), path,
                    "mc-style has no rule '\(member.key)'"
                        + Suggestion.didYouMean(member.key, among: RuleCatalog.all.map(\.id)))
                continue
            }
            guard rule.isConfigurable else {
                fail(
                    file.keyLocation(of: member) ?? file.location(of: member.value), path,
                    "rule '\(rule.id)' cannot be configured: without what it reports there is nothing to check")
                continue
            }
            if let settings = ruleSettings(member.value, path: path, rule: rule.id) {
                configuration.rules[rule.id] = settings
            }
        }
        return configuration
    }

    private mutating func ruleSettings(_ node: JSONNode, path: JSONPath, rule: String) -> LintConfiguration
        .RuleSettings?
    {
        if node.stringValue != nil {
            return setting(node, path: path).map { LintConfiguration.RuleSettings(setting: $0) }
        }
        guard let object = node.objectValue else {
            fail(node, path, "a rule is set to off, note, warning or error, or to {severity, ignoreLayers}")
            return nil
        }
        for member in object.members where !Self.ruleKeys.contains(member.key) {
            fail(
                file.keyLocation(of: member) ?? file.location(of: member.value), path.appending(member.key),
                "'\(member.key)' is not a rule setting (severity, ignoreLayers; minimumRatio for lint.contrast)"
                    + Suggestion.didYouMean(member.key, among: Self.ruleKeys))
        }
        var settings = LintConfiguration.RuleSettings()
        if let severity = object["severity"] { settings.setting = setting(severity, path: path.appending("severity")) }
        if let globs = object["ignoreLayers"] {
            settings.ignoredLayers = layerGlobs(globs, path: path.appending("ignoreLayers"))
        }
        if let ratio = object["minimumRatio"] {
            // YAML scalars stay text in the tree: a number is read from either.
            let number = ratio.numberValue?.doubleValue ?? ratio.stringValue.flatMap { Double($0) }
            if rule != Rule.lintContrast.id {
                fail(ratio, path.appending("minimumRatio"), "minimumRatio is a setting of lint.contrast only")
            } else if let number, (1...21).contains(number) {
                settings.minimumRatio = number
            } else {
                fail(
                    ratio, path.appending("minimumRatio"),
                    "minimumRatio is a contrast ratio from 1 to 21 (WCAG AA: 4.5 for body text, 3 for large text)")
            }
        }
        return settings
    }

    /// `budgets:`: each limit a whole number of at least 0; `requestsPerView` a number or `{total, sources}`.
    private mutating func budgets(_ node: JSONNode, path: JSONPath) -> CostBudgets {
        var budgets = CostBudgets()
        budgets.location = file.location(of: node)
        guard let object = node.objectValue else {
            fail(node, path, "budgets is a mapping of \(Self.budgetKeys.joined(separator: ", ")) to limits")
            return budgets
        }
        for member in object.members where !Self.budgetKeys.contains(member.key) {
            fail(
                file.keyLocation(of: member) ?? file.location(of: member.value), path.appending(member.key),
                "'\(member.key)' is not a budget (\(Self.budgetKeys.joined(separator: ", ")))"
                    + Suggestion.didYouMean(member.key, among: Self.budgetKeys))
        }
        if let requests = object["requestsPerView"] {
            let requestsPath = path.appending("requestsPerView")
            if let perView = requests.objectValue {
                for member in perView.members where !["total", "sources"].contains(member.key) {
                    fail(
                        file.keyLocation(of: member) ?? file.location(of: member.value),
                        requestsPath.appending(member.key),
                        "'\(member.key)' is not part of requestsPerView (total, sources)"
                            + Suggestion.didYouMean(member.key, among: ["total", "sources"]))
                }
                budgets.requestsPerView = perView["total"].flatMap { limit($0, path: requestsPath.appending("total")) }
                if let sources = perView["sources"] {
                    let sourcesPath = requestsPath.appending("sources")
                    guard let members = sources.objectValue?.members else {
                        fail(sources, sourcesPath, "requestsPerView's sources maps source ids to limits")
                        return budgets
                    }
                    for member in members {
                        guard let limit = limit(member.value, path: sourcesPath.appending(member.key)) else { continue }
                        budgets.requestsPerSource.append((member.key, limit))
                    }
                }
            } else {
                budgets.requestsPerView = limit(requests, path: requestsPath)
            }
        }
        budgets.stackedRasters = object["stackedRasters"].flatMap { limit($0, path: path.appending("stackedRasters")) }
        budgets.activeLayers = object["activeLayers"].flatMap { limit($0, path: path.appending("activeLayers")) }
        budgets.styleBytes = object["styleBytes"].flatMap { limit($0, path: path.appending("styleBytes")) }
        return budgets
    }

    /// One budget: a whole number of at least 0.
    private mutating func limit(_ node: JSONNode, path: JSONPath) -> CostBudgets.Limit? {
        // YAML scalars arrive as text; a JSON configuration's as numbers.
        guard let value = node.numberValue?.intValue ?? node.stringValue.flatMap({ Int($0) }), value >= 0 else {
            fail(node, path, "a budget is a whole number of at least 0")
            return nil
        }
        return CostBudgets.Limit(value, at: file.location(of: node))
    }

    private mutating func setting(_ node: JSONNode, path: JSONPath) -> LintConfiguration.Setting? {
        let words = LintConfiguration.Setting.allCases.map(\.rawValue)
        guard let text = node.stringValue, let setting = LintConfiguration.Setting(rawValue: text) else {
            fail(
                node, path,
                "'\(node.stringValue ?? node.specTypeName)' is not a severity: use \(words.joined(separator: ", "))"
                    + Suggestion.didYouMean(node.stringValue ?? "", among: words))
            return nil
        }
        return setting
    }

    /// A list of strings, each with its node and path; anything else is `config.invalid`.
    private mutating func strings(_ node: JSONNode, path: JSONPath, what: String) -> [(String, JSONNode, JSONPath)] {
        guard let items = node.arrayValue else {
            fail(node, path, "\(what) is a list")
            return []
        }
        var found: [(String, JSONNode, JSONPath)] = []
        for (index, item) in items.enumerated() {
            guard let text = item.stringValue else {
                fail(item, path.appending(index), "each entry of \(what) is a string")
                continue
            }
            found.append((text, item, path.appending(index)))
        }
        return found
    }

    private mutating func layerGlobs(_ node: JSONNode, path: JSONPath) -> [LayerGlob] {
        guard let items = node.arrayValue else {
            fail(node, path, "ignoreLayers is a list of layer-id globs (* and ?)")
            return []
        }
        var globs: [LayerGlob] = []
        for (index, item) in items.enumerated() {
            guard let text = item.stringValue, !text.isEmpty else {
                fail(item, path.appending(index), "a layer-id glob is a non-empty string")
                continue
            }
            globs.append(LayerGlob(text))
        }
        return globs
    }

    private mutating func fail(_ node: JSONNode, _ path: JSONPath, _ message: String) {
        fail(file.location(of: node), path, message)
    }

    private mutating func fail(_ location: SourceLocation?, _ path: JSONPath, _ message: String) {
        report(.configInvalid, location, path, message)
    }

    private mutating func report(_ rule: Rule, _ location: SourceLocation?, _ path: JSONPath, _ message: String) {
        diagnostics.append(Diagnostic(rule, message, at: location, path: path))
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let configInvalid = Rule(
        "config.invalid", .error, configurable: false,
        summary: "A configuration file (.mc-style.yaml) that cannot be used as written.",
        help:
            "Fix the marked value: version 1, rules: {RULE: off|note|warning|error or {severity, ignoreLayers}}, ignoreLayers: [GLOB].",
        examples: [
            .triggering(
                .configuration,
                #"""
                version: 1
                rules:
                  lint.hidden: ↓sometimes
                """#),
            .passing(
                .configuration,
                #"""
                version: 1
                rules:
                  lint.hidden: off
                """#),
        ])
    static let configUnknownRule = Rule(
        "config.unknown-rule", .error, configurable: false,
        summary: "A configuration names a rule mc-style does not have.",
        help: "Use a rule id from docs/rules.md or mc-style schema --config (the message suggests the closest one).",
        examples: [
            .triggering(
                .configuration,
                #"""
                version: 1
                rules:
                  ↓lint.hiden: off
                """#),
            .passing(
                .configuration,
                #"""
                version: 1
                rules:
                  lint.hidden: off
                """#),
        ])
}
