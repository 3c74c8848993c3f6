import Dispatch

/// What the assets say about a style, for the checks that use them: what vector sources' tiles hold, the
/// sprite's image names and the glyph server's fonts. Each part is checked only where it is given.
public struct StyleAssets: Sendable, Equatable {
    /// Style source id -> its tiles' layers and fields (`--vector-layers`).
    public var vectorLayers: [String: VectorLayerSchema]
    /// The sprite index (`--sprite`).
    public var sprite: SpriteIndex?
    /// The glyph server's fonts (`--fonts`).
    public var fonts: FontCatalog?

    /// Assets read: vector sources' layers by source id, the sprite index and the fonts.
    public init(vectorLayers: [String: VectorLayerSchema] = [:], sprite: SpriteIndex? = nil, fonts: FontCatalog? = nil)
    {
        self.vectorLayers = vectorLayers
        self.sprite = sprite
        self.fonts = fonts
    }

    /// True when nothing is given (no asset check runs).
    public var isEmpty: Bool { vectorLayers.isEmpty && sprite == nil && fonts == nil }

    /// These assets with each part `other` gives replacing this one's (vector layers per source).
    public func overridden(by other: StyleAssets) -> StyleAssets {
        StyleAssets(
            vectorLayers: vectorLayers.merging(other.vectorLayers) { _, given in given },
            sprite: other.sprite ?? sprite, fonts: other.fonts ?? fonts)
    }

    /// Where assets are read from: a sprite index, a font list or glyphs folder, and vector sources' TileJSON.
    public struct Paths: Sendable, Equatable {
        /// The sprite index's path, if given.
        public var sprite: String?
        /// The fonts' path, if given.
        public var fonts: String?
        /// (vector source id, TileJSON path), in order.
        public var vectorLayers: [(source: String, path: String)]

        /// Paths of the assets to read.
        public init(sprite: String? = nil, fonts: String? = nil, vectorLayers: [(source: String, path: String)] = []) {
            self.sprite = sprite
            self.fonts = fonts
            self.vectorLayers = vectorLayers
        }

        /// Paths are equal when they name the same files for the same parts.
        public static func == (lhs: Paths, rhs: Paths) -> Bool {
            lhs.sprite == rhs.sprite && lhs.fonts == rhs.fonts
                && lhs.vectorLayers.elementsEqual(rhs.vectorLayers) { $0 == $1 }
        }
    }

    /// One file's reading: which part it is, and what it found.
    public enum Part: Sendable, Equatable {
        /// The sprite index.
        case sprite
        /// The fonts.
        case fonts
        /// The TileJSON of one vector source.
        case vectorLayers(source: String)
    }

    /// Reads every file `paths` names, at the same time (they are independent, and a sprite index or a
    /// TileJSON can be as large as the style): the assets, and each part's findings in the order of `paths`.
    public static func load(_ paths: Paths, inputLoader: InputLoader = InputLoader()) -> (
        assets: StyleAssets, findings: [(part: Part, diagnostics: [Diagnostic])]
    ) {
        let jobs: [(Part, String)] =
            (paths.sprite.map { [(Part.sprite, $0)] } ?? []) + (paths.fonts.map { [(Part.fonts, $0)] } ?? [])
            + paths.vectorLayers.map { (Part.vectorLayers(source: $0.source), $0.path) }
        var results = [(assets: StyleAssets, diagnostics: [Diagnostic])](
            repeating: (StyleAssets(), []), count: jobs.count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each job writes only its own slot.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
                let (part, path) = jobs[index]
                var assets = StyleAssets()
                let diagnostics: [Diagnostic]
                switch part {
                case .sprite: (assets.sprite, diagnostics) = SpriteIndex.load(path: path, inputLoader: inputLoader)
                case .fonts: (assets.fonts, diagnostics) = FontCatalog.load(path: path, inputLoader: inputLoader)
                case .vectorLayers(let source):
                    let (schema, found) = VectorLayerSchema.load(path: path, inputLoader: inputLoader)
                    if let schema { assets.vectorLayers[source] = schema }
                    diagnostics = found
                }
                slots[index] = (assets, diagnostics)
            }
        }
        let assets = results.reduce(StyleAssets()) { $0.overridden(by: $1.assets) }
        return (assets, zip(jobs, results).map { ($0.0.0, $0.1.diagnostics) })
    }
}
