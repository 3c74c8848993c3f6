import LocatedJSON
import StyleRuntime

/// Where each output goes inside the compiled folder: the one place that knows the folder's layout.
public enum OutputLayout {
    public static let style = "style.json"
    public static let layerMapping = "layer-mapping.json"
    public static let manifest = ManifestFormat.fileName
    public static let tileJSONFolder = "tilejson"
    /// Longest file-name stem taken from an id, in UTF-8 bytes (file systems allow 255 bytes per name).
    static let maximumStemBytes = 100

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
