internal import CAtomicSwap
import Foundation
import LocatedJSON

/// Puts a compile's files into an output folder all at once, or not at all.
///
/// The new content is assembled in a staging folder beside the output folder: unchanged files are hard
/// links to the existing ones (so they keep their modification time), changed ones are written there.
/// The staging folder's file system is flushed once (`syncfs`); then the staging folder and the output folder
/// are exchanged in one atomic step (Linux `renameat2` `RENAME_EXCHANGE`, macOS `renamex_np`), and the old
/// content is removed. Until that step the output folder is untouched, so an error or a kill at any point
/// leaves it as it was; a staging folder left by a killed run is removed by the next run. Their names
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
    /// Folders the output folder may not be, nor hold (the working folder, the inputs' folders).
    public let protectedFolders: [String]
    /// What the folder holds when this kind of run wrote it (a compile's outputs by default).
    public let layout: OutputFolderLayout

    /// The folder at `path`, which may be none of `protectedFolders` nor an ancestor of one (`OutputFolderClaim`),
    /// holding what `layout` says a run of its kind writes.
    public init(path: String, protecting protectedFolders: [String] = [], layout: OutputFolderLayout = .compiled) {
        self.path = FilePaths.followingLinks(FilePaths.normalized(path))
        self.protectedFolders = protectedFolders
        self.layout = layout
    }

    /// What writing `files` would do, file by file, sorted by path: outputs the folder lacks (added), outputs
    /// whose bytes differ (changed, with the old bytes), and stale outputs (removed). Throws when the folder is
    /// not one a compile may write (`OutputFolderClaim`): nothing outside it is read, no link is followed.
    public func changes(_ files: [OutputFile]) throws(OutputError) -> [OutputChange] {
        let claim = try OutputFolderClaim(path: path, protecting: protectedFolders, layout: layout)
        let held = Set(claim.outputs)
        func old(_ file: String) -> [UInt8]? {
            guard held.contains(file), let loaded = try? InputLoader().load(path: path + "/" + file) else { return nil }
            return loaded.bytes
        }
        var changes: [OutputChange] = []
        for file in files {
            guard let old = old(file.path) else {
                changes.append(OutputChange(kind: .added, path: file.path, old: [], new: file.bytes))
                continue
            }
            if !(file.contents == old) {
                changes.append(OutputChange(kind: .changed, path: file.path, old: old, new: file.bytes))
            }
        }
        let kept = Set(files.map(\.path))
        for stale in claim.outputs where !kept.contains(stale) && layout.subfolders[stale] == nil {
            changes.append(OutputChange(kind: .removed, path: stale, old: old(stale) ?? [], new: []))
        }
        return changes.sorted { $0.path < $1.path }
    }

    /// The folder the output folder is in, where its staging folder is made.
    var parent: String { FilePaths.directory(of: path) }

    /// The output folder's own name.
    var name: String { String(path.split(separator: "/").last ?? Substring(path)) }

    /// The mark of the spool files version 0.1.0 streamed styles to; one left by a killed run is removed.
    private static let spoolMarker = "mc-style-spool-"
    private static let stagingMarker = "mc-style-staging-"

    /// Writes the files (see the type's description). Throws with the folder untouched on failure.
    /// Returns false when the folder already held exactly `files` (nothing was touched).
    @discardableResult
    public func write(_ files: [OutputFile]) throws(OutputError) -> Bool {
        let manager = FileManager.default
        let claim = try OutputFolderClaim(path: path, protecting: protectedFolders, layout: layout)
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
        let exists = claim.existing != nil
        removeLeftovers(in: parent, name: name)
        // A rebuild with nothing changed (the common case in a build system) touches nothing: no staging folder,
        // no flush, no exchange.
        if exists, isUpToDate(files, holding: claim.outputs) { return false }
        let staging = try makeStaging(in: parent, name: name)
        do throws(OutputError) {
            if exists { try mirror(claim.outputs, into: staging) }
            let writer = AtomicFileWriter(flushesEachFile: false, followsLinks: false)
            for file in files {
                let target = staging + "/" + file.path
                // Compared as it is read: holding the old file whole beside the new one would cost their sum again.
                if Self.holds(target, file.contents) { continue }
                try createFolders(for: target)
                try writer.write(file.contents, to: target)
            }
            let kept = Set(files.map(\.path))
            for stale in claim.outputs where !kept.contains(stale) { unlink(staging + "/" + stale) }
            // A subfolder that no longer holds any output goes too (rmdir leaves one that does).
            for subfolder in layout.subfolders.keys where !files.contains(where: { $0.path.hasPrefix(subfolder + "/") })
            {
                rmdir(staging + "/" + subfolder)
            }
            for subfolder in layout.subfolders.keys.sorted() {
                try OutputFolderAttributes.carrySubfolder(subfolder, from: path, to: staging)
            }
            try OutputFolderAttributes.carry(claim.existing, from: path, to: staging)
            guard mc_style_sync_file_system(staging) == 0 else {
                throw OutputError(path: path, reason: AtomicFileWriter.describe(errno))
            }
            try swapIntoPlace(staging, existed: exists)
            return true
        } catch {
            OutputFolderAttributes.removeTree(staging)
            throw error
        }
    }

    private func makeStaging(in parent: String, name: String) throws(OutputError) -> String {
        guard let staging = TemporaryFile.makeFolder("\(parent)/.\(name).\(Self.stagingMarker)\(getpid())-XXXXXX")
        else {
            throw OutputError(path: path, reason: AtomicFileWriter.describe(errno))
        }
        return staging
    }

    /// Removes what a killed run left beside the folder: staging folders (and 0.1.0's spools) whose run has ended.
    /// Those of a run still going (another compile into the same folder) are kept.
    private func removeLeftovers(in parent: String, name: String) {
        let stagingPrefix = ".\(name).\(Self.stagingMarker)"
        for entry in FolderEntries.names(in: parent, prefixed: stagingPrefix)
        where Self.isLeftOver(entry, after: stagingPrefix) {
            OutputFolderAttributes.removeTree(parent + "/" + entry)
        }
        let spoolPrefix = ".\(name).\(Self.spoolMarker)"
        for entry in FolderEntries.names(in: parent, prefixed: spoolPrefix)
        where Self.isLeftOver(entry, after: spoolPrefix) {
            unlink(parent + "/" + entry)
        }
    }

    /// True unless `entry` (a staging folder's or spool's name) carries, after `prefix`, the ID of a process
    /// that still runs (`<pid>-XXXXXX`). A name without one (made before names carried it) counts as left over.
    /// A process ID reused by an unrelated process keeps a leftover until that process ends.
    static func isLeftOver(_ entry: String, after prefix: String) -> Bool {
        let rest = entry.utf8.dropFirst(prefix.utf8.count)
        guard let dash = rest.firstIndex(of: UInt8(ascii: "-")),
            let owner = Int32(Substring(rest[..<dash])), owner > 0
        else { return true }
        // kill with signal 0 only asks whether the process exists; EPERM means it does, under another user.
        return kill(owner, 0) != 0 && errno == ESRCH
    }

    /// Carries the previous outputs (`OutputFolderClaim.outputs`) into `target` as hard links (copies where links
    /// are impossible); nothing else of the folder is carried, litter included.
    private func mirror(_ outputs: [String], into target: String) throws(OutputError) {
        for entry in outputs {
            let from = path + "/" + entry
            let to = target + "/" + entry
            try createFolders(for: to)
            guard link(from, to) != 0 else { continue }
            do {
                try FileManager.default.copyItem(atPath: from, toPath: to)
            } catch {
                // Gone since it was listed: another compile into the same folder exchanged it meanwhile.
                if !FileManager.default.fileExists(atPath: from) { continue }
                throw OutputError(
                    path: from, reason: "cannot be carried over to the new output: \(error.localizedDescription)")
            }
        }
    }

    private func createFolders(for file: String) throws(OutputError) {
        do {
            try FileManager.default.createDirectory(
                atPath: FilePaths.directory(of: file), withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: file, reason: "cannot be written: \(error.localizedDescription)")
        }
    }

    private func swapIntoPlace(_ staging: String, existed: Bool) throws(OutputError) {
        if !existed {
            if rename(staging, path) == 0 { return }
            // Another compile into the same folder made it since this one looked: exchange with what it put there.
            let code = errno
            guard code == ENOTEMPTY || code == EEXIST else {
                throw OutputError(path: path, reason: AtomicFileWriter.describe(code))
            }
        }
        if mc_style_exchange_paths(staging, path) == 0 {
            OutputFolderAttributes.removeTree(staging)
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
        OutputFolderAttributes.removeTree(old)
    }

    /// True when the folder holds exactly these bytes for every file and no stale output.
    private func isUpToDate(_ files: [OutputFile], holding outputs: [String]) -> Bool {
        let kept = Set(files.map(\.path))
        guard outputs.allSatisfy({ kept.contains($0) }) else { return false }
        return files.allSatisfy { Self.holds(path + "/" + $0.path, $0.contents) }
    }

    /// True when the regular file at `file` holds exactly `bytes` (its size first, then its content, read in
    /// pieces of up to 1 MiB, each compared with the chunks it spans).
    static func holds(_ file: String, _ bytes: ChunkedBytes) -> Bool {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == bytes.count
        else { return false }
        var buffer = [UInt8](repeating: 0, count: min(bytes.count, 1 << 20))
        // Where the next byte read is to be found: a chunk, and an offset in it.
        var chunk = 0
        var offset = 0
        var remaining = bytes.count
        while remaining > 0 {
            let got = buffer.withUnsafeMutableBytes {
                DescriptorReading.readSome(descriptor, into: $0.baseAddress, count: min($0.count, remaining))
            }
            guard got > 0 else { return false }
            var compared = 0
            while compared < got {
                let expected = bytes.chunks[chunk]
                let length = min(got - compared, expected.count - offset)
                let same = buffer.withUnsafeBytes { readBytes in
                    expected.withUnsafeBytes { expectedBytes in
                        guard let left = readBytes.baseAddress, let right = expectedBytes.baseAddress else {
                            return false
                        }
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
}
