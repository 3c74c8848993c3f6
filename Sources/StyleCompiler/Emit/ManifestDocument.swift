import LocatedJSON
import StyleMath

/// The run-time manifest the app reads: what was composed from what, the placeholders it must fill, and
/// per source everything MapConductor needs. Secrets appear only as `${NAME}`; paths are relative to the
/// declarations file; nothing depends on the clock or the machine.
enum ManifestDocument {
    static let formatVersion = 1

    /// One input file: path relative to the declarations file, its role, and its SHA-256.
    struct Input {
        let path: String
        let role: String
        let sha256: String
    }

    static func make(_ composition: Composition, inputs: [Input], style: OutputFile, layerMapping: OutputFile?,
                     tileJSONPaths: [String: String], generatorVersion: String) -> JSONNode {
        let layers = composition.style["layers"]?.arrayValue?.count ?? 0
        let sources = composition.style["sources"]?.objectValue?.count ?? 0
        var placeholders: [JSONNode] = []
        if !composition.keyPointers.isEmpty {
            placeholders.append(.object([
                "token": .string(PlaceholderScan.keyToken),
                "fill": .string("the TomTom API key"),
                "filledAtBuild": .bool(composition.keyFilled),
                "pointers": .array(composition.keyPointers.map { .string($0) }),
            ]))
        }
        if !composition.localTileServerPointers.isEmpty {
            placeholders.append(.object([
                "token": .string(RasterSourceRendering.localTileServerToken),
                "fill": .string("the LocalTileServer base URL, http://127.0.0.1:<port>, known when the app starts"),
                "filledAtBuild": .bool(false),
                "pointers": .array(composition.localTileServerPointers.map { .string($0) }),
            ]))
        }
        return .object([
            "format": .string("mc-style-manifest"),
            "formatVersion": .integer(formatVersion),
            "generator": .object(["name": .string("mc-style"), "version": .string(generatorVersion)]),
            "target": .string(composition.target.rawValue),
            "inputs": .array(inputs.map { .object(["path": .string($0.path), "role": .string($0.role), "sha256": .string($0.sha256)]) }),
            "style": .object(["path": .string(style.path), "sha256": .string(SHA256.hex(style.bytes)),
                              "layers": .integer(layers), "sources": .integer(sources)]),
            "layerMapping": layerMapping.map { .object(["path": .string($0.path), "sha256": .string(SHA256.hex($0.bytes))]) },
            "placeholders": .array(placeholders),
            "sources": .array(composition.sources.map { source(for: $0, tileJSONPath: tileJSONPaths[$0.declaration.id]) }),
        ])
    }

    private static func source(for report: Composition.SourceReport, tileJSONPath: String?) -> JSONNode {
        let declaration = report.declaration
        var local: JSONNode?
        if case .localTileServer(let route, let cacheKey) = declaration.kind {
            local = .object(["route": .string(route), "cacheKey": cacheKey.map { .string($0) }])
        }
        var remoteTileJSON: JSONNode?
        if case .tileJson(let address) = declaration.kind { remoteTileJSON = .string(address.display) }
        let template = RasterSourceRendering.tileTemplate(declaration)
        return .object([
            "id": .string(declaration.id),
            "kind": .string(declaration.kind.keyword),
            "styleSourceId": .string(declaration.styleSourceID),
            "styleLayerId": .string(declaration.styleLayerID),
            "tiles": template.map { .string($0.display) },
            "tileJson": tileJSONPath.map { .string($0) },
            "remoteTileJson": remoteTileJSON,
            "localTileServer": local,
            "tileSize": .object(["declared": .integer(declaration.tileSize), "emitted": .integer(report.emittedTileSize)]),
            "tileZoom": .object(["min": declaration.minZoom.map { .integer($0) } ?? .null, "max": declaration.maxZoom.map { .integer($0) } ?? .null]),
            "visibleZoom": declaration.visibleZoom.map { unified in
                .object([
                    "unified": .array([.number(unified.lowerBound), .number(unified.upperBound)]),
                    "native": report.nativeVisibleZoom.map { .array([.number($0.lowerBound), .number($0.upperBound)]) },
                    "calibrationLatitude": report.calibration.map { .number($0.latitude) },
                    "latitudeFrom": report.calibration.map { .string($0.origin) },
                ])
            },
            "bounds": declaration.bounds.map(bounds),
            "tileCounts": declaration.bounds.map { tileCounts($0, declaration) },
            "attribution": .array(declaration.attribution.map { rule in
                .object([
                    "text": .string(rule.text.display),
                    "minZoom": rule.minZoom.map { .number($0) },
                    "maxZoom": rule.maxZoom.map { .number($0) },
                    "bounds": rule.bounds.map(bounds),
                ])
            }),
            "opacity": .number(declaration.opacity),
            "visible": .bool(declaration.visible),
            "zIndex": .integer(declaration.zIndex),
            "pixelRatios": .array(declaration.pixelRatios.map { .integer($0) }),
            "warnings": .array(report.warnings.map { .string($0) }),
        ])
    }

    private static func bounds(_ box: GeoBounds) -> JSONNode {
        .array([box.west, box.south, box.east, box.north].map { .number($0) })
    }

    /// Tiles covering the bounds at each tile level of the source (core math), 0...22 where undeclared.
    private static func tileCounts(_ box: GeoBounds, _ declaration: RasterSourceDeclaration) -> JSONNode {
        let low = declaration.minZoom ?? 0
        let high = max(declaration.maxZoom ?? 22, low)
        return .array((low...high).map { level in
            .object(["zoom": .integer(level), "tiles": .integer((try? box.tileCount(levels: level...level)) ?? 0)])
        })
    }
}
