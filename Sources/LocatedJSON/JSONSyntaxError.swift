/// Why a JSON text was refused: what went wrong, where, and what was expected there.
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        case emptyInput = "empty-input"
        case unexpectedEnd = "unexpected-end"
        case unexpectedCharacter = "unexpected-character"
        case unterminatedString = "unterminated-string"
        case invalidEscape = "invalid-escape"
        case loneSurrogate = "lone-surrogate"
        case controlCharacter = "control-character"
        case trailingComma = "trailing-comma"
        case leadingZero = "leading-zero"
        case invalidNumber = "invalid-number"
        case invalidLiteral = "invalid-literal"
        case missingColon = "missing-colon"
        case trailingContent = "trailing-content"
        case invalidUTF8 = "invalid-utf8"
        case tooDeep = "too-deep"
        case stringTooLong = "string-too-long"
    }

    public let kind: Kind
    public let location: SourceLocation
    /// A sentence saying what is wrong and what was expected, without the location.
    public let message: String

    public init(_ kind: Kind, at location: SourceLocation, _ message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}

/// A key that an object has twice. The parser keeps the later value (at the earlier key's position) and
/// reports both places; the caller decides whether that is an error.
public struct DuplicateKey: Sendable, Equatable {
    public let key: String
    /// Where the key was first written.
    public let first: SourceLocation
    /// Where it was written again.
    public let second: SourceLocation
    /// The object's path (MapLibre notation via `JSONPath`).
    public let objectPath: JSONPath
}
