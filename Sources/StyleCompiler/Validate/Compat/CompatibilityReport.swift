import StyleRuntime

/// Per renderer, the oldest version that draws a style, and the uses that decide it.
public struct CompatibilityReport: Sendable {
    /// One renderer's verdict.
    public struct Verdict: Sendable {
        /// The renderer judged.
        public let profile: RendererProfile
        /// The oldest version that draws every use; nil when some use is not drawn by any version, or when no
        /// use is dated (then any version draws the style: `deciding` is empty).
        public let oldest: RendererVersion?
        /// The uses that need `oldest` (or, without one, that no version draws), each feature once.
        public let deciding: [CompatibilityUse]
    }

    /// One verdict per renderer, in the order the profiles were given.
    public let verdicts: [Verdict]
    /// Every dated use found.
    public let uses: [CompatibilityUse]

    /// The verdicts for `uses` on each of `profiles` (by default the specification's three).
    public init(uses: [CompatibilityUse], profiles: [RendererProfile] = RendererProfile.builtIns) {
        self.uses = uses
        verdicts = profiles.map { profile in
            let unsupported = uses.filter { use in
                switch use.support(on: profile) {
                case .tracked, .wontfix, .unsupported: return true
                default: return false
                }
            }
            if !unsupported.isEmpty {
                return Verdict(profile: profile, oldest: nil, deciding: Self.once(unsupported))
            }
            let versions = uses.compactMap { use -> (CompatibilityUse, RendererVersion)? in
                if case .since(let version) = use.support(on: profile) { return (use, version) }
                return nil
            }
            guard let oldest = versions.map(\.1).max() else {
                return Verdict(profile: profile, oldest: nil, deciding: [])
            }
            return Verdict(
                profile: profile, oldest: oldest, deciding: Self.once(versions.filter { $0.1 == oldest }.map(\.0)))
        }
    }

    /// The uses that `target` cannot draw and that stop it loading the style, in document order.
    public func unsupported(by target: RendererTarget) -> [CompatibilityUse] {
        uses.filter { !$0.support(on: target.profile).isSupported(by: target.version) && !$0.isIgnored(by: target) }
    }

    /// The uses that `target` does not draw but ignores, loading the style anyway, in document order.
    public func ignored(by target: RendererTarget) -> [CompatibilityUse] {
        uses.filter { $0.isIgnored(by: target) }
    }

    /// Each feature once (its first use), in order.
    private static func once(_ uses: [CompatibilityUse]) -> [CompatibilityUse] {
        var seen: Set<String> = []
        return uses.filter { seen.insert($0.feature).inserted }
    }
}
