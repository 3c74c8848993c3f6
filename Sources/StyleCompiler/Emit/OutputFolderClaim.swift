#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// What a run may replace: an output folder that holds what mc-style writes and nothing else.
///
/// Before anything is compared or written, the folder is checked: it is not `/`, a mount point, the working
/// folder, an ancestor of it or an input's folder (all judged by real paths, links resolved); and every entry it
/// holds is a previous output by the folder's layout (`OutputFolderLayout`: for a compile `manifest.json`,
/// `style*.json`, `layer-mapping*.json` and `tilejson/*.json`, and of those only what the last compile's manifest
/// lists), each a regular file in a real folder, or operating-system litter
/// (`.DS_Store`, `Thumbs.db`, `desktop.ini`), which is dropped from the new output. Anything else (another
/// file, a subfolder, a symbolic link) is refused, so a compile never replaces, re-creates or follows what it
/// did not write. The folder's own mode, owner, group and access ACL are recorded, for the new folder to keep.
struct OutputFolderClaim {
    /// Names that file managers leave in any folder.
    static let litter: Set<String> = [".DS_Store", "Thumbs.db", "desktop.ini"]

    /// The folder's status when it exists (its mode, owner and group are carried over).
    let existing: stat?
    /// The previous outputs it holds, as paths inside it (`tilejson/a.json`), sorted.
    let outputs: [String]

    /// Checks `path` (links already followed: `OutputFolder.path`) against `protected` folders (the working
    /// folder, the inputs' folders).
    init(path: String, protecting protected: [String], layout: OutputFolderLayout = .compiled) throws(OutputError) {
        func refuse(_ reason: String) -> OutputError { OutputError(path: path, reason: reason) }
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard path != "/", name != ".", name != "..", !name.isEmpty else {
            throw refuse(
                "cannot be the output folder: it is swapped as a whole, so give a folder of its own (such as out/style)"
            )
        }
        var status = stat()
        let exists = lstat(path, &status) == 0
        let real =
            exists
            ? FilePaths.realPath(path)
            : FilePaths.realPath(FilePaths.directory(of: path)).map { FilePaths.join($0, name) }
        if let real {
            guard real != "/" else { throw refuse("cannot be the output folder: it is the root folder") }
            for folder in protected {
                guard let other = FilePaths.realPath(folder), FilePaths.isInside(other, root: real) else { continue }
                throw refuse(
                    other == real
                        ? "cannot be the output folder: it is the working folder or an input's folder, and the output folder is replaced as a whole"
                        : "cannot be the output folder: it holds the working folder or an input, and the output folder is replaced as a whole"
                )
            }
        }
        guard exists else {
            existing = nil
            outputs = []
            return
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw refuse("is a file, not a folder") }
        var parentStatus = stat()
        if stat(FilePaths.directory(of: path), &parentStatus) == 0,
            parentStatus.st_dev != status.st_dev
                || (parentStatus.st_ino == status.st_ino && parentStatus.st_dev == status.st_dev)
        {
            throw refuse(
                "is a mount point: the output folder is replaced as a whole, so give a folder inside it (such as \(FilePaths.join(path, "style")))"
            )
        }
        existing = status
        outputs = try Self.previousOutputs(in: path, layout: layout, refuse: refuse)
    }

    /// The entries of `path` that a previous compile wrote, checked as the type describes.
    private static func previousOutputs(
        in path: String, layout: OutputFolderLayout, refuse: (String) -> OutputError
    ) throws(OutputError) -> [String] {
        let advice =
            "choose an empty folder for the output (the output folder holds what mc-style writes and nothing else)"
        // What the last run recorded writing: a file of an output's name that it does not list is someone else's.
        let listed = try layout.listedOutputs?(path)
        func isListed(_ file: String) -> Bool { listed?.contains(file) ?? true }
        let unlisted =
            "which the last compile's \(OutputLayout.manifest) does not list, so mc-style did not write it and will not remove it: move it out of the folder"
        var outputs: [String] = []
        for entry in FolderEntries.names(in: path, prefixed: "").sorted() where !litter.contains(entry) {
            var status = stat()
            guard lstat(path + "/" + entry, &status) == 0 else { continue }
            if let ownsInner = layout.subfolders[entry] {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw refuse("holds '\(entry)', which is not a folder mc-style made: \(advice)")
                }
                for file in FolderEntries.names(in: path + "/" + entry, prefixed: "").sorted()
                where !litter.contains(file) {
                    let inner = entry + "/" + file
                    guard ownsInner(file) else {
                        throw refuse("holds '\(inner)', which mc-style did not write: \(advice)")
                    }
                    guard isRegularFile(path + "/" + inner) else {
                        throw refuse("holds '\(inner)', which is not a regular file: \(advice)")
                    }
                    guard isListed(inner) else { throw refuse("holds '\(inner)', \(unlisted)") }
                    outputs.append(inner)
                }
                continue
            }
            guard layout.ownsFile(entry) else {
                throw refuse("holds '\(entry)', which mc-style did not write: \(advice)")
            }
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw refuse("holds '\(entry)', which is not a regular file (a link, a folder or a device): \(advice)")
            }
            guard isListed(entry) else { throw refuse("holds '\(entry)', \(unlisted)") }
            outputs.append(entry)
        }
        return outputs
    }

    /// True for a regular file that is not a symbolic link.
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}
