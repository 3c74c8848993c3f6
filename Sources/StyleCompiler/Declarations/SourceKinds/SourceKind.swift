import LocatedJSON
import StyleRuntime

/// What one source kind knows about itself: its keyword and schema, how it decodes, what it checks, the tiles
/// it gives the style, and what the manifest says of it. One value per kind, each in its own file, registered
/// in `SourceKind.all`, which the schema, the decoder, the rules, the composer and the manifest iterate. Every
/// part is a required initializer argument, so a kind that forgets one does not compile.
public struct SourceKind: Sendable {
    /// The declaration field (`.urlTemplate`, ...).
    public let sourceField: SourceField
    /// The declaration key (`urlTemplate`, ...).
    public var keyword: String { sourceField.rawValue }
    /// The declaration field: its value type and summary, for the decoder and the JSON Schema.
    let field: DeclarationSchema.Field
    /// True when a value under an unknown key looks like this kind's (a `{z}/{x}/{y}` URL is a `urlTemplate`):
    /// the did-you-mean for a key such as `url:` that no spelling distance finds.
    let recognizes: @Sendable (_ value: JSONNode) -> Bool
    /// The address a (schema-checked) field value declares; `expand` fills `${NAME}` references and reports a
    /// missing variable. Nil when the value is unusable (already reported).
    let decode: @Sendable (_ node: JSONNode, _ expand: (JSONNode) -> DeclaredString?) -> SourceAddress?
    /// The checks only this kind makes.
    let check:
        @Sendable (
            _ source: RasterSourceDeclaration, _ address: SourceAddress, _ context: SourceCheckContext,
            _ findings: inout SourceFindings
        ) -> Void
    /// The tile URL template: `value` for the style, `display` (secrets as `${NAME}`) for every other output.
    /// Nil for kinds whose tiles a remote TileJSON names (no TileJSON of ours is written for them).
    let tileTemplate: @Sendable (_ source: RasterSourceDeclaration, _ address: SourceAddress) -> DeclaredString?
    /// The style source's `url` (a TileJSON), for kinds that have one.
    let tileJSONURL: @Sendable (_ address: SourceAddress) -> DeclaredString?
    /// Manifest members of this kind, in order (a nil value is left out).
    let manifestFields: @Sendable (_ address: SourceAddress) -> [(key: String, value: JSONNode?)]

    /// Every source kind, in the order the schema lists them. Adding a kind: its own file and one line here.
    public static let all: [SourceKind] = [.urlTemplate, .tileJSON, .arcGISService, .localTileServer, .vectorStyle]

    /// The keywords, in order.
    public static var keywords: [String] { all.map(\.keyword) }
}

/// What a source kind decoded: a URL (a tile template, a TileJSON, an ArcGIS service), a LocalTileServer route or
/// a vector style rasterised on the phone.
public enum SourceAddress: Sendable, Equatable {
    /// A URL: a tile template, a TileJSON document or an ArcGIS service root.
    case url(DeclaredString)
    /// A LocalTileServer route name and a cache key fixed at build time, if any.
    case localRoute(route: String, cacheKey: String?)
    /// A MapLibre vector style file, the route its two layers derive from, and the rasterised tile size.
    case vectorStyle(VectorStyleAddress)
}

/// What a kind's checks may need beyond the source: the platforms the build serves.
struct SourceCheckContext {
    let platforms: [Platform]
    let platformsLocation: SourceLocation?
}

/// Where a raster source's tiles come from: a registered kind and what was declared for it. Each kind's file
/// gives its constructor (`.urlTemplate(...)`, `.localTileServer(route:cacheKey:)`, ...).
public struct RasterSourceKind: Sendable, Equatable {
    /// The kind's descriptor, one of `SourceKind.all`.
    public let descriptor: SourceKind
    /// The address declared.
    public let address: SourceAddress

    /// A source of kind `descriptor` at `address`.
    public init(_ descriptor: SourceKind, _ address: SourceAddress) {
        self.descriptor = descriptor
        self.address = address
    }

    /// The declaration key of this kind (`urlTemplate`, ...).
    public var keyword: String { descriptor.keyword }
    /// The declaration field of this kind.
    public var sourceField: SourceField { descriptor.sourceField }

    /// The declared LocalTileServer route, for sources the app renders itself.
    public var localRoute: String? {
        if case .localRoute(let route, _) = address { return route }
        return nil
    }

    /// Kinds are equal when they have the same keyword and address.
    public static func == (lhs: RasterSourceKind, rhs: RasterSourceKind) -> Bool {
        lhs.keyword == rhs.keyword && lhs.address == rhs.address
    }
}
