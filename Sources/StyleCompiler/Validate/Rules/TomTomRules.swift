import LocatedJSON

/// What only a TomTom tool knows: the SDK's own overlay layer names, and the raster tile sizes it accepts.
extension ValidationRun {
    func validateTomTomRules() {
        let overlayNames = Set(DeclarationSchema.sdkOverlayLayers)
        for (index, layer) in (style["layers"]?.arrayValue ?? []).enumerated() {
            guard let idNode = layer["id"], let id = idNode.stringValue, overlayNames.contains(id) else { continue }
            report("tomtom.sdk-layer-name", JSONPath([.key("layers"), .index(index), .key("id")]), idNode,
                   "layer id \"\(id)\" is the name of a TomTom SDK overlay layer; the SDK inserts its own layer with that name")
        }
        for member in style["sources"]?.objectValue?.members ?? [] {
            guard member.value["type"]?.stringValue == "raster", let sizeNode = member.value["tileSize"],
                  let size = sizeNode.numberValue?.doubleValue else { continue }
            // mc-style's own raster sources carry TomTom's halved sizes (128 for 256-pixel tiles, 256 for 512).
            let allowed: Set<Double> = member.key.hasPrefix("mc-raster-src-") ? [128, 256] : [256, 512]
            guard !allowed.contains(size) else { continue }
            let sizes = allowed.sorted().map { JSONNumber($0).text }.joined(separator: " or ")
            report("sources.tile-size", JSONPath([.key("sources"), .key(member.key), .key("tileSize")]), sizeNode,
                   "raster tileSize \(JSONNumber(size).text) is not \(sizes): TomTom serves and draws raster tiles of 256 and 512 pixels")
        }
    }
}
