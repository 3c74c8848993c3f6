import LocatedJSON

/// A fallback is for the variants that lack an anchor. When every one of several variants lacks it, the anchor
/// is most likely misspelt, and falling back everywhere would hide that. (With a single base, the fallback's
/// note says what happened.)
enum AnchorFallbackRules {
    /// An error per placement or layer-mapping entry that fell back in every one of `variants` compositions.
    static func check(_ compositions: [Composition], variants: Int) -> [Diagnostic] {
        guard variants > 1, compositions.count == variants, let first = compositions.first else { return [] }
        var counts: [JSONPath: Int] = [:]
        for composition in compositions {
            for fallback in Set(composition.fallbacks.map(\.path)) { counts[fallback, default: 0] += 1 }
        }
        return first.fallbacks.filter { counts[$0.path] == variants }.map { fallback in
            let rule = fallback.kind == .layerMapping ? Rule.tomtomLayerMappingAnchor : Rule.composePlacementAnchor
            return Diagnostic(
                rule,
                "'\(fallback.anchor)' is not a layer of any variant's base style, so its fallback would always be used: check the spelling",
                at: fallback.location, path: fallback.path)
        }
    }
}
