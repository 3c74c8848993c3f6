#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import LocatedJSON

/// Takes an output file's bytes as the writer makes them and puts them on disk at once, so that a compile that
/// writes into an output folder never holds a style whole: written pretty, gen-americana-en's 1.1 MB become
/// 3.6 MB, a quarter of the compile's peak memory.
///
/// While every byte so far equals the output folder's file, nothing is written: the pieces are compared with
/// that file as it is read alongside (a rebuild with nothing changed touches nothing). At the first difference,
/// or from the start when there is no such file, the bytes go to a hidden spool file beside the output folder
/// (`.<folder>.mc-style-spool-<pid>-XXXXXX`, mode 0600), beginning with the equal part copied from the old
/// file. When the whole file turns out equal, the spool is a hard link of it instead (nothing is written), so
/// the compared bytes stay on disk whatever happens to the folder meanwhile. `OutputFolder.write` moves the
/// spool into its staging folder (or, when the folder still holds the file found equal, removes it), or
/// removes it on failure; a spool left by a killed run is removed by the next write to the same folder once that run's
/// process has ended. The bytes are hashed as they pass.
///
/// Used on one thread, by one writer.
final class OutputSpool {
    private let folder: OutputFolder
    /// The output folder's file for these bytes.
    private let existingPath: String
    /// That file while every byte so far equals it, read ahead into `readAhead`; -1 once they differ or when there
    /// is no such regular file.
    private var existing: Int32
    /// Its size in bytes when it was opened.
    private var existingSize = 0
    private var readAhead: [UInt8] = []
    /// The part of `readAhead` not compared yet.
    private var readAheadStart = 0, readAheadEnd = 0
    /// The spool, once the bytes differ from `existing`; -1 before.
    private var spool: Int32 = -1
    private var spoolPath: String?
    private var hasher = SHA256.Hasher()
    /// Set when the spool cannot be made or written: the caller holds the bytes in memory instead, and
    /// `OutputFolder.write` then reports what is wrong with the folder.
    private var failed = false

    /// The length of the writer's pieces (`JSONWriter.write(_:chunkSize:to:)`, about), and the most bytes read from
    /// the old file at a time to compare them with. The read buffer is zero-filled, so all of it is resident: it is
    /// made no larger than the old file. 16 KiB, not 64: the writer's piece buffer and this one cost a small style's
    /// compile 100 KB more at 64 KiB (omt-positron's 37 KB base has a 0.3 MB allowance), and the four times as many
    /// reads and compares of a 0.8 MB style cost no measurable time.
    static let pieceSize = 1 << 14

    /// A spool for the file at `path` (relative to `folder`).
    init(folder: OutputFolder, path: String) {
        self.folder = folder
        existingPath = folder.path + "/" + path
        existing = open(existingPath, O_RDONLY | O_CLOEXEC)
        var status = stat()
        if existing >= 0, fstat(existing, &status) != 0 || (status.st_mode & S_IFMT) != S_IFREG {
            close(existing)
            existing = -1
        }
        if existing >= 0 { existingSize = Int(status.st_size) }
    }

    deinit {
        if existing >= 0 { close(existing) }
        if spool >= 0 { close(spool) }
    }

    /// Streams `node` written by `writer` into a spool for the file at `path` in `folder`: the file with its bytes
    /// on disk, or nil when no spool could be made or written (the caller writes the bytes into memory instead).
    static func stream(_ node: JSONNode, with writer: JSONWriter, as path: String, beside folder: OutputFolder) -> OutputFile? {
        let spool = OutputSpool(folder: folder, path: path)
        writer.write(node, chunkSize: pieceSize) { piece in spool.receive(piece) }
        return spool.finish().map { OutputFile(path: path, spooled: $0) }
    }

    /// Takes the next bytes.
    func receive(_ piece: [UInt8]) {
        guard !failed else { return }
        piece.withUnsafeBufferPointer { piece in
            if existing >= 0 {
                if matchesExisting(piece) {
                    hasher.update(piece)
                    return
                }
                startSpool()
            } else if spool < 0 {
                startSpool()
            }
            guard !failed else { return }
            guard DescriptorWriting.writeAll(piece, to: spool) else { return fail() }
            hasher.update(piece)
        }
    }

