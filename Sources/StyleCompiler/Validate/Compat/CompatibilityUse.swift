import LocatedJSON

/// One place where a style uses something the specification's support table dates: a layer type, a property,
/// an expression operator, or a capability of one (data-driven styling, the array form, `global-state` inside
/// a property), with where it is written.
public struct CompatibilityUse: Sendable {
    /// What is used, in words: `layer type 'color-relief'`, `paint property 'hillshade-method'`,
    /// `expression 'global-state'`, `data-driven styling of 'line-cap'`.
    public let feature: String
    /// The table's capability (`basic functionality`, `data-driven styling`, ...), as written in v8.json.
    public let capability: String
    /// Where in the style, in MapLibre notation.
    public let path: JSONPath
    /// Where in a file, when the style was read from one.
    public let location: SourceLocation?
    /// Which kind of use it is: what a finding's rule is.
    public let kind: Kind
    let row: RendererSupport.Row

    /// The kinds of use, each with its own rule.
    public enum Kind: String, Sendable, CaseIterable {
        /// A layer type.
        case layerType = "layer-type"
        /// A root, source, layer, paint or layout property, or one of light, sky or terrain.
        case property
        /// An expression operator (or an interpolation type).
        case expression
        /// A capability of a property or operator beyond its basic functionality.
        case capability
    }

    /// What `profile` says of it.
    public func support(on profile: RendererProfile) -> SupportValue { profile.support(of: row) }

    /// True when `target` does not draw it but loads the style anyway and ignores it
    /// (`RendererSupport.ignoredByGLJS`): a warning, not an error.
    public func isIgnored(by target: RendererTarget) -> Bool {
        target.profile.column == .mapLibreGLJS && !support(on: target.profile).isSupported(by: target.version)
            && RendererSupport.ignoredByGLJS.contains(
                RendererProfile.key(group: row.group, name: row.name, capability: row.capability))
    }
}
