import StyleRuntime
import StyleSpec

/// A renderer a style must work on, from a version on: `maplibre-gl-js@5.3.0` on the command line,
/// `maplibre-gl-js 5.3.0` in `renderers:`.
public struct RendererTarget: Sendable, Equatable, CustomStringConvertible {
    /// What is known of the renderer.
    public let profile: RendererProfile
    /// The oldest version of it the style must work on.
    public let version: RendererVersion

    /// A target of `profile`'s renderer from `version` on.
    public init(_ profile: RendererProfile, _ version: RendererVersion) {
        self.profile = profile
        self.version = version
    }

    /// `NAME@VERSION` or `NAME VERSION` (`maplibre-gl-js@5.3.0`) of one of `profiles`, or nil when either part
    /// names nothing.
    public init?(_ text: String, profiles: [RendererProfile] = RendererProfile.builtIns) {
        guard let (name, version) = RendererRequirement.parts(of: text),
            let profile = profiles.first(where: { $0.name == name })
        else { return nil }
        self.init(profile, version)
    }

    /// `maplibre-gl-js@5.3.0`.
    public var description: String { "\(profile.name)@\(version)" }

    /// `maplibre-gl-js 5.3.0`, as messages name it.
    public var words: String { "\(profile.name) \(version)" }

    /// The targets `requirements` name among `profiles` (the built-in three and the own ones read), and a finding
    /// (`renderer.unknown`) for each name none has, at the requirement or, from the command line, naming `origin`.
    public static func targets(
        _ requirements: [RendererRequirement], profiles: [RendererProfile], origin: String = "--renderer"
    ) -> (targets: [RendererTarget], diagnostics: [Diagnostic]) {
        var targets: [RendererTarget] = []
        var diagnostics: [Diagnostic] = []
        for requirement in requirements {
            if let profile = profiles.first(where: { $0.name == requirement.name }) {
                targets.append(RendererTarget(profile, requirement.version))
                continue
            }
            let names = profiles.map(\.name)
            diagnostics.append(
                Diagnostic(
                    .rendererUnknown,
                    "no renderer profile is named '\(requirement.name)' (there are \(names.joined(separator: ", ")); an own profile is named in rendererProfiles)"
                        + Suggestion.didYouMean(requirement.name, among: names),
                    at: requirement.location, path: requirement.path,
                    fileName: requirement.location == nil ? origin : nil))
        }
        return (targets, diagnostics)
    }
}
