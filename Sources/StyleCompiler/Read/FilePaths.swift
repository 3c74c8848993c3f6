#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Path arithmetic on `/`-separated paths, without Foundation.
public enum FilePaths {
    /// The folder part of a path ("." when there is none).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `relative` resolved against `folder` (an absolute `relative` stands alone), then normalised.
    public static func join(_ folder: String, _ relative: String) -> String {
        if relative.hasPrefix("/") || folder == "." { return normalized(relative) }
        return normalized(folder + "/" + relative)
    }

    /// Removes `.` and empty components and folds `name/..` pairs; keeps leading `..` of relative paths.
    public static func normalized(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", isAbsolute {
                continue
            } else {
                parts.append(part)
            }
        }
        // Joined by hand: the standard library's `joined(separator:)` looks up an associated type at run time,
        // which the first time in a fresh process is a scan of every conformance record (and every command
        // normalizes a path before its job starts).
        var joined = ""
        for (position, part) in parts.enumerated() {
            if position > 0 { joined += "/" }
            // A `String`, not the `Substring`: appending a `Substring` goes through the generic
            // `append(contentsOf:)`, which makes the same run-time lookup.
            joined += String(part)
        }
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Where writing to `path` should go so that a symbolic link there stays a link: `path` itself when it is
    /// not a link, else the path its chain of links ends at (each relative to its link's folder, at most 40 deep
    /// as the kernel allows), whether or not that exists. Outputs are written beside their target and renamed
    /// over it, and a rename over a link would replace the link, not write where it points.
    public static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let folder = directory(of: current)
            current = target.hasPrefix("/") || folder == "." ? target : folder + "/" + target
        }
        return current
    }

    /// The canonical absolute path with every symbolic link resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Why `realPath(path)` is nil, as `InputLoader` words it ("does not exist", "is a symbolic link loop").
    static func whyNoRealPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return InputLoader.describe(errno) }
        free(resolved)
        return "cannot be resolved"
    }

    /// True when `path` (canonical) lies inside the folder `root` (canonical).
    static func isInside(_ path: String, root: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }

    /// The path that leads from the folder `folder` to `path` (`../` steps where needed). Both are resolved
    /// to canonical absolute paths when they exist, so symbolic links and the working folder do not matter;
    /// the result never contains the machine's absolute paths unless the two share no root.
    public static func relativePath(from folder: String, to path: String) -> String {
        let start = realPath(folder) ?? normalized(folder)
        let target = realPath(path) ?? normalized(path)
        guard start.hasPrefix("/") == target.hasPrefix("/") else { return normalized(path) }
        let from = start.split(separator: "/")
        let to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let steps = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return steps.isEmpty ? "." : steps.joined(separator: "/")
    }
}
