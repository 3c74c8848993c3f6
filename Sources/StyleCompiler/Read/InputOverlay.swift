/// Texts that stand in for files on disk: an editor's unsaved documents, read instead of what is saved.
///
/// Keys are absolute, normalized paths (`FilePaths.normalized`); a relative path is never looked up, as the
/// editor always names documents absolutely.
public struct InputOverlay: Sendable {
    /// Each document's bytes, by absolute path.
    public private(set) var texts: [String: [UInt8]] = [:]

    /// An empty overlay: every file is read from disk.
    public init() {}

    /// The bytes standing in for the file at `path`, if any.
    public func bytes(for path: String) -> [UInt8]? {
        guard path.hasPrefix("/") else { return nil }
        return texts[FilePaths.normalized(path)]
    }

    /// Makes `bytes` stand in for the file at the absolute `path`; nil stops it (the file is read from disk).
    public mutating func set(_ bytes: [UInt8]?, for path: String) {
        texts[FilePaths.normalized(path)] = bytes
    }
}
