import LocatedJSON

/// The renderer of MapConductor's vector tile layers: a rasteriser on the phone (a Rust core, the same PNGs on iOS,
/// Android and the web) that draws a whole MapLibre style into raster tiles served through LocalTileServer. It is
/// shipped as a renderer profile in the format of a profile file, read by the loader every profile goes through, so
/// `compat`, `--renderer mapconductor-vectortile@VERSION`, `renderers:` and the manifest's minimum judge a style
/// against it as against any other renderer.
///
/// What it draws is read in MapConductor's code (ios-sdk `ios-vectortile/` README and `VectorTileRasteriser.swift`
/// @6e0a426c, android-sdk `android-vectortile/` `VectorTileLayer.kt` @5e06f265): background, fill, line, circle,
/// and symbol text and icons; `hillshade` is reported unsupported by its diagnostics. That raster, heatmap,
/// fill-extrusion and color-relief layers and the sky are not drawn is inferred (from its `unsupportedLayerTypes`
/// and the layer types it draws), not read as a table: the profile says so in its comments and docs/commands.md
/// does too. `fill-pattern` is drawn, on the slower CPU path; the profile cannot say "slower", so it says drawn.
extension RendererProfile {
    /// The profile, in the format of a renderer profile file (docs/commands.md, "Renderer profiles").
    public static let mapConductorVectorTileText = """
        version: 1
        name: mapconductor-vectortile
        # MapConductor's vector tile rasteriser (ios-sdk ios-vectortile @6e0a426c, android-sdk android-vectortile
        # @5e06f265). It draws background, fill, line, circle and symbol layers; what is not listed is taken as drawn.
        support:
          layer:
            type:hillshade: unsupported       # read: its diagnostics() report hillshade as unsupported
            type:raster: unsupported          # inferred from unsupportedLayerTypes
            type:heatmap: unsupported         # inferred from unsupportedLayerTypes
            type:fill-extrusion: unsupported  # inferred from unsupportedLayerTypes
            type:color-relief: unsupported    # inferred: not among the layer types it draws
          sky:                                # inferred: a flat raster has no sky
            sky-color: unsupported
            horizon-color: unsupported
            fog-color: unsupported
            sky-horizon-blend: unsupported
            horizon-fog-blend: unsupported
            fog-ground-blend: unsupported
            atmosphere-blend: unsupported

        """

    /// The profile, read from `mapConductorVectorTileText` (`RendererProfileLoaderTests` holds that it reads with no
    /// finding).
    public static let mapConductorVectorTile: RendererProfile = {
        let file = SourceFiles().add(
            name: "the built-in profile of MapConductor's vector tile rasteriser",
            bytes: Array(mapConductorVectorTileText.utf8))
        return RendererProfileLoader().profile(in: file).profile
            ?? RendererProfile(name: mapConductorVectorTileName, builtOn: nil, entries: [:], file: file.name)
    }()

    /// The profiles every run knows without being told: the specification's three columns, then MapConductor's
    /// vector tile rasteriser.
    public static let shipped = builtIns + [mapConductorVectorTile]
}
