import LocatedJSON

/// What the run-time module reads from `manifest.json`: the platforms served, the declared sources, and per
/// map-design variant its files and their digests, the placeholders with the JSON Pointers of the strings
/// that hold them, and the pointers of each source layer's opacity and visibility. Other manifest fields are
/// for people and tools.
public struct RuntimeManifest: Sendable, Equatable {
    /// A compiled file: its path in the compiled folder and its SHA-256 (64 lowercase hex digits).
    public struct FileRecord: Sendable, Equatable {
        /// The file's path, relative to the compiled folder.
        public let path: String
        /// The file's SHA-256, as 64 lowercase hex digits.
        public let sha256: String
    }

    /// A placeholder and every string of the style that holds it.
    public struct PlaceholderRecord: Sendable, Equatable {
        /// Which placeholder.
        public let placeholder: Placeholder
        /// What fills it when the app gives nothing (a route's declared name); nil when a value is required.
        public let defaultValue: String?
        /// JSON Pointers (RFC 6901) of strings in style.json that hold the token.
        public let pointers: [String]
        /// True when the declarations allow an empty value (`environment.mayBeEmpty`); otherwise an empty value
        /// is an error.
        public let mayBeEmpty: Bool

        /// A record of `placeholder` at `pointers`, filled with `defaultValue` when the app gives nothing.
        public init(placeholder: Placeholder, defaultValue: String? = nil, pointers: [String], mayBeEmpty: Bool = false)
        {
            self.placeholder = placeholder
            self.defaultValue = defaultValue
            self.pointers = pointers
            self.mayBeEmpty = mayBeEmpty
        }
    }

    /// A declared source, as the app addresses it at run time.
    public struct SourceRecord: Sendable, Equatable {
        /// The declared id (what `--opacity ID=...` and `--hide ID` name).
        public let id: String
        /// The id of the source's layer in the style (`mc-raster-layer-<id>`).
        public let styleLayerID: String
        /// The declared LocalTileServer route, for local sources.
        public let route: String?
        /// The tile URL template as the manifest gives it (placeholders unfilled), when it gives one.
        public var tiles: String? = nil
    }

    /// Where one declared source's layer stands in one variant's style.
    public struct LayerRecord: Sendable, Equatable {
        /// The declared source id.
        public let source: String
        /// JSON Pointer of the layer's `paint.raster-opacity` number.
        public let opacityPointer: String
        /// JSON Pointer of the layer's `layout.visibility` string.
        public let visibilityPointer: String
        /// The pointers of the source's other layers (its part east of the antimeridian), which take the same
        /// opacity and visibility.
        public var partPointers: [(opacity: String, visibility: String)] = []

        /// Records are equal when their source and every pointer are.
        public static func == (lhs: LayerRecord, rhs: LayerRecord) -> Bool {
            lhs.source == rhs.source && lhs.opacityPointer == rhs.opacityPointer
                && lhs.visibilityPointer == rhs.visibilityPointer
                && lhs.partPointers.map(\.opacity) == rhs.partPointers.map(\.opacity)
                && lhs.partPointers.map(\.visibility) == rhs.partPointers.map(\.visibility)
        }
    }

    /// A raster source's `tileSize` that `StyleRuntime` sets for the device (`TileSizeScale`): where it is and the
    /// size the declarations gave (pixels).
    public struct TileSizeRecord: Sendable, Equatable {
        /// JSON Pointer of the source's `tileSize` number.
        public let pointer: String
        /// The declared tile size, in pixels (the size the tiles are rendered at).
        public let declared: Int
    }

