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
                service, field: .arcGisService, rule: .sourcesArcGISService, into: &findings)
            if let problem = serviceProblem(service.value) {
                findings.report(.sourcesArcGISService, .arcGisService, problem)
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

    /// Why `url` is not the root of a tiled ArcGIS service (its path must end in `/MapServer` or `/ImageServer`,
    /// whose cached tiles are at `/tile/{z}/{y}/{x}`); nil when it is.
    static func serviceProblem(_ url: String) -> String? {
        let path = trimmingTrailingSlashes(String(url.prefix { $0 != "?" && $0 != "#" }))
        let lowered = path.lowercased()
        if lowered.contains("{z}") || lowered.contains("/tile/") {
            return
                "this is a tile URL, not a service: arcGisService takes the service's root URL (ending in /MapServer) and adds /tile/{z}/{y}/{x} itself; for a URL with {z}, {x} and {y}, use urlTemplate"
        }
        if lowered.hasSuffix("/mapserver") || lowered.hasSuffix("/imageserver") { return nil }
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        let kind = last.lowercased()
        if kind.hasSuffix("server") {
            let what =
                kind == "featureserver"
                ? "a feature service, which serves features as JSON, not map tiles"
                : kind == "vectortileserver"
                    ? "a vector tile service, whose tiles a raster layer cannot draw"
                    : "a \(last), which serves no cached map tiles"
            return
                "'\(last)' is \(what): arcGisService needs a MapServer or ImageServer with cached tiles (its URL ends in /MapServer)"
        }
        return
            "the service URL does not end in /MapServer or /ImageServer, so its tiles would not be at <url>/tile/{z}/{y}/{x}: give the MapServer's root URL"
    }

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
