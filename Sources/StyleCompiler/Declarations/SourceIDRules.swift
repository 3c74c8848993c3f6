import LocatedJSON

/// The checks on source ids across a file: style ids and output file names derive from them.
enum SourceIDRules {
    /// Empty and over-long ids, duplicate ids, ids that make the same style id, and ids that differ only in case.
    static func check(_ sources: [RasterSourceDeclaration], into diagnostics: inout [Diagnostic]) {
        var byID: [String: Int] = [:]
        var bySafeID: [String: Int] = [:]
        var byFileName: [String: Int] = [:]
        for (index, source) in sources.enumerated() {
            let path = JSONPath([.key("sources"), .index(index), .key("id")])
            let location = source.location(of: .id)
            if source.id.isEmpty {
                diagnostics.append(Diagnostic(.declID, "a source id must not be empty", at: location, path: path))
                continue
            }
            if source.id.count > Limits.sourceIDLength {
                diagnostics.append(
                    Diagnostic(
                        .declID,
                        "a source id of \(source.id.count) characters is longer than the limit of \(Limits.sourceIDLength) (style ids and file names derive from it)",
                        at: location, path: path))
                continue
            }
            if let firstIndex = byID[source.id] {
                let first = sources[firstIndex]
                diagnostics.append(
                    Diagnostic(
                        .declDuplicateID, "duplicate source id '\(source.id)'", at: location, path: path,
                        related: first.location(of: .id).map {
                            [Diagnostic.Related("'\(source.id)' first declared here", at: $0)]
                        } ?? []))
                continue
            }
            byID[source.id] = index
            let safe = StyleID.safe(source.id)
            if let otherIndex = bySafeID[safe] {
                let other = sources[otherIndex]
                diagnostics.append(
                    Diagnostic(
                        .declIDCollision,
                        "source ids '\(other.id)' and '\(source.id)' both become the style id '\(StyleID.source(source.id))'",
                        at: location, path: path,
                        related: other.location(of: .id).map {
                            [Diagnostic.Related("'\(other.id)' declared here", at: $0)]
                        } ?? []))
                continue
            }
            bySafeID[safe] = index
            // TileJSON files are named by id: two that differ only in case are one file on macOS's and
            // Windows' case-insensitive file systems.
            let fileName = safe.lowercased()
            if let otherIndex = byFileName[fileName] {
                let other = sources[otherIndex]
                diagnostics.append(
                    Diagnostic(
                        .declIDCollision,
                        "source ids '\(other.id)' and '\(source.id)' differ only in case: their TileJSON files would be one file on a case-insensitive file system (macOS, Windows)",
                        at: location, path: path,
                        related: other.location(of: .id).map {
                            [Diagnostic.Related("'\(other.id)' declared here", at: $0)]
                        } ?? []))
                continue
            }
            byFileName[fileName] = index
        }
    }
}
