import Dispatch
import Foundation
import LocatedJSON

/// The lock `fetch-base` writes beside a base style (`NAME.lock.json`) and the assets it locked in the folder
/// beside it (`NAME.assets/`): read for the checks, so that icons, fonts and `source-layer`s are checked against
/// what TomTom served with no `assets:` and no network. Every copy is verified against the lock's SHA-256 first:
/// a copy changed, or missing, is an error naming the file, and no asset from that lock is used.
public struct BaseStyleLock: Sendable {
    /// What a lock's file says.
    public static let format = "mc-style-base-lock"

    /// The lock's path for a style saved at `stylePath`: `base.json` -> `base.lock.json`.
    public static func lockPath(for stylePath: String) -> String {
        (stylePath.hasSuffix(".json") ? String(stylePath.dropLast(5)) : stylePath) + ".lock.json"
    }

    /// The assets folder's name for a style saved at `stylePath` (beside it): `base.json` -> `base.assets`.
    public static func assetsFolderName(for stylePath: String) -> String {
        let name = String(stylePath.split(separator: "/").last ?? Substring(stylePath))
        return (name.hasSuffix(".json") ? String(name.dropLast(5)) : name) + ".assets"
    }

    /// What a style's lock gives the checks: the assets (nil when there is no lock beside the style, the lock
    /// locked no assets, or a copy does not match), the findings about the lock, and every file read (the lock
    /// and the copies), for a build's list of inputs.
    public struct Reading: Sendable {
        /// The locked assets; nil when none can be used.
        public var assets: StyleAssets?
        /// Findings about the lock and its copies (`assets.lock`).
        public var diagnostics: [Diagnostic]
        /// The lock and the copies read.
        public var paths: [String]
        /// Each entry with its copy's bytes (nil when it keeps none or the copy does not match), in the lock's
        /// order; empty when there is no lock.
        var copies: [(entry: LockedAsset, bytes: [UInt8]?)] = []
    }

    /// `body`'s result (reading the style, say) and the lock beside the style at `stylePath`, read on another
    /// thread meanwhile: a lock and its copies take about a third of the time of parsing a large style
    /// (benchmarks/asset_lock.py), which this hides.
    public static func assets<Result>(
        besideStyle stylePath: String, displayName: String? = nil, inputLoader: InputLoader = InputLoader(),
        during body: () -> Result
    ) -> (Result, Reading) {
        let (result, readings) = assets(
            besideStyles: [(stylePath, displayName ?? stylePath)], inputLoader: inputLoader, during: body)
        return (result, readings[stylePath] ?? Reading(assets: nil, diagnostics: [], paths: []))
    }

    /// `body`'s result and the lock beside each of `styles` (path, name shown), by path, each path read once, on
    /// another thread while `body` runs.
    static func assets<Result>(
        besideStyles styles: [(path: String, displayName: String)], inputLoader: InputLoader,
        during body: () -> Result
    ) -> (Result, [String: Reading]) {
        nonisolated(unsafe) var readings: [String: Reading] = [:]
        let group = DispatchGroup()
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            for style in styles where readings[style.path] == nil {
                readings[style.path] = assets(
                    besideStyle: style.path, displayName: style.displayName, inputLoader: inputLoader)
            }
        }
        let result = body()
        group.wait()
        return (result, readings)
    }

    /// Reads the lock beside the style at `stylePath` (shown as `displayName` in messages) and the copies it
    /// names. No lock, or a lock of another kind, is no finding: the checks then run as they always did.
    public static func assets(
        besideStyle stylePath: String, displayName: String? = nil, inputLoader: InputLoader = InputLoader()
    ) -> Reading {
        let lockPath = Self.lockPath(for: stylePath)
        let shownLock = Self.lockPath(for: displayName ?? stylePath)
        guard inputLoader.overlay?.bytes(for: lockPath) != nil || FileManager.default.fileExists(atPath: lockPath)
        else { return Reading(assets: nil, diagnostics: [], paths: []) }
        let (document, loadFindings) = StyleLoader(inputLoader: inputLoader).load(
            path: lockPath, displayName: shownLock)
        guard let document, document.root["format"]?.stringValue == format, let section = document.root["assets"]
        else { return Reading(assets: nil, diagnostics: loadFindings, paths: [lockPath]) }
        var reader = LockReader(
            document: document, lockFolder: FilePaths.directory(of: lockPath),
            shownFolder: FilePaths.directory(of: shownLock), inputLoader: inputLoader)
        let copies = reader.read(section)
        return Reading(
            assets: reader.findings.containsErrors ? nil : BaseStyleLock.assets(from: copies),
            diagnostics: loadFindings + reader.findings, paths: [lockPath] + reader.read, copies: copies)
    }
}

