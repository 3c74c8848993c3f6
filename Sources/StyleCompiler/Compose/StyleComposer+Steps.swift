import LocatedJSON
import StyleRuntime

/// `compose`, step by step: check the base, lay out the base's stack, place each declared source, merge, map the
/// SDK's layers, find the run-time placeholders. Each step adds its findings to the composition's diagnostics.
extension StyleComposer {
    /// Declared layers placed in the stack, and the ids of those whose placement failed (an error says so; not a
    /// second error as a layer mapping's anchor).
    struct Placement {
        var placed: [LayerStack.Placed] = []
        var unplaced: Set<String> = []
    }

    /// Composes `declarations` onto `base`, every step's findings in the result's diagnostics: errors there mean
    /// the style is not usable.
    func composed(base: JSONNode, declarations: Declarations) -> Composition {
        var composition = Composition(
            style: base, layerMapping: nil, sources: [], placeholders: [], keyFilledPointers: [],
            foreignKeyPointers: [], target: profile.target, platforms: declarations.platforms, diagnostics: [])
        composition.variant = variant
        guard var root = base.objectValue, let baseLayers = root["layers"]?.arrayValue else {
            composition.diagnostics = [
                Diagnostic(
                    .styleRoot, "the base style has no 'layers' array", at: files.location(of: base), path: .root)
            ]
            return composition
        }
        if let exceeded = limitExceeded(baseLayers: baseLayers, root: root, declarations: declarations) {
            composition.diagnostics = [exceeded]
            return composition
        }
        var sources = baseSources(of: root, diagnostics: &composition.diagnostics)
        let (layers, baseRasterIndex) = baseStack(
            baseLayers, sources: &sources, declarations: declarations, diagnostics: &composition.diagnostics)
        let stack = LayerStack(baseLayers: layers)
        let placement = placeDeclaredSources(
            declarations, stack: stack, baseRasterIndex: baseRasterIndex, sources: &sources, into: &composition)
        let composedLayers = stack.merged(with: placement.placed)
        recordLayerIndexes(of: composedLayers, in: &composition)
        root["sources"] = JSONNode(.object(sources), placedAs: root["sources"])
        root["layers"] = JSONNode(.array(composedLayers), placedAs: root["layers"])
        var style = JSONNode(.object(root), placedAs: base)
        mapSDKLayers(declarations, layers: composedLayers, unplaced: placement.unplaced, into: &composition)
        findPlaceholders(in: &style, declarations: declarations, into: &composition)
        composition.style = style
        return composition
    }

    /// The finding when the declarations or the composed stack exceed `Limits`, else nil.
    private func limitExceeded(baseLayers: [JSONNode], root: JSONObject, declarations: Declarations) -> Diagnostic? {
        if declarations.sources.count > Limits.sources {
            return Diagnostic(
                .limitsSources, "\(declarations.sources.count) sources: more than the limit of \(Limits.sources)",
                at: declarations.fieldLocations.sources, path: JSONPath([.key("sources")]))
        }
        let declaredLayers = declarations.sources.reduce(0) { $0 + ($1.kind.vectorStyle == nil ? 1 : 2) }
        if baseLayers.count + declaredLayers > Limits.layers {
            return Diagnostic(
                .limitsLayers,
                "\(baseLayers.count + declaredLayers) layers: more than the limit of \(Limits.layers)",
                at: files.location(of: root["layers"]), path: JSONPath([.key("layers")]))
        }
        return nil
    }

    /// The base's sources, to which the declared ones are added.
    private func baseSources(of root: JSONObject, diagnostics: inout [Diagnostic]) -> JSONObject {
        if root["sources"] != nil, root["sources"]?.objectValue == nil {
            diagnostics.append(
                Diagnostic(
                    .styleRoot, "the base style's 'sources' is not an object", at: files.location(of: root["sources"]),
                    path: JSONPath([.key("sources")])))
        }
        return root["sources"]?.objectValue ?? JSONObject()
    }

