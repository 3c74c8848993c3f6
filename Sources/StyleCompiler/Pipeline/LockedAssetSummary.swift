/// What `fetch-base` locked beside a style, counted for its report: icons, font stacks (and those not served),
/// vector sources with their layers, and the assets folder's files and size in bytes.
public struct LockedAssetSummary: Sendable, Equatable {
    /// Image names in the sprite indexes (1x).
    public var icons = 0
    /// Font stacks the style uses.
    public var fontStacks = 0
    /// Stacks the glyph server answered 404 for.
    public var absentStacks: [String] = []
    /// (source id, layer count), in the style's order.
    public var sources: [Source] = []
    /// Files written into the assets folder.
    public var files = 0
    /// Their size in bytes.
    public var bytes = 0
    /// The assets folder's path.
    public var folder: String

    /// One vector source's layer count, and whether it was read from tiles.
    public struct Source: Sendable, Equatable {
        /// The style's source id.
        public var id: String
        /// Layers its TileJSON (or its tiles) lists.
        public var layers: Int
        /// Tiles read for it (0 for a TileJSON).
        public var sampledTiles: Int
    }

    init(_ fetched: AssetLockFetch.Fetched, folder: String) {
        self.folder = folder
        files = fetched.files.count
        bytes = fetched.files.reduce(0) { $0 + $1.count }
        let assets = BaseStyleLock.assets(
            from: fetched.entries.map { entry in
                (entry, entry.path.flatMap { path in fetched.files.first { $0.path == path }?.bytes })
            })
        icons = assets.sprite?.names.count ?? 0
        for entry in fetched.entries {
            switch entry.kind {
            case .glyphs:
                guard entry.glyphRange == 0 else { continue }
                fontStacks += 1
                if entry.absentStatus != nil, let stack = entry.fontStack { absentStacks.append(stack) }
            case .vectorLayers:
                if let id = entry.source {
                    sources.append(
                        Source(
                            id: id, layers: assets.vectorLayers[id]?.layerIDs.count ?? 0,
                            sampledTiles: entry.sampledTiles.count))
                }
            case .sprite, .sprite2x, .image: break
            }
        }
    }
}
