/// The app platforms a compiled style can serve. Their LocalTileServers differ (GUIDE.md 2.9): iOS's answers
/// `<y>@<r>x.png` (r in 1...3) at r times the density, Android's parses `<y>` as an integer and answers 404 to
/// anything else. Both read a cache key as the path segment before `{z}`.
public enum Platform: String, Sendable, CaseIterable, Hashable {
    /// iOS, whose LocalTileServer also renders `@2x` and `@3x` tiles.
    case ios
    /// Android.
    case android

    /// Whether this platform's LocalTileServer renders tiles at more than one pixel density (`@2x`, `@3x`).
    public var servesDensitySuffix: Bool { self == .ios }
}
