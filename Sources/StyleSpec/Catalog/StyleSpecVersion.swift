/// The version of the style specification the validator checks against: what `StyleSpecCatalog+Generated.swift`
/// was generated from (`.ci/generate_spec_catalog.py`, whose input CI checks it against).
public enum StyleSpecVersion {
    /// `MapLibre style specification v8 (maplibre-style-spec 4f227cd9309d)`, as `--help`, the JSON report and
    /// SARIF name it.
    public static let name = "MapLibre style specification v8 (maplibre-style-spec 4f227cd9309d)"
}
