#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// What the server asks of the disk beyond reading inputs: whether a path is a file or a folder, and a stamp
/// that changes when a file does.
enum FileSystem {
    static func isFile(_ path: String) -> Bool { mode(path).map { $0 == S_IFREG } ?? false }
    static func isDirectory(_ path: String) -> Bool { mode(path).map { $0 == S_IFDIR } ?? false }

    /// The file's size and modification time, as text; nil when it cannot be read.
    static func stamp(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }

    private static func mode(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }
}
