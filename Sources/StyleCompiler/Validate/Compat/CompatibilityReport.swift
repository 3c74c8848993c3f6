/// Per renderer, the oldest version that draws a style, and the uses that decide it.
public struct CompatibilityReport: Sendable {
    /// One renderer's verdict.
    public struct Verdict: Sendable {
        /// The renderer judged.
        public let renderer: Renderer
        /// The oldest version that draws every use; nil when some use is not supported in any version yet.
        public let oldest: RendererVersion?
        /// The uses that need `oldest` (or, without one, that no version draws), each feature once.
        public let deciding: [CompatibilityUse]
    }

    /// One verdict per renderer, in the table's order.
    public let verdicts: [Verdict]
    /// Every dated use found.
    public let uses: [CompatibilityUse]

    /// The verdicts for `uses`.
    public init(uses: [CompatibilityUse]) {
        self.uses = uses
        verdicts = Renderer.allCases.map { renderer in
            let unsupported = uses.filter { use in
                switch use.support(on: renderer) {
                case .tracked, .wontfix: return true
                default: return false
                }
            }
            if !unsupported.isEmpty {
                return Verdict(renderer: renderer, oldest: nil, deciding: Self.once(unsupported))
            }
            let versions = uses.compactMap { use -> (CompatibilityUse, RendererVersion)? in
                if case .since(let version) = use.support(on: renderer) { return (use, version) }
                return nil
            }
            guard let oldest = versions.map(\.1).max() else {
                return Verdict(renderer: renderer, oldest: nil, deciding: [])
            }
            return Verdict(
                renderer: renderer, oldest: oldest, deciding: Self.once(versions.filter { $0.1 == oldest }.map(\.0)))
        }
    }

    /// The uses that `version` of `renderer` cannot draw, in document order.
    public func unsupported(by renderer: Renderer, version: RendererVersion) -> [CompatibilityUse] {
        uses.filter { !$0.support(on: renderer).isSupported(by: version) }
    }

    /// Each feature once (its first use), in order.
    private static func once(_ uses: [CompatibilityUse]) -> [CompatibilityUse] {
        var seen: Set<String> = []
        return uses.filter { seen.insert($0.feature).inserted }
    }
}
