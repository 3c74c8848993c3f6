import LocatedJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Writes a file so that readers see either the old content or the new, never a part: the bytes go to a
/// temporary file in the same folder, are flushed to disk, and the temporary file is renamed over the target.
/// On any failure the temporary file is removed and the target is untouched.
public struct AtomicFileWriter: Sendable {
    /// Whether each file is flushed to disk before it is renamed into place. `OutputFolder` turns this off
    /// and flushes its whole staging folder once instead (one `syncfs` rather than hundreds of `fsync`s).
    public var flushesEachFile: Bool
    /// Whether a symbolic link at the target is written through (the file it leads to is replaced and the link
    /// stays), as an editor saves it. `OutputFolder` turns this off for the files of its own staging folder.
    public var followsLinks: Bool
    /// The process's file-creation mask when the writer was made: a new file gets 0644 less it.
    let creationMask: mode_t

    /// A writer that flushes each file before renaming it into place (unless told not to) and writes through a symbolic
    /// link to the file it leads to.
    public init(flushesEachFile: Bool = true, followsLinks: Bool = true) {
        self.flushesEachFile = flushesEachFile
        self.followsLinks = followsLinks
        self.creationMask = FileCreationMask.current
    }

    /// Writes `bytes` to `path` (through a symbolic link there, unless `followsLinks` is off). An existing file
    /// keeps its permission bits; a new one gets 0644 less the umask.
    public func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        try write(ChunkedBytes(bytes), to: path)
    }

    /// Writes the chunks' bytes in order to `path`, as `write(_:to:)` does.
    public func write(_ bytes: ChunkedBytes, to path: String) throws(OutputError) {
        // Messages name the path as given; the bytes go where a link there leads.
        let target = followsLinks ? FilePaths.followingLinks(path) : path
        let folder = Self.folder(of: target)
        guard let (descriptor, temporaryPath) = TemporaryFile.make(folder + "/.mc-style-tmp-XXXXXX") else {
            throw OutputError(path: path, reason: Self.describe(errno))
        }
        var committed = false
        defer {
            if !committed { unlink(temporaryPath) }
        }
        do {
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor, path: path)
            guard fchmod(descriptor, mode(replacing: target)) == 0, !flushesEachFile || fsync(descriptor) == 0
            else {
                throw OutputError(path: path, reason: Self.describe(errno))
            }
        }
        guard rename(temporaryPath, target) == 0 else { throw OutputError(path: path, reason: Self.describe(errno)) }
        committed = true
    }

    private func writeAll(_ bytes: ChunkedBytes, to descriptor: Int32, path: String) throws(OutputError) {
        for chunk in bytes.chunks
        where !chunk.withUnsafeBufferPointer({ DescriptorWriting.writeAll($0, to: descriptor) }) {
            throw OutputError(path: path, reason: Self.describe(errno))
        }
    }

    /// The permission bits of the file at `path`, which a new file put in its place keeps; 0644 less the umask
    /// when there is none.
    private func mode(replacing path: String) -> mode_t {
        var existing = stat()
        return stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644 & ~creationMask
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "cannot be written: its folder does not exist"
        case EACCES, EPERM: return "cannot be written: permission denied"
        case ENOSPC: return "cannot be written: no space left on the device"
        case EROFS: return "cannot be written: read-only file system"
        case EISDIR: return "cannot be written: it is a directory"
        case ENOTDIR: return "cannot be written: a part of its path is not a directory"
        default: return "cannot be written: \(String(cString: strerror(code)))"
        }
    }
}

/// A file that could not be written.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    /// The file that could not be written.
    public let path: String
    /// Why, in words.
    public let reason: String

    /// The failure to write `path`, for `reason` (`cannot be made: ...`).
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `'path' reason`.
    public var description: String { "'\(path)' \(reason)" }

    /// The diagnostic (rule `io.write`).
    public var diagnostic: Diagnostic {
        Diagnostic(.ioWrite, description, at: nil, fileName: path)
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let ioWrite = Rule(
        "io.write", .error, configurable: false,
        summary: "An output file or folder cannot be written.",
        help: "Check that the output folder's parent exists and is writable, and that the disk has room.",
        examples: [
            .triggering(
                .compile, RuleExample.plainDeclarations,
                files: [
                    "out": #"""
                    a file where the output folder should be
                    """#
                ]),
            .passing(.compile, RuleExample.plainDeclarations),
        ])
}