    /// The base's layers as this design shows them (hidden without a base map), with TomTom's raster base map
    /// inserted where the target wants it; and that raster layer's index, below which no declared layer may go.
    private func baseStack(
        _ baseLayers: [JSONNode], sources: inout JSONObject, declarations: Declarations,
        diagnostics: inout [Diagnostic]
    ) -> (layers: [JSONNode], baseRasterIndex: Int?) {
        var layers =
            variant.showsBaseMap ? baseLayers : BaseMapHiding.hidden(baseLayers, background: variant.background)
        // A design without a base map gets no raster base map either: no TomTom tile is fetched.
        let insertsBaseRaster = profile.insertsBaseRaster && variant.showsBaseMap
        if insertsBaseRaster && declarations.baseRaster {
            let index = insertBaseRaster(into: &layers, sources: &sources, diagnostics: &diagnostics)
            return (layers, index)
        }
        if insertsBaseRaster {
            diagnostics.append(
                Diagnostic(
                    .tomtomNoRasterBase,
                    "without TomTom's raster base map (baseRaster: false), a style loaded from a file draws no TomTom vector tiles",
                    at: declarations.fieldLocations.baseRaster, path: JSONPath([.key("baseRaster")])))
        }
        return (layers, nil)
    }

    /// Adds each declared source's style source to `sources` and its layer to the placement, in order, with
    /// its report in the composition.
    private func placeDeclaredSources(
        _ declarations: Declarations, stack: LayerStack, baseRasterIndex: Int?, sources: inout JSONObject,
        into composition: inout Composition
    ) -> Placement {
        /// Ids the base style itself uses: a declared id that maps onto one of them is taken.
        let baseSourceIDs = Set(sources.keys)
        var placement = Placement()
        // Sized once: a report (about 630 bytes) holds its declaration; growing by doubling held room for 16,384 of 10,000.
        composition.sources.reserveCapacity(declarations.sources.count)
        /// Style layer ids of the declared sources composed so far: a second source with one (a duplicate id, or
        /// ids that map to the same style id) is the declarations' error already, and is not composed again.
        var declaredLayerIDs: Set<String> = []
        for (order, declared) in declarations.sources.enumerated() {
            let path = JSONPath([.key("sources"), .index(order)])
            // A vector style is two layers (ground, labels) placed together: the placement is decided, and its
            // findings made, once for the declaration; the labels take the ground's gap, right above it.
            var gap: Int?? = nil
            var warnings: [String] = []
            for (part, source) in VectorStyleParts.parts(of: declared).enumerated() {
                guard declaredLayerIDs.insert(source.styleLayerID).inserted else { continue }
                var report = Composition.SourceReport(
                    declaration: source, emittedTileSize: profile.emittedTileSize(source.tileSize),
                    layerIndex: nil, nativeVisibleZoom: nil, calibration: nil, warnings: [])
                addStyleSource(
                    source, path: path, baseSourceIDs: baseSourceIDs, stack: stack, sources: &sources,
                    diagnostics: &composition.diagnostics)
                // What the layer's own fields give (the calibration latitude) is said once per declaration.
                var layerFindings: [Diagnostic] = []
                let layer = makeLayer(source, path: path, report: &report, diagnostics: &layerFindings)
                if gap == nil {
                    composition.diagnostics += layerFindings
                    gap = .some(
                        place(
                            source, path: path, stack: stack, baseRasterIndex: baseRasterIndex, report: &report,
                            into: &composition))
                    finishPlacing(source, path: path, report: &report, diagnostics: &composition.diagnostics)
                    warnings = report.warnings
                } else {
                    report.warnings = warnings
                }
                if let found = gap, let at = found {
                    let parts = source.crossesAntimeridian ? [layer, Self.eastPart(of: layer, source)] : [layer]
                    for (east, layer) in parts.enumerated() {
                        placement.placed.append(
                            LayerStack.Placed(
                                layer: layer, gap: at, zIndex: source.zIndex, order: order, part: part * 2 + east))
                    }
                } else {
                    placement.unplaced.insert(source.styleLayerID)
                }
                composition.sources.append(report)
            }
        }
        return placement
    }

