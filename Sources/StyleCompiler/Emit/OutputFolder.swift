internal import CAtomicSwap
import Foundation
import LocatedJSON

/// Puts a compile's files into an output folder all at once, or not at all.
///
/// The new content is assembled in a staging folder beside the output folder: unchanged files are hard
/// links to the existing ones (so they keep their modification time), changed ones are written there, or moved
/// there from their spool beside the folder when they were streamed to disk as they were made (`OutputSpool`;
/// an unchanged style's spool is a link of the folder's own file, kept there as it is).
/// The staging folder's file system is flushed once (`syncfs`); then the staging folder and the output folder
/// are exchanged in one atomic step (Linux `renameat2` `RENAME_EXCHANGE`, macOS `renamex_np`), and the old
/// content is removed. Until that step the output folder is untouched, so an error or a kill at any point
/// leaves it as it was; a staging folder or spool left by a killed run is removed by the next run. Their names
/// carry the process ID of the run that made them (`.<folder>.mc-style-staging-<pid>-XXXXXX`), so a run removes
/// only those of runs that have ended: two compiles into the same folder at once no longer remove each other's
/// (the later exchange wins, and each leaves a whole set of outputs). When the
/// folder already holds exactly the new outputs, nothing is touched at all. A symbolic link given as the
/// output folder stays a link: the folder it leads to is the one written. Outputs that the compile no longer
/// makes (`tilejson/*.json`, the style and layer mapping of a variant no longer declared) are removed.
public struct OutputFolder: Sendable {
    /// The output folder's path: where a symbolic link given as the folder points (`FilePaths.followingLinks`),
    /// so that the link stays and the outputs go where it leads.
    public let path: String

    public init(path: String) {
        self.path = FilePaths.followingLinks(FilePaths.normalized(path))
    }

