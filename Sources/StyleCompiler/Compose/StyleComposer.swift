import LocatedJSON
import StyleMath
import StyleSpec

/// Composes a base style and raster-source declarations into a custom style for a target: a pure function
/// of its inputs (no I/O, no environment, no clock), so the same inputs always give the same documents.
/// Internal: the library's entry point is `StyleCompilation.compose`, which checks before and after.
struct StyleComposer: Sendable {
    /// TomTom's raster base map tiles (GUIDE.md 2.4); `{key}` is TomTom's placeholder.
    static let baseRasterTiles = "https://api.tomtom.com/map/1/tile/basic/main/{z}/{x}/{y}.png?key={key}"
    /// Tile size of TomTom's raster base map as served, in pixels (emitted halved on tomtom).
    static let baseRasterTileSize = 256
    /// The User-Agent MapConductor sends by default; not warned about.
    static let defaultUserAgent = "MapConductor/RasterLayerAgent(https://mapconductor.com)"

    var profile: TargetProfile
    /// The TomTom API key to put in place of `{key}` in TomTom URLs (hosts under api.tomtom.com); nil keeps
    /// the placeholder. It never appears in a diagnostic or in the composition's reports.
    var apiKey: String?
    /// Fill `${NAME}` values into the style (`compile --embed-env`); otherwise each stays a run-time parameter.
    var embedsEnvironment: Bool
    /// The map design being composed, for messages about anchors its base lacks.
    var variant: ComposedVariant
    /// Finds where the base's and the declarations' nodes were read, for the findings placed at them.
    var files: any SourceLocator
    /// Where what composing finds goes, as this variant's (the run's sink: configured, masked, merged across
    /// variants and kept there).
    var sink: FindingSink

    init(
        target: Target, apiKey: String? = nil, embedsEnvironment: Bool = false,
        variant: ComposedVariant = ComposedVariant(), files: any SourceLocator, sink: FindingSink = FindingSink()
    ) {
        self.profile = TargetProfile.profile(for: target)
        self.apiKey = apiKey
        self.embedsEnvironment = embedsEnvironment
        self.variant = variant
        self.files = files
        self.sink = sink
    }

    /// Composes `declarations` onto `base` (`composed(base:declarations:)`) and pushes what composing found into
    /// the sink, as the variant's. The composition keeps them too: its errors say whether it is usable.
    func compose(base: JSONNode, declarations: Declarations) -> Composition {
        let composition = composed(base: base, declarations: declarations)
        sink.push(composition.diagnostics, variant: variant.name)
        return composition
    }

    /// Inserts the raster base map and returns its layer's index.
    func insertBaseRaster(
        into layers: inout [JSONNode], sources: inout JSONObject, diagnostics: inout [Diagnostic]
    ) -> Int {
        if sources[StyleID.baseRasterSource] != nil {
            diagnostics.append(
                Diagnostic(
                    .composeIDTaken, "the base style already has a source '\(StyleID.baseRasterSource)'",
                    at: files.location(of: sources[StyleID.baseRasterSource]),
                    path: JSONPath([.key("sources"), .key(StyleID.baseRasterSource)])))
        }
        sources[StyleID.baseRasterSource] = .object([
            "type": .string("raster"),
            "tiles": .array([.string(Self.baseRasterTiles)]),
            // Halved like every raster source on TomTom (GUIDE.md 2.6): both run-time composers emit 128.
            "tileSize": .integer(profile.emittedTileSize(Self.baseRasterTileSize)),
            "attribution": .string("© TomTom"),
        ])
        let layer = JSONNode.object([
            "id": .string(StyleID.baseRasterLayer),
            "type": .string("raster"),
            "source": .string(StyleID.baseRasterSource),
        ])
        let position = layers.first?["type"]?.stringValue == "background" ? 1 : 0
        layers.insert(layer, at: position)
        return position
    }

