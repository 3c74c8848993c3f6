/// One file a compile would add, change or remove in its output folder (`compile --check`).
public struct OutputChange: Sendable, Equatable {
    /// Whether the file would be added, changed or removed.
    public enum Kind: String, Sendable {
        /// The file is new, differs, or is no longer an output.
        case added, changed, removed
    }

    /// What would happen to the file.
    public let kind: Kind
    /// The path inside the output folder.
    public let path: String
    /// The bytes the folder holds now (empty for an added file).
    public let old: [UInt8]
    /// The bytes it would hold (empty for a removed file).
    public let new: [UInt8]
}
