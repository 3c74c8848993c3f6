import LocatedJSON

/// A map design without TomTom's base map (`basemap: none` under `bases:`), as MapConductor's newest run-time
/// composer offers it: TomTom's style stays the skeleton (the SDK falls back to its default style when handed one
/// without TomTom's own layers, and the layer mapping needs them), but every layer except the background is hidden
/// (`visibility: none`) and the background's paint becomes `{"background-color": <the design's colour>}`, by
/// default MapConductor's `#f2efe9` (ios-sdk-core `BlankMapStyle`), as the phone paints it; no raster base map goes
/// in. No TomTom tile is fetched, and the declared sources sit on the colour.
enum BaseMapHiding {
    /// The background colour of MapConductor's `None` design when the declarations give none.
    static let defaultBackground = "#f2efe9"

    /// `layers` with every layer but `background` ones hidden, and the background ones' paint replaced by
    /// `colour` (`defaultBackground` when nil), as MapConductor replaces it: a pattern or opacity of the base goes.
    static func hidden(_ layers: [JSONNode], background colour: String?) -> [JSONNode] {
        layers.map { layer in
            guard case .object(var object) = layer.value else { return layer }
            if object["type"]?.stringValue == "background" {
                object["paint"] = JSONNode(
                    .object(
                        JSONObject([JSONMember(key: "background-color", value: .string(colour ?? defaultBackground))])),
                    placedAs: object["paint"])
            } else {
                set(&object, "layout", "visibility", .string("none"))
            }
            return JSONNode(.object(object), placedAs: layer)
        }
    }

    /// Sets `object[group][key]`, making the group when the layer has none.
    private static func set(_ object: inout JSONObject, _ group: String, _ key: String, _ value: JSONNode) {
        var members = object[group]?.objectValue ?? JSONObject()
        members[key] = value
        object[group] = JSONNode(.object(members), placedAs: object[group])
    }

    /// The warning for a source placed against a base layer that the design hides: it draws over the background
    /// and under nothing visible but the declared sources above it.
    static func hiddenAnchor(
        _ source: RasterSourceDeclaration, variant: ComposedVariant, path: JSONPath
    ) -> Diagnostic? {
        guard !variant.showsBaseMap, source.placement != .top else { return nil }
        let placement: String
        switch source.placement {
        case .top: return nil
        case .belowLabels: placement = "below the labels"
        case .below(let id): placement = "below '\(id)'"
        case .above(let id): placement = "above '\(id)'"
        }
        return variant.finding(
            .composeHiddenAnchor,
            "'\(source.id)' is placed \(placement), but variant '\(variant.name)' hides TomTom's base map (basemap: none): it draws over the background, under nothing visible but the declared sources above it",
            at: source.location(of: .placement), path: path.appending("placement"))
    }
}

/// The rule this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let composeHiddenAnchor = Rule(
        "compose.hidden-anchor", .warning,
        summary: "A placement against a base layer that a design without TomTom's base map hides.",
        help:
            "In a design with basemap: none only the background and the declared sources show: the placement orders the source among hidden layers. Leave it (other designs need it) or place it at the top.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                bases:
                  plain: {base: base.json, basemap: none, background: "#202020"}
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    placement: ↓{below: City}
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                bases:
                  plain: {base: base.json, basemap: none, background: "#202020"}
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                """#),
        ])
}
