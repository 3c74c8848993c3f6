import LocatedJSON

/// The lock's `assets` section: how the assets were found (so `--check` fetches them the same way) and one entry
/// per asset.
extension AssetLockOptions {
    /// The section for `fetched`, kept in the folder `folder` beside the lock.
    func lockSection(_ fetched: AssetLockFetch.Fetched, folder: String) -> JSONNode {
        let sampled = fetched.entries.contains { !$0.sampledTiles.isEmpty }
        let place = sampleAt
        return .object([
            "folder": .string(folder),
            "resolved": fetched.resolved.isEmpty
                ? nil
                : JSONNode(
                    .object(
                        JSONObject(fetched.resolved.map { JSONMember(key: $0.placeholder, value: .string($0.url)) }))),
            "sampleAt": sampled && place != nil
                ? .array([.number(place?.longitude ?? 0), .number(place?.latitude ?? 0)]) : nil,
            "sampleMaxZoom": sampled ? .integer(sampleMaxZoom) : nil,
            "entries": .array(fetched.entries.map(\.json)),
        ])
    }

    /// The options a lock's section records: its resolved placeholders, the place tiles were read at, and
    /// whether pictures were kept.
    init(lockSection section: JSONNode?) {
        self.init()
        hostedSprite = section?["resolved"]?["{hosted_sprite_url}"]?.stringValue
        hostedGlyphs = section?["resolved"]?["{hosted_glyphs_url}"]?.stringValue
        if let place = section?["sampleAt"]?.arrayValue, place.count == 2,
            let longitude = place[0].numberValue?.doubleValue, let latitude = place[1].numberValue?.doubleValue
        {
            sampleAt = (longitude, latitude)
        }
        if let zoom = section?["sampleMaxZoom"]?.numberValue.flatMap({ Int($0.text) }) { sampleMaxZoom = zoom }
        let entries = (section?["entries"]?.arrayValue ?? []).compactMap { LockedAsset($0) }
        keepsImages = entries.contains { $0.kind == .image && $0.path != nil }
        glyphRanges = Set([0] + entries.filter { $0.kind == .glyphs }.map(\.glyphRange)).sorted()
    }
}
