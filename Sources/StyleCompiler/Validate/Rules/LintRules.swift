import LocatedJSON

/// Layers that can never draw (run on every style, no assets needed): an empty zoom range, an opacity that is
/// zero whatever the data and zoom, a filter that keeps no feature; and, as a note, `visibility: none`. Each
/// finding sits at the layer's id, with the value that causes it as the related place.
extension ValidationRun {
    func validateLint() {
        let layers = context.layers.enumerated().map {
            DrawnLayer(index: $0.offset, node: $0.element, layers: context.layers, indexByID: layerIndexByID)
        }
        for layer in layers { checkNeverDrawn(layer) }
        checkCoveredLayers(layers)
        checkDuplicateLayers(layers)
        checkUnusedSources(layers)
        checkContrast(layers)
    }

    /// The opacity properties of each layer type: the layer draws nothing when all of them are zero.
    /// Symbol layers are left out: an invisible symbol still takes space from other labels, which styles use.
    static let opacityProperties: [String: [String]] = [
        "background": ["background-opacity"], "fill": ["fill-opacity"], "line": ["line-opacity"],
        "raster": ["raster-opacity"], "fill-extrusion": ["fill-extrusion-opacity"], "heatmap": ["heatmap-opacity"],
        "color-relief": ["color-relief-opacity"], "circle": ["circle-opacity", "circle-stroke-opacity"],
    ]

    private func checkNeverDrawn(_ layer: DrawnLayer) {
        if layer.hasEmptyZoomRange, layer.minzoomNode != nil, layer.maxzoomNode != nil {
            reportLayer(
                .lintZoomRange, layer, cause: layer.minzoomNode,
                "layer \(layer.displayName) never draws: minzoom \(JSONNumber(layer.minimumZoom)) is not below maxzoom \(JSONNumber(layer.maximumZoom))"
            )
        }
        if let type = layer.type, let properties = Self.opacityProperties[type],
            let zero = zeroOpacity(layer, type: type, properties: properties)
        {
            reportLayer(
                .lintZeroOpacity, layer, cause: zero.node,
                "layer \(layer.displayName) never draws: \(zero.property) is 0 at every zoom and for every feature")
        }
        if let filter = layer.filter, ConstantStyleValue.isAlwaysFalse(filter) {
            reportLayer(
                .lintFilterFalse, layer, cause: filter,
                "layer \(layer.displayName) never draws: its filter keeps no feature")
        }
        // Layers mc-style composed always carry a visibility, for the app to flip at run time; a visibility with no
        // place in any file is the composition's own (a design with basemap: none hides the base on purpose).
        if layer.isHidden, !(layer.id ?? "").hasPrefix(StyleID.layerPrefix),
            layer.layout?["visibility"]?.sourceOffset != nil
        {
            reportLayer(
                .lintHidden, layer, cause: layer.layout?["visibility"],
                "layer \(layer.displayName) has visibility none: it draws nothing unless the app shows it")
        }
    }

    /// The zero opacity that hides the layer, when all its opacities are zero (a circle also draws nothing
    /// when its fill is transparent and its stroke has no width).
    private func zeroOpacity(_ layer: DrawnLayer, type: String, properties: [String]) -> (
        property: String, node: JSONNode
    )? {
        guard let first = properties.first, let node = layer.paint?[first], ConstantStyleValue.isZero(node) else {
            return nil
        }
        if type == "circle" {
            let width = layer.paint?["circle-stroke-width"]
            let strokeHidden =
                width == nil || ConstantStyleValue.isZero(width)
                || ConstantStyleValue.isZero(layer.paint?["circle-stroke-opacity"])
            return strokeHidden ? (first, node) : nil
        }
        return (first, node)
    }

    /// Reports `rule` at the layer's id, with `cause` as the related place.
    func reportLayer(
        _ rule: Rule, _ layer: DrawnLayer, cause: JSONNode?, related note: String = "because of this value",
        _ message: String
    ) {
        let related = files.location(of: cause).map { [Diagnostic.Related(note, at: $0)] } ?? []
        report(rule, layer.path, layer.anchor, message, related: related)
    }
}

