import LocatedJSON
import StyleSpec

/// One finding, as data: how bad, which stable rule, what, and exactly where.
///
/// The library only produces these; printers at the edge (text, JSON, SARIF, GitHub) turn them into output.
/// A message never contains a secret value: rules that see one show at most its first four characters.
public struct Diagnostic: Sendable, Equatable {
    /// How bad a finding is; an error fails the run (`StyleSpec`'s severities, which its validator's findings
    /// carry).
    public typealias Severity = FindingSeverity

    /// A second place that explains the first ("previously defined here"), as the specification's findings carry
    /// one.
    public typealias Related = SpecFinding.Related

    /// How bad the finding is.
    public let severity: Severity
    /// The id of the rule (`Rule.id`), such as `json.syntax` or `style.layer.unknown-source`.
    public let rule: String
    /// What is wrong and, where it can say, what to do; never a secret value.
    public let message: String
    /// Where in a file; nil when the finding is about a file as a whole (it then names `fileName`).
    public let location: SourceLocation?
    /// The file's display name, when there is no location inside it.
    public let fileName: String?
    /// Where in the document, in MapLibre notation when printed.
    public let path: JSONPath?
    /// Other places that explain this one ("previously defined here").
    public let related: [Related]
    /// Text that must not be shown: printers that quote the source line replace each with its first four
    /// characters and "…". (A literal credential found in an input is the source line's own text.)
    public let secrets: [String]
    /// The id of the style layer the finding is about (its path is under `layers[N]`), for a configuration's
    /// layer globs and a baseline's layer-stable paths; nil for findings outside a style's layers.
    public let layerID: String?
    /// Whether a team's configuration may change or silence the finding (its rule's `isConfigurable`).
    public let isConfigurable: Bool
    /// The map design (a variant of `bases:`) whose composition the finding is about, when its message names
    /// it; nil for a finding that holds for every design alike. Findings of several variants are merged by rule,
    /// place and this, never by their text.
    public private(set) var variant: String? = nil

    /// A finding of `rule` at its default severity.
    public init(
        _ rule: Rule, _ message: String, at location: SourceLocation?,
        path: JSONPath? = nil, fileName: String? = nil, related: [Related] = [], secrets: [String] = []
    ) {
        self.init(
            rule.defaultSeverity, rule, message, at: location, path: path, fileName: fileName, related: related,
            secrets: secrets)
    }

    /// A finding of `rule` at another severity than its default (a rule whose severity depends on the case).
    public init(
        _ severity: Severity, _ rule: Rule, _ message: String, at location: SourceLocation?,
        path: JSONPath? = nil, fileName: String? = nil, related: [Related] = [], secrets: [String] = [],
        layerID: String? = nil
    ) {
        self.secrets = secrets
        self.layerID = layerID
        self.isConfigurable = rule.isConfigurable
        self.severity = severity
        self.rule = rule.id
        // A message may quote an input value; a credential in it never gets further than four characters.
        let masked = CredentialScan.mayHoldCredential(message) ? CredentialScan.masked(message, also: secrets) : message
        // ... and no quoted input (an id, a URL, a key name) gets further than a bounded run.
        self.message = MessageBound.bounded(masked)
        self.location = location
        self.fileName = fileName ?? location?.file.name
        self.path = path
        self.related = related
    }

    /// The same finding at another place, with another message (a file that could not be read, reported where
    /// an input names it).
    public func moved(to location: SourceLocation, path: JSONPath, message: String) -> Diagnostic {
        Diagnostic(copying: self, severity: severity, message: message, location: location, path: path)
    }

    /// The same finding with another message (masked and bounded as the first was).
    public func with(message: String) -> Diagnostic {
        Diagnostic(
            copying: self, severity: severity, message: CredentialScan.masked(message, also: secrets),
            location: location, path: path)
    }

    /// The same finding at another severity (a configuration's setting for its rule).
    public func with(severity: Severity) -> Diagnostic {
        Diagnostic(copying: self, severity: severity, message: message, location: location, path: path)
    }

    /// The same finding, about the composition of `variant`.
    public func about(variant: String) -> Diagnostic {
        var copy = self
        copy.variant = variant
        return copy
    }

    /// The same finding with more text that printers must not show (the run's API key and environment values);
    /// `DiagnosticCollector` masks a run's findings with it.
    func masking(_ more: [String]) -> Diagnostic {
        let added = more.filter { !$0.isEmpty && !secrets.contains($0) }
        guard !added.isEmpty else { return self }
        return Diagnostic(
            copying: self, severity: severity, message: CredentialScan.masked(message, also: added), location: location,
            path: path, secrets: secrets + added)
    }