    /// What writing `files` would do, file by file, sorted by path: outputs the folder lacks (added), outputs
    /// whose bytes differ (changed, with the old bytes), and stale outputs (removed).
    public func changes(_ files: [OutputFile]) -> [OutputChange] {
        var changes: [OutputChange] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: path + "/" + file.path) else {
                changes.append(OutputChange(kind: .added, path: file.path, old: [], new: file.bytes))
                continue
            }
            let old = [UInt8](data)
            if !(file.contents == old) { changes.append(OutputChange(kind: .changed, path: file.path, old: old, new: file.bytes)) }
        }
        for stale in staleOutputs(in: path, keeping: files) {
            let old = FileManager.default.contents(atPath: path + "/" + stale).map { [UInt8]($0) } ?? []
            changes.append(OutputChange(kind: .removed, path: stale, old: old, new: []))
        }
        return changes.sorted { $0.path < $1.path }
    }

    /// The folder the output folder is in, where its staging folder and spools are made.
    var parent: String { FilePaths.directory(of: path) }

    /// The output folder's own name.
    var name: String { String(path.split(separator: "/").last ?? Substring(path)) }

    /// The `mkstemp` template of a spool for one of this folder's files (`OutputSpool`), marked with this
    /// process's ID.
    var spoolTemplate: String { "\(parent)/.\(name).\(Self.spoolMarker)\(getpid())-XXXXXX" }

    private static let spoolMarker = "mc-style-spool-"
    private static let stagingMarker = "mc-style-staging-"

    /// Writes the files (see the type's description). Throws with the folder untouched on failure. Files whose
    /// bytes are in a spool (`CompileJob.spoolsStylesInto`) have it moved into place, or removed on failure.
    public func write(_ files: [OutputFile]) throws(OutputError) {
        do throws(OutputError) {
            try writeStaged(files)
        } catch {
            Self.discardSpools(of: files)
            throw error
        }
    }

    /// Removes the spools of `files` (files that will not be written).
    static func discardSpools(of files: [OutputFile]) {
        for file in files {
            if let spoolPath = file.spoolPath { unlink(spoolPath) }
        }
    }

    private func writeStaged(_ files: [OutputFile]) throws(OutputError) {
        let manager = FileManager.default
        let lastComponent = path.split(separator: "/").last.map(String.init) ?? ""
        guard path != "/", lastComponent != ".", lastComponent != ".." else {
            throw OutputError(path: path, reason: "cannot be the output folder: it is swapped as a whole, so give a folder of its own (such as out/style)")
        }
        let parent = self.parent
        let name = self.name
        var isDirectory: ObjCBool = false
        if !manager.fileExists(atPath: parent) {
            do {
                try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw OutputError(path: path, reason: "cannot be written: its parent folder '\(parent)' cannot be made")
            }
        }
        guard manager.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw OutputError(path: path, reason: "cannot be written: '\(parent)' is not a folder")
        }
        let exists = manager.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue { throw OutputError(path: path, reason: "is a file, not a folder") }
        removeLeftovers(in: parent, name: name)
        // A rebuild with nothing changed (the common case in a build system) touches nothing: no staging folder,
        // no flush, no exchange.
        if exists, isUpToDate(files) {
            Self.discardSpools(of: files)
            return
        }
        let staging = try makeStaging(in: parent, name: name)
        do throws(OutputError) {
            try setMode(of: staging, likeExisting: exists)
            if exists { try mirror(path, into: staging) }
            for file in files {
                let target = staging + "/" + file.path
                switch file.storage {
                case .memory(let contents):
                    // Compared as it is read: holding the old file whole beside the new one cost their sum again.
                    if Self.holds(target, contents) { continue }
                    try createFolders(for: target)
                    try AtomicFileWriter(flushesEachFile: false, followsLinks: false).write(contents, to: target)
                case .spooled(let spooled):
                    if let equalFile = spooled.equalFile, FileIdentity(path: target) == equalFile {
                        // The output folder's file held these bytes when they were written, and its link carried over.
                        unlink(spooled.spoolPath)
                        continue
                    }
                    try createFolders(for: target)
                    try AtomicFileWriter.move(spooled.spoolPath, to: target)
                }
            }
            for stale in staleOutputs(in: staging, keeping: files) { try? manager.removeItem(atPath: staging + "/" + stale) }
            guard mc_style_sync_file_system(staging) == 0 else {
                throw OutputError(path: path, reason: AtomicFileWriter.describe(errno))
            }
            try swapIntoPlace(staging, existed: exists)
        } catch {
            try? manager.removeItem(atPath: staging)
            throw error
        }
    }

    private func makeStaging(in parent: String, name: String) throws(OutputError) -> String {
        guard let staging = TemporaryFile.makeFolder("\(parent)/.\(name).\(Self.stagingMarker)\(getpid())-XXXXXX") else {
            throw OutputError(path: path, reason: AtomicFileWriter.describe(errno))
        }
        return staging
    }

    /// mkdtemp makes 0700 folders; the output folder keeps its own mode, or gets 0777 less the umask.
    private func setMode(of staging: String, likeExisting exists: Bool) throws(OutputError) {
        var status = stat()
        let mode: mode_t
        if exists, stat(path, &status) == 0 {
            mode = status.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o777 & ~mask
        }
        guard chmod(staging, mode) == 0 else { throw OutputError(path: path, reason: AtomicFileWriter.describe(errno)) }
    }

    /// Removes what a killed run left beside the folder: staging folders and spools whose run has ended. Those
    /// of a run still going (another compile into the same folder, or this one's own spools) are kept.
    private func removeLeftovers(in parent: String, name: String) {
        let stagingPrefix = ".\(name).\(Self.stagingMarker)"
        for entry in FolderEntries.names(in: parent, prefixed: stagingPrefix) where Self.isLeftOver(entry, after: stagingPrefix) {
            try? FileManager.default.removeItem(atPath: parent + "/" + entry)
        }
        let spoolPrefix = ".\(name).\(Self.spoolMarker)"
        for entry in FolderEntries.names(in: parent, prefixed: spoolPrefix) where Self.isLeftOver(entry, after: spoolPrefix) {
            unlink(parent + "/" + entry)
        }
    }

    /// True unless `entry` (a staging folder's or spool's name) carries, after `prefix`, the ID of a process
    /// that still runs (`<pid>-XXXXXX`). A name without one (made before names carried it) counts as left over.
    /// A process ID reused by an unrelated process keeps a leftover until that process ends.
    static func isLeftOver(_ entry: String, after prefix: String) -> Bool {
        let rest = entry.utf8.dropFirst(prefix.utf8.count)
        guard let dash = rest.firstIndex(of: UInt8(ascii: "-")),
              let owner = Int32(Substring(rest[..<dash])), owner > 0 else { return true }
        // kill with signal 0 only asks whether the process exists; EPERM means it does, under another user.
        return kill(owner, 0) != 0 && errno == ESRCH
    }

    /// Recreates `source`'s tree under `target` with hard links (copies where links are impossible).
    private func mirror(_ source: String, into target: String) throws(OutputError) {
        let manager = FileManager.default
        guard let entries = manager.enumerator(atPath: source) else { return }
        while let entry = entries.nextObject() as? String {
            let from = source + "/" + entry
            let to = target + "/" + entry
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: from, isDirectory: &isDirectory) else { continue }
            do {
                if isDirectory.boolValue {
                    try manager.createDirectory(atPath: to, withIntermediateDirectories: true)
                } else if (try? manager.linkItem(atPath: from, toPath: to)) == nil {
                    try manager.copyItem(atPath: from, toPath: to)
                }
            } catch {
                // Gone since it was listed: another compile into the same folder exchanged it meanwhile.
                if !manager.fileExists(atPath: from) { continue }
                throw OutputError(path: from, reason: "cannot be carried over to the new output: \(error.localizedDescription)")
            }
        }
    }

    private func createFolders(for file: String) throws(OutputError) {
        do {
            try FileManager.default.createDirectory(atPath: FilePaths.directory(of: file), withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: file, reason: "cannot be written: \(error.localizedDescription)")
        }
    }

    private func swapIntoPlace(_ staging: String, existed: Bool) throws(OutputError) {
        let manager = FileManager.default
        if !existed {
            if rename(staging, path) == 0 { return }
            // Another compile into the same folder made it since this one looked: exchange with what it put there.
            let code = errno
            guard code == ENOTEMPTY || code == EEXIST else { throw OutputError(path: path, reason: AtomicFileWriter.describe(code)) }
        }
        if mc_style_exchange_paths(staging, path) == 0 {
            try? manager.removeItem(atPath: staging)
            return
        }
        // No atomic exchange on this system or file system: two renames, undone if the second fails.
        let old = staging + ".old"
        guard rename(path, old) == 0 else { throw OutputError(path: path, reason: AtomicFileWriter.describe(errno)) }
        guard rename(staging, path) == 0 else {
            let code = errno
            _ = rename(old, path)
            throw OutputError(path: path, reason: AtomicFileWriter.describe(code))
        }
        try? manager.removeItem(atPath: old)
    }

    /// True when the folder holds exactly these bytes for every file and no stale output.
    private func isUpToDate(_ files: [OutputFile]) -> Bool {
        files.allSatisfy { file in
            switch file.storage {
            case .memory(let contents): return Self.holds(path + "/" + file.path, contents)
            case .spooled(let spooled): return spooled.equalFile != nil && FileIdentity(path: path + "/" + file.path) == spooled.equalFile
            }
        } && staleOutputs(in: path, keeping: files).isEmpty
    }

    /// True when the regular file at `file` holds exactly `bytes` (its size first, then its content, read in
    /// pieces of up to 1 MiB, each compared with the chunks it spans).
    static func holds(_ file: String, _ bytes: ChunkedBytes) -> Bool {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == bytes.count else { return false }
        var buffer = [UInt8](repeating: 0, count: min(bytes.count, 1 << 20))
        // Where the next byte read is to be found: a chunk, and an offset in it.
        var chunk = 0, offset = 0
        var remaining = bytes.count
        while remaining > 0 {
            let got = buffer.withUnsafeMutableBytes { DescriptorReading.readSome(descriptor, into: $0.baseAddress, count: min($0.count, remaining)) }
            guard got > 0 else { return false }
            var compared = 0
            while compared < got {
                let expected = bytes.chunks[chunk]
                let length = min(got - compared, expected.count - offset)
                let same = buffer.withUnsafeBytes { readBytes in
                    expected.withUnsafeBytes { expectedBytes in
                        guard let left = readBytes.baseAddress, let right = expectedBytes.baseAddress else { return false }
                        return memcmp(left + compared, right + offset, length) == 0
                    }
                }
                guard same else { return false }
                compared += length
                offset += length
                if offset == expected.count { (chunk, offset) = (chunk + 1, 0) }
            }
            remaining -= got
        }
        return true
    }

    /// Outputs an earlier compile made that `files` does not include, as paths in `folder`: `tilejson/*.json`,
    /// and the style and layer-mapping files of variants no longer declared (`style.dark.json` after `bases:`
    /// became `base:`, say).
    private func staleOutputs(in folder: String, keeping files: [OutputFile]) -> [String] {
        let kept = Set(files.map(\.path))
        let manager = FileManager.default
        let tileJSON = ((try? manager.contentsOfDirectory(atPath: folder + "/" + OutputLayout.tileJSONFolder)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { OutputLayout.tileJSONFolder + "/" + $0 }
        let top = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).filter(OutputLayout.isVariantOutput)
        return (tileJSON + top).filter { !kept.contains($0) }.sorted()
    }
}
