import LocatedJSON
import StyleMath
import StyleRuntime

/// The run-time manifest the app reads: what was composed from what, per map-design variant the files and
/// the places the app fills (placeholders, each source's layer), and per source everything MapConductor needs. Secrets appear only as `${NAME}`; paths are relative to the
/// declarations file; nothing depends on the clock or the machine.
enum ManifestDocument {

    /// One input file: path relative to the declarations file, its role, the variant of a base (with `bases:`),
    /// and its SHA-256.
    struct Input {
        let path: String
        let role: String
        let variant: String?
        let sha256: String
    }

    /// One variant's composition and the files rendered from it.
    struct VariantFiles {
        let composition: Composition
        let style: OutputFile
        let layerMapping: OutputFile?
    }

    /// A renderer the declarations (or the command line) name: the version named, the oldest version that draws
    /// every variant's style (nil when no use needs a particular version, or when some use is drawn by none), and
    /// how many features no version draws yet (kept only where a team has lowered the rule's severity).
    struct RendererRecord {
        let name: String
        let version: RendererVersion
        let minimum: RendererVersion?
        let undrawn: Int

        /// One record per target, judged over `styles` (one per variant).
        static func records(_ targets: [RendererTarget], styles: [JSONNode], locator: any SourceLocator)
            -> [RendererRecord]
        {
            guard !targets.isEmpty else { return [] }
            // Only what some named renderer dates or cannot draw decides a verdict, and a record shows no place.
            let profiles = targets.map(\.profile)
            let uses = styles.flatMap { style in
                CompatibilityScan.uses(
                    in: style, locator: locator,
                    keeping: { row in
                        profiles.contains { profile in
                            switch profile.support(of: row) {
                            case .supported, .unknown: return false
                            default: return true
                            }
                        }
                    }, locating: false)
            }
            let report = CompatibilityReport(uses: uses, profiles: targets.map(\.profile))
            return zip(targets, report.verdicts).map { target, verdict in
                RendererRecord(
                    name: target.profile.name, version: target.version, minimum: verdict.oldest,
                    undrawn: verdict.oldest == nil ? verdict.deciding.count : 0)
            }
        }

        var node: JSONNode {
            .object([
                "name": .string(name), "version": .string(version.description),
                "minimum": minimum.map { .string($0.description) } ?? .null,
                "undrawn": undrawn > 0 ? .integer(undrawn) : nil,
            ])
        }
    }

    static func make(
        _ variants: [VariantFiles], inputs: [Input], tileJSONPaths: [String: String], generatorVersion: String,
        renderers: [RendererRecord] = []
    ) -> JSONNode {
        let first = variants[0].composition
        return .object([
            "format": .string(ManifestFormat.name),
            "formatVersion": .integer(ManifestFormat.version),
            "generator": .object(["name": .string("mc-style"), "version": .string(generatorVersion)]),
            "target": .string(first.target.rawValue),
            "platforms": .array(first.platforms.map { .string($0.rawValue) }),
            "renderers": renderers.isEmpty ? nil : .array(renderers.map(\.node)),
            "inputs": .array(
                inputs.map { input in
                    .object([
                        "path": .string(input.path), "role": .string(input.role),
                        "variant": input.variant.map { .string($0) },
                        "sha256": .string(input.sha256),
                    ])
                }),
            "variants": .array(variants.map(variant)),
            "sources": .array(
                first.sources.indices.map { index in
                    source(
                        for: first.sources[index], warnings: warnings(of: index, in: variants),
                        tileJSONPath: tileJSONPaths[first.sources[index].declaration.id])
                }),
            "vectorStyles": vectorStyles(first.sources),
        ])
    }

    /// What the app needs of one variant: its files, where its placeholders are, and where each source's layer is.
    private static func variant(_ files: VariantFiles) -> JSONNode {
        let composition = files.composition
        let layers = composition.style["layers"]?.arrayValue?.count ?? 0
        let sources = composition.style["sources"]?.objectValue?.count ?? 0
        let placeholders = composition.placeholders.map { record in
            JSONNode.object([
                "token": .string(record.placeholder.token),
                "fill": .string(record.placeholder.fill),
                "name": record.placeholder.name.map { .string($0) },
                "default": record.defaultValue.map { .string($0) },
                "mayBeEmpty": record.mayBeEmpty ? .bool(true) : nil,
                "pointers": .array(record.pointers.map { .string($0) }),
            ])
        }
        return .object([
            "name": .string(composition.variant.name),
            "style": .object([
                "path": .string(files.style.path), "sha256": .string(files.style.sha256),
                "layers": .integer(layers), "sources": .integer(sources),
            ]),
            "layerMapping": files.layerMapping.map {
                .object(["path": .string($0.path), "sha256": .string($0.sha256)])
            },
            "placeholders": .array(placeholders),
            "filledAtBuild": composition.keyFilledPointers.isEmpty
                ? nil
                : .array([
                    .object([
                        "token": .string(Placeholder.apiKey.token),
                        "pointers": .array(composition.keyFilledPointers.map { .string($0) }),
                    ])
                ]),
            "leftAsIs": composition.foreignKeyPointers.isEmpty
                ? nil
                : .array([
                    .object([
                        "token": .string(Placeholder.apiKey.token), "why": .string("the URL's host is not TomTom's"),
                        "pointers": .array(composition.foreignKeyPointers.map { .string($0) }),
                    ])
                ]),
            "tileSizes": composition.target == .tomtom ? .array(tileSizes(composition)) : nil,
            "layers": .array(
                composition.sources.compactMap { report in
                    report.layerIndex.map { index in
                        .object([
                            "source": .string(report.declaration.id),
                            "index": .integer(index),
                            "opacity": .string("/layers/\(index)/paint/raster-opacity"),
                            "visibility": .string("/layers/\(index)/layout/visibility"),
                            // The layer of the part east of the antimeridian takes the same opacity and visibility.
                            "parts": report.eastPartLayerIndex.map { part in
                                .array([
                                    .object([
                                        "index": .integer(part),
                                        "opacity": .string("/layers/\(part)/paint/raster-opacity"),
                                        "visibility": .string("/layers/\(part)/layout/visibility"),
                                    ])
                                ])
                            },
                        ])
                    }
                }),
        ])
    }

