import LocatedJSON

/// Findings accepted for now (`validate --write-baseline`), so that `validate --baseline` reports only new
/// ones. An entry is a finding's rule, file, layer-stable path and a fingerprint of its message: not its line,
/// so edits elsewhere in the file keep it matching. Entries match findings one for one; an entry that no
/// finding matches any more is stale, and reported so that the baseline can shrink.
public struct Baseline: Sendable, Equatable {
    /// One accepted finding.
    public struct Entry: Sendable, Equatable {
        /// The finding's rule id.
        public var rule: String
        /// The finding's file, as the report names it.
        public var file: String
        /// The path in MapLibre notation, with a layer's index replaced by its id (`layers[id=water].paint`).
        public var path: String
        /// The first 16 hex digits of the SHA-256 of the message, with line numbers in it left out.
        public var fingerprint: String
        /// The message, for a reader of the file (not compared).
        public var message: String
        /// Where the entry is in the baseline file, when read from one.
        public var location: SourceLocation?

        var key: String { [rule, file, path, fingerprint].joined(separator: "\u{1}") }

        /// Entries are equal when they match the same findings.
        public static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.key == rhs.key }
    }

    /// The accepted findings.
    public var entries: [Entry]

    /// A baseline of these entries.
    public init(entries: [Entry] = []) { self.entries = entries }

    /// The baseline of these findings: every one a configuration could change (not unreadable files or syntax
    /// errors, which a baseline must never hide).
    public init(recording diagnostics: [Diagnostic]) {
        entries = diagnostics.compactMap(Self.entry)
    }

    /// The entry a finding has, or nil for findings of rules no baseline may hold back.
    public static func entry(_ diagnostic: Diagnostic) -> Entry? {
        guard RuleCatalog.rule(id: diagnostic.rule)?.isConfigurable ?? false else { return nil }
        return Entry(
            rule: diagnostic.rule, file: diagnostic.fileName ?? "", path: stablePath(diagnostic),
            fingerprint: String(SHA256.hex(Array(lineFreeMessage(diagnostic).utf8)).prefix(16)),
            message: diagnostic.message)
    }

    /// The finding's message with the line numbers it quotes written `line #`: what stays when lines above move.
    public static func lineFreeMessage(_ diagnostic: Diagnostic) -> String {
        diagnostic.message.replacing(/line \d+/, with: "line #")
    }

    /// The finding's path with `layers[N]` written `layers[id=ID]`, so that adding a layer above keeps it.
    public static func stablePath(_ diagnostic: Diagnostic) -> String {
        guard let path = diagnostic.path else { return "" }
        let components = path.components
        guard let id = diagnostic.layerID, components.count >= 2, components[0] == .key("layers"),
            case .index = components[1]
        else {
            return path.mapLibreNotation
        }
        let rest = JSONPath(Array(components.dropFirst(2))).mapLibreNotation
        return "layers[id=\(id)]" + (rest.isEmpty || rest.hasPrefix("[") ? rest : "." + rest)
    }

    /// What the baseline leaves of `diagnostics`: the findings it does not hold, how many it held back, and a
    /// note for each entry that matched nothing.
    public func filter(_ diagnostics: [Diagnostic]) -> (reported: [Diagnostic], heldBack: Int, stale: [Diagnostic]) {
        var remaining: [String: [Int]] = [:]
        for (index, entry) in entries.enumerated() { remaining[entry.key, default: []].append(index) }
        var reported: [Diagnostic] = []
        var heldBack = 0
        for diagnostic in diagnostics {
            if let key = Self.entry(diagnostic)?.key, var indices = remaining[key], !indices.isEmpty {
                indices.removeFirst()
                remaining[key] = indices
                heldBack += 1
            } else {
                reported.append(diagnostic)
            }
        }
        let staleIndices = remaining.values.joined().sorted()
        let stale = staleIndices.map { index in
            let entry = entries[index]
            return Diagnostic(
                .baselineStale,
                "baseline entry no longer matches a finding: [\(entry.rule)] \(entry.file) \(entry.path.isEmpty ? "" : entry.path + ": ")\(entry.message); remove it",
                at: entry.location, path: JSONPath([.key("findings"), .index(index)]),
                fileName: entry.location == nil ? "baseline" : nil)
        }
        return (reported, heldBack, stale)
    }

    /// The baseline file: `{"format": "mc-style-baseline", "version": 1, "findings": [{rule, file, path,
    /// fingerprint, message}]}`, pretty, in the findings' order.
    public func rendered() -> [UInt8] {
        let findings = entries.map { entry -> JSONNode in
            .object([
                "rule": .string(entry.rule), "file": .string(entry.file), "path": .string(entry.path),
                "fingerprint": .string(entry.fingerprint), "message": .string(entry.message),
            ])
        }
        let root = JSONNode.object([
            "format": .string(Self.format), "version": .integer(Self.version), "findings": .array(findings),
        ])
        return JSONWriter(style: .pretty).bytes(root)
    }

    static let format = "mc-style-baseline"
    static let version = 1

    /// Reads a baseline file; a file that is not one is an error at the marked place.
    public static func load(path: String, inputLoader: InputLoader = InputLoader()) -> (
        baseline: Baseline?, diagnostics: [Diagnostic]
    ) {
        let (document, diagnostics) = StyleLoader(inputLoader: inputLoader).load(path: path)
        guard let document else { return (nil, diagnostics) }
        let root = document.root
        func invalid(_ node: JSONNode, _ path: JSONPath, _ message: String) -> (Baseline?, [Diagnostic]) {
            (nil, diagnostics + [Diagnostic(.baselineInvalid, message, at: document.location(of: node), path: path)])
        }
        guard root["format"]?.stringValue == format, root["version"]?.numberValue?.intValue == version else {
            return invalid(
                root, .root,
                "not an mc-style baseline: it needs \"format\": \"\(format)\" and \"version\": \(version) (validate --write-baseline writes one)"
            )
        }
        guard let items = root["findings"]?.arrayValue else {
            return invalid(root, .root, "a baseline needs a \"findings\" array")
        }
        var entries: [Entry] = []
        for (index, item) in items.enumerated() {
            let fields = ["rule", "file", "path", "fingerprint", "message"].map { item[$0]?.stringValue }
            guard let rule = fields[0], let file = fields[1], let path = fields[2], let fingerprint = fields[3] else {
                return invalid(
                    item, JSONPath([.key("findings"), .index(index)]),
                    "a baseline entry needs string \"rule\", \"file\", \"path\" and \"fingerprint\"")
            }
            entries.append(
                Entry(
                    rule: rule, file: file, path: path, fingerprint: fingerprint, message: fields[4] ?? "",
                    location: document.location(of: item)))
        }
        return (Baseline(entries: entries), diagnostics)
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let baselineInvalid = Rule(
        "baseline.invalid", .error, configurable: false,
        summary: "A --baseline file that is not an mc-style baseline.",
        help: "Give a file written by validate --write-baseline.",
        examples: [
            .triggering(.baseline, #"↓["not", "a", "baseline"]"#),
            .passing(.baseline, #"{"format": "mc-style-baseline", "version": 1, "findings": []}"#),
        ])
    static let baselineStale = Rule(
        "baseline.stale", .note, configurable: false,
        summary: "A baseline entry that no finding matches any more (it was fixed).",
        help: "Remove the entry (or write the baseline again) so the baseline only shrinks.",
        examples: [
            .triggering(
                .baseline,
                #"{"format": "mc-style-baseline", "version": 1, "findings": [↓{"rule": "lint.hidden", "file": "style.json", "path": "layers[0]", "fingerprint": "0000000000000000", "message": "gone"}]}"#,
                files: ["style.json": #"{"version": 8, "sources": {}, "layers": []}"#]),
            .passing(
                .baseline, #"{"format": "mc-style-baseline", "version": 1, "findings": []}"#,
                files: ["style.json": #"{"version": 8, "sources": {}, "layers": []}"#]),
        ])
}