    func makeLayer(
        _ source: RasterSourceDeclaration, path: JSONPath, report: inout Composition.SourceReport,
        diagnostics: inout [Diagnostic]
    ) -> JSONNode {
        var zoom: ZoomInterval?
        if let visible = source.visibleZoom {
            let latitude = calibrationLatitude(source, path: path, report: &report, diagnostics: &diagnostics)
            zoom = try? visible.mapEnds { value throws(GeoError) in try profile.layerZoom(value, latitude) }
            report.nativeVisibleZoom = zoom
        }
        let at = source.location
        return .object(
            [
                "id": .string(source.styleLayerID, at: source.location(of: .id)),
                "type": .string("raster", at: at),
                "source": .string(source.styleSourceID, at: source.location(of: .id)),
                // An open end writes no minzoom / maxzoom: the layer shows from (or up to) every zoom.
                "minzoom": zoom?.minimum.map { .number($0, at: source.location(of: .visibleZoom)) },
                "maxzoom": zoom?.maximum.map { .number($0, at: source.location(of: .visibleZoom)) },
                // Always written, so that the app can flip it at run time without recomposing (StyleRuntime).
                "layout": .object(
                    ["visibility": .string(source.visible ? "visible" : "none", at: source.location(of: .visible))],
                    at: source.location(of: .visible)),
                "paint": .object(
                    ["raster-opacity": .number(source.opacity, at: source.location(of: .opacity))], at: at),
            ], at: at)
    }

    private func calibrationLatitude(
        _ source: RasterSourceDeclaration, path: JSONPath, report: inout Composition.SourceReport,
        diagnostics: inout [Diagnostic]
    ) -> Double {
        if let latitude = source.calibrationLatitude {
            report.calibration = (latitude, "calibrationLatitude")
        } else if let bounds = source.bounds {
            report.calibration = (bounds.center.latitude, "bounds")
        } else {
            report.calibration = (0, "default")
            if profile.needsCalibrationLatitude {
                let message =
                    "visibleZoom of '\(source.id)' is converted to TomTom zoom at latitude 0; declare calibrationLatitude or bounds"
                diagnostics.append(
                    Diagnostic(
                        .composeCalibrationLatitude, message, at: source.location(of: .visibleZoom),
                        path: path.appending("visibleZoom")))
                report.warnings.append(message)
            }
        }
        return report.calibration?.latitude ?? 0
    }

    func placementGap(
        _ source: RasterSourceDeclaration, path: JSONPath, stack: LayerStack, fallbacks: inout [AnchorFallback],
        diagnostics: inout [Diagnostic]
    ) -> Int? {
        if let gap = stack.gap(for: source.placement) {
            noteMissingLabels(source.placement, of: source, path: path, stack: stack, diagnostics: &diagnostics)
            return gap
        }
        let anchor = source.placement.anchor ?? ""
        let placementPath = path.appending("placement")
        if let fallback = source.placementFallback {
            fallbacks.append(
                AnchorFallback(
                    kind: .placement, path: placementPath, anchor: anchor, location: source.location(of: .placement)))
            if let gap = stack.gap(for: fallback) {
                noteMissingLabels(fallback, of: source, path: path, stack: stack, diagnostics: &diagnostics)
                diagnostics.append(
                    variant.finding(
                        .composePlacementFallback,
                        "\(variant.baseStyle) has no layer '\(anchor)': '\(source.id)' goes \(fallback.wording) as its fallback says",
                        at: source.location(of: .placementFallback), path: placementPath.appending("fallback")))
                return gap
            }
            let other = fallback.anchor ?? ""
            let hint = Suggestion.didYouMeanLayer(other, among: Array(stack.indexByID.keys).sorted())
            diagnostics.append(
                variant.finding(
                    .composePlacementAnchor,
                    "the fallback placement of '\(source.id)' names layer '\(other)', which \(variant.baseStyle) does not have either\(hint)",
                    at: source.location(of: .placementFallback), path: placementPath.appending("fallback")))
            return nil
        }
        fallbacks.append(
            AnchorFallback(
                kind: .placement, path: placementPath, anchor: anchor, location: source.location(of: .placement),
                hasFallback: false))
        let hint = Suggestion.didYouMeanLayer(anchor, among: Array(stack.indexByID.keys).sorted())
        let advice = variant.isNamed ? Self.fallbackAdvice : ""
        diagnostics.append(
            variant.finding(
                .composePlacementAnchor,
                "placement of '\(source.id)' names layer '\(anchor)', which \(variant.baseStyle) does not have\(hint)\(advice)",
                at: source.location(of: .placement), path: placementPath))
        return nil
    }

