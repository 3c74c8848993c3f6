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

    public init(maximumDepth: Int = JSONParser.defaultMaximumDepth, maximumStringLength: Int = JSONParser.defaultMaximumStringLength) {
        self.maximumDepth = maximumDepth
        self.maximumStringLength = maximumStringLength
    }

    /// Parses a whole file.
    public func parse(_ file: SourceFile) throws(JSONSyntaxError) -> JSONDocument {
        try scan(file, into: { JSONTreeSink(file: file) }) { _, root, duplicateKeys in
            JSONDocument(root: root, file: file, duplicateKeys: duplicateKeys)
        }
    }

    /// Parses a whole file, and hands each element of the root object's array member `key` to `report` (with
    /// its index) as soon as the element is parsed, while the rest of the file is still being parsed: so that
    /// another thread can start on a style's layers early. Only the first such member is reported (a later
    /// duplicate key's array replaces it in the tree, and is not reported); nothing is reported for a root that
    /// is not an object. The elements reported are those of the tree returned, until a syntax error ends the parse.
    public func parse(_ file: SourceFile, reportingElementsOf key: String,
                      to report: (_ index: Int, _ element: JSONNode) -> Void) throws(JSONSyntaxError) -> JSONDocument {
        let result: Result<JSONDocument, JSONSyntaxError> = withoutActuallyEscaping(report) { report in
            do throws(JSONSyntaxError) {
                let observer = JSONTreeSink.ElementObserver(key: key, report: report)
                return .success(try scan(file, into: { JSONTreeSink(file: file, observer: observer) }) { _, root, duplicateKeys in
                    JSONDocument(root: root, file: file, duplicateKeys: duplicateKeys)
                })
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a whole file into a tape (16 bytes a value or key, strings left in the file's bytes) instead of a
    /// tree: for reading a document through once. It accepts and refuses exactly what `parse(_:)` does, with the
    /// same errors and the same duplicate keys; `node(at:)` of the tape is the tree `parse(_:)` builds.
    public func parseTape(_ file: SourceFile) throws(JSONSyntaxError) -> JSONTape {
        try scan(file, into: { JSONTapeSink(file: file) }) { sink, _, duplicateKeys in sink.tape(duplicateKeys: duplicateKeys) }
    }

    /// Scans `file` into the sink `makeSink` makes, and makes the result from the sink, the root value and the
    /// duplicate keys.
    private func scan<Sink: JSONScanSink & ~Copyable, Parsed>(
        _ file: SourceFile, into makeSink: () -> Sink, _ finish: (borrowing Sink, Sink.Value, [DuplicateKey]) -> Parsed
    ) throws(JSONSyntaxError) -> Parsed {
        let result: Result<Parsed, JSONSyntaxError> = file.bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, file: file, sink: makeSink(), maximumDepth: maximumDepth,
                                      maximumStringLength: maximumStringLength)
            do throws(JSONSyntaxError) {
                let (root, duplicateKeys) = try scanner.parseDocument()
                return .success(finish(scanner.sink, root, duplicateKeys))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses text given in memory, naming it `name` in locations. The file made for it stays in memory until
    /// the process exits, so that a tree taken from the document keeps its locations (see `SourceFile`): meant
    /// for short texts such as command-line values and tests.
    public func parse(_ text: String, name: String = "<input>") throws(JSONSyntaxError) -> JSONDocument {
        try parse(SourceFile(name: name, bytes: Array(text.utf8)).keptUntilExit())
    }

    /// Parses text given in memory into a tape, naming it `name` in locations.
    public func parseTape(_ text: String, name: String = "<input>") throws(JSONSyntaxError) -> JSONTape {
        try parseTape(SourceFile(name: name, bytes: Array(text.utf8)))
    }
}

/// A parsed file: its root value, the file it came from, and any duplicate keys found.
public struct JSONDocument: Sendable {
    public var root: JSONNode
    public let file: SourceFile
    public let duplicateKeys: [DuplicateKey]

    public init(root: JSONNode, file: SourceFile, duplicateKeys: [DuplicateKey] = []) {
        self.root = root
        self.file = file
        self.duplicateKeys = duplicateKeys
    }
}
