#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import LocatedJSON
import Synchronization

/// A folder of what earlier validations found in base styles' layers (`--cache-dir`), so that a rebuild checks
/// only what composing added or changed (see `LayerFindingsReuse` for what is carried over and what never is).
///
/// One file per base style's bytes and target, named by a digest of both and of this build of the tool: a base
/// that changed in any byte, another target or another build of mc-style never reads an entry made for
/// something else. The files hold rule ids, messages and byte offsets, never an input's secret (a finding with
/// something to mask is not kept). A file that cannot be read or does not hold what it should is ignored and
/// replaced. Files are written atomically; the folder keeps the newest `keptFiles` of them.
public struct ValidationCache: Sendable {
    /// The cache folder (created when missing).
    public let directory: String
    /// False to read the cache but never write it (`compile --check` writes nothing).
    public var writes: Bool
    /// Files kept in the folder; the oldest beyond this are removed after a write.
    static let keptFiles = 32
    static let format = 1
    static let suffix = ".validation.json"

    public init(directory: String, writes: Bool = true) {
        self.directory = FilePaths.normalized(directory)
        self.writes = writes
    }

    /// The earlier findings for `base`'s layers, by layer offset; empty when there are none to trust.
    public func load(base: SourceFile, target: Target) -> [Int: CachedLayerFindings] {
        guard let key = Self.key(base: base, target: target), let file = try? InputLoader().load(path: path(for: key)) else { return [:] }
        return Self.decode(file.bytes, key: key)
    }

    /// Keeps `entries` for `base`; a failure to write only costs the next run the time the cache saves.
    public func save(_ entries: [Int: CachedLayerFindings], base: SourceFile, target: Target) {
        guard writes, let key = Self.key(base: base, target: target) else { return }
        var isFolder = stat()
        if stat(directory, &isFolder) != 0 { _ = mkdir(directory, 0o777) }
        guard (try? AtomicFileWriter(flushesEachFile: false).write(Self.encode(entries, key: key), to: path(for: key))) != nil else { return }
        removeOldest()
    }

    /// A cache file's bytes: compact JSON `{"format", "key", "layers": [{"at", "type", "findings"}]}`, layers by offset.
    public static func encode(_ entries: [Int: CachedLayerFindings], key: String) -> [UInt8] {
        let layers: [JSONNode] = entries.sorted { $0.key < $1.key }.map { offset, entry in
            .object(["at": .integer(offset), "type": entry.type.map { .string($0) },
                     "findings": entry.findings.isEmpty ? nil : .array(entry.findings.map(Self.node(of:)))])
        }
        return JSONWriter(style: .compact).bytes(.object(["format": .integer(Self.format), "key": .string(key), "layers": .array(layers)]))
    }

    /// The entries a cache file's bytes hold for `key`; empty when the bytes are anything but what `encode` writes
    /// for that key (nothing in a file that is partly wrong is believed).
    public static func decode(_ bytes: [UInt8], key: String) -> [Int: CachedLayerFindings] {
        guard let document = try? JSONParser().parse(SourceFile(name: "cache", bytes: bytes)),
              Self.integer(document.root["format"]) == Self.format,
              document.root["key"]?.stringValue == key, let layers = document.root["layers"]?.arrayValue else { return [:] }
        var entries: [Int: CachedLayerFindings] = [:]
        for layer in layers {
            let findings = layer["findings"]
            guard let offset = Self.integer(layer["at"]), findings == nil || findings?.arrayValue != nil,
                  layer["type"] == nil || layer["type"]?.stringValue != nil else { return [:] }
            var kept: [CachedLayerFindings.Finding] = []
            for finding in findings?.arrayValue ?? [] {
                guard let decoded = Self.finding(finding) else { return [:] }
                kept.append(decoded)
            }
            entries[offset] = CachedLayerFindings(type: layer["type"]?.stringValue, findings: kept)
        }
        return entries
    }

    /// `validator.validate(style)`, taking over what `earlier` holds for `base`'s layers (`style` is composed
    /// from `base`, or is `base` itself) and keeping what this validation learnt for the next one.
    /// What `precheck` found for the base's layers is taken where `earlier` has nothing, and kept for the next.
    func validate(_ style: JSONNode, base: JSONDocument, earlier: [Int: CachedLayerFindings], precheck: BaseLayerPrecheck? = nil,
                  with validator: StyleValidator) -> [Diagnostic] {
        let reuse = LayerFindingsReuse(composed: style, base: base, earlier: earlier,
                                       prechecked: precheck?.findings(for: validator.target) ?? [:])
        let found = validator.validate(style, reusing: reuse)
        if let entries = reuse.entriesToKeep() { save(entries, base: base.file, target: validator.target) }
        return found
    }

    private func path(for key: String) -> String { directory + "/" + String(key.prefix(32)) + Self.suffix }

    /// What an entry is valid for: the cache format, this build of the tool, the target and the base's bytes.
    /// Nil when this build cannot be identified (then nothing is cached).
    static func key(base: SourceFile, target: Target) -> String? {
        guard let build = buildIdentity else { return nil }
        return SHA256.hex(Array("mc-style validation cache \(format)\n\(ToolVersion.current)\n\(build)\n\(target.rawValue)\n\(base.sha256)\n".utf8))
    }