    /// One map design (`light`, `dark`, ...; `default` for a build with one base): its files and the places
    /// in its style the app fills.
    public struct VariantRecord: Sendable, Equatable {
        /// The design's name (`light`, `dark`, or `default` for a single base).
        public let name: String
        /// The design's composed style.
        public let style: FileRecord
        /// The design's layer mapping, when the build has one.
        public let layerMapping: FileRecord?
        /// The placeholders the design's style holds, with where.
        public let placeholders: [PlaceholderRecord]
        /// One per declared source, in the order of `sources`.
        public let layers: [LayerRecord]
        /// The raster sources' tile sizes set for the device (the `tomtom` target's; none for `maplibre`).
        public let tileSizes: [TileSizeRecord]
    }

    /// A renderer the build was checked against (`renderers:` in the declarations, `--renderer`).
    public struct RendererRecord: Sendable, Equatable {
        /// The renderer's name (`maplibre-native-ios`, or an own profile's).
        public let name: String
        /// The version the declarations named.
        public let version: RendererVersion
        /// The oldest version that draws every variant's style; nil when no use needs a particular version.
        public let minimum: RendererVersion?
    }

    /// The target the style was composed for (`tomtom`, `maplibre`).
    public let target: String
    /// The app platforms the build serves.
    public let platforms: [Platform]
    /// One or more; the first is the default.
    public let variants: [VariantRecord]
    /// The declared sources, in the order declared.
    public let sources: [SourceRecord]
    /// The renderers the build was checked against, with the oldest version of each that draws it (none when
    /// the declarations named none).
    public var renderers: [RendererRecord] = []
    /// The vector styles the build mounts as two layers each, in declaration order (none without any).
    public var vectorStyles: [VectorStyleRecord] = []

    /// The variant of this name, or the default (the first) for nil; an unknown name is an error that lists the
    /// names the build has.
    public func variant(named name: String?) throws(RuntimeError) -> VariantRecord {
        guard let name else { return variants[0] }
        guard let found = variants.first(where: { $0.name == name }) else {
            let names = variants.map { RuntimeError.quoted($0.name, limit: 40) }.joined(separator: ", ")
            throw RuntimeError(
                .unknownVariant, "the build has no variant \(RuntimeError.quoted(name)) (it has \(names))")
        }
        return found
    }

    /// Decodes a manifest; any departure from the format is an error that names the file and the field.
    public static func decode(_ bytes: [UInt8], name: String = ManifestFormat.fileName) throws(RuntimeError)
        -> RuntimeManifest
    {
        let root: JSONNode
        do {
            root = try JSONParser().parse(bytes: bytes, name: name).root
        } catch {
            throw RuntimeError(.manifest, "\(name) is not JSON: \(error.message) at \(error.location)")
        }
        let reader = ManifestReader(name: name)
        guard root["format"]?.stringValue == ManifestFormat.name else {
            throw RuntimeError(
                .manifest, "\(name) is not an mc-style manifest (its \"format\" is not \"\(ManifestFormat.name)\")")
        }
        guard let version = root["formatVersion"]?.numberValue?.intValue, version == ManifestFormat.version else {
            throw RuntimeError(
                .manifest,
                "\(name) has formatVersion \(root["formatVersion"].map { RuntimeError.quoted(ManifestReader.text($0)) } ?? "(none)"); this module reads version \(ManifestFormat.version): compile again with this mc-style"
            )
        }
        let platformWords = try reader.strings(root["platforms"], field: "platforms")
        var platforms: [Platform] = []
        for word in platformWords {
            guard let platform = Platform(rawValue: word) else {
                throw reader.bad("platforms", "names an unknown platform \(RuntimeError.quoted(word))")
            }
            platforms.append(platform)
        }
        var sources: [SourceRecord] = []
        for (index, node) in try reader.array(root["sources"], field: "sources").enumerated() {
            let field = "sources[\(index)]"
            let route = try node["localTileServer"]?["route"].map { node throws(RuntimeError) in
                try reader.string(node, field: field + ".localTileServer.route")
            }
            var record = SourceRecord(
                id: try reader.string(node["id"], field: field + ".id"),
                styleLayerID: try reader.string(node["styleLayerId"], field: field + ".styleLayerId"),
                route: route)
            record.tiles = node["tiles"]?.stringValue
            sources.append(record)
        }
        var variants: [VariantRecord] = []
        for (index, node) in try reader.array(root["variants"], field: "variants").enumerated() {
            let variant = try reader.variant(node, field: "variants[\(index)]", sources: sources)
            if variants.contains(where: { $0.name == variant.name }) {
                throw reader.bad("variants[\(index)].name", "repeats the variant \(RuntimeError.quoted(variant.name))")
            }
            variants.append(variant)
        }
        guard !variants.isEmpty else { throw reader.bad("variants", "lists no variant") }
        var manifest = RuntimeManifest(
            target: try reader.string(root["target"], field: "target"), platforms: platforms, variants: variants,
            sources: sources)
        manifest.vectorStyles = try reader.vectorStyles(root["vectorStyles"], sources: sources)
        if let records = root["renderers"], !records.isNull {
            for (index, item) in try reader.array(records, field: "renderers").enumerated() {
                let field = "renderers[\(index)]"
                let name = try reader.string(item["name"], field: field + ".name")
                guard let version = RendererVersion(try reader.string(item["version"], field: field + ".version"))
                else { throw reader.bad(field + ".version", "is not a version such as 6.10.0") }
                var minimum: RendererVersion?
                if let node = item["minimum"], !node.isNull {
                    guard let parsed = RendererVersion(try reader.string(node, field: field + ".minimum")) else {
                        throw reader.bad(field + ".minimum", "is not a version such as 6.10.0")
                    }
                    minimum = parsed
                }
                manifest.renderers.append(RendererRecord(name: name, version: version, minimum: minimum))
            }
        }
        return manifest
    }
}

