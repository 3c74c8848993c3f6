import LocatedJSON

/// How the assets served now differ from those a lock holds (`fetch-base --check`): what is gone (an icon, a font
/// stack, a vector layer or one of its fields), which breaks a style, and what is new or changed, which does not;
/// and the findings of the saved style's layers that what is gone breaks.
public struct AssetDrift: Sendable {
    /// One thing gone, each in words naming it and where it was.
    public var gone: [String] = []
    /// One thing new or changed, in words.
    public var changed: [String] = []
    /// The asset checks' findings on the saved style with what is served now that it did not have with the lock.
    public var broken: [Diagnostic] = []

    /// True when something the style may use is gone.
    public var isBreaking: Bool { !gone.isEmpty }
    /// True when nothing differs.
    public var isEmpty: Bool { gone.isEmpty && changed.isEmpty }

    /// What differs between the locked copies and what was fetched now, entry by entry.
    init(locked: [(entry: LockedAsset, bytes: [UInt8]?)], served: [(entry: LockedAsset, bytes: [UInt8]?)]) {
        var now: [String: (entry: LockedAsset, bytes: [UInt8]?)] = [:]
        for item in served { now[Self.identity(item.entry)] = item }
        for (entry, bytes) in locked {
            let current = now[Self.identity(entry)]
            switch entry.kind {
            case .sprite, .sprite2x:
                let file = entry.path ?? entry.url
                let before = Self.objectKeys(bytes)
                let after = Self.objectKeys(current?.bytes)
                for name in before.subtracting(after).sorted() { gone.append("icon '\(name)' is gone from \(file)") }
                for name in after.subtracting(before).sorted() { changed.append("icon '\(name)' is new in \(file)") }
            case .image:
                if current?.entry.sha256 != entry.sha256 { changed.append("the sprite picture \(entry.url) changed") }
            case .glyphs:
                let stack = entry.fontStack ?? entry.url
                let what =
                    entry.glyphRange == 0
                    ? "font stack '\(stack)'" : "glyph range \(LockedAsset.rangeName(entry.glyphRange)) of '\(stack)'"
                let wasServed = entry.absentStatus == nil
                let isServed = current.map { $0.entry.absentStatus == nil } ?? false
                if wasServed, !isServed { gone.append("\(what) is no longer served (HTTP 404)") }
                if !wasServed, isServed { changed.append("\(what) is served now") }
            case .vectorLayers:
                let source = entry.source ?? entry.url
                let before = Self.schema(bytes)
                let after = Self.schema(current?.bytes)
                for layer in before.layerIDs where after.fields[layer] == nil {
                    gone.append("layer '\(layer)' is gone from the vector_layers of source '\(source)'")
                }
                for layer in before.layerIDs {
                    guard let fields = after.fields[layer], let old = before.fields[layer] else { continue }
                    for field in old.subtracting(fields).sorted() {
                        gone.append("field '\(field)' of layer '\(layer)' is gone from source '\(source)'")
                    }
                }
                for layer in after.layerIDs where before.fields[layer] == nil {
                    changed.append("layer '\(layer)' is new in source '\(source)'")
                }
            }
        }
    }

    /// Entries are the same asset when they are of one kind for the same sprite, stack or source (pictures, of
    /// which a sprite has one per pixel ratio, by their URL too).
    static func identity(_ entry: LockedAsset) -> String {
        [
            entry.kind.rawValue, entry.spriteID ?? "", entry.fontStack ?? "", entry.source ?? "",
            entry.kind == .image ? entry.url : "", entry.kind == .glyphs ? String(entry.glyphRange) : "",
        ].joined(separator: "\u{0}")
    }

    private static func objectKeys(_ bytes: [UInt8]?) -> Set<String> {
        guard let bytes, let root = try? JSONParser().parse(bytes: bytes, name: "sprite").root else { return [] }
        return Set(root.objectValue?.keys ?? [])
    }

    private static func schema(_ bytes: [UInt8]?) -> VectorLayerSchema {
        guard let bytes, let root = try? JSONParser().parse(bytes: bytes, name: "tilejson").root,
            let schema = VectorLayerSchema(tileJSON: root)
        else { return VectorLayerSchema(layers: []) }
        return schema
    }
}
