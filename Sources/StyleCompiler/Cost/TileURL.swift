import StyleMath

/// A tiled source's URL templates, and how they number rows.
struct TileURL: Sendable {
    /// The source's `tiles`, as composed.
    let templates: [String]
    /// True for `scheme: tms` (rows counted from the south).
    let isTMS: Bool

    /// The URLs the renderer may ask for `tile` on a screen of `pixelRatio` (one per template, as MapLibre picks
    /// one of them): `{z}`, `{x}`, `{y}`, `{quadkey}` and `{ratio}` filled as MapLibre fills them.
    func urls(for tile: TileCoordinate, pixelRatio: Double) -> [String] {
        let row = isTMS ? tile.tmsRow : tile.y
        return templates.map { template in
            template.replacing("{z}", with: String(tile.z)).replacing("{x}", with: String(tile.x))
                .replacing("{y}", with: String(row)).replacing("{quadkey}", with: tile.quadkey)
                .replacing("{ratio}", with: pixelRatio >= 2 ? "@2x" : "")
        }
    }
}
