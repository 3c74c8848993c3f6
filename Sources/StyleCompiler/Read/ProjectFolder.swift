#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// The folder a declarations file's paths must stay in: the nearest folder above the file that holds `.git`
/// (as the configuration lookup stops there), or the file's own folder where there is none. `base:`, `bases:`
/// and `assets:` paths that lead out of it (through `..` or a symbolic link) are refused, so that a
/// declarations file cannot make the tool read, and quote, a file such as `~/.git-credentials`. Paths given on
/// the command line are the user's own choice and are not confined.
public struct ProjectFolder: Sendable, Equatable {
    /// The folder's canonical absolute path.
    public let path: String

    /// The project of the declarations file at `declarationsPath`; nil when its folder does not exist.
    public init?(declarationsPath: String) {
        guard let start = FilePaths.realPath(FilePaths.directory(of: declarationsPath)) else { return nil }
        var current = start
        while true {
            var status = stat()
            if lstat(FilePaths.join(current, ".git"), &status) == 0 {
                path = current
                return
            }
            let parent = FilePaths.directory(of: current)
            if parent == current || parent.isEmpty || current == "/" {
                path = start
                return
            }
            current = parent
        }
    }

    /// True when `file` (any path, relative to the working folder) is inside the project once its links are
    /// resolved. A path that does not exist (yet) is judged by its folder's real path.
    public func contains(_ file: String) -> Bool {
        if let real = FilePaths.realPath(file) { return FilePaths.isInside(real, root: path) }
        guard let folder = FilePaths.realPath(FilePaths.directory(of: file)) else { return true }
        return FilePaths.isInside(folder, root: path)
    }
}