    /// The advice a missing anchor gets in a named variant; merged across variants, an anchor that every
    /// variant lacks drops it (the sink's merge of the variants' findings): a fallback would only hide the mistake.
    static let fallbackAdvice = " (give the placement a fallback, such as fallback: top, for the variants without it)"

    private func noteMissingLabels(
        _ placement: LayerPlacement, of source: RasterSourceDeclaration, path: JSONPath, stack: LayerStack,
        diagnostics: inout [Diagnostic]
    ) {
        guard placement == .belowLabels, stack.firstLabel == nil else { return }
        diagnostics.append(
            variant.finding(
                .composeNoLabels,
                "\(variant.baseStyle) has no label (a symbol layer with a text-field); '\(source.id)' goes on top",
                at: source.location(of: .placement), path: path.appending("placement")))
    }

    func warnAboutHeaders(
        _ source: RasterSourceDeclaration, path: JSONPath, report: inout Composition.SourceReport,
        diagnostics: inout [Diagnostic]
    ) {
        var ignored: [SourceField] = []
        if let agent = source.userAgent, agent.value != Self.defaultUserAgent { ignored.append(.userAgent) }
        if !source.extraHeaders.isEmpty { ignored.append(.extraHeaders) }
        guard let first = ignored.first else { return }
        let message =
            "\(ignored.map(\.rawValue).joined(separator: " and ")) of '\(source.id)' \(ignored.count == 1 ? "is" : "are") ignored on \(profile.target.rawValue): the SDK cannot attach request headers"
        diagnostics.append(
            Diagnostic(
                .tomtomHeadersIgnored, message, at: source.location(of: first), path: path.appending(first.rawValue)))
        report.warnings.append(message)
    }

    func reportTaken(
        _ id: String, what: String, source: RasterSourceDeclaration, path: JSONPath, diagnostics: inout [Diagnostic]
    ) {
        diagnostics.append(
            Diagnostic(
                .composeIDTaken, "the base style already has a \(what) '\(id)', the id '\(source.id)' maps to",
                at: source.location(of: .id), path: path.appending("id")))
    }
}

/// What the composer makes of a finding about one variant's composition.
extension ComposedVariant {
    /// Points at the variant's entry in `bases:`, for findings about it.
    var related: [Diagnostic.Related] {
        guard isNamed, let location else { return [] }
        return [Diagnostic.Related("variant '\(name)' is declared here", at: location)]
    }

