/// How much to divide a raster source's declared tile size by on TomTom, for the screen the map is on: the one
/// place that holds this calibration.
///
/// The TomTom SDK draws raster tiles larger than their declared `tileSize`, by a factor that depends on the
/// platform and the display scale; its formula is not published, so this is a calibration, not a derivation.
/// MapConductor's composers measured it at map zoom 13 with a GeoJSON layer of `tileSize` 512 (the right request is
/// zoom 12):
///
/// | screen | declared | tiles requested | line width vs MapLibre |
/// |---|---|---|---|
/// | 3x iPhone | 512 | z11 | 2.0x |
/// | 3x iPhone | 256 (/2) | z12 | 1.0x |
/// | 2x iPad | 256 (/2) | z11 | 1.8x |
/// | 2x iPad | 128 (/4) | z12 | 1.0x |
///
/// So iOS divides by 2 on 3x screens and by 4 on 2x screens; an unknown scale (1x, or none given) takes 2, which
/// errs towards coarser tiles (thicker, never missing). Android's composer divides by 2 on every device, measured
/// equal to MapLibre.
public enum TileSizeScale {
    /// The divisor of the declared tile size for `platform` at `displayScale` (points to pixels: 1, 2, 3; nil
    /// when unknown).
    public static func divisor(platform: Platform, displayScale: Int?) -> Int {
        switch platform {
        case .android: return 2
        case .ios: return displayScale == 2 ? 4 : 2
        }
    }

    /// The tile size to declare to the TomTom SDK for a source declared at `declared` pixels: at least 1.
    public static func tileSize(declared: Int, platform: Platform, displayScale: Int?) -> Int {
        max(1, declared / divisor(platform: platform, displayScale: displayScale))
    }
}
