import LocatedJSON
import StyleRuntime

/// One of the two raster layers a vector style is shown as (GUIDE.md section 7): MapConductor's rasteriser draws
/// the ground (background, fill, line, circle) and the labels (symbols on transparent) as separate tiles, served
/// through LocalTileServer on two routes.
public struct VectorStyleLayer: Sendable, Equatable {
    /// Which of the two layers.
    public enum Role: String, Sendable, CaseIterable {
        /// Background, fill, line and circle layers; cache key fixed (`ManifestFormat.vectorGroundCacheKey`).
        case ground
        /// Symbol text and icons on transparent; cache key per glyph generation (`g<n>`), filled at run time.
        case labels
    }

    /// The declared id of the `vectorStyle` source.
    public var sourceID: String
    /// Ground or labels.
    public var role: Role
    /// What the source declares.
    public var address: VectorStyleAddress
    /// The style file as bundled (nil for sources built in code, which bundle nothing).
    public var bundle: BundledVectorStyle?
}

/// The vector style file `compile` copies into its folder, for the app to bundle and hand to the rasteriser.
public struct BundledVectorStyle: Sendable, Equatable {
    /// Where the copy goes in the compiled folder (`OutputLayout.vectorStyle`).
    public var path: String
    /// The style as declared, relative to the declarations file.
    public var declaredPath: String
    /// SHA-256 of the file's bytes (the copy is byte for byte), lowercase hex.
    public var sha256: String
    /// Each source's `attribution` in the style, in source order, each text once: shown on both layers.
    public var attribution: [String]
}