    /// A finding about this variant's composition, whose message names it (`baseStyle`, `composedStyle`):
    /// pointing at the variant's entry, and marked as the variant's when the declarations name variants.
    func finding(_ rule: Rule, _ message: String, at location: SourceLocation?, path: JSONPath) -> Diagnostic {
        let finding = Diagnostic(rule, message, at: location, path: path, related: related)
        return isNamed ? finding.about(variant: name) : finding
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let composePlacementAnchor = Rule(
        "compose.placement-anchor", .error, configurable: false,
        summary: "A placement names a layer the base style does not have.",
        help: "Name a layer of the base style (the message suggests the closest id).",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    placement: ↓{below: Nowhere}
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    placement: {below: City}
                """#),
        ])
    static let composePlacementFallback = Rule(
        "compose.placement-fallback", .note,
        summary: "A variant's base lacks a placement or layer-mapping anchor; the declared fallback is used.",
        help: "Nothing to do when the variant is meant to lack the layer (a satellite design has fewer labels).",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                bases: {light: base.json, dark: dark.json}
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    placement: {below: Motorway, fallback: belowLabels}
                """#,
                files: [
                    "dark.json":
                        #"{"version": 8, "sources": {"vectorTiles": {"type": "vector", "url": "https://api.tomtom.com/maps/orbis/map-display/tiles.json?key={key}"}}, "layers": [{"id": "background", "type": "background"}, {"id": "City", "type": "symbol", "source": "vectorTiles", "source-layer": "Places"}]}"#
                ]),
            .passing(
                .declarations,
                #"""
                version: 1
                bases: {light: base.json, dark: base.json}
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    placement: {below: Motorway, fallback: belowLabels}
                """#),
        ])
    static let composeIDTaken = Rule(
        "compose.id-taken", .error, configurable: false,
        summary: "The base style already uses a source or layer id mc-style makes.",
        help: "Rename the declared source, or remove the base style's source or layer of that id.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                """#,
                files: [
                    "base.json":
                        #"{"version": 8, "sources": {"mc-raster-src-hillshade": {"type": "raster", "tiles": ["https://a.example.com/{z}/{x}/{y}.png"]}}, "layers": [{"id": "bg", "type": "background"}]}"#
                ]),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
    static let composeCalibrationLatitude = Rule(
        "compose.calibration-latitude", .warning,
        summary: "visibleZoom is converted to TomTom zoom at latitude 0.",
        help: "Declare calibrationLatitude or bounds so that visibleZoom converts at the right latitude.",
        examples: [
            .triggering(.declarations, RuleExample.declarations(source: ["visibleZoom: ↓[8, 18]"])),
            .passing(
                .declarations,
                RuleExample.declarations(source: ["visibleZoom: [8, 18]", "calibrationLatitude: 35.68"])),
        ])
    static let composeNoLabels = Rule(
        "compose.no-labels", .warning,
        summary: "belowLabels with no label (a symbol layer with a text-field) in the base style.",
        help: "Use placement top, or {below: ID} under the layer you mean.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    placement: ↓belowLabels
                """#,
                files: ["base.json": #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#]),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    placement: belowLabels
                """#),
        ])
    static let composeBelowBaseRaster = Rule(
        "compose.below-base-raster", .warning,
        summary: "A placement below TomTom's opaque raster base map; the layer goes directly above it.",
        help: "Place the layer above mc-base-raster-layer (for example {below: <the first layer after it>}).",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                baseRaster: true
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    placement: ↓{below: background}
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                baseRaster: true
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    placement: {below: City}
                """#),
        ])
    static let composeKeyHost = Rule(
        "compose.key-host", .warning,
        summary: "{key} in a base-style URL whose host is not TomTom's; left unfilled.",
        help: "Fill that URL's own credential outside mc-style; TomTom's key never goes to another host.",
        examples: [
            .triggering(
                .declarations, RuleExample.plainDeclarations,
                files: [
                    "base.json":
                        #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json?key={key}"}}, "layers": [{"id": "bg", "type": "background"}]}"#
                ]),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
    static let composeKeyURL = Rule(
        "compose.key-url", .error, configurable: false,
        summary:
            "{key} in a base-style URL that must not receive TomTom's key: clear-text http, or a host parsers read otherwise.",
        help:
            "Write the URL as https://api.tomtom.com/... with no backslash, user information, percent-encoding or non-ASCII letters in its host.",
        examples: [
            .triggering(
                .declarations, RuleExample.plainDeclarations,
                files: [
                    "base.json":
                        #"{"version": 8, "sources": {"v": {"type": "vector", "url": "http://api.tomtom.com/v.json?key={key}"}}, "layers": [{"id": "bg", "type": "background"}]}"#
                ]),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
    static let tomtomHeadersIgnored = Rule(
        "tomtom.headers-ignored", .warning,
        summary: "userAgent or extraHeaders on TomTom, which cannot send them.",
        help: "Drop userAgent and extraHeaders for TomTom, or serve the tiles without needing them.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    userAgent: ↓my-app/1.0
                """#),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
    static let tomtomNoRasterBase = Rule(
        "tomtom.no-raster-base", .warning,
        summary: "A tomtom composition without TomTom's raster base map.",
        help: "Keep baseRaster: true unless the app draws TomTom's map another way.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                baseRaster: ↓false
                sources: []
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                baseRaster: true
                sources: []
                """#),
        ])
    static let styleRoot = Rule(
        "style.root", .error, configurable: false,
        summary: "The style's root lacks what composition needs.",
        help: "Give the style a 'layers' array and a 'sources' object.",
        examples: [
            .triggering(
                .declarations, RuleExample.plainDeclarations, files: ["base.json": #"{"version": 8, "sources": {}}"#]),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
}
