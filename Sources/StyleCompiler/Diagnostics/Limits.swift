import LocatedJSON
import StyleSpec
import YAMLReader

/// Every resource limit mc-style enforces, in one place. Each is reported at a location, never by running out
/// of memory or stack.
public enum Limits {
    /// Input file size, bytes (64 MiB).
    public static let fileSize = 64 << 20
    /// JSON and YAML nesting depth.
    public static let nestingDepth = JSONParser.defaultMaximumDepth
    /// JSON string and YAML scalar length, bytes (4 MiB).
    public static let stringLength = JSONParser.defaultMaximumStringLength
    /// YAML nodes per file, alias expansions counted (billion laughs).
    public static let yamlNodes = YAMLReader.defaultNodeBudget
    /// YAML scalar text per file, bytes, alias expansions counted (64 MiB, the file size limit).
    public static let yamlBytes = YAMLReader.defaultByteBudget
    /// All of one compile's output files together, bytes (512 MiB): a compile that would write more writes nothing.
    public static let outputSize = 512 << 20
    /// Include depth and count.
    public static let includeDepth = 16
    /// Files one declarations file may include in all.
    public static let includeCount = 128
    /// Steps one expression evaluation may take (`let` evaluations and bindings worked out).
    public static let evaluationSteps = EvaluationLimits.steps
    /// Raster sources in one declarations file.
    public static let sources = 50_000
    /// Layers in a style (base layers plus declared ones).
    public static let layers = 100_000
    /// Characters in a declared source id (style ids and output file names derive from it).
    public static let sourceIDLength = 128
    /// One remote file a snapshot records or replays (a tile, a TileJSON, a sprite, a glyph range), bytes (16 MiB).
    public static let remoteFileSize = 16 << 20
    /// Tiles of one source in one view that `cost --tiles` looks up in a recording, one by one: more than a
    /// 16 MiB index can list (an entry takes well over 160 bytes).
    public static let recordedTilesLookedUp = 100_000
    /// A snapshot tiles folder's `index.json`, bytes (16 MiB).
    public static let tilesIndexSize = 16 << 20
    /// One picture a snapshot takes or compares with (a baseline PNG), bytes (32 MiB).
    public static let pictureSize = 32 << 20
    /// One file the preview serves from a folder it is given (`--local-tiles`, `--maplibre-js`), bytes (16 MiB).
    public static let servedFileSize = 16 << 20
    /// Characters of one unbroken run of input a diagnostic message quotes; longer runs are cut.
    public static let quotedRunLength = 200
}

/// The limits' own rules (registered in `RuleCatalog.all`): each stage that counts reports them.
extension Rule {
    static let limitsSources = Rule(
        "limits.sources", .error, configurable: false,
        summary: "More raster sources than the limit.",
        help: "Split the declarations: one compile composes at most 50,000 sources.",
        examples: [
            .triggering(
                .declarations,
                "version: 1\nbase: base.json\nsources:\n"
                    + (0...Limits.sources).map {
                        "  - {id: s\($0), urlTemplate: \"https://t.example.com/\($0)/{z}/{x}/{y}.png\"}\n"
                    }.joined()),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
    static let limitsLayers = Rule(
        "limits.layers", .error, configurable: false,
        summary: "More style layers than the limit.",
        help: "A style may hold at most 100,000 layers, base and declared together.",
        examples: [
            .triggering(
                .style,
                "{\"version\": 8, \"sources\": {}, \"layers\": ["
                    + (0...Limits.layers).map { "{\"id\": \"l\($0)\", \"type\": \"background\"}" }.joined(
                        separator: ", ") + "]}"),
            .passing(.style, #"{"version": 8, "sources": {}, "layers": []}"#),
        ])
}
