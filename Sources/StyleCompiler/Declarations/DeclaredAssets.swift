import LocatedJSON

/// The declarations' `assets:` section: where local copies of the style's assets are, as written (relative to
/// the declarations file). The same three things as `--sprite`, `--fonts` and `--vector-layers`, which win
/// over it; TomTom styles name their assets through placeholders, so this is how a team checks against them.
public struct DeclaredAssets: Sendable, Equatable {
    /// A path as written, and where.
    public struct Reference: Sendable, Equatable {
        /// The path as written, relative to the declarations file.
        public var path: String
        /// Where the path is written in the declarations; nil for one given on the command line.
        public var location: SourceLocation?

        /// A reference to `path`, written at `location`.
        public init(path: String, location: SourceLocation? = nil) {
            self.path = path
            self.location = location
        }

        /// References are equal when their paths are.
        public static func == (lhs: Reference, rhs: Reference) -> Bool { lhs.path == rhs.path }
    }

    /// A vector source's TileJSON.
    public struct VectorLayers: Sendable, Equatable {
        /// The id of the style's vector source.
        public var source: String
        /// A local copy of the source's TileJSON, with its `vector_layers`.
        public var tileJSON: Reference
    }

    /// The sprite index: a file, or a folder with `<name>.json` and `<name>@2x.json`.
    public var sprite: Reference?
    /// A JSON array of font names, or a glyphs folder `<font>/<range>.pbf`.
    public var fonts: Reference?
    /// Per vector source id, its TileJSON, in file order.
    public var vectorLayers: [VectorLayers] = []

    /// The asset paths a declarations file (or code) gives.
    public init(sprite: Reference? = nil, fonts: Reference? = nil, vectorLayers: [VectorLayers] = []) {
        self.sprite = sprite
        self.fonts = fonts
        self.vectorLayers = vectorLayers
    }

    /// The section as decoded (the schema has checked its shape), placed through `files`.
    init(_ node: JSONNode, in files: any SourceLocator) {
        func reference(_ value: JSONNode?) -> Reference? {
            value?.stringValue.map { Reference(path: $0, location: files.location(of: value)) }
        }
        sprite = reference(node["sprite"])
        fonts = reference(node["fonts"])
        vectorLayers = (node["vectorLayers"]?.objectValue?.members ?? []).compactMap { member in
            reference(member.value).map { VectorLayers(source: member.key, tileJSON: $0) }
        }
    }

    /// True when the section names nothing.
    public var isEmpty: Bool { sprite == nil && fonts == nil && vectorLayers.isEmpty }
}