    /// The running executable's device, inode, size and modification time: another build of mc-style (a rule
    /// changed, the version not yet bumped) has another identity, so it never reads this build's findings.
    static let buildIdentity: String? = {
        #if os(Linux)
        let executable = "/proc/self/exe"
        #else
        guard let executable = CommandLine.arguments.first else { return nil }
        #endif
        var status = stat()
        guard stat(executable, &status) == 0 else { return nil }
        return "\(status.st_dev):\(status.st_ino):\(status.st_size):\(modifiedNanoseconds(status))"
    }()

    /// A file's modification time in nanoseconds since 1970.
    private static func modifiedNanoseconds(_ status: stat) -> Int {
        #if os(Linux)
        return Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
        #else
        return Int(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int(status.st_mtimespec.tv_nsec)
        #endif
    }

    /// Removes the oldest cache files beyond `keptFiles` (by modification time).
    private func removeOldest() {
        var files: [(modified: Int, name: String)] = []
        for name in FolderEntries.names(in: directory, suffixed: Self.suffix) {
            var status = stat()
            if stat(directory + "/" + name, &status) == 0 { files.append((Self.modifiedNanoseconds(status), name)) }
        }
        guard files.count > Self.keptFiles else { return }
        for file in files.sorted(by: { ($0.modified, $0.name) > ($1.modified, $1.name) }).dropFirst(Self.keptFiles) {
            unlink(directory + "/" + file.name)
        }
    }

    private static func node(of finding: CachedLayerFindings.Finding) -> JSONNode {
        let path: [JSONNode] = finding.pathBelowLayer.map { component in
            switch component {
            case .key(let key): return .string(key)
            case .index(let index): return .integer(index)
            }
        }
        let related = finding.related.map { JSONNode.object(["message": .string($0.message), "at": .integer($0.offset)]) }
        return .object(["severity": .string(finding.severity.rawValue), "rule": .string(finding.rule), "message": .string(finding.message),
                        "at": .integer(finding.offset), "path": .array(path), "related": related.isEmpty ? nil : .array(related),
                        "layer": finding.layerID.map { .string($0) }])
    }

    private static func finding(_ node: JSONNode) -> CachedLayerFindings.Finding? {
        guard let severity = node["severity"]?.stringValue.flatMap(Diagnostic.Severity.init(rawValue:)),
              let rule = node["rule"]?.stringValue, let message = node["message"]?.stringValue, let offset = integer(node["at"]),
              let pathItems = node["path"]?.arrayValue else { return nil }
        var path: [JSONPath.Component] = []
        for item in pathItems {
            if let key = item.stringValue {
                path.append(.key(key))
            } else if let index = integer(item) {
                path.append(.index(index))
            } else {
                return nil
            }
        }
        var related: [CachedLayerFindings.Finding.Related] = []
        for item in node["related"]?.arrayValue ?? [] {
            guard let text = item["message"]?.stringValue, let at = integer(item["at"]) else { return nil }
            related.append(.init(message: text, offset: at))
        }
        return CachedLayerFindings.Finding(severity: severity, rule: rule, message: message, offset: offset, pathBelowLayer: path,
                                           related: related, layerID: node["layer"]?.stringValue)
    }

    /// A non-negative whole number written as digits (as `encode` writes it), or nil.
    private static func integer(_ node: JSONNode?) -> Int? {
        guard let value = node?.numberValue?.intValue, value >= 0 else { return nil }
        return value
    }
}

/// The cache's entries for several bases, read on a thread of their own (while the caller composes).
final class ValidationCacheRead: Sendable {
    private let reading = DispatchGroup()
    private let read = Mutex<[[Int: CachedLayerFindings]]>([])

    init(_ cache: ValidationCache, bases: [SourceFile], target: Target) {
        DispatchQueue.global(qos: .userInitiated).async(group: reading) { [self] in
            let entries = bases.map { cache.load(base: $0, target: target) }
            self.read.withLock { $0 = entries }
        }
    }

    /// The entries, one dictionary per base in the order given; waits for the read to finish.
    func entries() -> [[Int: CachedLayerFindings]] {
        reading.wait()
        return read.withLock { $0 }
    }
}

extension StyleValidator {
    /// `validate(style)` for a style composed from `base` (or `base` itself), taking over the base layers'
    /// findings from `precheck` and, with a `cache`, from `earlier` (its entries for this base), and keeping in
    /// the cache what this validation learnt: the same findings, in the same order, as without either.
    func validate(_ style: JSONNode, base: JSONDocument, precheck: BaseLayerPrecheck?, cache: ValidationCache?,
                  earlier: [Int: CachedLayerFindings]) -> [Diagnostic] {
        guard let cache else { return validate(style, base: base, precheck: precheck) }
        return cache.validate(style, base: base, earlier: earlier, precheck: precheck, with: self)
    }
}
