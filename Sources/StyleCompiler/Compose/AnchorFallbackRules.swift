import LocatedJSON
import StyleSpec

/// An anchor that every one of several variants lacks is most likely misspelt: with a fallback, falling back
/// everywhere would hide that; without one, advising a fallback would hide it too. Either way it is one error,
/// with a did-you-mean over every variant's base layers, in place of one finding per variant. (With a single
/// base, the composer's own finding says what happened.)
enum AnchorFallbackRules {
    /// The errors for the anchors every variant lacks (`misses`: each variant's, in variant order), and the paths
    /// whose per-variant findings they replace.
    static func check(_ misses: [[AnchorFallback]], baseLayerIDs: [String], sourceIDs: [String]) -> (
        diagnostics: [Diagnostic], replaced: Set<JSONPath>
    ) {
        guard misses.count > 1, let first = misses.first else { return ([], []) }
        let everywhere = first.filter { miss in misses.allSatisfy { $0.contains { $0.path == miss.path } } }
        var diagnostics: [Diagnostic] = []
        var replaced: Set<JSONPath> = []
        for miss in everywhere where replaced.insert(miss.path).inserted {
            let hint = Suggestion.didYouMeanLayer(miss.anchor, among: baseLayerIDs)
            let rule = miss.kind == .layerMapping ? Rule.tomtomLayerMappingAnchor : Rule.composePlacementAnchor
            let message: String
            switch (miss.hasFallback, miss.kind) {
            case (true, _):
                message =
                    "'\(miss.anchor)' is not a layer of any variant's base style, so its fallback would always be used: it is most likely misspelt\(hint)"
            case (false, .layerMapping):
                message =
                    "layer mapping anchor '\(miss.anchor)' is not a layer of any variant's base style, so it is most likely misspelt\(hint) (the SDK would refuse it: \"Invalid layer mapping\")"
            case (false, .placement):
                var source = ""
                if case .index(let index)? = miss.path.components.dropFirst().first, sourceIDs.indices.contains(index) {
                    source = " of '\(sourceIDs[index])'"
                }
                message =
                    "placement\(source) names layer '\(miss.anchor)', which no variant's base style has, so it is most likely misspelt\(hint)"
            }
            diagnostics.append(Diagnostic(rule, message, at: miss.location, path: miss.path))
        }
        return (diagnostics, replaced)
    }
}
