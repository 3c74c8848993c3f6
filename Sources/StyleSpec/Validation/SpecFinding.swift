import LocatedJSON

/// One finding of the specification's validator, as data: how bad, which rule, what, and exactly where. A tool
/// turns these into its own findings (mc-style's `Diagnostic(_:)` masks and bounds the message there).
public struct SpecFinding: Sendable, Equatable {
    /// A second place that explains the first ("first used here", "previously defined here").
    public struct Related: Sendable, Equatable {
        /// What the second place says.
        public let message: String
        /// The second place.
        public let location: SourceLocation

        /// A related place at `location`, with its message.
        public init(_ message: String, at location: SourceLocation) {
            self.message = message
            self.location = location
        }
    }

    /// How bad the finding is: its rule's default, or another where the case decides.
    public let severity: FindingSeverity
    /// The rule it breaks.
    public let rule: SpecRule
    /// What is wrong, in MapLibre's wording where MapLibre has one.
    public let message: String
    /// Where in a file: the start of the value it is about; nil for a value read from no file.
    public let location: SourceLocation?
    /// Where in the document (`layers[3].paint.fill-color`).
    public let path: JSONPath
    /// Other places that explain this one.
    public let related: [Related]
    /// The id of the layer the path is under (`layers[N]...`), if any.
    public let layerID: String?

    /// 1-based line and column (Unicode scalars), when the finding has a location.
    public var position: SourcePosition? { location?.position }

    /// A finding of `rule` at `severity`.
    public init(
        _ severity: FindingSeverity, _ rule: SpecRule, _ message: String, at location: SourceLocation?,
        path: JSONPath, related: [Related] = [], layerID: String? = nil
    ) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.location = location
        self.path = path
        self.related = related
        self.layerID = layerID
    }

    /// An expression error as a finding (rule `style.expression`) under `path`, at the node it names (placed
    /// through `files`), with the value at fault as related place.
    public init(_ error: ExpressionError, under path: JSONPath = .root, in files: any SourceLocator) {
        var full = path
        for index in error.key { full.append(.index(index)) }
        let related = files.location(of: error.offending).map { [Related("the value at fault", at: $0)] } ?? []
        self.init(
            SpecRule.styleExpression.defaultSeverity, .styleExpression, error.message,
            at: files.location(of: error.node),
            path: full, related: related)
    }
}
