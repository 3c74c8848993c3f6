import LocatedJSON

/// What a rule changes in each layer it reaches (a rule's `patch`), applied field by field in this order, and
/// `properties` last. Each field keeps the node it was read from, so what it writes into the style is found at the
/// rule's own line and column.
struct StylePatch: Sendable {
    /// `layout.visibility`: true visible, false none.
    var visible: (value: Bool, node: JSONNode)?
    /// The layer's colour: `background-color`, `fill-color`, `line-color`, `circle-color`, `fill-extrusion-color`,
    /// or `text-color` and `icon-color` of a symbol.
    var color: (value: StyleColor, node: JSONNode)?
    /// The layer's opacity, 0 to 1: its type's `*-opacity` (`text-opacity` and `icon-opacity` of a symbol).
    var opacity: (value: Double, node: JSONNode)?
    /// A factor for `line-width` of a line and `circle-radius` of a circle (zoom curves kept).
    var widthScale: (value: Double, node: JSONNode)?
    /// The layer's `minzoom`.
    var minZoom: (value: Double, node: JSONNode)?
    /// The layer's `maxzoom`.
    var maxZoom: (value: Double, node: JSONNode)?
    /// A change to every colour the layer draws with.
    var colorFilter: (value: ColorFilter, node: JSONNode)?
    /// The layer's new `filter` (a MapLibre filter), checked where it lands.
    var filter: JSONNode?
    /// Style properties by name, set last: each goes to `paint` or `layout` as the specification files it.
    var properties: [JSONMember] = []

    /// The fields a patch takes.
    static let fields = [
        "visible", "color", "opacity", "widthScale", "minZoom", "maxZoom", "colorFilter", "filter", "properties",
    ]

    /// True when the patch changes nothing.
    var isEmpty: Bool {
        visible == nil && color == nil && opacity == nil && widthScale == nil && minZoom == nil && maxZoom == nil
            && colorFilter == nil && filter == nil && properties.isEmpty
    }
}
