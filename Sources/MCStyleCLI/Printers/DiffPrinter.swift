import LocatedJSON
import StyleCompiler

/// `mc-style diff`'s three formats. Values are compact JSON, credentials cut to four characters, long values
/// cut to a bounded run; ids, keys and file names have their control characters written out (`VisibleText`).
struct DiffPrinter {
    let oldName: String
    let newName: String

    /// The two files' names and every id as shown: controls written out.
    init(oldName: String, newName: String) {
        self.oldName = VisibleText.escaped(oldName)
        self.newName = VisibleText.escaped(newName)
    }

    private static func name(_ text: String) -> String { VisibleText.escaped(DiagnosticCollector().masked(text)) }

    /// A value as shown: compact JSON, masked and bounded; `(none)` when absent.
    static func show(_ value: JSONValue?) -> String {
        guard let value else { return "(none)" }
        let text = JSONWriter(style: .compact).string(JSONNode(value)).trimmingNewline
        return DiagnosticCollector().quoted(text)
    }

    /// One line per change, grouped: layers, sources, root keys.
    func text(_ diff: StyleDiff) -> String {
        guard !diff.isEmpty else {
            return "\(oldName) and \(newName) are the same style (key order and number spelling aside)\n"
        }
        var lines: [String] = ["--- \(oldName)", "+++ \(newName)"]
        for change in diff.changes {
            switch change {
            case .layerAdded(let id, let index): lines.append("+ layer \(Self.name(id)) (at \(index))")
            case .layerRemoved(let id, let index): lines.append("- layer \(Self.name(id)) (was at \(index))")
            case .layerMoved(let id, let from, let to):
                lines.append("~ layer \(Self.name(id)) moved: \(from) -> \(to)")
            case .layerProperty(let id, let key, let old, let new):
                lines.append("~ layer \(Self.name(id)) \(Self.name(key)): \(Self.show(old)) -> \(Self.show(new))")
            case .source(let id, let old, let new):
                let shown = Self.name(id)
                lines.append(
                    old == nil
                        ? "+ source \(shown)"
                        : new == nil ? "- source \(shown)" : "~ source \(shown): \(Self.show(old)) -> \(Self.show(new))"
                )
            case .root(let key, let old, let new):
                lines.append("~ root \(Self.name(key)): \(Self.show(old)) -> \(Self.show(new))")
            }
        }
        return lines.joined(separator: "\n") + "\n\(counted(diff.changes.count, "change"))\n"
    }

    /// `{"old", "new", "changes": [{"kind", ...}], "summary": {"changes": N}}`.
    func json(_ diff: StyleDiff) -> [UInt8] { JSONWriter(style: .pretty).bytes(jsonObject(diff)) }

    /// The object `json` writes.
    func jsonObject(_ diff: StyleDiff) -> JSONNode {
        func value(_ value: JSONValue?) -> JSONNode { value.map { .string(Self.show($0)) } ?? .null }
        let items = diff.changes.map { change -> JSONNode in
            switch change {
            case .layerAdded(let id, let index):
                return .object(["kind": .string("layer-added"), "id": .string(id), "index": .integer(index)])
            case .layerRemoved(let id, let index):
                return .object(["kind": .string("layer-removed"), "id": .string(id), "index": .integer(index)])
            case .layerMoved(let id, let from, let to):
                return .object([
                    "kind": .string("layer-moved"), "id": .string(id), "from": .integer(from), "to": .integer(to),
                ])
            case .layerProperty(let id, let key, let old, let new):
                return .object([
                    "kind": .string("layer-property"), "id": .string(id), "key": .string(key), "old": value(old),
                    "new": value(new),
                ])
            case .source(let id, let old, let new):
                return .object(["kind": .string("source"), "id": .string(id), "old": value(old), "new": value(new)])
            case .root(let key, let old, let new):
                return .object(["kind": .string("root"), "key": .string(key), "old": value(old), "new": value(new)])
            }
        }
        return .object([
            "old": .string(oldName), "new": .string(newName), "changes": .array(items),
            "summary": .object(["changes": .integer(items.count)]),
        ])
    }

    /// Sections with tables, for a pull request comment or `$GITHUB_STEP_SUMMARY`.
    func markdown(_ diff: StyleDiff) -> String {
        func cell(_ text: String) -> String {
            "`" + Self.name(text).replacing("`", with: "'").replacing("|", with: "\\|") + "`"
        }
        var text = "### Style changes: `\(oldName)` → `\(newName)`\n\n"
        guard !diff.isEmpty else { return text + "No changes.\n" }
        var layers: [String] = []
        var properties: [String] = []
        var sources: [String] = []
        var roots: [String] = []
        for change in diff.changes {
            switch change {
            case .layerAdded(let id, let index): layers.append("| added | \(cell(id)) | at \(index) |")
            case .layerRemoved(let id, let index): layers.append("| removed | \(cell(id)) | was at \(index) |")
            case .layerMoved(let id, let from, let to): layers.append("| moved | \(cell(id)) | \(from) → \(to) |")
            case .layerProperty(let id, let key, let old, let new):
                properties.append("| \(cell(id)) | \(cell(key)) | \(cell(Self.show(old))) | \(cell(Self.show(new))) |")
            case .source(let id, let old, let new):
                sources.append("| \(cell(id)) | \(cell(Self.show(old))) | \(cell(Self.show(new))) |")
            case .root(let key, let old, let new):
                roots.append("| \(cell(key)) | \(cell(Self.show(old))) | \(cell(Self.show(new))) |")
            }
        }
        if !layers.isEmpty {
            text +=
                "**Layers**\n\n| change | layer | where |\n|---|---|---|\n" + layers.joined(separator: "\n") + "\n\n"
        }
        if !properties.isEmpty {
            text +=
                "**Properties**\n\n| layer | key | old | new |\n|---|---|---|---|\n"
                + properties.joined(separator: "\n") + "\n\n"
        }
        if !sources.isEmpty {
            text += "**Sources**\n\n| source | old | new |\n|---|---|---|\n" + sources.joined(separator: "\n") + "\n\n"
        }
        if !roots.isEmpty {
            text += "**Root**\n\n| key | old | new |\n|---|---|---|\n" + roots.joined(separator: "\n") + "\n\n"
        }
        return text + "\(counted(diff.changes.count, "change")).\n"
    }

