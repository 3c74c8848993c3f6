/// How `fetch-base` finds and keeps a style's assets: where TomTom's hosted placeholders lead, whether sprite
/// pictures are kept, and where tiles are read for a vector source that has no TileJSON.
public struct AssetLockOptions: Sendable, Equatable {
    /// False locks the style alone (`--no-assets`).
    public var locksAssets = true
    /// The sprite URL `{hosted_sprite_url}` stands for (`{key}` where the key goes); nil for TomTom's Assets API.
    public var hostedSprite: String?
    /// The glyphs URL template `{hosted_glyphs_url}` stands for; nil for TomTom's Assets API.
    public var hostedGlyphs: String?
    /// The Assets API's asset version pattern for sprites and fonts (`1.*`).
    public var assetsVersion = AssetLockOptions.defaultAssetsVersion
    /// True keeps the sprite pictures (`sprite.png`, `sprite@2x.png`) in the assets folder; false records only
    /// their SHA-256.
    public var keepsImages = false
    /// Where tiles are read for a vector source with `tiles` only: longitude and latitude in degrees; nil for the
    /// style's `center`, or Amsterdam when it has none.
    public var sampleAt: (longitude: Double, latitude: Double)?
    /// The highest zoom level tiles are read at for a source with `tiles` only (the source's maxzoom when lower).
    public var sampleMaxZoom = 14
    /// The glyph ranges locked for each font stack, by first code point: 0 (`0-255`, which proves a stack is
    /// served) and those asked for (`--glyph-range 1024-1279`), ascending.
    public var glyphRanges: [Int] = [0]

    /// The asset version asked for unless told otherwise.
    public static let defaultAssetsVersion = "1.*"
    /// Where tiles are sampled when the style gives no center: Amsterdam (longitude, latitude in degrees).
    public static let defaultSamplePlace = (longitude: 4.9041, latitude: 52.3676)

    /// The defaults: assets locked through TomTom's Assets API, pictures by SHA-256 only.
    public init() {}

    /// The URL `{hosted_sprite_url}` is resolved to: `hostedSprite`, or the Assets API's sprite of `design`.
    public func spriteURL(origin: String, design: String) -> String {
        hostedSprite
            ?? "\(origin)/maps/orbis/assets/sprites/\(assetsVersion)/sprite?key={key}&apiVersion=1&map=\(design)"
    }

    /// The template `{hosted_glyphs_url}` is resolved to: `hostedGlyphs`, or the Assets API's fonts.
    public func glyphsURL(origin: String) -> String {
        hostedGlyphs
            ?? "\(origin)/maps/orbis/assets/fonts/\(assetsVersion)/{fontstack}/{range}.pbf?key={key}&apiVersion=1"
    }

    /// Options are equal when they lock the same way.
    public static func == (lhs: AssetLockOptions, rhs: AssetLockOptions) -> Bool {
        lhs.locksAssets == rhs.locksAssets && lhs.hostedSprite == rhs.hostedSprite
            && lhs.hostedGlyphs == rhs.hostedGlyphs && lhs.assetsVersion == rhs.assetsVersion
            && lhs.keepsImages == rhs.keepsImages && lhs.sampleAt?.longitude == rhs.sampleAt?.longitude
            && lhs.sampleAt?.latitude == rhs.sampleAt?.latitude && lhs.sampleMaxZoom == rhs.sampleMaxZoom
            && lhs.glyphRanges == rhs.glyphRanges
    }
}
