import LocatedJSON
import StyleRuntime

/// `vectorStyle`: a whole MapLibre vector style that MapConductor rasterises on the phone and serves through
/// LocalTileServer as two raster layers, ground then labels (GUIDE.md section 7). The style file is read, checked
/// at its own lines and bundled by `compile`; the composer gives it the two layers (`VectorStyleParts`).
extension SourceKind {
    static let vectorStyle = SourceKind(
        sourceField: .vectorStyle,
        field: .init(
            name: "vectorStyle",
            type: .object(
                DeclarationSchema.ObjectSpec(
                    noun: "a vector style",
                    fields: [
                        .init(
                            name: "style", type: .string, isRequired: true,
                            summary:
                                "The MapLibre style file, relative to the declarations and inside the project (fetch a hosted one with fetch-base --url)."
                        ),
                        .init(
                            name: "route", type: .string, isRequired: true,
                            summary:
                                "The LocalTileServer route name (one path segment); the layers' routes are ROUTE-ground and ROUTE-labels."
                        ),
                        .init(
                            name: "tileSize", type: .integer(1...DeclarationSchema.maximumTileSize), isRequired: false,
                            summary: "Pixels of a rasterised tile: 512 (default) or 1024."),
                        .init(
                            name: "rules", type: .string, isRequired: false,
                            summary:
                                "A rules document (MapConductor's StyleRules, JSON or YAML) applied to the style before it is bundled, relative to the declarations."
                        ),
                    ], exactlyOneOf: [])), isRequired: false,
            summary: "A MapLibre vector style, rasterised on the phone and shown as two raster layers (ground, labels)."
        ),
        recognizes: { value in value["style"]?.stringValue != nil },
        decode: { node, _ in
            guard let style = node["style"]?.stringValue, let route = node["route"]?.stringValue else { return nil }
            let tileSize = node["tileSize"]?.numberValue?.intValue ?? VectorStyleAddress.defaultTileSize
            var address = VectorStyleAddress(style: style, route: route, tileSize: tileSize)
            address.rules = node["rules"]?.stringValue
            return .vectorStyle(address)
        },
        check: { source, address, _, findings in
            guard case .vectorStyle(let vector) = address else { return }
            VectorStyleRules.check(vector, of: source, into: &findings)
        },
        tileTemplate: { _, _ in nil },
        tileJSONURL: { _ in nil },
        manifestFields: { _ in [] }
    )
}

/// What a `vectorStyle` declares: the style file, the route its two layers derive from, and the rasterised tile size.
public struct VectorStyleAddress: Sendable, Equatable {
    /// The style as written: a path relative to the declarations file.
    public var style: String
    /// The LocalTileServer route name; the layers' routes add `-ground` and `-labels`.
    public var route: String
    /// Pixels of a rasterised tile, as the rasteriser renders it: 512 or 1024.
    public var tileSize: Int
    /// A rules document applied to the style before it is bundled, relative to the declarations file; nil: none.
    public var rules: String?

    /// The tile size MapConductor's vector tile layers use unless told otherwise, in pixels.
    public static let defaultTileSize = 512
    /// The tile sizes the rasteriser serves, in pixels (768 drew a blank MapKit map).
    public static let tileSizes = [512, 1024]
    /// The highest zoom the rasteriser serves tiles for.
    public static let maximumZoom = 22
    /// Fields of a tile server that a vector style's declaration does not apply (its tiles are the rasteriser's).
    static let inapplicableFields: [SourceField] = [.tileSize, .minZoom, .maxZoom, .scheme, .userAgent, .extraHeaders]

    /// A vector style at `style` served on `route` in tiles of `tileSize` pixels.
    public init(style: String, route: String, tileSize: Int = VectorStyleAddress.defaultTileSize) {
        self.style = style
        self.route = route
        self.tileSize = tileSize
    }
}

extension RasterSourceKind {
    /// A MapLibre vector style rasterised on the phone.
    public static func vectorStyle(_ address: VectorStyleAddress) -> RasterSourceKind {
        RasterSourceKind(.vectorStyle, .vectorStyle(address))
    }

    /// The vector style declared, for `vectorStyle` sources.
    public var vectorStyle: VectorStyleAddress? {
        if case .vectorStyle(let address) = address { return address }
        return nil
    }
}
