import LocatedJSON

/// One file of a compile's output: a path relative to the output folder and its bytes.
///
/// The bytes are kept in memory as chunks, or, for a style streamed to disk as it was written
/// (`CompileJob.spoolsStylesInto`), in a spool file beside the output folder (a hard link of the output
/// folder's own file when that already held exactly these bytes).
public struct OutputFile: Sendable, Equatable {
    public let path: String
    let storage: Storage

    /// Where the bytes are.
    enum Storage: Sendable, Equatable {
        /// In memory: a style written pretty may be several times the size of its input, and holding it as one
        /// array cost up to twice its size in spare capacity and a copy of it per doubling.
        case memory(ChunkedBytes)
        /// On disk (see `SpooledOutput`).
        case spooled(SpooledOutput)
    }

    public init(path: String, bytes: [UInt8]) {
        self.init(path: path, contents: ChunkedBytes(bytes))
    }

    public init(path: String, contents: ChunkedBytes) {
        self.path = path
        self.storage = .memory(contents)
    }

    init(path: String, spooled: SpooledOutput) {
        self.path = path
        self.storage = .spooled(spooled)
    }

    /// The file's bytes. For a spooled file they are read from disk on each call (empty if that file is gone).
    public var contents: ChunkedBytes {
        switch storage {
        case .memory(let contents): return contents
        case .spooled(let spooled): return spooled.contents()
        }
    }

    /// The file's bytes in one array (a copy when they are in more than one chunk).
    public var bytes: [UInt8] { contents.joined }

    /// The SHA-256 of the bytes, as 64 lowercase hexadecimal digits (a spooled file's was made as it was written).
    public var sha256: String {
        switch storage {
        case .memory(let contents): return SHA256.hex(contents)
        case .spooled(let spooled): return spooled.sha256
        }
    }

    /// The number of bytes.
    public var count: Int {
        switch storage {
        case .memory(let contents): return contents.count
        case .spooled(let spooled): return spooled.count
        }
    }

    /// The spool holding the bytes, when they are in one (nil in memory).
    var spoolPath: String? {
        if case .spooled(let spooled) = storage { return spooled.spoolPath }
        return nil
    }
}
