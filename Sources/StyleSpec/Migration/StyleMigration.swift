import LocatedJSON

/// `mc-style migrate` short of files: every legacy function and legacy filter of a style rewritten as the
/// expression MapLibre evaluates in its place, and legacy parts of expression filters as MapLibre's warning
/// suggests; everything else stays byte for byte (key order, number text, spacing, the other values).
public struct StyleMigration: Sendable {
    /// One rewrite: where, what kind, and the text before and after.
    public struct Rewrite: Sendable, Equatable {
        /// What was rewritten.
        public enum Kind: String, Sendable {
            /// A legacy function (`stops`, `property`, `type`, `base`, `default`, `colorSpace`).
            case function
            /// A legacy filter.
            case filter
            /// Legacy syntax inside an expression filter.
            case mixedFilter = "mixed-filter"
        }

        /// What was rewritten.
        public let kind: Kind
        /// Where the value is, in the style.
        public let path: JSONPath
        /// Where the value was written.
        public let location: SourceLocation
        /// Byte range of the value replaced in the original file.
        public let range: Range<Int>
        /// The value's text before.
        public let before: String
        /// The expression written in its place.
        public let after: String

        /// Rewrites are equal when they replace the same bytes with the same text.
        public static func == (lhs: Rewrite, rhs: Rewrite) -> Bool {
            lhs.kind == rhs.kind && lhs.path == rhs.path && lhs.range == rhs.range && lhs.after == rhs.after
        }
    }

    /// Every rewrite, in the order of the file.
    public let rewrites: [Rewrite]
    /// The migrated file.
    public let bytes: [UInt8]

    /// The migration of `document` (parsed from its file's bytes).
    public init(_ document: JSONDocument) {
        let file = document.file
        let source = file.bytes
        var found: [Rewrite] = []
        let layers = document.root["layers"]?.arrayValue ?? []
        // A legacy `ref` layer takes the type of the layer it names (the first with that id).
        var typeByID: [String: String] = [:]
        for layer in layers {
            if let id = layer["id"]?.stringValue, typeByID[id] == nil, let type = layer["type"]?.stringValue {
                typeByID[id] = type
            }
        }
        for (index, layer) in layers.enumerated() {
            let layerPath = JSONPath([.key("layers"), .index(index)])
            let type = layer["type"]?.stringValue ?? layer["ref"]?.stringValue.flatMap { typeByID[$0] }
            for group in ["paint", "layout"] {
                for member in layer[group]?.objectValue?.members ?? [] {
                    guard let function = member.value.objectValue, let type,
                        let spec = StyleSpecCatalog.index["\(group)_\(type)"]?[member.key]
                    else { continue }
                    let expression = LegacyFunction.convert(function, spec: ExpressionSpec(spec))
                    if let rewrite = Self.rewrite(
                        member.value, with: expression, kind: .function,
                        path: layerPath.appending(group).appending(member.key), in: file)
                    {
                        found.append(rewrite)
                    }
                }
            }
            guard let filter = layer["filter"] else { continue }
            let filterPath = layerPath.appending("filter")
            if FilterSyntax.classify(filter) == .legacy {
                if let rewrite = Self.rewrite(
                    filter, with: LegacyFilter.convert(filter), kind: .filter, path: filterPath, in: file)
                {
                    found.append(rewrite)
                }
            } else {
                for mixed in FilterSyntax.mixedLegacyFilters(in: filter) {
                    let replacement = FilterSyntax.expression(replacing: mixed.node) ?? LegacyFilter.convert(mixed.node)
                    var path = filterPath
                    for step in mixed.path { path.append(.index(step)) }
                    if let rewrite = Self.rewrite(
                        mixed.node, with: replacement, kind: .mixedFilter, path: path, in: file)
                    {
                        found.append(rewrite)
                    }
                }
            }
        }
        rewrites = found.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var output: [UInt8] = []
        output.reserveCapacity(source.count)
        var cursor = 0
        for rewrite in found.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
        where rewrite.range.lowerBound >= cursor {
            output += source[cursor..<rewrite.range.lowerBound]
            output += Array(rewrite.after.utf8)
            cursor = rewrite.range.upperBound
        }
        output += source[cursor...]
        bytes = output
    }

    /// The rewrite of `node`'s text into `expression`'s, written as the original was (on one line, or over
    /// several lines with its indentation); nil when the node has no place in the file.
    private static func rewrite(
        _ node: JSONNode, with expression: JSONNode, kind: Rewrite.Kind, path: JSONPath, in file: SourceFile
    ) -> Rewrite? {
        let source = file.bytes
        guard let location = file.location(of: node), let end = JSONSpan.end(of: source, from: location.offset) else {
            return nil
        }
        let range = location.offset..<end
        let before = String(decoding: source[range], as: UTF8.self)
        let layout = MigrationText.Layout(original: source, range: range)
        return Rewrite(
            kind: kind, path: path, location: location, range: range, before: before,
            after: MigrationText.write(expression, layout: layout))
    }
}
