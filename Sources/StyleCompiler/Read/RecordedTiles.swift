import LocatedJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// The sizes of the files a snapshot recording holds (`mc-style snapshot --record --tiles FOLDER`): its
/// `index.json` maps each URL (secrets shown as `{key}` and `${NAME}`) to a stored file named by 64 hexadecimal
/// digits. Only regular files are counted, never through a link, and only up to the size a replay serves
/// (`Limits.remoteFileSize`).
public struct RecordedTiles: Sendable {
    /// URL -> the stored file's size in bytes.
    private let sizes: [String: Int]

    /// The sizes recorded in `folder`; the reason when it holds no index this can read.
    public static func load(folder: String) -> Result<RecordedTiles, InputError> {
        let indexPath = FilePaths.join(folder, "index.json")
        var loader = InputLoader(maximumFileSize: Limits.tilesIndexSize)
        loader.followsSymbolicLinks = false
        let root: JSONNode
        do throws(InputError) {
            let bytes = try loader.bytes(path: indexPath)
            guard let parsed = try? JSONParser().parse(bytes: bytes, name: indexPath).root else {
                return .failure(InputError(fileName: indexPath, reason: "is not an index that --record wrote"))
            }
            root = parsed
        } catch {
            return .failure(error)
        }
        var sizes: [String: Int] = [:]
        for member in root.objectValue?.members ?? [] {
            guard let file = member.value["file"]?.stringValue, Self.isStoredName(file) else { continue }
            var status = stat()
            // A file larger than a replay serves (a sparse file claiming terabytes) is not a recorded tile.
            guard lstat(FilePaths.join(folder, file), &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                status.st_size >= 0, status.st_size <= Limits.remoteFileSize
            else {
                continue
            }
            sizes[member.key] = Int(status.st_size)
        }
        return .success(RecordedTiles(sizes: sizes))
    }

    /// Sizes by URL, for a recording made elsewhere (tests).
    public init(sizes: [String: Int]) {
        self.sizes = sizes
    }

    /// Whether `name` can be a stored file's name: 64 lowercase hexadecimal digits (the SHA-256 of its URL), so
    /// that an index cannot point outside its folder.
    public static func isStoredName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The recorded size of `url`, in bytes; nil when the recording lacks it.
    public func size(of url: String) -> Int? { sizes[url] }
}
