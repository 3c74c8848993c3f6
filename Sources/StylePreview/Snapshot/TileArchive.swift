import Foundation
import LocatedJSON
import StyleCompiler
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The remote files a snapshot needs (tiles, TileJSON, sprites, glyphs), kept in a folder so that a run can be
/// repeated offline and the same every time: `--record` fetches each one and stores it; `--tiles` alone serves
/// only what the folder holds.
///
/// The folder holds `index.json` (each URL as `RemoteGateway` shows it, every secret as `{key}` or `${NAME}`, and
/// the file that answers it) and the files, named by the SHA-256 of that URL: no secret is ever part of a stored
/// name or file. Every file is read only when it is a regular file (not a link) within its size limit
/// (`Limits.tilesIndexSize`, `Limits.remoteFileSize`).
public final class TileArchive: Sendable {
    /// Whether a missing file is fetched (and stored) or reported.
    public enum Mode: Sendable, Equatable {
        /// Fetch what the folder lacks and store it.
        case record
        /// Serve only what the folder holds.
        case replay
    }

    /// What the archive has for a URL.
    enum Answer: Sendable, Equatable {
        /// The file, and the type to serve it as.
        case file([UInt8], contentType: String)
        /// Replaying, and the folder does not hold it.
        case missing
        /// Fetching or reading failed, and why (secrets masked).
        case failed(String)
        /// A tile the server has nothing for: it answered 404, or 204 or an empty body (the HTTP status).
        case empty(status: Int)
    }

    /// The index's type of a recorded empty tile (its stored file is empty).
    static let emptyTileType = "mc-style/empty-tile"

    /// What a tile URL's answer means: HTTP 404, 204 or an empty body is an empty tile, as tile services say
    /// "nothing here"; nil when it is no such answer (or `isTile` is false).
    static func emptyTileStatus(_ result: Result<[UInt8], HTTPFetcher.Failure>, isTile: Bool) -> Int? {
        guard isTile else { return nil }
        switch result {
        case .success(let bytes): return bytes.isEmpty ? 204 : nil
        case .failure(let failure): return failure.status == 404 ? 404 : nil
        }
    }

    /// One stored answer.
    struct Entry: Sendable {
        let file: String
        let contentType: String
    }

    /// The index's file name inside the folder.
    public static let indexName = "index.json"

    /// The folder, as given.
    public let folder: String
    private let mode: Mode
    private let index = Mutex<[String: Entry]>([:])

    /// An archive in `folder`. Replaying needs the folder's index.
    public init(folder: String, mode: Mode) throws(TileArchiveError) {
        self.folder = folder
        self.mode = mode
        let indexPath = FilePaths.join(folder, Self.indexName)
        var status = stat()
        guard lstat(indexPath, &status) == 0 else {
            if mode == .replay {
                throw TileArchiveError(
                    "the tiles folder '\(folder)' has no \(Self.indexName): record it first with --record --tiles \(folder)"
                )
            }
            return
        }
        let bytes: [UInt8]
        do throws(InputError) {
            bytes = try Self.reader(Limits.tilesIndexSize).bytes(path: indexPath)
        } catch {
            throw TileArchiveError("the tiles folder's index \(error.description)")
        }
        guard let root = try? JSONParser().parse(bytes: bytes, name: indexPath).root,
            let members = root.objectValue?.members
        else {
            throw TileArchiveError("'\(indexPath)' is not an index that --record wrote")
        }
        var entries: [String: Entry] = [:]
        for member in members {
            guard let file = member.value["file"]?.stringValue, Self.isStoredName(file),
                let type = member.value["type"]?.stringValue
            else {
                throw TileArchiveError("'\(indexPath)': the entry for '\(member.key)' names no stored file")
            }
            entries[member.key] = Entry(file: file, contentType: type)
        }
        index.withLock { $0 = entries }
    }

    /// The stored answer for `display` (a URL with its secrets shown as `{key}` and `${NAME}`); when recording,
    /// one the folder lacks is fetched from `upstream` (the URL with its secrets) with `fetcher` and stored.
    func answer(display: String, upstream: String, isTile: Bool, fetcher: HTTPFetcher) -> Answer {
        if let entry = index.withLock({ $0[display] }) {
            if entry.contentType == Self.emptyTileType { return .empty(status: 404) }
            do throws(InputError) {
                let path = FilePaths.join(folder, entry.file)
                return .file(try Self.reader(Limits.remoteFileSize).bytes(path: path), contentType: entry.contentType)
            } catch {
                return .failed("the tiles folder's file for \(display) \(error.reason)")
            }
        }
        guard mode == .record else { return .missing }
        var bounded = fetcher
        bounded.byteLimit = Limits.remoteFileSize
        let fetched = bounded.fetch(upstream, display: display)
        let emptyStatus = Self.emptyTileStatus(fetched, isTile: isTile)
        switch fetched {
        case .failure(let failure) where emptyStatus == nil:
            return .failed(failure.message)
        case .success, .failure:
            let bytes = (try? fetched.get()) ?? []
            let type = emptyStatus == nil ? Self.contentType(display, bytes) : Self.emptyTileType
            let entry = Entry(file: SHA256.hex(Array(display.utf8)), contentType: type)
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try AtomicFileWriter().write(bytes, to: FilePaths.join(folder, entry.file))
            } catch {
                return .failed("cannot store \(display) in '\(folder)': \(error)")
            }
            index.withLock { $0[display] = entry }
            if let emptyStatus { return .empty(status: emptyStatus) }
            return .file(bytes, contentType: entry.contentType)
        }
    }

    /// How the folder's files are read: regular files only, never through a link, within `limit` bytes.
    private static func reader(_ limit: Int) -> InputLoader {
        var loader = InputLoader(maximumFileSize: limit)
        loader.followsSymbolicLinks = false
        return loader
    }

    /// Writes the index (recording only): every URL in sorted order, so that the same tiles give the same file.
    public func save() throws(TileArchiveError) {
        guard mode == .record else { return }
        let index = self.index.withLock { $0 }
        let members = index.keys.sorted().compactMap { url -> JSONMember? in
            guard let entry = index[url] else { return nil }
            return JSONMember(
                key: url,
                value: .object([
                    "file": .string(entry.file), "type": .string(entry.contentType),
                ]))
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try AtomicFileWriter().write(
                JSONWriter(style: .pretty).bytes(JSONNode(.object(JSONObject(members)))),
                to: FilePaths.join(folder, Self.indexName))
        } catch {
            throw TileArchiveError("cannot write the index of '\(folder)': \(error)")
        }
    }

    /// A stored file's name: `RecordedTiles`' one rule, so that an index cannot point outside its folder.
    static func isStoredName(_ name: String) -> Bool { RecordedTiles.isStoredName(name) }

    /// The type to serve a stored answer as: by its first bytes, then by the URL's ending.
    static func contentType(_ url: String, _ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: Array("RIFF".utf8)) { return "image/webp" }
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        if path.hasSuffix(".json") || bytes.first == UInt8(ascii: "{") { return "application/json" }
        if path.hasSuffix(".pbf") || path.hasSuffix(".mvt") { return "application/x-protobuf" }
        return "application/octet-stream"
    }
}

/// Why a tiles folder cannot be used.
public struct TileArchiveError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, naming the folder.
    public let message: String
    init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
