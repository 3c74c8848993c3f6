import LocatedJSON
import StyleSpec

extension ValidationRun {
    /// Every use of the style that a named renderer version cannot draw, one finding per use and renderer, by
    /// the use's kind (`compat.layer-type`, `compat.property`, `compat.expression`, `compat.capability`).
    func validateRenderers() {
        let targets = context.renderers
        let uses = CompatibilityScan.uses(in: style, locator: files) { row in
            targets.contains { !$0.profile.support(of: row).isSupported(by: $0.version) }
        }
        for target in targets {
            for use in uses {
                let support = use.support(on: target.profile)
                guard !support.isSupported(by: target.version) else { continue }
                if use.isIgnored(by: target) {
                    report(
                        .compatIgnored, use.path, at: use.location,
                        "\(target.words) ignores \(use.feature): it loads the style and draws without it (\(Self.reason(support, renderer: target.profile.name)))"
                    )
                    continue
                }
                let rule: Rule
                switch use.kind {
                case .layerType: rule = .compatLayerType
                case .property: rule = .compatProperty
                case .expression: rule = .compatExpression
                case .capability: rule = .compatCapability
                }
                let message =
                    "\(target.words) cannot draw \(use.feature): \(Self.reason(support, renderer: target.profile.name))"
                report(rule, use.path, at: use.location, message)
            }
        }
        validateMixedFilters(for: targets)
        if let rasteriser = targets.first(where: { $0.profile.name == RendererProfile.mapConductorVectorTileName }) {
            validateRasteriserNeeds(rasteriser)
        }
    }

    /// Legacy syntax inside an expression filter: the specification warns (`style.filter-mixed`), but GL JS
    /// parses such a filter wholly as an expression and refuses the style (5.3.0 in Chromium; it has read
    /// filters this way since expressions came, so every version that draws expressions refuses it).
    private func validateMixedFilters(for targets: [RendererTarget]) {
        let refusing = targets.filter { $0.profile.column == .mapLibreGLJS }
        guard !refusing.isEmpty else { return }
        for (index, layer) in (style["layers"]?.arrayValue ?? []).enumerated() {
            guard let filter = layer["filter"], FilterSyntax.classify(filter) != .legacy,
                let mixed = FilterSyntax.firstMixedLegacyFilter(in: filter)
            else { continue }
            var path = JSONPath([.key("layers"), .index(index), .key("filter")])
            for step in mixed.path { path.append(.index(step)) }
            for target in refusing {
                report(
                    .compatExpression, path, mixed.node,
                    "\(target.words) refuses the style: it reads this filter as an expression, in which legacy filter syntax is an error (every maplibre-gl-js version does; the specification only warns): write it as an expression (mc-style migrate does)"
                )
            }
        }
    }

    /// Why a version does not draw a use, in words.
    static func reason(_ support: SupportValue, renderer: String) -> String {
        switch support {
        case .since(let version): return "\(renderer) draws it from \(version)"
        case .tracked(let issue): return "no version of \(renderer) draws it yet (\(issue))"
        case .wontfix: return "\(renderer) will not draw it (the specification says wontfix)"
        case .unsupported(let why): return "not drawn: \(why)"
        case .supported, .unknown: return "drawn"
        }
    }
}

extension Rule {
    /// A declarations file naming the renderers, over `base`: the examples of the rules below.
    private static func rendererExample(_ base: String) -> (String, [String: String]) {
        (RuleExample.plainDeclarations + "renderers: [maplibre-gl-js 5.3.0]\n", ["base.json": base])
    }

    /// The example base with `layer` (JSON, marks included) added after its last layer, and a raster-dem source.
    private static func baseAdding(_ layer: String) -> String {
        RuleExample.exampleBase.replacing(
            "\"sources\": {",
            with:
                "\"sources\": {\"dem\": {\"type\": \"raster-dem\", \"tiles\": [\"https://dem.example.com/{z}/{x}/{y}.png\"]}, "
        ).replacing("\n ]}", with: ",\n  \(layer)\n ]}")
    }

    private static func triggering(_ layer: String) -> RuleExample {
        let (text, files) = rendererExample(baseAdding(layer))
        return .triggering(.declarations, text, files: files)
    }

    private static func passing(_ layer: String) -> RuleExample {
        let (text, files) = rendererExample(baseAdding(layer))
        return .passing(.declarations, text, files: files)
    }

