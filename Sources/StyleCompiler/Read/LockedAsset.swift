import LocatedJSON

/// One asset a base-style lock records (`fetch-base`): what it is, the URL it came from (the key as `{key}`), and
/// where its copy lies in the assets folder with the copy's SHA-256, or why there is no copy.
public struct LockedAsset: Sendable, Equatable {
    /// What an asset is to the style.
    public enum Kind: String, Sendable, CaseIterable {
        /// A sprite's index (`sprite.json`) at pixel ratio 1.
        case sprite
        /// The same sprite's index at pixel ratio 2 (`sprite@2x.json`).
        case sprite2x = "sprite@2x"
        /// A sprite's image (PNG): its SHA-256 always, the file only with `--with-images`.
        case image
        /// The first glyph range (0-255) of one font stack.
        case glyphs
        /// A vector source's layers and fields, as a TileJSON.
        case vectorLayers = "vector-layers"
    }

    /// What the asset is.
    public var kind: Kind
    /// The URL it was fetched from, `{key}` where the key went.
    public var url: String
    /// The copy's path inside the assets folder (`glyphs/Noto-Bold.0-255.pbf`); nil when none is kept.
    public var path: String?
    /// The SHA-256 of what was served (lowercase hex); nil when nothing was.
    public var sha256: String?
    /// For a sprite entry: the sprite's id in a style with several sprites (nil for a single sprite).
    public var spriteID: String?
    /// For glyphs: the font stack, its font names joined by commas as a renderer requests it.
    public var fontStack: String?
    /// For glyphs: the range's first code point (0 for `0-255`).
    public var glyphRange = 0
    /// For glyphs: the HTTP status of a range the glyph server does not serve (404); nil when it is served.
    public var absentStatus: Int?
    /// For vector layers: the style's source id.
    public var source: String?
    /// For vector layers read from tiles: the tile URLs read (`{key}` in place of the key), else empty (a TileJSON).
    public var sampledTiles: [String] = []

    /// An entry of `kind` fetched from `url`.
    public init(kind: Kind, url: String) {
        self.kind = kind
        self.url = url
    }

    /// The entry as the lock writes it, members in a fixed order.
    public var json: JSONNode {
        .object([
            "kind": .string(kind.rawValue), "spriteId": spriteID.map { .string($0) },
            "fontStack": fontStack.map { .string($0) },
            "range": kind == .glyphs ? .string(Self.rangeName(glyphRange)) : nil, "source": source.map { .string($0) },
            "url": .string(url), "path": path.map { .string($0) }, "sha256": sha256.map { .string($0) },
            "absent": absentStatus.map { .integer($0) },
            "sampledTiles": sampledTiles.isEmpty ? nil : .array(sampledTiles.map { .string($0) }),
        ])
    }

    /// The entry a lock's member describes; nil for one that is not an entry (the reader says where).
    public init?(_ node: JSONNode) {
        guard let kindName = node["kind"]?.stringValue, let kind = Kind(rawValue: kindName),
            let url = node["url"]?.stringValue
        else { return nil }
        self.init(kind: kind, url: url)
        path = node["path"]?.stringValue
        sha256 = node["sha256"]?.stringValue
        spriteID = node["spriteId"]?.stringValue
        fontStack = node["fontStack"]?.stringValue
        if let range = node["range"]?.stringValue, let dash = range.firstIndex(of: "-"), let start = Int(range[..<dash])
        {
            glyphRange = start
        }
        absentStatus = node["absent"]?.numberValue.flatMap { Int($0.text) }
        source = node["source"]?.stringValue
        sampledTiles = node["sampledTiles"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// A file name for a font stack's glyph range inside `glyphs/` (`glyphs/Noto-Bold.0-255.pbf`); `range` is
    /// its first code point.
    public static func glyphFileName(stack: String, range: Int = 0) -> String {
        "glyphs/\(fileSafe(stack)).\(rangeName(range)).pbf"
    }

    /// `0-255`, `256-511`, ...: a range of 256 code points as renderers name it.
    public static func rangeName(_ start: Int) -> String { "\(start)-\(start + 255)" }

    /// A file name for a vector source's TileJSON inside `tilejson/`.
    public static func tileJSONFileName(source: String) -> String { "tilejson/\(fileSafe(source)).json" }

    /// A name as written, with `/`, a backslash, `%`, control characters and a leading dot percent-encoded, so that no
    /// font stack or source id names a path outside its folder.
    static func fileSafe(_ name: String) -> String {
        var safe = ""
        for scalar in name.unicodeScalars {
            let unsafe =
                scalar == "/" || scalar == "%" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F
                || (safe.isEmpty && scalar == ".")
            if unsafe {
                for byte in String(scalar).utf8 { safe += "%" + String(byte, radix: 16, uppercase: true) }
            } else {
                safe.unicodeScalars.append(scalar)
            }
        }
        return safe
    }
}
