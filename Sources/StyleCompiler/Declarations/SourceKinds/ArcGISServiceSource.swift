import LocatedJSON

/// `arcGisService`: an ArcGIS MapServer URL; its tiles are `<url without trailing slashes>/tile/{z}/{y}/{x}`.
extension SourceKind {
    static let arcGISService = SourceKind(
        sourceField: .arcGisService,
        field: .init(
            name: "arcGisService", type: .string, isRequired: false,
            summary: "ArcGIS MapServer URL; tiles are <url>/tile/{z}/{y}/{x}."),
        recognizes: { value in
            guard let text = value.stringValue?.lowercased(), !text.contains("{z}") else { return false }
            return text.contains("/mapserver") || text.contains("/imageserver")
        },
        decode: { node, expand in expand(node).map(SourceAddress.url) },
        check: { _, address, _, findings in
            guard case .url(let service) = address else { return }
            SourceDeclarationRules.checkRemoteURL(
                service, field: .arcGisService, rule: .sourcesTilejsonUrl, into: &findings)
            if service.value.lowercased().contains("/tile/") {
                findings.report(
                    .sourcesTilejsonUrl, .arcGisService,
                    "the service URL already holds '/tile/', and its tiles would be <url>/tile/{z}/{y}/{x} after it: give the MapServer's root URL (ending in /MapServer)"
                )
            }
        },
        tileTemplate: { _, address in
            guard case .url(let service) = address else { return nil }
            return DeclaredString(
                value: trimmingTrailingSlashes(service.value) + "/tile/{z}/{y}/{x}",
                display: trimmingTrailingSlashes(service.display) + "/tile/{z}/{y}/{x}")
        },
        tileJSONURL: { _ in nil },
        manifestFields: { _ in [] }
    )

    private static func trimmingTrailingSlashes(_ text: String) -> String {
        var result = Substring(text)
        while result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}

extension RasterSourceKind {
    /// An ArcGIS MapServer URL.
    public static func arcGisService(_ url: DeclaredString) -> RasterSourceKind {
        RasterSourceKind(.arcGISService, .url(url))
    }
}
