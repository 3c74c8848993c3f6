import LocatedJSON

/// A renderer profile file a configuration names (`rendererProfiles:`): where to read it, how findings name it,
/// and where it is written. The pipeline reads it (`RendererProfileLoader`) when a run needs its renderers.
public struct RendererProfileReference: Sendable, Equatable {
    /// The file to read (joined to the configuration file's folder).
    public let path: String
    /// How findings name it (joined to the configuration's name as shown).
    public let displayName: String
    /// Where the configuration writes it.
    public let location: SourceLocation?
    /// The path of its value in the configuration.
    public let jsonPath: JSONPath

    /// A reference to `path`, named `displayName`, written at `location` (`jsonPath`).
    public init(path: String, displayName: String, location: SourceLocation?, jsonPath: JSONPath) {
        self.path = path
        self.displayName = displayName
        self.location = location
        self.jsonPath = jsonPath
    }

    /// References are equal when their files are.
    public static func == (lhs: RendererProfileReference, rhs: RendererProfileReference) -> Bool {
        lhs.path == rhs.path
    }
}
