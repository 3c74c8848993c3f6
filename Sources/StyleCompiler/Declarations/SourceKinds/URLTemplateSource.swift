import LocatedJSON

/// `urlTemplate`: a tile URL with `{z}`, `{x}`, `{y}` (or `{quadkey}`, `{bbox-epsg-3857}`).
extension SourceKind {
    static let urlTemplate = SourceKind(
        sourceField: .urlTemplate,
        field: .init(
            name: "urlTemplate", type: .string, isRequired: false,
            summary: "Tile URL with {z}, {x}, {y} (or {quadkey}, {bbox-epsg-3857})."),
        recognizes: { value in
            guard let text = value.stringValue else { return false }
            return ["{z}", "{quadkey}", "{bbox-epsg-3857}"].contains { text.contains($0) }
        },
        decode: { node, expand in expand(node).map(SourceAddress.url) },
        check: { _, address, _, findings in
            guard case .url(let template) = address else { return }
            let tokens = SourceDeclarationRules.tokens(in: template.display)
            let hasTile =
                Set(["z", "x", "y"]).isSubset(of: tokens) || tokens.contains("quadkey")
                || tokens.contains("bbox-epsg-3857")
            if !hasTile {
                findings.report(
                    .sourcesUrlTokens, .urlTemplate,
                    "the tile URL needs {z}, {x} and {y} (or {quadkey} or {bbox-epsg-3857})")
            }
            for token in tokens.subtracting(SourceDeclarationRules.knownTokens).sorted() {
                let fix =
                    token == "s"
                    ? ": write one subdomain (a, b or c) in its place; MapLibre picks among several URLs only in a style's 'tiles' list"
                    : ""
                findings.report(
                    .sourcesUnknownToken, .urlTemplate,
                    "the tile URL has the token {\(token)}, which MapLibre leaves in the URL as it is\(fix)")
            }
            SourceDeclarationRules.checkRemoteURL(template, field: .urlTemplate, into: &findings)
        },
        tileTemplate: { _, address in
            guard case .url(let template) = address else { return nil }
            return template
        },
        tileJSONURL: { _ in nil },
        manifestFields: { _ in [] }
    )
}

extension RasterSourceKind {
    /// A tile URL template.
    public static func urlTemplate(_ template: DeclaredString) -> RasterSourceKind {
        RasterSourceKind(.urlTemplate, .url(template))
    }
}
