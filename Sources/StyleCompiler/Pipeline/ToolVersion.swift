/// mc-style's version: what `mc-style --version` prints and what manifests record as their generator.
public enum ToolVersion {
    /// The version `--version` prints and the manifest records as its generator: the CHANGELOG's latest release.
    public static let current = "0.1.0"
}