    /// The bytes' place once all are given: the spool (closed), which is a second name of the existing file when
    /// that file holds exactly them (or a copy: see `linkExisting`); nil when the spool failed (then removed).
    func finish() -> SpooledOutput? {
        var equalFile: FileIdentity?
        if !failed, existing >= 0, spool < 0, existingEndsHere() {
            var status = stat()
            if fstat(existing, &status) == 0 { equalFile = FileIdentity(status) }
            linkExisting()
        } else if !failed, spool < 0 || existing >= 0 {
            // The old file goes on past these bytes, or there is none and nothing came: the bytes go to a spool too.
            startSpool()
        }
        if spool >= 0 {
            if close(spool) != 0 { failed = true }
            spool = -1
        }
        guard !failed else {
            discard()
            return nil
        }
        if existing >= 0 {
            close(existing)
            existing = -1
        }
        guard let spoolPath else { return nil }
        let count = hasher.count
        return SpooledOutput(spoolPath: spoolPath, equalFile: equalFile, count: count, sha256: hasher.finalizeHex())
    }

    /// Gives the existing file, found to hold exactly the bytes, a second name as the spool: whatever happens to the
    /// output folder before the write (another compile into it exchanges it, say), the spool keeps the bytes
    /// compared. Where no link can be made, or the name reached another file by then, the compared bytes are
    /// copied into a spool instead; so they are when the output folder shuts out group or others (a link beside
    /// it, in its parent, would open the file to them: a style may hold an API key).
    private func linkExisting() {
        var folderStatus = stat()
        guard stat(folder.path, &folderStatus) == 0, folderStatus.st_mode & 0o011 == 0o011 else { return startSpool() }
        guard let (descriptor, path) = TemporaryFile.make(folder.spoolTemplate) else {
            failed = true
            return
        }
        close(descriptor)
        unlink(path)
        var linked = stat(), compared = stat()
        if link(existingPath, path) == 0, stat(path, &linked) == 0, fstat(existing, &compared) == 0,
           FileIdentity(linked) == FileIdentity(compared) {
            spoolPath = path
            return
        }
        unlink(path)
        startSpool()
    }

    /// True when the existing file's next bytes are `piece`'s.
    private func matchesExisting(_ piece: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = piece.baseAddress else { return true }
        var compared = 0
        while compared < piece.count {
            if readAheadStart == readAheadEnd, !readMore() { return false }
            let length = min(piece.count - compared, readAheadEnd - readAheadStart)
            let same = readAhead.withUnsafeBufferPointer { ahead in
                guard let aheadBase = ahead.baseAddress else { return false }
                return memcmp(base + compared, aheadBase + readAheadStart, length) == 0
            }
            guard same else { return false }
            compared += length
            readAheadStart += length
        }
        return true
    }

    /// True when the existing file has no bytes past those compared.
    private func existingEndsHere() -> Bool { readAheadStart == readAheadEnd && !readMore() }

    /// Reads the existing file's next bytes into `readAhead`; false at its end or on an error.
    private func readMore() -> Bool {
        if readAhead.isEmpty { readAhead = [UInt8](repeating: 0, count: min(max(existingSize, 1), Self.pieceSize)) }
        let got = DescriptorReading.readSome(existing, into: &readAhead)
        guard got > 0 else { return false }
        (readAheadStart, readAheadEnd) = (0, got)
        return true
    }

    /// Opens the spool and copies into it the bytes so far, which equal the existing file's first bytes; the
    /// existing file is closed.
    private func startSpool() {
        defer {
            if existing >= 0 { close(existing) }
            existing = -1
            readAhead = []
        }
        guard let (descriptor, path) = TemporaryFile.make(folder.spoolTemplate) else {
            failed = true
            return
        }
        (spool, spoolPath) = (descriptor, path)
        var copied = 0
        var buffer = [UInt8](repeating: 0, count: min(max(hasher.count, 1), Self.pieceSize))
        while copied < hasher.count {
            let got = buffer.withUnsafeMutableBytes {
                DescriptorReading.readSome(existing, into: $0.baseAddress, count: min($0.count, hasher.count - copied), at: copied)
            }
            guard got > 0, buffer.withUnsafeBufferPointer({ DescriptorWriting.writeAll(UnsafeBufferPointer(rebasing: $0[..<got]), to: spool) }) else {
                fail()
                return
            }
            copied += got
        }
    }

    private func fail() {
        failed = true
        discard()
    }

    /// Closes and removes the spool.
    private func discard() {
        if spool >= 0 { close(spool) }
        spool = -1
        if let spoolPath { unlink(spoolPath) }
        spoolPath = nil
    }
}
