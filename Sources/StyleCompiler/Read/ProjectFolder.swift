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

    /// The project of the declarations file at `declarationsPath`. A folder that does not exist yet (an
    /// editor's new buffer) is looked for from its nearest existing folder up, as if it existed; without a
    /// `.git` above it, the project is that missing folder itself, which holds no file to read. Nil only when not
    /// even the working folder can be resolved.
    public init?(declarationsPath: String) {
        guard let (existing, missing) = Self.resolved(FilePaths.directory(of: declarationsPath)) else { return nil }
        var current = existing
        while true {
            var status = stat()
            if lstat(FilePaths.join(current, ".git"), &status) == 0 {
                path = current
                return
            }
            let parent = FilePaths.directory(of: current)
            if parent == current || parent.isEmpty || current == "/" {
                path = missing.isEmpty ? existing : FilePaths.normalized(existing + "/" + missing)
                return
            }
            current = parent
        }
    }

    /// True when `file` (any path, relative to the working folder) is inside the project once its links are
    /// resolved. A path that does not exist (yet) is judged by its nearest existing folder's real path and the
    /// names below it.
    public func contains(_ file: String) -> Bool {
        if let real = FilePaths.realPath(file) { return FilePaths.isInside(real, root: path) }
        guard let (existing, missing) = Self.resolved(file) else { return false }
        return FilePaths.isInside(FilePaths.normalized(existing + "/" + missing), root: path)
    }

    /// The real path of `path`'s nearest existing folder (itself when it exists) and the names below it that do
    /// not exist, `/`-joined (empty when it exists).
    private static func resolved(_ path: String) -> (existing: String, missing: String)? {
        var current = FilePaths.normalized(path)
        var missing: [String] = []
        while true {
            if let real = FilePaths.realPath(current) { return (real, missing.joined(separator: "/")) }
            let name = current.split(separator: "/").last.map(String.init) ?? ""
            let parent = FilePaths.directory(of: current)
            // `..` cannot be resolved below a folder that does not exist: judge from the folder above instead.
            guard parent != current, !name.isEmpty, name != ".." else { return nil }
            missing.insert(name, at: 0)
            current = parent
        }
    }
}
