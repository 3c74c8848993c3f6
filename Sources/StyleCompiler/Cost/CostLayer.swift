import LocatedJSON

/// A composed style's layer as cost sees it: when it is shown and what it draws from.
struct CostLayer: Sendable {
    /// The layer's `type`.
    let type: String
    /// The id of the source it draws from; nil for a background (or a layer that names none).
    let source: String?
    /// Its `minzoom`, in the style's camera zoom; nil: none.
    let minimumZoom: Double?
    /// Its `maxzoom`, in the style's camera zoom; nil: none.
    let maximumZoom: Double?
    /// Whether `layout.visibility` is `none`.
    let isNeverShown: Bool
    /// A raster layer that covers what is under it: `raster-opacity` absent or a number of at least
    /// `opaqueOpacity`.
    let isOpaqueRaster: Bool

    /// From this `raster-opacity` up, a raster layer is counted as hiding what is below it.
    static let opaqueOpacity = 0.9

    /// The layer `node` of a style.
    init(_ node: JSONNode) {
        type = node["type"]?.stringValue ?? ""
        source = node["source"]?.stringValue
        minimumZoom = node["minzoom"]?.numberValue?.doubleValue
        maximumZoom = node["maxzoom"]?.numberValue?.doubleValue
        isNeverShown = node["layout"]?["visibility"]?.stringValue == "none"
        let opacity = node["paint"]?["raster-opacity"]
        isOpaqueRaster =
            type == "raster" && (opacity == nil || (opacity?.numberValue?.doubleValue ?? 0) >= Self.opaqueOpacity)
    }

    /// Whether the layer is hidden at `zoom` (the style's camera zoom), as GL JS's `StyleLayer.isHidden` has it:
    /// below a non-zero `minzoom`, at or above a non-zero `maxzoom`, or `visibility: none`.
    func isHidden(at zoom: Double) -> Bool {
        if let minimumZoom, minimumZoom != 0, zoom < minimumZoom { return true }
        if let maximumZoom, maximumZoom != 0, zoom >= maximumZoom { return true }
        return isNeverShown
    }
}
