import StyleCompiler

/// What an open document is, by its name: how it is checked and what the editor features offer in it.
enum DocumentKind: Equatable {
    /// MapConductor raster-source declarations (`*.yaml`, `*.yml`), or a part of them an `!include` reads.
    case declarations
    /// The team's rule settings (`.mc-style.yaml`).
    case configuration
    /// A style (`*.json`): a base or a composed style.
    case style
    /// A rules document (`*.rules.json`, `*.rules.yaml`, `*.rules.yml`): MapConductor's StyleRules.
    case rules

    /// The kind of the file at `path` (`InputKind`, as every command decides it); nil for a file the server does not
    /// handle: one that is neither YAML nor JSON.
    init?(path: String) {
        guard [".json", ".yaml", ".yml"].contains(where: { path.hasSuffix($0) }) else { return nil }
        switch InputKind(path: path) {
        case .declarations: self = .declarations
        case .configuration: self = .configuration
        case .style: self = .style
        case .rules: self = .rules
        }
    }
}

/// One document the editor has open: its text as the editor has it (saved or not) and its version.
struct TextDocument {
    let uri: String
    /// The absolute path the URI names.
    let path: String
    let kind: DocumentKind
    var version: Int
    private(set) var bytes: [UInt8]
    private(set) var lines: LineIndex
    /// True when the text declares a whole declarations file (a top-level `version:` key), rather than a part
    /// read through `!include`; found when the text changes, not on every request.
    private(set) var isDeclarationsRoot: Bool

    init(uri: String, path: String, kind: DocumentKind, version: Int, text: [UInt8]) {
        self.uri = uri
        self.path = path
        self.kind = kind
        self.version = version
        self.bytes = text
        self.lines = LineIndex(text)
        self.isDeclarationsRoot = Self.declaresRoot(text, kind: kind)
    }

    private static func declaresRoot(_ bytes: [UInt8], kind: DocumentKind) -> Bool {
        guard kind == .declarations else { return false }
        return YAMLOutline(bytes).lines.contains { $0.indent == 0 && !$0.isItem && $0.key == "version" }
    }

    /// Replaces `range` (LSP positions; nil: the whole text) with `text`.
    mutating func apply(range: (start: LSPPosition, end: LSPPosition)?, text: [UInt8], encoding: PositionEncoding) {
        if let range {
            let start = lines.offset(of: range.start, encoding: encoding)
            let end = max(start, lines.offset(of: range.end, encoding: encoding))
            bytes.replaceSubrange(start..<end, with: text)
        } else {
            bytes = text
        }
        lines = LineIndex(bytes)
        isDeclarationsRoot = Self.declaresRoot(bytes, kind: kind)
    }
}
