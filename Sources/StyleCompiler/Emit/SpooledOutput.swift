#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import LocatedJSON

/// An output file's bytes as `OutputSpool` put them on disk while they were written: how many there are, their
/// SHA-256, and the spool file that holds them.
struct SpooledOutput: Sendable, Equatable {
    /// The hidden spool file beside the output folder that holds the bytes, for `OutputFolder.write` to move into
    /// place or remove.
    let spoolPath: String
    /// The output folder's own file, when it held exactly these bytes as they were written (the spool is then a
    /// hard link of it, or a copy where a link would not do): if the folder still holds that file, it stays.
    let equalFile: FileIdentity?
    /// The number of bytes.
    let count: Int
    /// Their SHA-256, 64 lowercase hexadecimal digits.
    let sha256: String

    /// The bytes, read from the file that holds them in pieces of up to 1 MiB (empty when it cannot be read).
    func contents() -> ChunkedBytes {
        var bytes = ChunkedBytes()
        let descriptor = open(spoolPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return bytes }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: min(max(count, 1), 1 << 20))
        while true {
            let got = DescriptorReading.readSome(descriptor, into: &buffer)
            guard got > 0 else { return bytes }
            buffer.withUnsafeBufferPointer { bytes.append(UnsafeBufferPointer(rebasing: $0[..<got])) }
        }
    }
}

/// A file's device and inode: which file a path names, whatever its name.
struct FileIdentity: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }

    /// The file at `path` (following symbolic links); nil when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }
}
