/// mc-style's version: what `mc-style --version` prints and what manifests record as their generator.
public enum ToolVersion {
    /// The version `--version` prints and the manifest records as its generator: the CHANGELOG's latest release.
    public static let current = "0.1.0"
    /// The day that release was made (`YYYY-MM-DD`, the date of its CHANGELOG heading): the manual pages' date, so
    /// the pages made from one commit are the same on every day.
    public static let releaseDate = "2026-12-03"
}