    /// Adds the style source of `source` (twice across the antimeridian), reporting ids the base already has.
    private func addStyleSource(
        _ source: RasterSourceDeclaration, path: JSONPath, baseSourceIDs: Set<String>, stack: LayerStack,
        sources: inout JSONObject, diagnostics: inout [Diagnostic]
    ) {
        if baseSourceIDs.contains(source.styleSourceID) {
            reportTaken(source.styleSourceID, what: "source", source: source, path: path, diagnostics: &diagnostics)
        }
        if stack.indexByID[source.styleLayerID] != nil {
            reportTaken(source.styleLayerID, what: "layer", source: source, path: path, diagnostics: &diagnostics)
        }
        let styleSource = StyleSourceBuilder.styleSource(source, profile: profile, embedsEnvironment: embedsEnvironment)
        if let bounds = source.bounds, source.crossesAntimeridian {
            sources[source.styleSourceID] = Self.bounded(styleSource, [bounds.west, bounds.south, 180, bounds.north])
            sources[source.styleSourceID + StyleID.eastPartSuffix] = Self.bounded(
                styleSource, [-180, bounds.south, bounds.east, bounds.north])
        } else {
            sources[source.styleSourceID] = styleSource
        }
    }

    /// What placing a declaration finds beyond its gap: headers the target ignores, an anchor the design hides.
    private func finishPlacing(
        _ source: RasterSourceDeclaration, path: JSONPath, report: inout Composition.SourceReport,
        diagnostics: inout [Diagnostic]
    ) {
        if !profile.sendsRequestHeaders {
            warnAboutHeaders(source, path: path, report: &report, diagnostics: &diagnostics)
        }
        if let hidden = BaseMapHiding.hiddenAnchor(source, variant: variant, path: path) {
            diagnostics.append(hidden)
        }
    }

    /// The gap in `stack` where the source's layer goes, never at or below the raster base map; nil when its
    /// placement names no layer the base has (an error says so).
    private func place(
        _ source: RasterSourceDeclaration, path: JSONPath, stack: LayerStack, baseRasterIndex: Int?,
        report: inout Composition.SourceReport, into composition: inout Composition
    ) -> Int? {
        guard
            let gap = placementGap(
                source, path: path, stack: stack, fallbacks: &composition.fallbacks,
                diagnostics: &composition.diagnostics)
        else { return nil }
        guard let baseRasterIndex, gap <= baseRasterIndex else { return gap }
        let message =
            "the placement of '\(source.id)' would put it below \(StyleID.baseRasterLayer), TomTom's opaque raster base map, where it is never seen; it goes directly above the base map instead"
        composition.diagnostics.append(
            Diagnostic(
                .composeBelowBaseRaster, message, at: source.location(of: .placement),
                path: path.appending("placement")))
        report.warnings.append(message)
        return baseRasterIndex + 1
    }

    /// Each source report's index of its layer in the composed stack.
    private func recordLayerIndexes(of composedLayers: [JSONNode], in composition: inout Composition) {
        var declaredLayerIndex: [String: Int] = [:]
        for (index, layer) in composedLayers.enumerated() {
            if let id = layer["id"]?.stringValue, id.hasPrefix(StyleID.layerPrefix) { declaredLayerIndex[id] = index }
        }
        for index in composition.sources.indices {
            let declaration = composition.sources[index].declaration
            composition.sources[index].layerIndex = declaredLayerIndex[declaration.styleLayerID]
            if declaration.crossesAntimeridian {
                composition.sources[index].eastPartLayerIndex =
                    declaredLayerIndex[declaration.styleLayerID + StyleID.eastPartSuffix]
            }
        }
    }