    /// The raster sources whose `tileSize` `StyleRuntime` sets for the device: each declared one and TomTom's
    /// raster base map, with its declared size.
    private static func tileSizes(_ composition: Composition) -> [JSONNode] {
        let sources = composition.style["sources"]
        var records: [(id: String, declared: Int)] = composition.sources.flatMap { report in
            let declaration = report.declaration
            let part =
                declaration.crossesAntimeridian
                ? [(declaration.styleSourceID + StyleID.eastPartSuffix, declaration.tileSize)] : []
            return [(declaration.styleSourceID, declaration.tileSize)] + part
        }
        if sources?[StyleID.baseRasterSource] != nil {
            records.insert((StyleID.baseRasterSource, StyleComposer.baseRasterTileSize), at: 0)
        }
        return records.filter { sources?[$0.id]?["tileSize"] != nil }.map { record in
            .object([
                "pointer": .string(JSONPath([.key("sources"), .key(record.id), .key("tileSize")]).jsonPointer),
                "declared": .integer(record.declared),
            ])
        }
    }

    /// A source's warnings in every variant, each once, in the order found.
    private static func warnings(of index: Int, in variants: [VariantFiles]) -> [String] {
        var seen: Set<String> = []
        return variants.flatMap { $0.composition.sources[index].warnings }.filter { seen.insert($0).inserted }
    }

    private static func source(for report: Composition.SourceReport, warnings: [String], tileJSONPath: String?)
        -> JSONNode
    {
        let declaration = report.declaration
        let template = StyleSourceBuilder.tileTemplate(declaration)
        let head = JSONMember.present([
            "id": .string(declaration.id),
            "kind": .string(declaration.kind.keyword),
            "styleSourceId": .string(declaration.styleSourceID),
            "styleLayerId": .string(declaration.styleLayerID),
            // Bounds across the antimeridian: the style holds the source twice, the second part east of it.
            "eastPart": declaration.crossesAntimeridian
                ? .object([
                    "styleSourceId": .string(declaration.styleSourceID + StyleID.eastPartSuffix),
                    "styleLayerId": .string(declaration.styleLayerID + StyleID.eastPartSuffix),
                ]) : nil,
            "tiles": template.map { .string($0.display) },
            "tileJson": tileJSONPath.map { .string($0) },
            // One of a vector style's two layers: `vectorStyles` says the rest.
            "vectorStyle": declaration.vectorStyleLayer.map { layer in
                .object(["source": .string(layer.sourceID), "layer": .string(layer.role.rawValue)])
            },
        ])
        let tail = JSONMember.present([
            "tileSize": .object([
                "declared": .integer(declaration.tileSize), "emitted": .integer(report.emittedTileSize),
            ]),
            "tileZoom": .object([
                "min": .integer(declaration.tileLevels.min), "max": .integer(declaration.tileLevels.max),
            ]),
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
            "attribution": .array(
                declaration.attribution.map { rule in
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
            "warnings": .array(warnings.map { .string($0) }),
        ])
        let kindFields = declaration.kind.descriptor.manifestFields(declaration.kind.address)
        // One array of the exact size, kept without a key index: thousands of sources' objects would otherwise
        // hold indexes and spare capacity that writing never uses.
        var members: [JSONMember] = []
        members.reserveCapacity(head.count + kindFields.count + tail.count)
        members += head
        for (key, value) in kindFields {
            if let value { members.append(JSONMember(key: key, value: value)) }
        }
        members += tail
        return JSONNode(.object(JSONObject(unindexed: members)))
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
        return .array(
            (low...high).map { level in
                .object(["zoom": .integer(level), "tiles": .integer((try? box.tileCount(levels: level...level)) ?? 0)])
            })
    }
}
