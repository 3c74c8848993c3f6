import LocatedJSON

/// Why a YAML file was refused: a stable kind (its rule id is `yaml.<kind>`), where, and what was expected.
public struct YAMLError: Error, Sendable, CustomStringConvertible {
    /// What is wrong; the raw value is the rule id's tail (`yaml.syntax`).
    public enum Kind: String, Sendable, CaseIterable {
        /// libyaml's scanner or parser refused the text (tabs in indentation, bad indentation, unclosed quotes, ...).
        case syntax
        /// The bytes are not valid UTF-8 (libyaml's reader).
        case encoding
        /// A mapping has the same key twice.
        case duplicateKey = "duplicate-key"
        /// Alias expansion would exceed the node budget ("billion laughs").
        case aliasBudget = "alias-budget"
        /// An alias names no anchor defined before it.
        case unknownAlias = "unknown-alias"
        /// Nesting deeper than the limit.
        case tooDeep = "too-deep"
        /// More than one document in the stream.
        case multipleDocuments = "multiple-documents"
        /// A tag mc-style does not know.
        case unknownTag = "unknown-tag"
        /// A mapping key that is not a scalar.
        case complexKey = "complex-key"
        /// A merge key (`<<`) whose value is not a mapping or a list of mappings.
        case badMerge = "bad-merge"
        /// A scalar longer than the limit.
        case stringTooLong = "string-too-long"
        /// The file holds no document.
        case empty
        /// An `!include` could not be followed; `specificRule` says why (the include handler's rule).
        case include
    }

    /// What is wrong.
    public let kind: Kind
    /// Where it is wrong.
    public let location: SourceLocation
    /// A sentence without the location; libyaml's own problem text where it gave one.
    public let message: String
    /// Other places that explain this one ("first defined here").
    public let related: [(message: String, location: SourceLocation)]
    /// A rule id given by whoever raised the error (an include handler), used instead of `yaml.<kind>`.
    public let specificRule: String?

    /// An error of `kind` at `location`, with the message to show.
    public init(
        _ kind: Kind, at location: SourceLocation, _ message: String,
        related: [(message: String, location: SourceLocation)] = [], specificRule: String? = nil
    ) {
        self.kind = kind
        self.location = location
        self.message = message
        self.related = related
        self.specificRule = specificRule
    }

    /// The stable rule id: `yaml.<kind>`, or the include handler's own.
    public var rule: String { specificRule ?? "yaml.\(kind.rawValue)" }

    /// `file:line:column: message [rule]`.
    public var description: String { "\(location): \(message) [\(rule)]" }
}
