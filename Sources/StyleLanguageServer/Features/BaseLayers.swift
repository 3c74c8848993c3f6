import LocatedJSON
import StyleCompiler

extension LanguageServer {
    /// The layers of the base style at `path`, read through the editor's texts and kept until the text or the
    /// file changes; nil when it cannot be read or is not a style.
    func baseLayers(at path: String) -> BaseLayerIndex? {
        let stamp: String
        if let document = documents[path] {
            stamp = "open:\(document.version):\(document.bytes.count)"
        } else if let onDisk = FileSystem.stamp(path) {
            stamp = onDisk
        } else {
            return nil
        }
        if let kept = baseLayers[path], kept.stamp == stamp { return kept.index }
        let bytes: [UInt8]
        do { bytes = try InputLoader(overlay: overlay).bytes(path: path) } catch { return nil }
        guard let index = BaseLayerIndex(path: path, bytes: bytes) else { return nil }
        baseLayers[path] = (stamp, index)
        return index
    }

    /// The declarations check that covers the YAML document at `path`: its own, or that of a declarations file
    /// that reads it through `!include`.
    func declarationsCheck(for path: String) -> (root: String, check: DocumentCheck)? {
        if let own = checks[path], own.declarations != nil { return (path, own) }
        return checks.filter { $0.value.reads(path) && $0.value.declarations != nil }.min { $0.key < $1.key }
            .map { ($0.key, $0.value) }
    }

    /// The bases of the declarations covering `path`, each with its layers.
    func variantBases(for path: String) -> [(variant: String, path: String, layers: BaseLayerIndex?)] {
        guard let (root, check) = declarationsCheck(for: path) else { return [] }
        return check.bases(declaredIn: root).map { ($0.variant, $0.path, baseLayers(at: $0.path)) }
    }

    /// Where a part read through `!include` sits in the declarations that include it: the path of its root
    /// (`["sources", "-"]` for a source), or nil when no checked declarations file includes it.
    func includedPath(of path: String) -> [String]? {
        guard let (root, _) = declarationsCheck(for: path), root != path else { return nil }
        let bytes = documents[root]?.bytes ?? ((try? InputLoader().bytes(path: root)) ?? [])
        let outline = YAMLOutline(bytes)
        let folder = FilePaths.directory(of: root)
        for (index, line) in outline.lines.enumerated() {
            let value = outline.text(line.valueRange)
            guard value.hasPrefix("!include ") else { continue }
            let target = FilePaths.normalized(FilePaths.join(folder, Self.unquoted(String(value.dropFirst(9)))))
            guard target == path else { continue }
            let holder = outline.path(ofLine: index)
            return line.key.map { holder + [$0] } ?? holder
        }
        return nil
    }

    static func unquoted(_ text: String) -> String {
        let trimmed = text.trimmingSpaces
        if trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first {
            return String(trimmed.dropFirst().dropLast())
        }
        return trimmed
    }
}
