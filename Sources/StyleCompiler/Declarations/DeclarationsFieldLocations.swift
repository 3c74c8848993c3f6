import LocatedJSON

/// Where the declarations file's root and its top-level fields were written, by field (see
/// `SourceFieldLocations`). Empty for declarations built in code.
public struct DeclarationsFieldLocations: Sendable {
    /// The file's root.
    public var root: SourceLocation?
    /// `base:`.
    public var base: SourceLocation?
    /// `bases:`.
    public var bases: SourceLocation?
    /// `baseRaster:`.
    public var baseRaster: SourceLocation?
    /// `platforms:`.
    public var platforms: SourceLocation?
    /// `sources:`.
    public var sources: SourceLocation?

    /// No field located.
    public init() {}

    /// Records that the top-level field `key` was written at `location`; other keys are left unlocated.
    mutating func record(_ key: String, at location: SourceLocation?) {
        switch key {
        case "base": base = location
        case "bases": bases = location
        case "baseRaster": baseRaster = location
        case "platforms": platforms = location
        case "sources": sources = location
        default: break
        }
    }
}