    /// `source` (a style source) with `bounds` in place of its own.
    private static func bounded(_ source: JSONNode, _ bounds: [Double]) -> JSONNode {
        guard case .object(var object) = source.value else { return source }
        object["bounds"] = JSONNode(.array(bounds.map { .number($0) }), placedAs: object["bounds"])
        return JSONNode(.object(object), placedAs: source)
    }

    /// The layer of a source's part east of the antimeridian: `layer` with the part's layer and source ids.
    private static func eastPart(of layer: JSONNode, _ source: RasterSourceDeclaration) -> JSONNode {
        guard case .object(var object) = layer.value else { return layer }
        object["id"] = JSONNode(.string(source.styleLayerID + StyleID.eastPartSuffix), placedAs: object["id"])
        object["source"] = JSONNode(
            .string(source.styleSourceID + StyleID.eastPartSuffix), placedAs: object["source"])
        return JSONNode(.object(object), placedAs: layer)
    }

    /// The layer mapping for the SDK's own layers, on targets that have one; elsewhere a declared mapping is
    /// reported as ignored.
    private func mapSDKLayers(
        _ declarations: Declarations, layers: [JSONNode], unplaced: Set<String>, into composition: inout Composition
    ) {
        if profile.emitsLayerMapping {
            composition.layerMapping = LayerMappingDocument.make(
                declarations.layerMapping, layers: layers, unplaced: unplaced,
                variant: variant, fallbacks: &composition.fallbacks, diagnostics: &composition.diagnostics)
        } else if let first = declarations.layerMapping.first {
            composition.diagnostics.append(
                Diagnostic(
                    .declNotApplicable, "layerMapping applies to the tomtom target only; ignored",
                    at: first.location, path: JSONPath([.key("layerMapping")])))
        }
    }

    /// Fills the key where it is given and TomTom's, and records every run-time placeholder of `style` (the key,
    /// LocalTileServer routes, `${NAME}` values) in the composition; a base URL whose `{key}` is never filled is
    /// reported (declared URLs are the declarations' own findings).
    private func findPlaceholders(
        in style: inout JSONNode, declarations: Declarations, into composition: inout Composition
    ) {
        let layers = VectorStyleParts.layerSources(of: declarations)
        let labels = layers.filter { $0.vectorStyleLayer?.role == .labels }.compactMap(\.kind.localRoute)
        let placeholders = PlaceholderLocator.locateFillingKey(
            in: &style, apiKey: apiKey, routes: Array(Set(layers.compactMap(\.kind.localRoute))),
            cacheKeyDefaults: Dictionary(
                labels.map { ($0, ManifestFormat.vectorLabelsCacheKey(generation: 0)) }, uniquingKeysWith: { a, _ in a }
            ),
            environment: embedsEnvironment ? [] : declarations.environmentNames,
            mayBeEmpty: declarations.environmentMayBeEmpty, files: files)
        composition.placeholders = placeholders.placeholders
        composition.keyFilledPointers = placeholders.keyFilledPointers
        composition.foreignKeyPointers = placeholders.foreignKeyPointers.map(\.pointer)
        let declared = "/sources/" + StyleID.sourcePrefix
        for (pointer, location) in placeholders.foreignKeyPointers where !pointer.hasPrefix(declared) {
            composition.diagnostics.append(
                Diagnostic(
                    .composeKeyHost,
                    "{key} in a URL whose host is not TomTom's stays as it is: TomTom's API key is filled only into TomTom URLs",
                    at: location, path: JSONPath(jsonPointer: pointer)))
        }
        for (pointer, location, reason) in placeholders.unsafeKeyPointers where !pointer.hasPrefix(declared) {
            composition.diagnostics.append(
                Diagnostic(
                    .composeKeyURL, "{key} is never filled into this URL: \(reason)",
                    at: location, path: JSONPath(jsonPointer: pointer)))
        }
    }
}