extension BaseStyleLock {
    /// The assets locked entries with their copies give: every sprite's image names (prefixed `id:` for a sprite
    /// other than `default` of several), the fonts of every stack served, and each vector source's layers. Ranges
    /// are known only where more than 0-255 was locked (`--glyph-range`), and then only those ranges: 0-255 proves a
    /// stack is served, not which characters it has.
    public static func assets(from copies: [(entry: LockedAsset, bytes: [UInt8]?)]) -> StyleAssets {
        var assets = StyleAssets()
        var spriteNames: Set<String>?
        var fonts: Set<String>?
        var ranges: [String: Set<Int>] = [:]
        var checked: Set<Int> = []
        for (entry, bytes) in copies {
            switch entry.kind {
            case .sprite:
                let prefix = entry.spriteID.map { $0 == "default" ? "" : "\($0):" } ?? ""
                let root = bytes.flatMap { try? JSONParser().parse(bytes: $0, name: entry.url).root }
                let names = root?.objectValue?.keys.map { prefix + $0 } ?? []
                spriteNames = (spriteNames ?? []).union(names)
            case .glyphs:
                guard let stack = entry.fontStack else { continue }
                // The stack as requested: its fonts joined by commas, as `fetch-base` wrote it. (Not
                // Foundation's trimming: its first use costs a static binary a scan of every conformance.)
                let names = stack.split(separator: ",").map(String.init)
                checked.insert(entry.glyphRange)
                var served = fonts ?? []
                if entry.absentStatus == nil, bytes != nil {
                    // Range 0-255 served proves the stack is; any range served is a range its fonts have.
                    if entry.glyphRange == 0 { served.formUnion(names) }
                    for name in names { ranges[name, default: []].insert(entry.glyphRange) }
                }
                fonts = served
            case .vectorLayers:
                guard let source = entry.source, let bytes,
                    let root = try? JSONParser().parse(bytes: bytes, name: entry.url).root,
                    var schema = VectorLayerSchema(tileJSON: root)
                else { continue }
                schema.sampledTiles = entry.sampledTiles.count
                assets.vectorLayers[source] = schema
            case .sprite2x, .image: break
            }
        }
        assets.sprite = spriteNames.map { SpriteIndex(names: $0) }
        // Only the ranges asked for are known: range 0-255 alone says nothing of the characters a label needs.
        assets.fonts = fonts.map {
            checked == [0] ? FontCatalog(names: $0) : FontCatalog(names: $0, ranges: ranges, checkedRanges: checked)
        }
        return assets
    }
}

/// Verifies and reads one lock's `assets` section.
private struct LockReader {
    let document: JSONDocument
    let lockFolder: String
    let shownFolder: String
    let inputLoader: InputLoader
    var findings: [Diagnostic] = []
    var read: [String] = []

    init(document: JSONDocument, lockFolder: String, shownFolder: String, inputLoader: InputLoader) {
        self.document = document
        self.lockFolder = lockFolder
        self.shownFolder = shownFolder
        self.inputLoader = inputLoader
    }

