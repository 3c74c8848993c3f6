import LocatedJSON
import StyleSpec

/// Text legible where it is drawn (`lint.contrast`): the WCAG 2.x contrast ratio of each symbol layer's text
/// against its halo, or, without a halo, against what it may be drawn on (the background, and each fill drawn
/// before it that shows at that zoom), at every whole zoom where the layer shows. A ratio under the threshold
/// (`StyleValidator.minimumContrast`, 3:1 by default: WCAG AA for large text) is reported at the layer, with the
/// colour that made it: against the halo, the lowest; without one, where the text is illegible on every surface
/// it may be drawn on (which of them is under a label is not known before the data).
///
/// A note by default: real styles, TomTom's among them, draw some labels in pale colours on purpose (water names,
/// minor roads), so the finding informs; a team that wants it enforced sets the rule to warning or error.
///
/// Colours are the style's own at each zoom (constants, zoom curves, legacy functions), each drawn over what is
/// under it. Not judged: a colour that depends on feature data; text without a halo on its own icon
/// (`icon-image`: road shields), and over a raster, hillshade, heatmap, colour relief or extrusion, whose colours
/// are not in the style.
extension ValidationRun {
    func checkContrast(_ layers: [DrawnLayer]) {
        for layer in layers where layer.type == "symbol" && layer.layout?["text-field"] != nil {
            guard !layer.isHidden, !layer.hasEmptyZoomRange, let worst = lowestContrast(layer, among: layers),
                worst.ratio < context.minimumContrast
            else { continue }
            let ratio = JSONNumber((worst.ratio * 100).rounded(.down) / 100).text
            let minimum = JSONNumber(context.minimumContrast).text
            reportLayer(
                .lintContrast, layer, cause: worst.cause, related: "the text colour",
                "the text of layer \(layer.displayName) has a contrast ratio of \(ratio):1 against \(worst.against) at zoom \(worst.zoom): at least \(minimum):1 keeps it legible (WCAG AA for large text is 3:1)"
            )
        }
    }

    /// The lowest ratio of `layer`'s text at any whole zoom where it shows, what it is against, and the node of
    /// the text colour; nil when a colour it needs depends on feature data.
    private func lowestContrast(_ layer: DrawnLayer, among layers: [DrawnLayer]) -> (
        ratio: Double, zoom: Int, against: String, cause: JSONNode?
    )? {
        let first = max(0, Int(layer.minimumZoom.rounded(.up)))
        let last = min(22, Int((layer.maximumZoom - 1).rounded(.up)))
        guard first <= last else { return nil }
        var lowest: (ratio: Double, zoom: Int, against: String, cause: JSONNode?)?
        for zoom in first...last {
            guard let text = color(layer.paint?["text-color"], "text-color", zoom, default: "#000000"),
                let textOpacity = number(layer.paint?["text-opacity"], "text-opacity", zoom, default: 1),
                let haloWidth = number(layer.paint?["text-halo-width"], "text-halo-width", zoom, default: 0),
                let halo = color(layer.paint?["text-halo-color"], "text-halo-color", zoom, default: "rgba(0,0,0,0)")
            else { return nil }
            let drawn = Self.faded(text, by: textOpacity)
            let ground = groundColor(under: layer.index, among: layers, zoom: zoom)
            let hasHalo = haloWidth > 0 && halo.alpha > 0
            if !hasHalo, layer.layout?["icon-image"] != nil { return nil }
            if !hasHalo,
                layers[..<layer.index].contains(where: {
                    Self.unknownSurfaces.contains($0.type ?? "") && Self.shows($0, at: zoom)
                })
            {
                continue
            }
            var candidates: [(ExpressionColor, String)] = []
            if hasHalo {
                candidates = [(ColorContrast.over(halo, ground), "its halo")]
            } else {
                candidates = [(ground, "the background")]
                for fill in layers[..<layer.index] where fill.type == "fill" && Self.shows(fill, at: zoom) {
                    guard let colour = color(fill.paint?["fill-color"], "fill-color", zoom, default: "#000000"),
                        fill.paint?["fill-pattern"] == nil,
                        let opacity = number(fill.paint?["fill-opacity"], "fill-opacity", zoom, default: 1)
                    else { continue }
                    candidates.append(
                        (ColorContrast.over(Self.faded(colour, by: opacity), ground), "fill \(fill.displayName)"))
                }
            }
            // With a halo, the halo is what the text is read against; without one, the text is judged by the
            // surface it shows best on, and reported when even that is too low.
            let ratios = candidates.map { under, against in
                (ratio: ColorContrast.ratio(ColorContrast.over(drawn, under), under), against: against)
            }
            guard let judged = ratios.max(by: { $0.ratio < $1.ratio }) else { continue }
            let against =
                ratios.count == 1 ? judged.against : "every surface it may be drawn on (\(judged.against) at best)"
            if judged.ratio < lowest?.ratio ?? .infinity {
                lowest = (judged.ratio, zoom, against, layer.paint?["text-color"] ?? layer.layout?["text-field"])
            }
        }
        return lowest
    }

