import LocatedJSON
import StyleMath
import StyleRuntime

/// The run-time manifest the app reads: what was composed from what, the placeholders it must fill, and
/// per source everything MapConductor needs. Secrets appear only as `${NAME}`; paths are relative to the
/// declarations file; nothing depends on the clock or the machine.
enum ManifestDocument {

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
        let placeholders = composition.placeholders.map { record in
            JSONNode.object([
                "token": .string(record.placeholder.token),
                "fill": .string(record.placeholder.fill),
                "name": record.placeholder.name.map { .string($0) },
                "default": record.defaultValue.map { .string($0) },
                "pointers": .array(record.pointers.map { .string($0) }),
            ])
        }
        return .object([
            "format": .string(ManifestFormat.name),
            "formatVersion": .integer(ManifestFormat.version),
            "generator": .object(["name": .string("mc-style"), "version": .string(generatorVersion)]),
            "target": .string(composition.target.rawValue),
            "platforms": .array(composition.platforms.map { .string($0.rawValue) }),
            "inputs": .array(inputs.map { .object(["path": .string($0.path), "role": .string($0.role), "sha256": .string($0.sha256)]) }),
            "style": .object(["path": .string(style.path), "sha256": .string(SHA256.hex(style.bytes)),
                              "layers": .integer(layers), "sources": .integer(sources)]),
            "layerMapping": layerMapping.map { .object(["path": .string($0.path), "sha256": .string(SHA256.hex($0.bytes))]) },
            "placeholders": .array(placeholders),
            "filledAtBuild": composition.keyFilledPointers.isEmpty ? nil : .array([
                .object(["token": .string(Placeholder.apiKey.token), "pointers": .array(composition.keyFilledPointers.map { .string($0) })]),
            ]),
            "leftAsIs": composition.foreignKeyPointers.isEmpty ? nil : .array([
                .object(["token": .string(Placeholder.apiKey.token), "why": .string("the URL's host is not TomTom's"),
                         "pointers": .array(composition.foreignKeyPointers.map { .string($0) })]),
            ]),
            "sources": .array(composition.sources.map { source(for: $0, tileJSONPath: tileJSONPaths[$0.declaration.id]) }),
        ])
    }

    private static func source(for report: Composition.SourceReport, tileJSONPath: String?) -> JSONNode {
        let declaration = report.declaration
        let template = StyleSourceBuilder.tileTemplate(declaration)
        let head = JSONNode.object([
            "id": .string(declaration.id),
            "kind": .string(declaration.kind.keyword),
            "styleSourceId": .string(declaration.styleSourceID),
            "styleLayerId": .string(declaration.styleLayerID),
            "layer": report.layerIndex.map { index in
                .object([
                    "index": .integer(index),
                    "opacity": .string("/layers/\(index)/paint/raster-opacity"),
                    "visibility": .string("/layers/\(index)/layout/visibility"),
                ])
            },
            "tiles": template.map { .string($0.display) },
            "tileJson": tileJSONPath.map { .string($0) },
        ])
        let tail = JSONNode.object([
            "tileSize": .object(["declared": .integer(declaration.tileSize), "emitted": .integer(report.emittedTileSize)]),
            "tileZoom": .object(["min": .integer(declaration.tileLevels.min), "max": .integer(declaration.tileLevels.max)]),
            "visibleZoom": declaration.visibleZoom.map { unified in
                .object([
                    "unified": ends(unified),
                    "native": report.nativeVisibleZoom.map(ends),
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
        var members = head.objectValue?.members ?? []
        for (key, value) in declaration.kind.descriptor.manifestFields(declaration.kind.address) {
            if let value { members.append(JSONMember(key: key, value: value)) }
        }
        members += tail.objectValue?.members ?? []
        return JSONNode(.object(JSONObject(members)))
    }

    /// `[min, max]`, null for an open end.
    private static func ends(_ zoom: ZoomInterval) -> JSONNode {
        .array([zoom.minimum.map { .number($0) } ?? .null, zoom.maximum.map { .number($0) } ?? .null])
    }

    private static func bounds(_ box: GeoBounds) -> JSONNode {
        .array([box.west, box.south, box.east, box.north].map { .number($0) })
    }

    /// Tiles covering the bounds at each tile level of the source (core math), 0...22 where undeclared.
    private static func tileCounts(_ box: GeoBounds, _ declaration: RasterSourceDeclaration) -> JSONNode {
        let (low, high) = declaration.tileLevels
        return .array((low...high).map { level in
            .object(["zoom": .integer(level), "tiles": .integer((try? box.tileCount(levels: level...level)) ?? 0)])
        })
    }
}
