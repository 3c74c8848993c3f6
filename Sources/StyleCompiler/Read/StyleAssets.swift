/// What the assets say about a style, for the checks that use them: what vector sources' tiles hold, the
/// sprite's image names and the glyph server's fonts. Each part is checked only where it is given.
public struct StyleAssets: Sendable, Equatable {
    /// Style source id -> its tiles' layers and fields (`--vector-layers`).
    public var vectorLayers: [String: VectorLayerSchema]
    /// The sprite index (`--sprite`).
    public var sprite: SpriteIndex?
    /// The glyph server's fonts (`--fonts`).
    public var fonts: FontCatalog?

    public init(vectorLayers: [String: VectorLayerSchema] = [:], sprite: SpriteIndex? = nil, fonts: FontCatalog? = nil) {
        self.vectorLayers = vectorLayers
        self.sprite = sprite
        self.fonts = fonts
    }

    /// True when nothing is given (no asset check runs).
    public var isEmpty: Bool { vectorLayers.isEmpty && sprite == nil && fonts == nil }

    /// These assets with each part `other` gives replacing this one's (vector layers per source).
    public func overridden(by other: StyleAssets) -> StyleAssets {
        StyleAssets(vectorLayers: vectorLayers.merging(other.vectorLayers) { _, given in given },
                    sprite: other.sprite ?? sprite, fonts: other.fonts ?? fonts)
    }
}
