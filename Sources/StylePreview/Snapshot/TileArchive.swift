import Foundation
import LocatedJSON
import StyleCompiler
import Synchronization

/// The remote files a snapshot needs (tiles, TileJSON, sprites, glyphs), kept in a folder so that a run can be
/// repeated offline and the same every time: `--record` fetches each one and stores it; `--tiles` alone serves
/// only what the folder holds.
///
/// The folder holds `index.json` (each URL, with every secret masked as `{key}`, and the file that answers it)
/// and the files, named by the SHA-256 of the masked URL: no key is ever part of a stored name or file.
public final class TileArchive: Sendable {
    /// Whether a missing file is fetched (and stored) or reported.
    public enum Mode: Sendable, Equatable {
        /// Fetch what the folder lacks and store it.
        case record
        /// Serve only what the folder holds.
        case replay
    }

    /// One stored answer.
    struct Entry: Sendable {
        let file: String
        let contentType: String
    }

    /// The index's file name inside the folder.
    public static let indexName = "index.json"

    private let folder: String
    private let mode: Mode
    private let fetcher: HTTPFetcher
    private let state = Mutex<
        (index: [String: Entry], misses: [(url: String, asker: Int?)], failures: [String], hosts: Set<String>)
    >(
        ([:], [], [], []))

    /// An archive in `folder`; `secrets` are masked out of every stored URL and message. Replaying needs the
    /// folder's index.
    public init(folder: String, mode: Mode, secrets: [String]) throws(TileArchiveError) {
        self.folder = folder
        self.mode = mode
        self.fetcher = HTTPFetcher(timeout: 30, secrets: secrets)
        let indexPath = FilePaths.join(folder, Self.indexName)
        guard let data = FileManager.default.contents(atPath: indexPath) else {
            if mode == .replay {
                throw TileArchiveError(
                    "the tiles folder '\(folder)' has no \(Self.indexName): record it first with --record --tiles \(folder)"
                )
            }
            return
        }
        guard let root = try? JSONParser().parse(bytes: Array(data), name: indexPath).root,
            let members = root.objectValue?.members
        else {
            throw TileArchiveError("'\(indexPath)' is not an index that --record wrote")
        }
        var index: [String: Entry] = [:]
        for member in members {
            guard let file = member.value["file"]?.stringValue, Self.isStoredName(file),
                let type = member.value["type"]?.stringValue
            else {
                throw TileArchiveError("'\(indexPath)': the entry for '\(member.key)' names no stored file")
            }
            index[member.key] = Entry(file: file, contentType: type)
        }
        state.withLock { $0.index = index }
    }

    /// The stored answer for `url` (fetched first when recording); nil when there is none, which is remembered
    /// with `asker` (the view whose page asked, when known).
    func answer(_ url: String, asker: Int? = nil) -> (bytes: [UInt8], contentType: String)? {
        let masked = fetcher.masked(url)
        if let entry = state.withLock({ $0.index[masked] }),
            let data = FileManager.default.contents(atPath: FilePaths.join(folder, entry.file))
        {
            return (Array(data), entry.contentType)
        }
        guard mode == .record else {
            state.withLock { state in
                if !state.misses.contains(where: { $0.url == masked && $0.asker == asker }) {
                    state.misses.append((masked, asker))
                }
            }
            return nil
        }
        switch fetcher.fetch(url, display: masked) {
        case .failure(let failure):
            state.withLock { $0.failures.append(failure.message) }
            return nil
        case .success(let bytes):
            let entry = Entry(file: SHA256.hex(Array(masked.utf8)), contentType: Self.contentType(masked, bytes))
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try AtomicFileWriter().write(bytes, to: FilePaths.join(folder, entry.file))
            } catch {
                state.withLock { $0.failures.append("cannot store \(masked) in '\(folder)': \(error)") }
                return nil
            }
            state.withLock { $0.index[masked] = entry }
            return (bytes, entry.contentType)
        }
    }

    /// The URLs (masked) that replay did not have, in the order first asked for, each with the view that asked
    /// (its index in `views:`, when known).
    public var misses: [(url: String, asker: Int?)] { state.withLock { $0.misses } }
    /// What went wrong fetching while recording (secrets masked).
    public var failures: [String] { state.withLock { $0.failures } }

    /// Writes the index (recording only): every URL in sorted order, so that the same tiles give the same file.
    public func save() throws(TileArchiveError) {
        guard mode == .record else { return }
        let index = state.withLock { $0.index }
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

    /// Lets the archive answer URLs of these hosts (those the routed styles name); any other is refused, so that
    /// the server fetches for nobody else while recording.
    func allow(_ hosts: Set<String>) { state.withLock { $0.hosts.formUnion(hosts) } }

    /// Whether `url`'s host is one the routed styles name.
    func allows(_ url: String) -> Bool {
        guard let host = RemoteURLs.host(of: url) else { return false }
        return state.withLock { $0.hosts.contains(host) }
    }

    /// A stored file's name: 64 hexadecimal digits, so that an index cannot point outside its folder.
    static func isStoredName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

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
