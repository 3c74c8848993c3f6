import Foundation
import LocatedJSON

/// What `mc-style compile` wrote, loaded and checked: one variant's style and layer mapping, and the manifest. Resolving
/// fills in what only the phone knows and returns new bytes; the loaded value never changes, so it can be
/// shared by any number of threads.
///
/// Loading checks the manifest's format and version and both documents' SHA-256 against it, and finds every
/// place a run-time value goes (about one parse of the style). Resolving then costs one copy of the style's
/// bytes: call it on every opacity or visibility change.
public struct CompiledStyle: Sendable {
    /// The compiled folder's manifest.
    public let manifest: RuntimeManifest
    /// The map-design variant loaded (the manifest's first unless one was asked for).
    public let variant: RuntimeManifest.VariantRecord
    /// The variant's style as compiled.
    public let style: [UInt8]
    /// The variant's layer mapping as compiled, when the build has one.
    public let layerMapping: [UInt8]?
    let plan: SplicePlan
    let sourceIndex: [String: Int]
    let routeNames: Set<String>

    /// Loads compiled output from bytes (an app's bundle, say): the manifest and the named variant's style and
    /// layer mapping (`layerMapping` is required when the manifest lists one for it). `variant` nil is the
    /// default variant, the manifest's first.
    public init(style: [UInt8], layerMapping: [UInt8]?, manifest: [UInt8], variant: String? = nil) throws(RuntimeError)
    {
        let manifest = try RuntimeManifest.decode(manifest)
        try self.init(
            style: style, layerMapping: layerMapping, manifest: manifest, chosen: try manifest.variant(named: variant))
    }

    /// Loads a compiled folder: `manifest.json` and the files it names for the variant (nil: the default).
    /// Reads only; writes nothing.
    public init(folder: String, variant: String? = nil) throws(RuntimeError) {
        let manifest = try RuntimeManifest.decode(try Self.read(folder, ManifestFormat.fileName))
        let chosen = try manifest.variant(named: variant)
        let style = try Self.read(folder, chosen.style.path)
        let layerMapping = try chosen.layerMapping.map { record throws(RuntimeError) in
            try Self.read(folder, record.path)
        }
        try self.init(style: style, layerMapping: layerMapping, manifest: manifest, chosen: chosen)
    }

    /// Checks the variant's files against the decoded manifest and finds where run-time values go.
    private init(
        style: [UInt8], layerMapping: [UInt8]?, manifest: RuntimeManifest, chosen: RuntimeManifest.VariantRecord
    ) throws(RuntimeError) {
        try Self.checkDigest(style, of: chosen.style)
        switch (chosen.layerMapping, layerMapping) {
        case (let record?, let bytes?): try Self.checkDigest(bytes, of: record)
        case (let record?, nil): throw RuntimeError(.unreadable, "\(record.path) is missing: the manifest lists it")
        case (nil, _): break
        }
        self.manifest = manifest
        self.variant = chosen
        self.style = style
        self.layerMapping = chosen.layerMapping == nil ? nil : layerMapping
        self.plan = try SplicePlan(
            style: SourceFiles().add(name: chosen.style.path, bytes: style), variant: chosen, sources: manifest.sources)
        var index: [String: Int] = [:]
        for (position, source) in manifest.sources.enumerated() { index[source.id] = position }
        self.sourceIndex = index
        self.routeNames = Set(manifest.sources.compactMap(\.route))
    }

