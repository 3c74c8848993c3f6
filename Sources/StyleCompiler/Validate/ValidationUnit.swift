/// One of mc-style's checks of a whole style, beside the specification's: the lint rules over the whole stack,
/// TomTom's rules, the asset checks, the URLs, the renderers, or the secret scan.
enum ValidationUnit: Sendable, Equatable {
    case lint
    case tomTomRules
    /// The source-layer and field checks (with vector layers given).
    case sourceLayers
    /// The image-name checks (with a sprite given).
    case sprite
    /// The font checks (with fonts given).
    case fonts
    /// The shape of the style's own URLs (sources, sprite, glyphs) and, for MapLibre, TomTom's placeholders.
    case urls
    /// What the named renderer versions cannot draw (with renderers given).
    case renderers
    case secrets

    /// The lint rules, TomTom's rules (tomtom target), the asset checks (when assets are given), the URLs, the
    /// renderer check (when renderers are named), then the secret scan: the order findings are merged in.
    static func units(target: Target, assets: StyleAssets = StyleAssets(), renderers: Bool = false) -> [ValidationUnit]
    {
        let assetUnits: [ValidationUnit] =
            (assets.vectorLayers.isEmpty ? [] : [.sourceLayers]) + (assets.sprite == nil ? [] : [.sprite])
            + (assets.fonts == nil ? [] : [.fonts])
        return [.lint] + (target == .tomtom ? [.tomTomRules] : []) + assetUnits + [.urls]
            + (renderers ? [.renderers] : []) + [.secrets]
    }
}
