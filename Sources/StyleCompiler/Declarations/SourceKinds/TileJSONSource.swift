import LocatedJSON

/// `tileJson`: the absolute URL of a TileJSON document, which names the tiles; the style source gets `url`.
extension SourceKind {
    static let tileJSON = SourceKind(
        sourceField: .tileJson,
        field: .init(
            name: "tileJson", type: .string, isRequired: false, summary: "Absolute URL of a TileJSON document."),
        recognizes: { value in
            guard let text = value.stringValue?.lowercased(), !text.contains("{z}") else { return false }
            let path = text.split(separator: "?", maxSplits: 1).first ?? ""
            return path.hasSuffix(".json") || text.contains("tilejson")
        },
        decode: { node, expand in expand(node).map(SourceAddress.url) },
        check: { _, address, _, findings in
            guard case .url(let url) = address else { return }
            SourceDeclarationRules.checkRemoteURL(url, field: .tileJson, rule: .sourcesTilejsonUrl, into: &findings)
        },
        tileTemplate: { _, _ in nil },
        tileJSONURL: { address in
            guard case .url(let url) = address else { return nil }
            return url
        },
        manifestFields: { address in
            guard case .url(let url) = address else { return [] }
            return [("remoteTileJson", .string(url.display))]
        }
    )
}

extension RasterSourceKind {
    /// A TileJSON document's absolute URL.
    public static func tileJson(_ url: DeclaredString) -> RasterSourceKind { RasterSourceKind(.tileJSON, .url(url)) }
}