    /// The style with every placeholder filled and the given opacities and visibilities applied. Errors: the
    /// build does not serve the platform; a placeholder the style holds has no value; a route or source id the
    /// manifest does not list; a value that is not acceptable. The API key is never in an error.
    public func resolve(_ settings: RuntimeSettings) throws(RuntimeError) -> ResolvedStyle {
        guard manifest.platforms.contains(settings.platform) else {
            throw RuntimeError(
                .platform,
                "this build serves \(manifest.platforms.map(\.rawValue).joined(separator: " and ")), not \(settings.platform.rawValue): add it to the declarations' platforms and compile again"
            )
        }
        try checkNames(settings)
        if let renderer = settings.renderer,
            let record = manifest.renderers.first(where: { $0.name == renderer.name }),
            let minimum = record.minimum, renderer.version < minimum
        {
            throw RuntimeError(
                .rendererTooOld,
                "this style needs \(record.name) \(minimum) or newer (the manifest's renderers), but the app draws with \(renderer.version): update the renderer, or compile for it (mc-style compat shows what needs \(minimum))"
            )
        }
        var values: [[UInt8]] = []
        values.reserveCapacity(variant.placeholders.count)
        var unfilled: [(placeholder: Placeholder, message: String)] = []
        for record in variant.placeholders {
            do throws(RuntimeError) {
                values.append(record.pointers.isEmpty ? [] : try PlaceholderValues.value(for: record, in: settings))
            } catch  where error.kind == .unfilled {
                // Every missing value is named at once, not one per attempt.
                unfilled.append((record.placeholder, error.message))
                values.append([])
            }
        }
        if !unfilled.isEmpty { throw RuntimeError(unfilled: unfilled) }
        var opacity: [[UInt8]?] = Array(repeating: nil, count: manifest.sources.count)
        var visibility: [[UInt8]?] = Array(repeating: nil, count: manifest.sources.count)
        for (id, value) in settings.opacity {
            guard let index = sourceIndex[id] else { continue }
            guard value.isFinite, (0...1).contains(value) else {
                throw RuntimeError(.invalidValue, "the opacity \(value) of source '\(id)' is not within 0...1")
            }
            opacity[index] = Array(JSONNumber(value).text.utf8)
        }
        for (id, shown) in settings.visible {
            guard let index = sourceIndex[id] else { continue }
            visibility[index] = Array((shown ? "\"visible\"" : "\"none\"").utf8)
        }
        if let scale = settings.displayScale, !(1...3).contains(scale) {
            throw RuntimeError(.invalidValue, "the display scale \(scale) is not 1, 2 or 3")
        }
        let tileSizes = variant.tileSizes.map { record in
            Array(
                String(
                    TileSizeScale.tileSize(
                        declared: record.declared, platform: settings.platform, displayScale: settings.displayScale)
                ).utf8)
        }
        var output: [UInt8] = []
        output.reserveCapacity(style.count + 256)
        var copied = 0
        style.withUnsafeBufferPointer { bytes in
            for splice in plan.splices {
                let replacement: [UInt8]?
                switch splice.slot {
                case .placeholder(let index): replacement = values[index]
                case .opacity(let index): replacement = opacity[index]
                case .visibility(let index): replacement = visibility[index]
                case .tileSize(let index): replacement = tileSizes[index]
                }
                guard let replacement else { continue }
                output.append(contentsOf: bytes[copied..<splice.range.lowerBound])
                output.append(contentsOf: replacement)
                copied = splice.range.upperBound
            }
            output.append(contentsOf: bytes[copied...])
        }
        return ResolvedStyle(style: output, layerMapping: layerMapping)
    }

    /// Every route and source id the settings name must be one the manifest lists.
    private func checkNames(_ settings: RuntimeSettings) throws(RuntimeError) {
        let runTimeCacheKeys = Set(
            variant.placeholders.compactMap { record -> String? in
                if case .cacheKey(let name) = record.placeholder { return name } else { return nil }
            })
        for name in settings.routeIDs.keys.sorted() where !routeNames.contains(name) {
            throw RuntimeError(
                .unknownRoute,
                "the build declares no LocalTileServer route \(RuntimeError.quoted(name))\(Self.known(routeNames))")
        }
        for name in settings.cacheKeys.keys.sorted() where !runTimeCacheKeys.contains(name) {
            if routeNames.contains(name) {
                throw RuntimeError(
                    .unknownRoute,
                    "route '\(name)' takes no cache key at run time: its cache key was fixed at build time")
            }
            throw RuntimeError(
                .unknownRoute,
                "the build declares no LocalTileServer route \(RuntimeError.quoted(name))\(Self.known(routeNames))")
        }
        let parameters = Set(
            variant.placeholders.compactMap { record -> String? in
                if case .environment(let name) = record.placeholder { return name } else { return nil }
            })
        for name in settings.environment.keys.sorted() where !parameters.contains(name) {
            throw RuntimeError(
                .unknownParameter,
                "the build takes no ${\(name)} at run time\(Self.known(Set(parameters.map { "${\($0)}" })))")
        }
        for id in Set(settings.opacity.keys).union(settings.visible.keys).sorted() where sourceIndex[id] == nil {
            throw RuntimeError(
                .unknownSource,
                "the build declares no source \(RuntimeError.quoted(id))\(Self.known(Set(sourceIndex.keys)))")
        }
    }

    private static func known(_ names: Set<String>) -> String {
        guard !names.isEmpty else { return "" }
        let listed = names.sorted().prefix(8).map { RuntimeError.quoted($0, limit: 40) }.joined(separator: ", ")
        return " (it declares \(listed)\(names.count > 8 ? ", …" : ""))"
    }

    private static func checkDigest(_ bytes: [UInt8], of record: RuntimeManifest.FileRecord) throws(RuntimeError) {
        guard SHA256.hex(bytes) == record.sha256 else {
            throw RuntimeError(
                .digestMismatch,
                "\(record.path) does not match the manifest's SHA-256: it changed after compiling (compile again, and ship the files together)"
            )
        }
    }

    private static func read(_ folder: String, _ path: String) throws(RuntimeError) -> [UInt8] {
        let full = folder.hasSuffix("/") ? folder + path : folder + "/" + path
        guard let data = FileManager.default.contents(atPath: full) else {
            throw RuntimeError(.unreadable, "cannot read \(full)")
        }
        return [UInt8](data)
    }
}
