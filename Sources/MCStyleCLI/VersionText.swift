import CBuildInfo
import StyleCompiler
import StyleSpec

/// What `mc-style --version` prints: the version (first line alone, for scripts), the commit the executable was
/// built from, and the style specification it checks against.
enum VersionText {
    /// The commit the build recorded (`.ci/release` records it), or nil for a build that recorded none.
    static var commit: String? {
        let recorded = String(cString: mc_style_build_commit())
        return recorded.isEmpty ? nil : recorded
    }

    /// `mc-style 0.1.0`, then `commit: ...` and `style specification: ...`, one per line.
    static var text: String {
        let commit = commit ?? "not recorded (a development build; .ci/release records it)"
        return "mc-style \(ToolVersion.current)\ncommit: \(commit)\nstyle specification: \(StyleSpecVersion.name)\n"
    }
}
