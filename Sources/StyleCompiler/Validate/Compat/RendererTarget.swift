/// A renderer a style must work on, from a version on: `maplibre-gl-js@5.3.0` on the command line.
public struct RendererTarget: Sendable, Equatable, CustomStringConvertible {
    /// The renderer.
    public let renderer: Renderer
    /// The oldest version of it the style must work on.
    public let version: RendererVersion

    /// A target of `renderer` from `version` on.
    public init(_ renderer: Renderer, _ version: RendererVersion) {
        self.renderer = renderer
        self.version = version
    }

    /// `NAME@VERSION` or `NAME VERSION` (`maplibre-gl-js@5.3.0`), or nil when either part names nothing.
    public init?(_ text: String) {
        let parts = text.split(whereSeparator: { $0 == "@" || $0 == " " })
        guard parts.count == 2, let renderer = Renderer(rawValue: String(parts[0])),
            let version = RendererVersion(String(parts[1]))
        else { return nil }
        self.init(renderer, version)
    }

    /// `maplibre-gl-js@5.3.0`.
    public var description: String { "\(renderer.rawValue)@\(version)" }
}