    /// The last background drawn under the layer at `index` at `zoom`, over the white of an empty page.
    private func groundColor(under index: Int, among layers: [DrawnLayer], zoom: Int) -> ExpressionColor {
        let page = ExpressionColor(red: 1, green: 1, blue: 1, alpha: 1)
        for layer in layers[..<index].reversed() where layer.type == "background" && Self.shows(layer, at: zoom) {
            guard layer.paint?["background-pattern"] == nil,
                let colour = color(layer.paint?["background-color"], "background-color", zoom, default: "#000000"),
                let opacity = number(layer.paint?["background-opacity"], "background-opacity", zoom, default: 1)
            else { continue }
            return ColorContrast.over(Self.faded(colour, by: opacity), page)
        }
        return page
    }

    /// Layer types that cover the map in colours the style does not hold.
    private static let unknownSurfaces: Set<String> = [
        "raster", "hillshade", "heatmap", "color-relief", "fill-extrusion",
    ]

    private static func shows(_ layer: DrawnLayer, at zoom: Int) -> Bool {
        !layer.isHidden && Double(zoom) >= layer.minimumZoom && Double(zoom) < layer.maximumZoom
    }

    private static func faded(_ colour: ExpressionColor, by opacity: Double) -> ExpressionColor {
        let factor = min(1, max(0, opacity))
        return ExpressionColor(
            premultiplied: colour.red * factor, colour.green * factor, colour.blue * factor, colour.alpha * factor)
    }

    /// The value of a property at `zoom`: its default when absent; nil when it reads feature data (unknown
    /// before the data) or does not evaluate.
    private func value(_ node: JSONNode?, _ property: String, _ zoom: Int) -> ExpressionValue?? {
        guard let node else { return .some(nil) }
        guard let spec = ExpressionSpec.property(named: property) else { return nil }
        if node.arrayValue != nil || node.objectValue != nil {
            guard let facts = checkedExpressions.checkProperty(node, spec: spec).facts,
                !facts.dependencies.contains(.feature), !facts.dependencies.contains(.featureState)
            else { return nil }
        }
        guard case .success(let program) = ExpressionProgram.compile(propertyValue: node, spec: spec) else {
            return nil
        }
        var input = EvaluationInput()
        input.zoom = Double(zoom)
        guard case .success(let value) = program.evaluate(input) else { return nil }
        return .some(value)
    }

    private func color(_ node: JSONNode?, _ property: String, _ zoom: Int, default fallback: String) -> ExpressionColor?
    {
        switch value(node, property, zoom) {
        case .some(.some(.color(let colour))): return colour
        case .some(.none): return ExpressionColor(css: fallback)
        default: return nil
        }
    }

    private func number(_ node: JSONNode?, _ property: String, _ zoom: Int, default fallback: Double) -> Double? {
        switch value(node, property, zoom) {
        case .some(.some(.number(let number))): return number
        case .some(.none): return fallback
        default: return nil
        }
    }
}

/// The rule this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let lintContrast = Rule(
        "lint.contrast", .note,
        summary:
            "Text whose contrast ratio against its halo, or without one against what is drawn under it, is below the threshold (3:1 by default, WCAG AA for large text) at a zoom where it shows.",
        help:
            "Darken or lighten the text or its halo, or give the text a halo that stands off it; the threshold is minimumRatio in .mc-style.yaml (rules: {lint.contrast: {minimumRatio: 4.5}}).",
        examples: [
            .triggering(
                .style,
                ##"{"version": 8, "glyphs": "https://t.example.com/{fontstack}/{range}.pbf", "sources": {"v": {"type": "vector", "tiles": ["https://t.example.com/{z}/{x}/{y}.pbf"]}}, "layers": [{"id": "land", "type": "background", "paint": {"background-color": "#f8f4f0"}}, {"id": ↓"names", "type": "symbol", "source": "v", "source-layer": "places", "layout": {"text-field": "{name}"}, "paint": {"text-color": "#dddddd"}}]}"##
            ),
            .passing(
                .style,
                ##"{"version": 8, "glyphs": "https://t.example.com/{fontstack}/{range}.pbf", "sources": {"v": {"type": "vector", "tiles": ["https://t.example.com/{z}/{x}/{y}.pbf"]}}, "layers": [{"id": "land", "type": "background", "paint": {"background-color": "#f8f4f0"}}, {"id": "names", "type": "symbol", "source": "v", "source-layer": "places", "layout": {"text-field": "{name}"}, "paint": {"text-color": "#dddddd", "text-halo-color": "#333333", "text-halo-width": 1}}]}"##
            ),
        ])
}
