import LocatedJSON
import Synchronization

/// What one base layer's own checks found (its keys, `layout`, `paint`, filter and expressions: everything a
/// layer is checked for except its id, `ref` and source, which depend on other parts of the style), as a
/// precheck keeps it: offsets into the base file, paths below the layer.
public struct CachedLayerFindings: Sendable, Equatable {
    /// One finding, placed by byte offsets into the base file.
    public struct Finding: Sendable, Equatable {
        public struct Related: Sendable, Equatable {
            public var message: String
            /// Byte offset in the base file.
            public var offset: Int
        }

        public var severity: Diagnostic.Severity
        public var rule: String
        public var message: String
        /// Byte offset in the base file.
        public var offset: Int
        /// The path below the layer (`paint.fill-color` for `layers[3].paint.fill-color`).
        public var pathBelowLayer: [JSONPath.Component]
        public var related: [Related]
        public var layerID: String?
    }

    /// The layer's type as the checks saw it (its own, or its `ref` layer's): the checks depend on it.
    public var type: String?
    public var findings: [Finding]

    init(type: String?, findings: [Finding]) {
        self.type = type
        self.findings = findings
    }

    /// The findings of a base layer's own checks (the layer at `layerPath`), kept by offsets; nil when one cannot
    /// be kept so: it has something to mask, lies outside the base file or outside the layer's path.
    init?(type: String?, findings: some Collection<Diagnostic>, layerPath: JSONPath, baseFile: SourceFile) {
        let prefix = layerPath.components
        var kept: [Finding] = []
        kept.reserveCapacity(findings.count)
        for diagnostic in findings {
            guard diagnostic.secrets.isEmpty, let location = diagnostic.location, location.file === baseFile,
                  diagnostic.fileName == baseFile.name, let components = diagnostic.path?.components,
                  components.count >= prefix.count, Array(components.prefix(prefix.count)) == prefix,
                  diagnostic.related.allSatisfy({ $0.location.file === baseFile }) else { return nil }
            kept.append(Finding(
                severity: diagnostic.severity, rule: diagnostic.rule, message: diagnostic.message, offset: location.offset,
                pathBelowLayer: Array(components.dropFirst(prefix.count)),
                related: diagnostic.related.map { .init(message: $0.message, offset: $0.location.offset) }, layerID: diagnostic.layerID))
        }
        self.init(type: type, findings: kept)
    }
}

/// Findings of layers' own checks carried over from this run's checks of the base's layers while it was parsed
/// (`BaseLayerPrecheck`).
///
/// Only a layer of the composed style that is an unchanged copy of a base layer takes findings over: the same
/// file, the same offset, and the very same storage as the base tree's layer. Composing edits no base layer
/// today (the API key goes into sources, sprite and glyphs); a layer it did edit would have been copied on
/// write, so its storage would differ and it would be checked afresh.
/// The layer's id, `ref` and source are always checked afresh, and so are the whole-style units (lint, TomTom's
/// rules, assets, secrets): they depend on other layers and on the sources that composing adds.
public final class LayerFindingsReuse: Sendable {
    /// The base style's file: every carried-over finding is placed in it.
    public let baseFile: SourceFile
    /// Composed layer index -> byte offset of the base layer it is an unchanged copy of.
    private let baseOffsets: [Int: Int]
    /// Findings of this process's own checks of base layers made while the base was parsed (`BaseLayerPrecheck`),
    /// by base layer offset.
    private let prechecked: [Int: CachedLayerFindings]
    private let reused = Atomic<Int>(0)

    /// - Parameters:
    ///   - composed: the composed style, as it will be validated.
    ///   - base: the base style it was composed from, as parsed (still alive: its layers' storage is compared).
    ///   - prechecked: what this process's checks of the base's layers found while it was parsed, by offset.
    public init(composed: JSONNode, base: JSONDocument, prechecked: [Int: CachedLayerFindings]) {
        baseFile = base.file
        self.prechecked = prechecked
        var baseLayers: [Int: JSONNode] = [:]
        for layer in base.root["layers"]?.arrayValue ?? [] {
            guard let offset = layer.sourceOffset, layer.isRead(from: base.file) else { continue }
            baseLayers[offset] = layer
        }
        var offsets: [Int: Int] = [:]
        for (index, layer) in (composed["layers"]?.arrayValue ?? []).enumerated() {
            guard let offset = layer.sourceOffset, layer.isRead(from: base.file), let original = baseLayers[offset],
                  Self.sharesStorage(layer, original) else { continue }
            offsets[index] = offset
        }
        baseOffsets = offsets
    }

    /// Composed layers that are unchanged copies of base layers.
    public var copiedLayerCount: Int { baseOffsets.count }
    /// Layers whose findings were carried over so far.
    public var reusedLayerCount: Int { reused.load(ordering: .relaxed) }

    /// True when both are the same object value: one members storage, one place, one kind of node.
    private static func sharesStorage(_ layer: JSONNode, _ original: JSONNode) -> Bool {
        guard let object = layer.objectValue, let originalObject = original.objectValue, layer.isSecret == original.isSecret,
              layer.scalarStyle == original.scalarStyle, object.members.count == originalObject.members.count else { return false }
        if object.members.isEmpty { return true }
        let storage = object.members.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        let originalStorage = originalObject.members.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        return storage != nil && storage == originalStorage
    }

    /// The earlier findings of the layer at `index` of the composed style (its path `path`), when it is an
    /// unchanged base layer that was checked with the same type; nil when it must be checked.
    func findings(forLayer index: Int, type: String?, path: JSONPath) -> [Diagnostic]? {
        guard let offset = baseOffsets[index], let entry = prechecked[offset], entry.type == type else { return nil }
        let size = baseFile.bytes.count
        var restored: [Diagnostic] = []
        restored.reserveCapacity(entry.findings.count)
        for finding in entry.findings {
            guard finding.offset >= 0, finding.offset <= size, finding.related.allSatisfy({ $0.offset >= 0 && $0.offset <= size }) else { return nil }
            var findingPath = path
            for component in finding.pathBelowLayer { findingPath.append(component) }
            let related = finding.related.map { Diagnostic.Related($0.message, at: SourceLocation(file: baseFile, offset: $0.offset)) }
            restored.append(Diagnostic(restoring: finding.severity, rule: finding.rule, message: finding.message,
                                       at: SourceLocation(file: baseFile, offset: finding.offset), path: findingPath,
                                       related: related, layerID: finding.layerID))
        }
        reused.add(1, ordering: .relaxed)
        return restored
    }
}
