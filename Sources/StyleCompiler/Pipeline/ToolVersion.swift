/// mc-style's version: what `mc-style --version` prints and what manifests record as their generator.
public enum ToolVersion {
    public static let current = "0.1.0"
}
