/// A strict RFC 8259 parser that records where every value came from.
///
/// Accepts and skips a UTF-8 byte-order mark. Refuses everything else the RFC does not allow (trailing
/// commas, leading zeros, comments, lone surrogates, raw control characters, invalid UTF-8, text after the
/// document) with a `JSONSyntaxError` at the offending byte. Nesting deeper than `maximumDepth` is refused,
/// so the recursion it uses is bounded. Duplicate keys are reported, not refused.
public struct JSONParser: Sendable {
    /// Arrays and objects may nest this deep by default.
    public static let defaultMaximumDepth = 512

    /// Strings may be this long by default, in bytes (4 MiB): far beyond any style, short of a memory hazard.
    public static let defaultMaximumStringLength = 4 << 20

    /// The deepest nesting accepted (the root container is depth 1).
    public var maximumDepth: Int
    /// The longest string accepted, in UTF-8 bytes as written (escapes count as written).
    public var maximumStringLength: Int

    /// A parser that refuses nesting deeper than `maximumDepth` levels and strings longer than `maximumStringLength`
    /// UTF-8 bytes.
    public init(
        maximumDepth: Int = JSONParser.defaultMaximumDepth,
        maximumStringLength: Int = JSONParser.defaultMaximumStringLength
    ) {
        self.maximumDepth = maximumDepth
        self.maximumStringLength = maximumStringLength
    }

    /// Parses a whole file.
    public func parse(_ file: SourceFile) throws(JSONSyntaxError) -> JSONDocument {
        let result: Result<JSONDocument, JSONSyntaxError> = file.bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(
                bytes: buffer, file: file, sink: JSONTreeSink(file: file), maximumDepth: maximumDepth,
                maximumStringLength: maximumStringLength)
            do throws(JSONSyntaxError) {
                let (root, duplicateKeys) = try scanner.parseDocument()
                return .success(JSONDocument(root: root, file: file, duplicateKeys: duplicateKeys))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses text given in memory, naming it `name` in locations: a file of its own, held by the document
    /// (`JSONDocument.location(of:)` finds its nodes), or added to `files` when the caller keeps a table.
    public func parse(
        _ text: String, name: String = "<input>", into files: SourceFiles = SourceFiles()
    ) throws(JSONSyntaxError) -> JSONDocument {
        try parse(files.add(name: name, bytes: Array(text.utf8)))
    }

    /// Parses bytes given in memory, naming them `name` in locations (see `parse(_:name:into:)`).
    public func parse(
        bytes: [UInt8], name: String, into files: SourceFiles = SourceFiles()
    ) throws(JSONSyntaxError) -> JSONDocument {
        try parse(files.add(name: name, bytes: bytes))
    }
}

/// A parsed file: its root value, the file it came from, and any duplicate keys found.
public struct JSONDocument: SourceLocator {
    /// The document's root value.
    public var root: JSONNode
    /// The file the document was parsed from: its nodes' locations are found through it (`location(of:)`).
    public let file: SourceFile
    /// Keys written twice in one object, each with both places (the later value is kept).
    public let duplicateKeys: [DuplicateKey]

    /// A document of `root`, read from `file`.
    public init(root: JSONNode, file: SourceFile, duplicateKeys: [DuplicateKey] = []) {
        self.root = root
        self.file = file
        self.duplicateKeys = duplicateKeys
    }

    /// Where `node` starts, when it was read from this document's file; nil otherwise.
    public func location(of node: JSONNode?) -> SourceLocation? { file.location(of: node) }

    /// Where `member`'s key stands, when it was read from this document's file; nil otherwise.
    public func keyLocation(of member: JSONMember?) -> SourceLocation? { file.keyLocation(of: member) }
}