    static let compatLayerType = Rule(
        "compat.layer-type", .error,
        summary: "A layer type that a renderer version the style must work on cannot draw.",
        help:
            "Raise the renderer's version in renderers: (the message says from which version it draws the type), or leave the layer out.",
        examples: [
            triggering(#"{"id": "relief", "type": ↓"color-relief", "source": "dem"}"#),
            passing(#"{"id": "shade", "type": "hillshade", "source": "dem"}"#),
        ])
    static let compatProperty = Rule(
        "compat.property", .error,
        summary:
            "A root, source, layer, paint or layout property that a renderer version the style must work on cannot read.",
        help: "Raise the renderer's version in renderers:, or leave the property out (the renderer's default applies).",
        examples: [
            triggering(
                #"{"id": "shade", "type": "hillshade", "source": "dem", "paint": {↓"hillshade-method": "igor"}}"#),
            passing(
                #"{"id": "shade", "type": "hillshade", "source": "dem", "paint": {"hillshade-exaggeration": 0.4}}"#),
        ])
    static let compatExpression = Rule(
        "compat.expression", .error,
        summary: "An expression operator that a renderer version the style must work on does not know.",
        help: "Raise the renderer's version in renderers:, or write the value with operators that version knows.",
        examples: [
            triggering(
                #"{"id": "Land", "type": "fill", "source": "vectorTiles", "source-layer": "Land", "paint": {"fill-color": ["to-color", ↓["global-state", "land"]]}}"#
            ),
            passing(
                #"{"id": "Land", "type": "fill", "source": "vectorTiles", "source-layer": "Land", "paint": {"fill-color": ["to-color", ["get", "colour"]]}}"#
            ),
        ])
    static let compatCapability = Rule(
        "compat.capability", .error,
        summary:
            "A capability of a property or operator (data-driven styling, the array form, global-state inside it, ...) that a renderer version the style must work on lacks.",
        help:
            "Raise the renderer's version in renderers:, or write the value without it (a constant instead of a data expression).",
        examples: [
            triggering(
                #"{"id": "Path", "type": "line", "source": "vectorTiles", "source-layer": "Transportation", "paint": {↓"line-dasharray": ["coalesce", ["get", "dashes"], ["literal", [2, 1]]]}}"#
            ),
            passing(
                #"{"id": "Path", "type": "line", "source": "vectorTiles", "source-layer": "Transportation", "paint": {"line-dasharray": [2, 1]}}"#
            ),
        ])
    static let compatIgnored = Rule(
        "compat.ignored", .warning,
        summary:
            "A use that a renderer version the style must work on does not draw, but ignores: it loads the style without it.",
        help:
            "The renderer draws the style as if the use were not there (an unknown root or source key, an unknown value or option); raise its version in renderers: for the use to take effect.",
        examples: [
            .triggering(
                .declarations, RuleExample.plainDeclarations + "renderers: [maplibre-gl-js 5.3.0]\n",
                files: [
                    "base.json": RuleExample.exampleBase.replacing(
                        "\"sources\": {",
                        with: "↓\"font-faces\": {\"Noto\": \"https://f.example.com/noto.ttf\"}, \"sources\": {")
                ]),
            .passing(
                .declarations, RuleExample.plainDeclarations + "renderers: [maplibre-gl-js 5.3.0]\n",
                files: ["base.json": RuleExample.exampleBase]),
        ])
    static let rendererUnknown = Rule(
        "renderer.unknown", .error, configurable: false,
        summary: "renderers: or --renderer names a renderer that has no profile.",
        help:
            "Name maplibre-gl-js, maplibre-native-android, maplibre-native-ios, mapconductor-vectortile, or an own profile listed in rendererProfiles.",
        examples: [
            .triggering(.declarations, RuleExample.plainDeclarations + "renderers: [↓maplibre-gl 5.3.0]\n"),
            .passing(.declarations, RuleExample.plainDeclarations + "renderers: [maplibre-gl-js 5.3.0]\n"),
        ])
    static let rendererProfile = Rule(
        "renderer.profile", .error, configurable: false,
        summary: "A renderer profile file (rendererProfiles) that cannot be used as written.",
        help:
            "Fix the marked value: version 1, name, an optional builtOn: RENDERER VERSION, and support: {GROUP: {ENTRY: VERSION | supported | unsupported | ISSUE-URL}}.",
        examples: [
            .triggering(
                .declarations, RuleExample.plainDeclarations + "rendererProfiles: [orbis.yaml]\n",
                files: [
                    "orbis.yaml":
                        "version: 1\nname: tomtom-orbis\nbuiltOn: maplibre-native-android 11.0.0\nsupport:\n  layer:\n    ↓type:colour-relief: unsupported\n"
                ]),
            .passing(
                .declarations, RuleExample.plainDeclarations + "rendererProfiles: [orbis.yaml]\n",
                files: [
                    "orbis.yaml":
                        "version: 1\nname: tomtom-orbis\nbuiltOn: maplibre-native-android 11.0.0\nsupport:\n  layer:\n    type:color-relief: unsupported\n"
                ]),
        ])
}