/// Typed reads of manifest fields, each failure naming the file and the field.
struct ManifestReader {
    let name: String

    func bad(_ field: String, _ problem: String) -> RuntimeError {
        RuntimeError(.manifest, "\(name): \"\(field)\" \(problem)")
    }

    func string(_ node: JSONNode?, field: String) throws(RuntimeError) -> String {
        guard let text = node?.stringValue else { throw bad(field, node == nil ? "is missing" : "is not a string") }
        return text
    }

    func array(_ node: JSONNode?, field: String) throws(RuntimeError) -> [JSONNode] {
        guard let items = node?.arrayValue else { throw bad(field, node == nil ? "is missing" : "is not an array") }
        return items
    }

    func strings(_ node: JSONNode?, field: String) throws(RuntimeError) -> [String] {
        var result: [String] = []
        for (index, item) in try array(node, field: field).enumerated() {
            result.append(try string(item, field: "\(field)[\(index)]"))
        }
        return result
    }

    func variant(_ node: JSONNode, field: String, sources: [RuntimeManifest.SourceRecord]) throws(RuntimeError)
        -> RuntimeManifest.VariantRecord
    {
        let name = try string(node["name"], field: field + ".name")
        let style = try file(node["style"], field: field + ".style")
        let layerMapping = try node["layerMapping"].flatMap { $0.isNull ? nil : $0 }.map { node throws(RuntimeError) in
            try file(node, field: field + ".layerMapping")
        }
        var placeholders: [RuntimeManifest.PlaceholderRecord] = []
        for (index, item) in try array(node["placeholders"], field: field + ".placeholders").enumerated() {
            let itemField = "\(field).placeholders[\(index)]"
            let fill = try string(item["fill"], field: itemField + ".fill")
            let placeholderName = try item["name"].map { node throws(RuntimeError) in
                try string(node, field: itemField + ".name")
            }
            guard let placeholder = Placeholder(fill: fill, name: placeholderName) else {
                throw bad(itemField, "has a fill \(RuntimeError.quoted(fill)) this module does not know")
            }
            guard try string(item["token"], field: itemField + ".token") == placeholder.token else {
                throw bad(itemField + ".token", "is not \(placeholder.token)")
            }
            let defaultValue = try item["default"].map { node throws(RuntimeError) in
                try string(node, field: itemField + ".default")
            }
            let mayBeEmpty = try item["mayBeEmpty"].map { node throws(RuntimeError) in
                guard let flag = node.boolValue else { throw bad(itemField + ".mayBeEmpty", "is not true or false") }
                return flag
            }
            placeholders.append(
                RuntimeManifest.PlaceholderRecord(
                    placeholder: placeholder, defaultValue: defaultValue,
                    pointers: try strings(item["pointers"], field: itemField + ".pointers"),
                    mayBeEmpty: mayBeEmpty ?? false))
        }
        let items = try array(node["layers"], field: field + ".layers")
        guard items.count == sources.count else {
            throw bad(field + ".layers", "lists \(items.count) layers for \(sources.count) sources")
        }
        var layers: [RuntimeManifest.LayerRecord] = []
        for (index, item) in items.enumerated() {
            let itemField = "\(field).layers[\(index)]"
            let source = try string(item["source"], field: itemField + ".source")
            guard source == sources[index].id else {
                throw bad(
                    itemField + ".source",
                    "is \(RuntimeError.quoted(source)), not the source \(RuntimeError.quoted(sources[index].id)) listed at sources[\(index)]"
                )
            }
            var record = RuntimeManifest.LayerRecord(
                source: source, opacityPointer: try string(item["opacity"], field: itemField + ".opacity"),
                visibilityPointer: try string(item["visibility"], field: itemField + ".visibility"))
            for (partIndex, part) in try
                (item["parts"].map { node throws(RuntimeError) in
                    try array(node, field: itemField + ".parts")
                } ?? []).enumerated()
            {
                let partField = "\(itemField).parts[\(partIndex)]"
                record.partPointers.append(
                    (
                        try string(part["opacity"], field: partField + ".opacity"),
                        try string(part["visibility"], field: partField + ".visibility")
                    ))
            }
            layers.append(record)
        }
        var tileSizes: [RuntimeManifest.TileSizeRecord] = []
        for (index, item) in try
            (node["tileSizes"].map { node throws(RuntimeError) in
                try array(node, field: field + ".tileSizes")
            } ?? []).enumerated()
        {
            let itemField = "\(field).tileSizes[\(index)]"
            guard let declared = item["declared"]?.numberValue?.intValue, declared >= 1 else {
                throw bad(itemField + ".declared", "is not a tile size of 1 pixel or more")
            }
            tileSizes.append(
                RuntimeManifest.TileSizeRecord(
                    pointer: try string(item["pointer"], field: itemField + ".pointer"), declared: declared))
        }
        return RuntimeManifest.VariantRecord(
            name: name, style: style, layerMapping: layerMapping, placeholders: placeholders, layers: layers,
            tileSizes: tileSizes)
    }

    func file(_ node: JSONNode?, field: String) throws(RuntimeError) -> RuntimeManifest.FileRecord {
        let path = try string(node?["path"], field: field + ".path")
        guard FolderPath.isPlainRelative(path) else {
            throw bad(field + ".path", "is not a relative path inside the compiled folder")
        }
        let digest = try string(node?["sha256"], field: field + ".sha256")
        guard digest.utf8.count == 64, digest.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else {
            throw bad(field + ".sha256", "is not 64 lowercase hexadecimal digits")
        }
        return RuntimeManifest.FileRecord(path: path, sha256: digest)
    }

    static func text(_ node: JSONNode) -> String {
        JSONWriter(style: .compact).string(node).trimmingSuffix("\n")
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

/// Paths inside a compiled folder, as the manifest names them.
enum FolderPath {
    /// True for `a/b.json`-style paths: not absolute, no `.` or `..` segment, no empty segment, no backslash.
    static func isPlainRelative(_ path: String) -> Bool {
        // A NUL would cut the path where the file system reads it: refused, never cut.
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.utf8.contains(0) else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }
}
