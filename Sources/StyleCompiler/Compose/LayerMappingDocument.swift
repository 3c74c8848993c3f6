import LocatedJSON
import StyleSpec

/// TomTom's layer-mapping file (GUIDE.md 2.3): an array of
/// `{"secondary-layer": SDK layer, "after-primary-layer" | "before-primary-layer": style layer id}`.
/// Every SDK layer may be named once, and every anchor must exist in the composed style.
enum LayerMappingDocument {
    /// The document for one variant's composed `layers`. An anchor the variant lacks takes the entry's fallback
    /// (recorded in `fallbacks`); without one it is an error that names the variant. Anchors in `unplaced` (declared
    /// layers whose placement failed, already an error) are left out without a second error.
    static func make(
        _ entries: [LayerMappingEntry], layers: [JSONNode], unplaced: Set<String> = [],
        variant: ComposedVariant = ComposedVariant(),
        fallbacks: inout [AnchorFallback], diagnostics: inout [Diagnostic]
    ) -> JSONNode? {
        guard !entries.isEmpty else { return nil }
        var layerIDs: Set<String> = []
        for layer in layers { if let id = layer["id"]?.stringValue { layerIDs.insert(id) } }
        let topmost = layers.last?["id"]?.stringValue
        var seen: [String: LayerMappingEntry] = [:]
        var items: [JSONNode] = []
        for (index, entry) in entries.enumerated() {
            let path = JSONPath([.key("layerMapping"), .index(index)])
            if let first = seen[entry.sdkLayer] {
                diagnostics.append(
                    Diagnostic(
                        .tomtomLayerMappingDuplicate, "the SDK layer '\(entry.sdkLayer)' is mapped twice",
                        at: entry.location, path: path,
                        related: first.location.map { [Diagnostic.Related("first mapped here", at: $0)] } ?? []))
                continue
            }
            seen[entry.sdkLayer] = entry
            var anchor = entry.anchor
            if unplaced.contains(anchor.layerID) { continue }
            if !layerIDs.contains(anchor.layerID) {
                guard let fallback = entry.fallback else {
                    fallbacks.append(
                        AnchorFallback(
                            kind: .layerMapping, path: path, anchor: anchor.layerID,
                            location: entry.anchorLocation ?? entry.location, hasFallback: false))
                    let hint = Suggestion.didYouMeanLayer(anchor.layerID, among: layerIDs.sorted())
                    let advice =
                        variant.isNamed
                        ? "; give the entry a fallback (such as fallback: top) for the variants without it" : ""
                    diagnostics.append(
                        variant.finding(
                            .tomtomLayerMappingAnchor,
                            "layer mapping anchor '\(anchor.layerID)' is not a layer of \(variant.composedStyle)\(hint) (the SDK would refuse it: \"Invalid layer mapping\")\(advice)",
                            at: entry.anchorLocation ?? entry.location, path: path))
                    continue
                }
                fallbacks.append(
                    AnchorFallback(
                        kind: .layerMapping, path: path, anchor: anchor.layerID,
                        location: entry.anchorLocation ?? entry.location))
                switch fallback {
                case .top:
                    guard let topmost else { continue }
                    anchor = .after(topmost)
                case .anchor(let other):
                    guard layerIDs.contains(other.layerID) else {
                        let hint = Suggestion.didYouMeanLayer(other.layerID, among: layerIDs.sorted())
                        diagnostics.append(
                            variant.finding(
                                .tomtomLayerMappingAnchor,
                                "the fallback anchor '\(other.layerID)' of '\(entry.sdkLayer)' is not a layer of \(variant.composedStyle) either\(hint)",
                                at: entry.fallbackLocation ?? entry.location, path: path.appending("fallback")))
                        continue
                    }
                    anchor = other
                }
                diagnostics.append(
                    variant.finding(
                        .composePlacementFallback,
                        "\(variant.composedStyle) has no layer '\(entry.anchor.layerID)': '\(entry.sdkLayer)' goes \(anchor.wording) as its fallback says",
                        at: entry.fallbackLocation ?? entry.location, path: path.appending("fallback")))
            }
            switch anchor {
            case .after(let id):
                items.append(.object(["secondary-layer": .string(entry.sdkLayer), "after-primary-layer": .string(id)]))
            case .before(let id):
                items.append(
                    .object(["secondary-layer": .string(entry.sdkLayer), "before-primary-layer": .string(id)]))
            }
        }
        return .array(items)
    }
}

extension LayerMappingEntry.Anchor {
    /// "after 'Country name'".
    var wording: String {
        switch self {
        case .after(let id): return "after '\(id)'"
        case .before(let id): return "before '\(id)'"
        }
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let tomtomLayerMappingAnchor = Rule(
        "tomtom.layer-mapping.anchor", .error, configurable: false,
        summary: "A layer-mapping anchor is not a layer of the composed style.",
        help: "Name a layer of the composed style (the message suggests the closest id).",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/hillshade/{z}/{x}/{y}.png
                layerMapping:
                  - {sdkLayer: marker, before: ↓Nowhere}
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/hillshade/{z}/{x}/{y}.png
                layerMapping:
                  - {sdkLayer: marker, before: City}
                """#),
        ])
    static let tomtomLayerMappingDuplicate = Rule(
        "tomtom.layer-mapping.duplicate", .error, configurable: false,
        summary: "An SDK layer is mapped twice.",
        help: "Map each SDK overlay layer once.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/hillshade/{z}/{x}/{y}.png
                layerMapping:
                  - {sdkLayer: marker, before: City}
                  - ↓{sdkLayer: marker, after: Ocean}
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - id: hillshade
                    urlTemplate: https://tiles.example.com/hillshade/{z}/{x}/{y}.png
                layerMapping:
                  - {sdkLayer: marker, before: City}
                """#),
        ])
}
