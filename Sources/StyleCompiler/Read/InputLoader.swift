import LocatedJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Reads input files into `SourceFile`s of one table, refusing what is not a regular readable file or is too
/// large.
public struct InputLoader: Sendable {
    /// The largest input file accepted, in bytes (64 MiB).
    public static let defaultMaximumFileSize = Limits.fileSize

    /// The largest file it reads, in bytes.
    public var maximumFileSize: Int
    /// False to refuse a file that is a symbolic link (the last part of its path), as folders mc-style keeps
    /// for itself (recorded tiles, baselines) are read.
    public var followsSymbolicLinks = true
    /// The table every file read is added to: the locations of their nodes are found through it.
    public let files: SourceFiles
    /// Texts read instead of the files on disk (an editor's unsaved documents); nil reads only the disk.
    public var overlay: InputOverlay?

    /// A loader adding what it reads to `files` (a table of its own by default), refusing files larger than
    /// `maximumFileSize` bytes.
    public init(
        files: SourceFiles = SourceFiles(), maximumFileSize: Int = InputLoader.defaultMaximumFileSize,
        overlay: InputOverlay? = nil
    ) {
        self.files = files
        self.maximumFileSize = maximumFileSize
        self.overlay = overlay
    }

    /// Reads `path`, naming the result `displayName` (defaults to `path`) in locations.
    public func load(path: String, displayName: String? = nil) throws(InputError) -> SourceFile {
        let name = displayName ?? path
        return files.add(name: name, bytes: try bytes(path: path, displayName: name))
    }

    /// The bytes of the regular file at `path` (no larger than `maximumFileSize`, checked before reading; no link
    /// unless `followsSymbolicLinks`), without adding it to the table: for files that are not parsed (pictures,
    /// tiles).
    public func bytes(path: String, displayName: String? = nil) throws(InputError) -> [UInt8] {
        let name = displayName ?? path
        guard !path.utf8.contains(0) else { throw InputError(fileName: name, reason: "has a NUL byte in its name") }
        if let standIn = overlay?.bytes(for: path) {
            guard standIn.count <= maximumFileSize else {
                throw InputError(
                    fileName: name, reason: "is \(standIn.count) bytes, more than the limit of \(maximumFileSize) bytes"
                )
            }
            return standIn
        }
        // Non-blocking, so that opening a FIFO (or a device) does not wait for a writer: it is refused below as not a
        // regular file. A regular file reads the same either way.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followsSymbolicLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            if !followsSymbolicLinks, errno == ELOOP {
                throw InputError(fileName: name, reason: "is a symbolic link, which mc-style does not follow here")
            }
            throw InputError(fileName: name, reason: Self.describe(errno))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw InputError(fileName: name, reason: Self.describe(errno)) }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw InputError(
                fileName: name, reason: kind == S_IFDIR ? "is a directory, not a file" : "is not a regular file")
        }
        guard Int(status.st_size) <= maximumFileSize else {
            throw InputError(
                fileName: name, reason: "is \(status.st_size) bytes, more than the limit of \(maximumFileSize) bytes")
        }
        return try readAll(descriptor, name: name, expectedSize: Int(status.st_size))
    }

    /// Reads standard input (named `<stdin>`), with the same size limit.
    public func loadStandardInput() throws(InputError) -> SourceFile {
        files.add(name: "<stdin>", bytes: try readAll(STDIN_FILENO, name: "<stdin>"))
    }

    /// Reads to the end. `expectedSize` (from `fstat`) sizes the buffer once, so a file costs its own size in
    /// memory rather than the doubling growth of an appended array.
    private func readAll(_ descriptor: Int32, name: String, expectedSize: Int = 0) throws(InputError) -> [UInt8] {
        // Read straight into the array, sized from fstat plus one byte to see the end (no buffer to copy from);
        // a file longer than that goes on in chunks.
        var failure: Int32 = 0
        var ended = false
        var bytes = [UInt8](unsafeUninitializedCapacity: max(expectedSize + 1, 1 << 12)) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            while count < buffer.count {
                let got = DescriptorReading.readSome(descriptor, into: base + count, count: buffer.count - count)
                if got < 0 {
                    failure = errno
                    return
                }
                if got == 0 {
                    ended = true
                    return
                }
                count += got
            }
        }
        if failure != 0 { throw InputError(fileName: name, reason: Self.describe(failure)) }
        var chunk = [UInt8](repeating: 0, count: ended ? 0 : 1 << 16)
        while !ended {
            if bytes.count > maximumFileSize {
                throw InputError(fileName: name, reason: "is more than the limit of \(maximumFileSize) bytes")
            }
            let count = DescriptorReading.readSome(descriptor, into: &chunk)
            if count < 0 { throw InputError(fileName: name, reason: Self.describe(errno)) }
            if count == 0 { ended = true } else { bytes.append(contentsOf: chunk[0..<count]) }
        }
        if bytes.count > maximumFileSize {
            throw InputError(fileName: name, reason: "is more than the limit of \(maximumFileSize) bytes")
        }
        return bytes
    }

    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "does not exist"
        case EACCES, EPERM: return "cannot be read: permission denied"
        case EISDIR: return "is a directory, not a file"
        case ELOOP: return "is a symbolic link loop"
        case ENAMETOOLONG: return "has a name that is too long"
        case ENOTDIR: return "has a path through something that is not a directory"
        default: return "cannot be read: \(String(cString: strerror(code)))"
        }
    }
}

/// A file that could not be read.
public struct InputError: Error, Sendable, CustomStringConvertible {
    /// The file, as given.
    public let fileName: String
    /// Why it cannot be read, in words.
    public let reason: String

    /// `file reason`.
    public var description: String { "\(fileName) \(reason)" }

    /// The diagnostic (rule `io.read`), about the file as a whole.
    public var diagnostic: Diagnostic {
        Diagnostic(.ioRead, "'\(fileName)' \(reason)", at: nil, fileName: fileName)
    }
}

extension Diagnostic {
    /// An input that cannot be read (rule `io.read`), said in `message` and reported at `location`: for readers
    /// outside this library, such as a snapshot's tiles folder.
    public static func unreadable(_ message: String, at location: SourceLocation?, path: JSONPath) -> Diagnostic {
        Diagnostic(.ioRead, message, at: location, path: path)
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let ioRead = Rule(
        "io.read", .error, configurable: false,
        summary: "An input file cannot be read.",
        help: "Check the path and permissions; inputs must be regular files of at most 64 MiB.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: ↓absent.json
                sources: []
                """#),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
    static let declMissingKey = Rule(
        "decl.missing-key", .error, configurable: false,
        summary: "A required declarations key is missing.",
        help: "Add the key the message names.",
        examples: [
            .triggering(
                .declarations,
                #"""
                ↓version: 1
                sources: []
                """#),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
}
