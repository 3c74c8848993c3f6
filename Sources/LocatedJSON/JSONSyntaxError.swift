/// Why a JSON text was refused: what went wrong, where, and what was expected there.
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    /// What is wrong with the text; the raw value is a stable id.
    public enum Kind: String, Sendable, CaseIterable {
        /// The input holds no JSON value at all.
        case emptyInput = "empty-input"
        /// The input ends inside a value.
        case unexpectedEnd = "unexpected-end"
        /// A character that cannot stand here.
        case unexpectedCharacter = "unexpected-character"
        /// A string without its closing quote.
        case unterminatedString = "unterminated-string"
        /// A backslash escape JSON does not define.
        case invalidEscape = "invalid-escape"
        /// A `\u` escape of half a surrogate pair.
        case loneSurrogate = "lone-surrogate"
        /// A control character (U+0000 to U+001F) written into a string unescaped.
        case controlCharacter = "control-character"
        /// A comma before a closing bracket or brace.
        case trailingComma = "trailing-comma"
        /// A number with a leading zero (`012`).
        case leadingZero = "leading-zero"
        /// A number JSON's grammar does not allow.
        case invalidNumber = "invalid-number"
        /// A word that is not `true`, `false` or `null`.
        case invalidLiteral = "invalid-literal"
        /// An object key not followed by a colon.
        case missingColon = "missing-colon"
        /// Text after the document's value.
        case trailingContent = "trailing-content"
        /// Bytes that are not UTF-8, at the first bad byte.
        case invalidUTF8 = "invalid-utf8"
        /// Nesting deeper than the parser's limit.
        case tooDeep = "too-deep"
        /// A string longer than the parser's limit.
        case stringTooLong = "string-too-long"
    }

    /// What is wrong.
    public let kind: Kind
    /// Where it is wrong.
    public let location: SourceLocation
    /// A sentence saying what is wrong and what was expected, without the location.
    public let message: String

    /// An error of `kind` at `location`, with the message to show.
    public init(_ kind: Kind, at location: SourceLocation, _ message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// `file:line:column: message`.
    public var description: String { "\(location): \(message)" }
}

/// A key that an object has twice. The parser keeps the later value (at the earlier key's position) and
/// reports both places; the caller decides whether that is an error.
public struct DuplicateKey: Sendable, Equatable {
    /// The key written twice.
    public let key: String
    /// Where the key was first written.
    public let first: SourceLocation
    /// Where it was written again.
    public let second: SourceLocation
    /// The object's path (MapLibre notation via `JSONPath`).
    public let objectPath: JSONPath
}
