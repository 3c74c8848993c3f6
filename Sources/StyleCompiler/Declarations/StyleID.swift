import StyleRuntime

/// Style ids derived from declared ids (GUIDE.md 2.5), stable under reordering: letters, digits, `-` and `_`
/// are kept and every other character becomes `_`.
public enum StyleID {
    /// The declared id made safe for a style id.
    public static func safe(_ declaredID: String) -> String {
        // Most ids are ASCII letters, digits, `-` and `_` already: checked over bytes, they come back as they are.
        if declaredID.utf8.allSatisfy(isKeptASCII) { return declaredID }
        return String(String.UnicodeScalarView(declaredID.unicodeScalars.map { isKept($0) ? $0 : "_" }))
    }

    /// True for the ASCII bytes a style id keeps: letters, digits, `-` and `_`.
    static func isKeptASCII(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_")
    }

    /// `mc-raster-src-<safe id>`.
    public static func source(_ declaredID: String) -> String { sourcePrefix + safe(declaredID) }

    /// What every declared source's id starts with.
    public static let sourcePrefix = "mc-raster-src-"

    /// `mc-raster-layer-<safe id>`.
    public static func layer(_ declaredID: String) -> String { layerPrefix + safe(declaredID) }

    /// What every declared layer's id starts with.
    public static let layerPrefix = "mc-raster-layer-"

    /// What the style source and layer of a source's part east of the antimeridian add to its ids
    /// (`mc-raster-src-<id>+east`): a declared id has no `+`, so no other source's id can be one of these.
    public static let eastPartSuffix = ManifestFormat.eastPartSuffix

    /// TomTom's raster base map source and layer (GUIDE.md 2.4).
    public static let baseRasterSource = "mc-base-raster"
    /// The layer id of TomTom's raster base map that the tomtom target inserts.
    public static let baseRasterLayer = "mc-base-raster-layer"

    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "-" || scalar == "_" { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
            return true
        default: return false
        }
    }
}
