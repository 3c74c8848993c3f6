import LocatedJSON
import StyleRuntime

/// Where each output goes inside the compiled folder: the one place that knows the folder's layout.
public enum OutputLayout {
    /// The composed style of a single base.
    public static let style = "style.json"
    /// The layer mapping of a single base.
    public static let layerMapping = "layer-mapping.json"

    /// `style.json` for a build with one base; `style.<variant>.json` for each of `bases:`.
    public static func style(variant: String?) -> String { variant.map { "style.\($0).json" } ?? style }

    /// `layer-mapping.json` for a build with one base; `layer-mapping.<variant>.json` for each of `bases:`.
    public static func layerMapping(variant: String?) -> String {
        variant.map { "layer-mapping.\($0).json" } ?? layerMapping
    }

    /// True for the style and layer-mapping files a compile makes at the folder's top (any variant's), so
    /// that those of variants no longer declared are removed like stale TileJSON.
    static func isVariantOutput(_ name: String) -> Bool {
        guard name.hasSuffix(".json") else { return false }
        return name == style || name == layerMapping || name.hasPrefix("style.") || name.hasPrefix("layer-mapping.")
    }
    /// What the app reads at run time.
    public static let manifest = ManifestFormat.fileName
    /// The folder of the TileJSON written per source.
    public static let tileJSONFolder = "tilejson"
    /// Longest file-name stem taken from an id, in UTF-8 bytes (file systems allow 255 bytes per name).
    static let maximumStemBytes = 100

    /// The folder of the vector styles a compile bundles, one per `vectorStyle` source.
    public static let vectorStyleFolder = "vector-styles"

    /// `vector-styles/<safe id>.json`, named as `tileJSON(forSourceID:)` names TileJSON.
    public static func vectorStyle(forSourceID id: String) -> String {
        vectorStyleFolder + tileJSON(forSourceID: id).dropFirst(tileJSONFolder.count)
    }

    /// `tilejson/<safe id>.json`; a safe id longer than `maximumStemBytes` bytes is cut at a character
    /// boundary and given the first 16 hex digits of the id's SHA-256, so names stay short and distinct.
    public static func tileJSON(forSourceID id: String) -> String {
        let safe = StyleID.safe(id)
        guard safe.utf8.count > maximumStemBytes else { return "\(tileJSONFolder)/\(safe).json" }
        var stem = ""
        for character in safe {
            guard stem.utf8.count + character.utf8.count <= maximumStemBytes - 17 else { break }
            stem.append(character)
        }
        return "\(tileJSONFolder)/\(stem)-\(SHA256.hex(Array(id.utf8)).prefix(16)).json"
    }
}
