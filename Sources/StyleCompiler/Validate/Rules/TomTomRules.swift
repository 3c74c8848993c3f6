import LocatedJSON

/// What only a TomTom tool knows: the SDK's own overlay layer names, and the raster tile sizes it accepts.
extension ValidationRun {
    func validateTomTomRules() {
        let overlayNames = Set(DeclarationSchema.sdkOverlayLayers)
        for (index, layer) in (style["layers"]?.arrayValue ?? []).enumerated() {
            guard let idNode = layer["id"], let id = idNode.stringValue, overlayNames.contains(id) else { continue }
            report(
                .tomtomSdkLayerName, JSONPath([.key("layers"), .index(index), .key("id")]), idNode,
                "layer id \"\(id)\" is the name of a TomTom SDK overlay layer; the SDK inserts its own layer with that name"
            )
        }
        for member in style["sources"]?.objectValue?.members ?? [] {
            guard member.value["type"]?.stringValue == "raster", let sizeNode = member.value["tileSize"],
                let size = sizeNode.numberValue?.doubleValue
            else { continue }
            // Both run-time composers halve every raster size (GUIDE.md 2.6), so 128 is as normal as 256 and 512;
            // what matters is a whole, positive number of pixels, ideally a power of two.
            let path = JSONPath([.key("sources"), .key(member.key), .key("tileSize")])
            guard size >= 1, size == size.rounded(), size <= Double(DeclarationSchema.maximumTileSize) else {
                report(
                    .sourcesTileSize, path, sizeNode,
                    "raster tileSize \(JSONNumber(size).text) is not a whole number of pixels from 1 to \(DeclarationSchema.maximumTileSize)"
                )
                continue
            }
            let pixels = Int(size)
            guard pixels & (pixels - 1) != 0 else { continue }
            report(
                .warning, .sourcesTileSize, path, sizeNode,
                "raster tileSize \(pixels) is not a power of two: TomTom and MapLibre tile pyramids are 128, 256 and 512 pixels"
            )
        }
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let tomtomSdkLayerName = Rule(
        "tomtom.sdk-layer-name", .error,
        summary: "A style layer id is the name of a TomTom SDK overlay layer.",
        help: "Rename the layer: the SDK inserts its own layer with that name.",
        examples: [
            .triggering(.style, #"{"version": 8, "sources": {}, "layers": [{"id": ↓"marker", "type": "background"}]}"#),
            .passing(.style, #"{"version": 8, "sources": {}, "layers": [{"id": "background", "type": "background"}]}"#),
        ])
}
