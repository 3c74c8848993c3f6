import LocatedJSON

/// One file of a compile's output: a path relative to the output folder and its bytes.
///
/// The bytes are kept as chunks: a style written pretty may be several times the size of its input, and one
/// array grown by doubling holds up to twice its size in spare capacity.
public struct OutputFile: Sendable, Equatable {
    /// The path inside the output folder (`style.json`, `tilejson/radar.json`).
    public let path: String
    /// The file's bytes.
    public let contents: ChunkedBytes

    /// A file of these bytes.
    public init(path: String, bytes: [UInt8]) {
        self.init(path: path, contents: ChunkedBytes(bytes))
    }

    /// A file of these bytes, kept in the pieces the writer made.
    public init(path: String, contents: ChunkedBytes) {
        self.path = path
        self.contents = contents
    }

    /// The file's bytes in one array (a copy when they are in more than one chunk).
    public var bytes: [UInt8] { contents.joined }

    /// The SHA-256 of the bytes, as 64 lowercase hexadecimal digits.
    public var sha256: String { SHA256.hex(contents) }

    /// The number of bytes.
    public var count: Int { contents.count }
}