    /// A copy of `other` with some parts replaced; the message is taken as it is (already masked and bounded).
    private init(
        copying other: Diagnostic, severity: Severity, message: String, location: SourceLocation?, path: JSONPath?,
        secrets: [String]? = nil
    ) {
        self.severity = severity
        self.rule = other.rule
        self.message = MessageBound.bounded(message)
        self.location = location
        self.fileName = location?.file.name ?? other.fileName
        self.path = path
        self.related = other.related
        self.secrets = secrets ?? other.secrets
        self.layerID = other.layerID
        self.isConfigurable = other.isConfigurable
        self.variant = other.variant
    }

    /// 1-based line and column (Unicode scalars), when the finding has a location.
    public var position: SourcePosition? { location?.position }

    /// A quoted source line as printers show it: this finding's secrets, and any credential on the line
    /// (a finding about one value must not show another value's key), cut to four characters.
    public func masked(sourceLine line: String) -> String {
        CredentialScan.masked(line, also: secrets)
    }
}

extension Diagnostic {
    /// The diagnostic for a JSON syntax error (rule `json.syntax`).
    public init(_ error: JSONSyntaxError) {
        self.init(.jsonSyntax, error.message, at: error.location)
    }
}

extension Array where Element == Diagnostic {
    /// The findings in reading order: by file (`files` first, in their order, then others as they first
    /// appear), then by position in the file; findings about a file as a whole first; ties keep their order.
    public func sortedByPlace(files: [String] = []) -> [Diagnostic] {
        var rank: [String: Int] = [:]
        for name in files where rank[name] == nil { rank[name] = rank.count }
        for diagnostic in self {
            if let name = diagnostic.fileName, rank[name] == nil { rank[name] = rank.count }
        }
        return enumerated().sorted { left, right in
            let a = (rank[left.element.fileName ?? ""] ?? -1, left.element.location?.offset ?? -1, left.offset)
            let b = (rank[right.element.fileName ?? ""] ?? -1, right.element.location?.offset ?? -1, right.offset)
            return a < b
        }.map(\.element)
    }

    /// True when any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }
    /// How many of the findings are errors.
    public var errorCount: Int { count { $0.severity == .error } }
    /// How many of the findings are warnings.
    public var warningCount: Int { count { $0.severity == .warning } }
}

extension Diagnostic {
    /// The diagnostic for a key written twice in one object (rule `json.duplicate-key`), pointing at the
    /// second and relating the first.
    public static func duplicateKey(_ duplicate: DuplicateKey) -> Diagnostic {
        Diagnostic(
            .jsonDuplicateKey, "duplicate key \"\(duplicate.key)\": a later value replaces the earlier one",
            at: duplicate.second, path: duplicate.objectPath.appending(duplicate.key),
            related: [Related("\"\(duplicate.key)\" first defined here", at: duplicate.first)])
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let jsonSyntax = Rule(
        "json.syntax", .error, configurable: false,
        summary: "The JSON is not valid RFC 8259.",
        help: "Fix the JSON at the marked place: strict RFC 8259 (no comments, no trailing commas, double quotes).",
        examples: [
            .triggering(.style, #"{"version": 8, "sources": {}, "layers": []↓]}"#),
            .passing(.style, #"{"version": 8, "sources": {}, "layers": []}"#),
        ])
    static let jsonDuplicateKey = Rule(
        "json.duplicate-key", .warning,
        summary: "An object has the same key twice; the later value wins.",
        help: "Remove one of the two keys; readers keep the later value.",
        examples: [
            .triggering(.style, #"{"version": 8, "sources": {}, ↓"version": 8, "layers": []}"#),
            .passing(.style, #"{"version": 8, "sources": {}, "layers": []}"#),
        ])
}

extension Diagnostic {
    /// A finding of the specification's validator as mc-style's: its rule as the catalog lists it, the message
    /// masked and bounded as every finding's is.
    public init(_ finding: SpecFinding) {
        self.init(
            finding.severity, Rule(spec: finding.rule), finding.message, at: finding.location, path: finding.path,
            related: finding.related, layerID: finding.layerID)
    }

    /// An expression error as a finding (rule `style.expression`) under `path`, at the node it names (placed
    /// through `files`).
    public init(_ error: ExpressionError, under path: JSONPath = .root, in files: any SourceLocator) {
        self.init(SpecFinding(error, under: path, in: files))
    }
}
