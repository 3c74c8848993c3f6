import LocatedJSON

/// Reads one YAML document into the located JSON tree.
///
/// - Mappings keep their key order; keys must be scalars and unique (`yaml.duplicate-key`).
/// - Scalars keep their text and style (`JSONNode.scalarStyle`): plain, quoted or block. They are all strings
///   in the tree except plain `~`, `null`, `Null`, `NULL` and empty scalars, which are null. Numbers and
///   booleans are not guessed: whoever reads a field types the plain scalar by what the field needs, so `NO`,
///   `on` or `0x1F` in a string field stay strings.
/// - Anchors, aliases and merge keys (`<<: *defaults`, `<<: [*a, *b]`; explicit keys win) work. Every node
///   made, alias copies included, counts against `nodeBudget`, and every scalar byte against `byteBudget`, so a
///   "billion laughs" document, or one that copies a large scalar many times, stops with `yaml.alias-budget`
///   long before memory runs out. A mapping takes one merge key.
/// - `!include PATH` on a scalar is handed to `includeHandler`, whose node takes its place. `!!str` marks a
///   plain scalar as a string; the other standard tags are accepted; any other tag is `yaml.unknown-tag`.
/// - One document per file; nesting at most `maximumDepth` deep. Building is iterative (an explicit stack).
public struct YAMLReader {
    /// Mappings and sequences may nest this deep by default (as for JSON).
    public static let defaultMaximumDepth = 512
    /// Nodes one file may produce by default, alias expansions included.
    public static let defaultNodeBudget = 1_000_000
    /// Bytes of scalar text (keys and values) one file may produce by default, alias expansions included: the
    /// input size limit (64 MiB), so that what a file expands to is never more than a file may be.
    public static let defaultByteBudget = 64 << 20

    /// Deepest nesting of mappings and sequences it reads.
    public var maximumDepth: Int
    /// Nodes one file may produce, alias expansions included.
    public var nodeBudget: Int
    /// Scalar bytes the document may expand to, alias copies counted in full.
    public var byteBudget = YAMLReader.defaultByteBudget
    /// Scalars may be this long, in UTF-8 bytes (4 MiB, as for JSON strings).
    public static let maximumScalarLength = 4 << 20
    /// Resolves `!include PATH` (the scalar's text and location) to the node that replaces it.
    public var includeHandler: ((String, SourceLocation) throws(YAMLError) -> JSONNode)?
    /// Where the nodes of every file read are found, for errors placed at them: the table the include handler
    /// reads into, so that a node an include brought is placed in its own file. Without it, the file read alone
    /// places nodes (an included one falls back to the place that brought it).
    public var files: (any SourceLocator)?

    /// A reader with these limits; `includeHandler` resolves `!include PATH` (without one, `!include` is an error),
    /// reading into `files`.
    public init(
        maximumDepth: Int = YAMLReader.defaultMaximumDepth, nodeBudget: Int = YAMLReader.defaultNodeBudget,
        files: (any SourceLocator)? = nil,
        includeHandler: ((String, SourceLocation) throws(YAMLError) -> JSONNode)? = nil
    ) {
        self.maximumDepth = maximumDepth
        self.nodeBudget = nodeBudget
        self.files = files
        self.includeHandler = includeHandler
    }

    /// Reads the single document of `file`. The tree's locations are found through `file`, or through the
    /// `SourceFiles` table it was added to (which also places the nodes an include handler brings from other files).
    public func read(_ file: SourceFile) throws(YAMLError) -> JSONNode {
        if let encoding = Self.unicodeEncoding(file.bytes) {
            throw YAMLError(
                .encoding, at: SourceLocation(file: file, offset: 0),
                "the file is \(encoding): mc-style reads UTF-8 only")
        }
        var builder = YAMLTreeBuilder(reader: self, parser: LibYAMLParser(file: file))
        return try builder.build()
    }

    /// The name of the UTF-16 or UTF-32 encoding a byte-order mark says (UTF-32's marks first: UTF-32LE's
    /// begins as UTF-16LE's does); nil for anything else.
    static func unicodeEncoding(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 (big-endian)" }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 (little-endian)" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16 (big-endian)" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16 (little-endian)" }
        return nil
    }

    /// Reads YAML text given in memory, naming it `name` in locations; the file made for it is added to
    /// `files`, through which the tree's locations are found (by default a table of its own, for callers that
    /// need no location of the tree's nodes: an error still names its place).
    public func read(
        _ text: String, name: String = "<input>", into files: SourceFiles = SourceFiles()
    ) throws(YAMLError) -> JSONNode {
        try read(files.add(name: name, bytes: Array(text.utf8)))
    }
}
