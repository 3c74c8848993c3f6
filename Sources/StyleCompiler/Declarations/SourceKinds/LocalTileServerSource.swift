import LocatedJSON
import StyleRuntime

/// `localTileServer`: tiles the app renders through MapConductor's LocalTileServer (heatmaps, GeoJSON layers).
/// Base URL, route id and cache key are known only on the phone (GUIDE.md 2.9), so the template holds
/// placeholders that `StyleRuntime` fills; the size segment is the declared (rendered) size.
extension SourceKind {
    static let localTileServer = SourceKind(
        sourceField: .localTileServer,
        field: .init(
            name: "localTileServer",
            type: .object(
                DeclarationSchema.ObjectSpec(
                    noun: "a local tile server",
                    fields: [
                        .init(
                            name: "route", type: .string, isRequired: true,
                            summary:
                                "The LocalTileServer route name, one path segment; the app may map it to its run-time id."
                        ),
                        .init(
                            name: "cacheKey", type: .string, isRequired: false,
                            summary:
                                "A cache key fixed at build time (one path segment); without it the app fills it at run time."
                        ),
                    ], exactlyOneOf: [])), isRequired: false,
            summary: "Tiles the app renders on the device through MapConductor's LocalTileServer."),
        recognizes: { value in value["route"]?.stringValue != nil },
        decode: { node, _ in
            guard let route = node["route"]?.stringValue else { return nil }
            return .localRoute(route: route, cacheKey: node["cacheKey"]?.stringValue)
        },
        check: { source, address, context, findings in
            guard case .localRoute(let route, let cacheKey) = address else { return }
            for (field, value) in [(SourceField.localTileServerRoute, route), (.localTileServerCacheKey, cacheKey)] {
                guard let value, !PathSegment.isValid(value) else { continue }
                let name = field.key
                findings.diagnostics.append(
                    Diagnostic(
                        .sourcesLocalSegment,
                        "the \(name == "route" ? "route" : "cache key") '\(value)' is not one path segment of letters, digits, '-', '_' and '.': LocalTileServer splits tile paths at '/', so every tile would be a 404",
                        at: source.fieldLocations[field] ?? source.location(of: .localTileServer),
                        path: findings.path.appending("localTileServer").appending(name)
                    ))
            }
            if source.pixelRatios.contains(where: { $0 > 1 }),
                let platform = context.platforms.first(where: { !$0.servesDensitySuffix })
            {
                findings.diagnostics.append(
                    Diagnostic(
                        .platformUnsupported,
                        "pixelRatios \(source.pixelRatios) of '\(source.id)' cannot be served on \(platform.rawValue): its LocalTileServer answers 404 to <y>@2x.png tiles; declare platforms: [ios] or pixelRatios: [1]",
                        at: source.location(of: .pixelRatios), path: findings.path.appending("pixelRatios"),
                        related: context.platformsLocation.map {
                            [Diagnostic.Related("the platforms the build serves", at: $0)]
                        } ?? []))
            }
        },
        tileTemplate: { source, address in
            guard case .localRoute(let route, let cacheKey) = address else { return nil }
            let segments = [
                Placeholder.localTileServer.token, "tiles", Placeholder.route(route).token, String(source.tileSize),
                cacheKey ?? Placeholder.cacheKey(route).token,
            ]
            let tile = source.pixelRatios.contains(where: { $0 > 1 }) ? "{z}/{x}/{y}{ratio}.png" : "{z}/{x}/{y}.png"
            return DeclaredString(segments.joined(separator: "/") + "/" + tile)
        },
        tileJSONURL: { _ in nil },
        manifestFields: { address in
            guard case .localRoute(let route, let cacheKey) = address else { return [] }
            return [
                (
                    "localTileServer",
                    .object([
                        "route": .string(route), "cacheKey": cacheKey.map { .string($0) } ?? .null,
                        "cacheKeyFilled": .string(cacheKey == nil ? "runTime" : "build"),
                    ])
                )
            ]
        }
    )
}

extension RasterSourceKind {
    /// Tiles the app renders through LocalTileServer: a route name and, optionally, a cache key fixed at build time.
    public static func localTileServer(route: String, cacheKey: String?) -> RasterSourceKind {
        RasterSourceKind(.localTileServer, .localRoute(route: route, cacheKey: cacheKey))
    }
}