/// The rules this file and `StackRules.swift` check (registered in `RuleCatalog.all`).
extension Rule {
    static let lintZoomRange = Rule(
        "lint.zoom-range", .warning,
        summary: "A layer whose minzoom is not below its maxzoom: it never draws.",
        help: "Lower minzoom or raise maxzoom (a layer shows where minzoom <= zoom < maxzoom), or remove the layer.",
        examples: [
            .triggering(
                .style,
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": ↓"water", "type": "fill", "source": "v", "source-layer": "water", "minzoom": 12, "maxzoom": 10}]}"#
            ),
            .passing(
                .style,
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "minzoom": 10, "maxzoom": 12}]}"#
            ),
        ])
    static let lintZeroOpacity = Rule(
        "lint.zero-opacity", .warning,
        summary: "A layer whose opacity is 0 at every zoom and for every feature: it never draws.",
        help: "Give the opacity a non-zero value somewhere, or remove the layer (symbol layers are not checked).",
        examples: [
            .triggering(
                .style,
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": ↓"water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-opacity": 0}}]}"#
            ),
            .passing(
                .style,
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-opacity": 0.1}}]}"#
            ),
        ])
    static let lintFilterFalse = Rule(
        "lint.filter-false", .warning,
        summary: "A layer whose filter keeps no feature whatever the data: it never draws.",
        help: "Fix the filter (an empty ['any'] or ['in', KEY] without values is always false), or remove the layer.",
        examples: [
            .triggering(
                .style,
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": ↓"water", "type": "fill", "source": "v", "source-layer": "water", "filter": false}]}"#
            ),
            .passing(
                .style,
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "filter": true}]}"#
            ),
        ])
    static let lintHidden = Rule(
        "lint.hidden", .note,
        summary: "A layer with visibility none: it draws nothing unless the app shows it.",
        help: "Nothing to do when the app shows it at run time; otherwise remove the layer.",
        examples: [
            .triggering(
                .style,
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": ↓"water", "type": "fill", "source": "v", "source-layer": "water", "layout": {"visibility": "none"}}]}"#
            ),
            .passing(
                .style,
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "layout": {"visibility": "visible"}}]}"#
            ),
        ])
    static let lintCovered = Rule(
        "lint.covered", .warning,
        summary:
            "An opaque raster layer that covers the world at every zoom where layers under it show: one finding per raster, with the count.",
        help:
            "Move the layers above the raster, or the raster below them; background layers are not checked (they show while tiles load). When the raster is meant to hide what is under it, name the raster in ignoreLayers.",
        examples: [
            .triggering(
                .style,
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}, "r": {"type": "raster", "tiles": ["https://tiles.example.com/{z}/{x}/{y}.jpg"]}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water"}, {"id": ↓"imagery", "type": "raster", "source": "r"}]}"#
            ),
            .passing(
                .style,
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}, "r": {"type": "raster", "tiles": ["https://tiles.example.com/{z}/{x}/{y}.jpg"]}}, "layers": [{"id": "imagery", "type": "raster", "source": "r"}, {"id": "water", "type": "fill", "source": "v", "source-layer": "water"}]}"#
            ),
        ])
    static let lintDuplicateLayer = Rule(
        "lint.duplicate-layer", .warning,
        summary:
            "A layer with the same type, source, source-layer, filter, zoom range, paint and layout as an earlier one.",
        help: "Remove one of the two: the later one draws the same features again, over the first.",
        examples: [
            .triggering(
                .style,
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "a", "type": "fill", "source": "v", "source-layer": "water"}, {"id": ↓"b", "type": "fill", "source": "v", "source-layer": "water"}]}"#
            ),
            .passing(
                .style,
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "a", "type": "fill", "source": "v", "source-layer": "water"}, {"id": "b", "type": "fill", "source": "v", "source-layer": "land"}]}"#
            ),
        ])
    static let lintUnusedSource = Rule(
        "lint.unused-source", .warning,
        summary: "A source that no layer (and not the terrain) uses.",
        help: "Remove the source, or add the layer that was meant to draw it.",
        examples: [
            .triggering(
                .style,
                #"{"version": 8, "sources": {"v": ↓{"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "bg", "type": "background"}]}"#
            ),
            .passing(
                .style,
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water"}]}"#
            ),
        ])
}
