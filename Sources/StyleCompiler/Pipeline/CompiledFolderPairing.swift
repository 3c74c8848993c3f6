import Foundation
import LocatedJSON
import StyleRuntime

/// The styles of two folders `compile` wrote, paired by variant name, so that `diff` can compare a project's
/// whole output, one map design at a time, whether it has one base or several (`bases:`).
///
/// Each folder's `manifest.json` says which variants it has and which file holds each one's style. A variant in
/// both folders is a pair to compare; a variant in only one is added or removed. The order is the new folder's
/// variants in its manifest's order, then those only the old folder has, in its order. The bundled vector styles
/// (`vectorStyles`) are paired alike, by declared source id, after the variants: their changes are the team's
/// own map's, which the composed style shows only as two rasters.
public struct CompiledFolderPairing: Sendable, Equatable {
    /// One variant's style in the old folder and in the new one; nil where that folder has no such variant.
    public struct Pair: Sendable, Equatable {
        /// The variant's name, as the manifests give it (`default` for a project with one base).
        public let variant: String
        /// The path of the variant's style in the old folder, or nil when the old folder lacks the variant.
        public let old: String?
        /// The path of the variant's style in the new folder, or nil when the new folder lacks the variant.
        public let new: String?
        /// True for a bundled vector style (`variant` is then its declared source id), false for a map design.
        public var isVectorStyle = false

        /// A variant's style in each folder (nil where the folder lacks it).
        public init(variant: String, old: String?, new: String?) {
            self.variant = variant
            self.old = old
            self.new = new
        }
    }

    /// The pairs, in the order described above.
    public let pairs: [Pair]

    /// Reads both folders' manifests. Errors: a folder without a readable `manifest.json`, a manifest that is
    /// not one `compile` writes, or a style file name that leaves the folder.
    public init(old: String, new: String) throws(RuntimeError) {
        let (oldManifest, newManifest) = (try Self.manifest(in: old), try Self.manifest(in: new))
        pairs =
            Self.paired(try Self.styles(oldManifest, in: old), try Self.styles(newManifest, in: new))
            + Self.paired(Self.vectorStyles(oldManifest, in: old), Self.vectorStyles(newManifest, in: new)).map {
                var pair = $0
                pair.isVectorStyle = true
                return pair
            }
    }

    /// The new folder's entries with the old folder's path of the same name, then those only the old one has.
    private static func paired(_ old: [(variant: String, path: String)], _ new: [(variant: String, path: String)])
        -> [Pair]
    {
        let oldByName = Dictionary(old.map { ($0.variant, $0.path) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(new.map(\.variant))
        return new.map { Pair(variant: $0.variant, old: oldByName[$0.variant], new: $0.path) }
            + old.filter { !newNames.contains($0.variant) }.map { Pair(variant: $0.variant, old: $0.path, new: nil) }
    }

    /// True when `path` is a folder (which `diff` then reads as a compiled folder).
    public static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// The folder's manifest, decoded.
    private static func manifest(in folder: String) throws(RuntimeError) -> RuntimeManifest {
        let manifestPath = joined(folder, ManifestFormat.fileName)
        guard let data = FileManager.default.contents(atPath: manifestPath) else {
            throw RuntimeError(
                .unreadable,
                "\(folder) has no \(ManifestFormat.fileName): give two styles, or two folders that compile wrote")
        }
        return try RuntimeManifest.decode([UInt8](data), name: manifestPath)
    }

    /// Each bundled vector style of a compiled folder, by declared source id, with its path (a plain relative path
    /// inside the folder: the manifest's reader refuses any other).
    private static func vectorStyles(_ manifest: RuntimeManifest, in folder: String) -> [(
        variant: String, path: String
    )] {
        manifest.vectorStyles.compactMap { record in record.style.map { (record.source, joined(folder, $0.path)) } }
    }

    /// Each variant of a compiled folder with the path of its style, in the manifest's order.
    private static func styles(_ manifest: RuntimeManifest, in folder: String) throws(RuntimeError) -> [(
        variant: String, path: String
    )] {
        let manifestPath = joined(folder, ManifestFormat.fileName)
        return try manifest.variants.map { variant throws(RuntimeError) in
            let name = variant.style.path
            guard !name.isEmpty, !name.contains("/"), !name.contains("\\"), name != ".", name != ".." else {
                throw RuntimeError(
                    .manifest, "\(manifestPath) names a style outside its folder ('\(name)')")
            }
            return (variant.name, joined(folder, name))
        }
    }

    private static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