    mutating func read(_ section: JSONNode) -> [(entry: LockedAsset, bytes: [UInt8]?)] {
        let sectionPath = JSONPath([.key("assets")])
        guard let folderNode = section["folder"], let folder = folderNode.stringValue, Self.isPlainName(folder) else {
            report("the lock's assets.folder must name a folder beside the lock", section, sectionPath)
            return []
        }
        var copies: [(entry: LockedAsset, bytes: [UInt8]?)] = []
        for (index, node) in (section["entries"]?.arrayValue ?? []).enumerated() {
            let path = sectionPath.appending("entries").appending(index)
            guard let entry = LockedAsset(node) else {
                report("a lock entry needs a known 'kind' and a 'url'", node, path)
                continue
            }
            copies.append((entry, verified(entry, node, path, folder: folder)))
        }
        return copies
    }

    /// The copy's bytes when the entry keeps one that is there and matches its SHA-256; nil (with a finding
    /// naming the file) when not; nil and no finding for an entry that keeps no copy (a sprite image).
    private mutating func verified(_ entry: LockedAsset, _ node: JSONNode, _ path: JSONPath, folder: String)
        -> [UInt8]?
    {
        guard let relative = entry.path else { return nil }
        guard Self.isInsideFolder(relative), let digest = entry.sha256 else {
            report("a lock entry's path must lie inside the assets folder and come with its sha256", node, path)
            return nil
        }
        let file = FilePaths.join(FilePaths.join(lockFolder, folder), relative)
        let shown = FilePaths.join(FilePaths.join(shownFolder, folder), relative)
        let bytes: [UInt8]
        do { bytes = try inputLoader.bytes(path: file, displayName: shown) } catch {
            report(
                "\(shown), which the lock names, cannot be read (\(error.reason)): run mc-style fetch-base again",
                node["path"] ?? node, path.appending("path"))
            return nil
        }
        read.append(file)
        guard SHA256.hex(bytes) == digest else {
            report(
                "\(shown) is not what was fetched (its SHA-256 is not the lock's): restore it, or run mc-style fetch-base again",
                node["sha256"] ?? node, path.appending("sha256"))
            return nil
        }
        return bytes
    }

    private mutating func report(_ message: String, _ node: JSONNode, _ path: JSONPath) {
        findings.append(Diagnostic(.assetsLock, message, at: document.location(of: node), path: path))
    }

    /// One folder name: no separator, not `.` or `..`.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && name != "." && name != ".."
    }

    /// A relative path whose every part is a plain name.
    static func isInsideFolder(_ path: String) -> Bool {
        !path.hasPrefix("/")
            && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
                isPlainName(String($0))
            }
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let assetsLock = Rule(
        "assets.lock", .error,
        summary: "A base style's lock names an asset copy that is missing or not what was fetched.",
        help:
            "Restore the assets folder beside the lock (NAME.assets/) from version control, or run mc-style fetch-base again to lock what TomTom serves now.",
        examples: [
            .triggering(
                .style, #"{"version": 8, "sources": {}, "layers": []}"#,
                files: [
                    "style.lock.json":
                        #"{"format": "mc-style-base-lock", "assets": {"folder": "style.assets", "entries": [{"kind": "sprite", "url": "https://api.tomtom.com/sprite?key={key}", "path": "sprite.json", "sha256": ↓"b1087ab6d251ef3d169f78f0be92b27cec281f60ffcf629cd52b6c6ccbb8dbff"}]}}"#,
                    "style.assets/sprite.json": #"{"pin": {"x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1}}"#,
                ]),
            .passing(
                .style, #"{"version": 8, "sources": {}, "layers": []}"#,
                files: [
                    "style.lock.json":
                        #"{"format": "mc-style-base-lock", "assets": {"folder": "style.assets", "entries": [{"kind": "sprite", "url": "https://api.tomtom.com/sprite?key={key}", "path": "sprite.json", "sha256": "b1087ab6d251ef3d169f78f0be92b27cec281f60ffcf629cd52b6c6ccbb8dbff"}]}}"#,
                    "style.assets/sprite.json": #"{"dot": {"x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1}}"#,
                ]),
        ])
}
