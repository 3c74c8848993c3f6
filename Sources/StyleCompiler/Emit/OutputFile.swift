import LocatedJSON

/// One file of a compile's output: a path relative to the output folder and its bytes.
///
/// The bytes are kept as chunks: a style written pretty may be several times the size of its input, and
/// holding it as one array cost up to twice its size in spare capacity and a copy of it per doubling.
public struct OutputFile: Sendable, Equatable {
    public let path: String
    /// The file's bytes, as the writer made them.
    public let contents: ChunkedBytes

    public init(path: String, bytes: [UInt8]) {
        self.init(path: path, contents: ChunkedBytes(bytes))
    }

    public init(path: String, contents: ChunkedBytes) {
        self.path = path
        self.contents = contents
    }

    /// The file's bytes in one array (a copy when they are in more than one chunk).
    public var bytes: [UInt8] { contents.joined }
}
