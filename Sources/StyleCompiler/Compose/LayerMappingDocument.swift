import LocatedJSON

/// TomTom's layer-mapping file (GUIDE.md 2.3): an array of
/// `{"secondary-layer": SDK layer, "after-primary-layer" | "before-primary-layer": style layer id}`.
/// Every SDK layer may be named once, and every anchor must exist in the composed style.
enum LayerMappingDocument {
    static func make(_ entries: [LayerMappingEntry], layers: [JSONNode], diagnostics: inout [Diagnostic]) -> JSONNode? {
        guard !entries.isEmpty else { return nil }
        var layerIDs: Set<String> = []
        for layer in layers { if let id = layer["id"]?.stringValue { layerIDs.insert(id) } }
        var seen: [String: LayerMappingEntry] = [:]
        var items: [JSONNode] = []
        for (index, entry) in entries.enumerated() {
            let path = JSONPath([.key("layerMapping"), .index(index)])
            if let first = seen[entry.sdkLayer] {
                diagnostics.append(Diagnostic(.tomtomLayerMappingDuplicate, "the SDK layer '\(entry.sdkLayer)' is mapped twice",
                                              at: entry.location, path: path,
                                              related: first.location.map { [Diagnostic.Related("first mapped here", at: $0)] } ?? []))
                continue
            }
            seen[entry.sdkLayer] = entry
            let anchor = entry.anchor.layerID
            guard layerIDs.contains(anchor) else {
                let hint = Suggestion.didYouMean(anchor, among: layerIDs.sorted())
                diagnostics.append(Diagnostic(.tomtomLayerMappingAnchor, "layer mapping anchor '\(anchor)' is not a layer of the composed style (the SDK would refuse it: \"Invalid layer mapping\")\(hint)",
                                              at: entry.anchorLocation ?? entry.location, path: path))
                continue
            }
            switch entry.anchor {
            case .after(let id):
                items.append(.object(["secondary-layer": .string(entry.sdkLayer), "after-primary-layer": .string(id)]))
            case .before(let id):
                items.append(.object(["secondary-layer": .string(entry.sdkLayer), "before-primary-layer": .string(id)]))
            }
        }
        return .array(items)
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let tomtomLayerMappingAnchor = Rule("tomtom.layer-mapping.anchor", .error,
                              summary: "A layer-mapping anchor is not a layer of the composed style.",
                              help: "Name a layer of the composed style (the message suggests the closest id).")
    static let tomtomLayerMappingDuplicate = Rule("tomtom.layer-mapping.duplicate", .error,
                              summary: "An SDK layer is mapped twice.",
                              help: "Map each SDK overlay layer once.")
}
