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
        let texts = layers.filter {
            $0.type == "symbol" && $0.layout?["text-field"] != nil && !$0.isHidden && !$0.hasEmptyZoomRange
        }
        guard !texts.isEmpty else { return }
        // Every surface's colour at each zoom, worked out once for all the labels above it.
        let surfaces = ContrastSurfaces(layers: layers, run: self)
        for layer in texts {
            guard let worst = lowestContrast(layer, on: surfaces), worst.ratio < context.minimumContrast else {
                continue
            }
            let ratio = JSONNumber((worst.ratio * 100).rounded(.down) / 100).text
            let minimum = JSONNumber(context.minimumContrast).text
            reportLayer(
                .lintContrast, layer, cause: layer.paint?["text-color"] ?? layer.layout?["text-field"],
                related: "the text colour",
                "the text of layer \(layer.displayName) has a contrast ratio of \(ratio):1 against \(worst.against) at zoom \(worst.zoom): at least \(minimum):1 keeps it legible (WCAG AA for large text is 3:1)"
            )
        }
    }

    /// The lowest ratio of `layer`'s text at any whole zoom where it shows and what it is against; nil when a
    /// colour it needs is not known before the data, or it sits where the style does not hold the colours.
    private func lowestContrast(_ layer: DrawnLayer, on surfaces: ContrastSurfaces) -> (
        ratio: Double, zoom: Int, against: String
    )? {
        let zooms = ContrastSurfaces.zooms(of: layer)
        guard !zooms.isEmpty,
            let text = track(colour: layer.paint?["text-color"], "text-color", default: "#000000"),
            let opacity = track(number: layer.paint?["text-opacity"], "text-opacity", default: 1),
            let haloWidth = track(number: layer.paint?["text-halo-width"], "text-halo-width", default: 0),
            let halo = track(colour: layer.paint?["text-halo-color"], "text-halo-color", default: "rgba(0,0,0,0)")
        else { return nil }
        var lowest: (ratio: Double, zoom: Int, against: String)?
        for zoom in zooms {
            let drawn = ContrastSurfaces.faded(text[zoom], by: opacity[zoom])
            let ground = surfaces.ground(under: layer.index, zoom: zoom)
            let judged: (ratio: Double, against: String)
            if haloWidth[zoom] > 0, halo[zoom].alpha > 0 {
                let under = ColorContrast.over(halo[zoom], ground)
                judged = (ColorContrast.ratio(ColorContrast.over(drawn, under), under), "its halo")
            } else {
                // Without a halo the text is judged by the surface it shows best on; on its own icon (a shield)
                // or over a raster it is not judged: their colours are not in the style.
                if layer.layout?["icon-image"] != nil { return nil }
                if surfaces.hasUnknownSurface(under: layer.index, zoom: zoom) { continue }
                var best = (
                    ratio: ColorContrast.ratio(ColorContrast.over(drawn, ground), ground), against: "the background"
                )
                var count = 1
                for (name, colour) in surfaces.fills(under: layer.index, zoom: zoom)
                where best.ratio < context.minimumContrast {
                    let under = ColorContrast.over(colour, ground)
                    let ratio = ColorContrast.ratio(ColorContrast.over(drawn, under), under)
                    count += 1
                    if ratio > best.ratio { best = (ratio, name) }
                }
                judged =
                    count == 1 ? best : (best.ratio, "every surface it may be drawn on (\(best.against) at best)")
            }
            if judged.ratio < lowest?.ratio ?? .infinity { lowest = (judged.ratio, zoom, judged.against) }
        }
        return lowest
    }

    /// A colour property's value at each whole zoom 0 to 22 (its default where absent); nil when it reads
    /// feature data or does not evaluate.
    func track(colour node: JSONNode?, _ property: String, default fallback: String) -> [ExpressionColor]? {
        guard let values = track(node, property) else { return nil }
        guard let values else { return ExpressionColor(css: fallback).map { Array(repeating: $0, count: 23) } }
        var colours: [ExpressionColor] = []
        for value in values {
            guard case .color(let colour) = value else { return nil }
            colours.append(colour)
        }
        return colours
    }

    /// A number property's value at each whole zoom 0 to 22 (its default where absent); nil as for colours.
    func track(number node: JSONNode?, _ property: String, default fallback: Double) -> [Double]? {
        guard let values = track(node, property) else { return nil }
        guard let values else { return Array(repeating: fallback, count: 23) }
        var numbers: [Double] = []
        for value in values {
            guard case .number(let number) = value else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// The value at each whole zoom, compiled once: `.some(nil)` when absent, nil when it reads feature data
    /// (unknown before the data) or does not evaluate.
    private func track(_ node: JSONNode?, _ property: String) -> [ExpressionValue]?? {
        guard let node else { return .some(nil) }
        // A constant, the common case, is read as it is: no program to compile.
        switch node.value {
        case .string(let text) where property.hasSuffix("-color"):
            return ExpressionColor(css: text).map { .some(Array(repeating: .color($0), count: 23)) } ?? nil
        case .number(let number):
            return .some(Array(repeating: .number(number.doubleValue), count: 23))
        default: break
        }
        guard let spec = ContrastSurfaces.specs[property] else { return nil }
        if node.arrayValue != nil || node.objectValue != nil {
            guard let facts = checkedExpressions.checkProperty(node, spec: spec).facts,
                !facts.dependencies.contains(.feature), !facts.dependencies.contains(.featureState)
            else { return nil }
        }
        guard case .success(let program) = ExpressionProgram.compile(propertyValue: node, spec: spec) else {
            return nil
        }
        let zoomDependent = node.arrayValue != nil || node.objectValue != nil
        var values: [ExpressionValue] = []
        for zoom in 0...22 {
            if !zoomDependent, let first = values.first {
                values.append(first)
                continue
            }
            var input = EvaluationInput()
            input.zoom = Double(zoom)
            guard case .success(let value) = program.evaluate(input) else { return nil }
            values.append(value)
        }
        return .some(values)
    }
}

/// The surfaces labels may be drawn on, worked out once per style: each background's and fill's colour at each
/// whole zoom (nil where it does not show or its colour is not known), and where a layer of colours the style
/// does not hold (raster, hillshade, ...) shows.
struct ContrastSurfaces {
    /// The backgrounds and the fills, in drawing order: layer index, name in messages, colour (opacity applied)
    /// per zoom.
    private var backgrounds: [(index: Int, name: String, colours: [ExpressionColor?])] = []
    private var fillLayers: [(index: Int, name: String, colours: [ExpressionColor?])] = []
    /// Per zoom, the index of the first layer of unknown colours that shows then.
    private var firstUnknown: [Int?] = Array(repeating: nil, count: 23)

    /// The specifications of the properties the rule reads, looked up once.
    static let specs: [String: ExpressionSpec] = Dictionary(
        uniqueKeysWithValues: [
            "text-color", "text-opacity", "text-halo-width", "text-halo-color", "background-color",
            "background-opacity", "fill-color", "fill-opacity",
        ].compactMap { name in ExpressionSpec.property(named: name).map { (name, $0) } })

    /// Layer types that cover the map in colours the style does not hold.
    static let unknownSurfaces: Set<String> = ["raster", "hillshade", "heatmap", "color-relief", "fill-extrusion"]

    init(layers: [DrawnLayer], run: ValidationRun) {
        for layer in layers where !layer.isHidden {
            let zooms = Self.zooms(of: layer)
            if Self.unknownSurfaces.contains(layer.type ?? "") {
                for zoom in zooms where firstUnknown[zoom] == nil { firstUnknown[zoom] = layer.index }
                continue
            }
            let isBackground = layer.type == "background"
            guard isBackground || layer.type == "fill",
                layer.paint?[isBackground ? "background-pattern" : "fill-pattern"] == nil,
                let colour = run.track(
                    colour: layer.paint?[isBackground ? "background-color" : "fill-color"],
                    isBackground ? "background-color" : "fill-color", default: "#000000"),
                let opacity = run.track(
                    number: layer.paint?[isBackground ? "background-opacity" : "fill-opacity"],
                    isBackground ? "background-opacity" : "fill-opacity", default: 1)
            else { continue }
            var colours = [ExpressionColor?](repeating: nil, count: 23)
            for zoom in zooms { colours[zoom] = Self.faded(colour[zoom], by: opacity[zoom]) }
            if isBackground {
                backgrounds.append((layer.index, "the background", colours))
            } else {
                fillLayers.append((layer.index, "fill \(layer.displayName)", colours))
            }
        }
    }

    /// The whole zooms 0 to 22 at which `layer` shows.
    static func zooms(of layer: DrawnLayer) -> [Int] {
        (0...22).filter { Double($0) >= layer.minimumZoom && Double($0) < layer.maximumZoom }
    }

    /// The last background drawn under the layer at `index` at `zoom`, over the white of an empty page.
    func ground(under index: Int, zoom: Int) -> ExpressionColor {
        let page = ExpressionColor(red: 1, green: 1, blue: 1, alpha: 1)
        let background = backgrounds.last { $0.index < index && $0.colours[zoom] != nil }
        return background?.colours[zoom].map { ColorContrast.over($0, page) } ?? page
    }

    /// The fills drawn under the layer at `index` that show at `zoom`, with their colours.
    func fills(under index: Int, zoom: Int) -> [(name: String, colour: ExpressionColor)] {
        fillLayers.prefix { $0.index < index }.compactMap { fill in fill.colours[zoom].map { (fill.name, $0) } }
    }

    /// True when a layer of colours the style does not hold shows under the layer at `index` at `zoom`.
    func hasUnknownSurface(under index: Int, zoom: Int) -> Bool {
        firstUnknown[zoom].map { $0 < index } ?? false
    }

    static func faded(_ colour: ExpressionColor, by opacity: Double) -> ExpressionColor {
        let factor = min(1, max(0, opacity))
        return ExpressionColor(
            premultiplied: colour.red * factor, colour.green * factor, colour.blue * factor, colour.alpha * factor)
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