    /// One variant of two compiled folders: its style in each (nil where that folder lacks the variant) and,
    /// when both have it, what changed.
    struct Comparison {
        let variant: String
        let old: String?
        let new: String?
        let diff: StyleDiff?
        /// True for a bundled vector style (`variant` is its declared source id).
        var isVectorStyle = false

        /// True when both folders have the variant and its styles are the same.
        var isSame: Bool { diff?.isEmpty ?? false }
        /// "variant" or "vector style", as the lines name what only one folder has.
        var noun: String { isVectorStyle ? "vector style" : "variant" }
    }

    /// Each variant's text section; a variant only one folder has is one line.
    static func text(_ comparisons: [Comparison]) -> String {
        comparisons.map { comparison in
            let variant = name(comparison.variant)
            switch (comparison.old, comparison.new, comparison.diff) {
            case (let old?, let new?, let diff?): return DiffPrinter(oldName: old, newName: new).text(diff)
            case (_, let new?, _):
                return "+ \(comparison.noun) '\(variant)': only in the new folder (\(VisibleText.escaped(new)))\n"
            case (let old?, _, _):
                return "- \(comparison.noun) '\(variant)': only in the old folder (\(VisibleText.escaped(old)))\n"
            default: return ""
            }
        }.joined(separator: "\n")
    }

    /// Each variant's Markdown section.
    static func markdown(_ comparisons: [Comparison]) -> String {
        comparisons.map { comparison in
            let variant = "`" + name(comparison.variant).replacing("`", with: "'") + "`"
            let noun = comparison.isVectorStyle ? "Vector style" : "Variant"
            switch (comparison.old, comparison.new, comparison.diff) {
            case (let old?, let new?, let diff?): return DiffPrinter(oldName: old, newName: new).markdown(diff)
            case (_, let new?, _):
                return "### \(noun) \(variant) added: `\(VisibleText.escaped(new))`\n\nOnly in the new folder.\n"
            case (let old?, _, _):
                return "### \(noun) \(variant) removed: `\(VisibleText.escaped(old))`\n\nOnly in the old folder.\n"
            default: return ""
            }
        }.joined(separator: "\n")
    }

    /// `{"old": FOLDER, "new": FOLDER, "variants": [{"variant", "old", "new", "changes", "summary"}],
    /// "vectorStyles": [{"vectorStyle", ...}], "summary": {"changes": N, "variantsChanged": N,
    /// "vectorStylesChanged": N}}` (the vector style members only when a folder has one); a variant only one folder
    /// has has `null` for the other path and no changes.
    static func json(_ comparisons: [Comparison], oldFolder: String, newFolder: String) -> [UInt8] {
        var total = 0
        let variants = comparisons.map { comparison -> JSONNode in
            var object = JSONObject()
            object[comparison.isVectorStyle ? "vectorStyle" : "variant"] = .string(comparison.variant)
            if let old = comparison.old, let new = comparison.new, let diff = comparison.diff {
                total += diff.changes.count
                for member in DiffPrinter(oldName: old, newName: new).jsonObject(diff).objectValue?.members ?? [] {
                    object[member.key] = member.value
                }
            } else {
                object["old"] = comparison.old.map { .string(VisibleText.escaped($0)) } ?? .null
                object["new"] = comparison.new.map { .string(VisibleText.escaped($0)) } ?? .null
                object["changes"] = .array([])
            }
            return JSONNode(.object(object))
        }
        let kinds = zip(comparisons, variants)
        let vectorStyles = kinds.filter { $0.0.isVectorStyle }
        return JSONWriter(style: .pretty).bytes(
            .object([
                "old": .string(VisibleText.escaped(oldFolder)), "new": .string(VisibleText.escaped(newFolder)),
                "variants": .array(kinds.filter { !$0.0.isVectorStyle }.map(\.1)),
                "vectorStyles": vectorStyles.isEmpty ? nil : .array(vectorStyles.map(\.1)),
                "summary": .object([
                    "changes": .integer(total),
                    "variantsChanged": .integer(comparisons.filter { !$0.isVectorStyle && !$0.isSame }.count),
                    "vectorStylesChanged": vectorStyles.isEmpty
                        ? nil : .integer(vectorStyles.filter { !$0.0.isSame }.count),
                ]),
            ]))
    }
}
