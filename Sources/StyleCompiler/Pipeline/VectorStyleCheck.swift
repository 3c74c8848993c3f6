import LocatedJSON
import StyleRuntime

/// Checks each vector style a build reads as the phone will draw it: the whole validator (specification,
/// expressions, lint, secrets) at the style's own lines, judged against MapConductor's rasteriser
/// (`RendererProfile.mapConductorVectorTile`) rather than against the renderers that draw the composed style.
enum VectorStyleCheck {
    /// The version the rasteriser is judged at when the declarations name none (`renderers:`); its profile has no
    /// versioned entries, so every version is judged alike.
    static let defaultVersion = RendererVersion("1.0.0")

    /// The rasteriser target: the one `declared` names, else `defaultVersion`'s.
    static func rasteriser(declared: [RendererTarget]) -> [RendererTarget] {
        if let named = declared.first(where: { $0.profile.name == RendererProfile.mapConductorVectorTileName }) {
            return [named]
        }
        return defaultVersion.map { [RendererTarget(.mapConductorVectorTile, $0)] } ?? []
    }

    /// The findings of every vector style in `inputs`, checked by `validator` (the composed styles' settings) with
    /// the rasteriser as the only renderer, against the assets `fetch-base` locked beside the style (the base's
    /// assets are not the vector style's).
    static func findings(_ inputs: CompilationInputs, validator: StyleValidator, declared: [RendererTarget])
        -> [Diagnostic]
    {
        guard !inputs.vectorStyles.isEmpty else { return [] }
        var checker = validator
        checker.target = .maplibre
        checker.assets = StyleAssets()
        checker.renderers = rasteriser(declared: declared)
        return inputs.vectorStyles.flatMap { loaded in
            var styleChecker = checker
            styleChecker.assets = loaded.lockedAssets ?? StyleAssets()
            return styleChecker.validate(loaded.document.root, in: inputs.fileTable)
        }
    }
}
