internal import CAtomicSwap

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// What a replaced output folder keeps of the old one: its mode (setgid and sticky bits included), owner, group
/// and POSIX access ACL, and the same for its `tilejson` folder. And the removal of a folder tree that the tool
/// made, which works even where a user has taken away its write bits.
enum OutputFolderAttributes {
    /// Gives `staging` the attributes of the folder whose status is `existing` (at `path`), or, for a new
    /// folder, the mode 0777 less the umask. Throws when the owner or group cannot be kept.
    static func carry(_ existing: stat?, from path: String, to staging: String) throws(OutputError) {
        guard let existing else {
            guard chmod(staging, 0o777 & ~FileCreationMask.current) == 0 else {
                throw OutputError(path: path, reason: AtomicFileWriter.describe(errno))
            }
            return
        }
        var current = stat()
        guard stat(staging, &current) == 0 else {
            throw OutputError(path: path, reason: AtomicFileWriter.describe(errno))
        }
        if current.st_uid != existing.st_uid || current.st_gid != existing.st_gid {
            guard chown(staging, existing.st_uid, existing.st_gid) == 0 else {
                throw OutputError(
                    path: path,
                    reason:
                        "cannot be replaced keeping its owner and group (\(existing.st_uid):\(existing.st_gid)): \(AtomicFileWriter.describe(errno)); compile as its owner, or into a folder of your own"
                )
            }
        }
        guard mc_style_copy_acls(path, staging) == 0 else {
            throw OutputError(
                path: path,
                reason: "cannot be replaced keeping its access control list: \(AtomicFileWriter.describe(errno))")
        }
        // After chown, which clears the setgid bit.
        guard chmod(staging, existing.st_mode & 0o7777) == 0 else {
            throw OutputError(path: path, reason: AtomicFileWriter.describe(errno))
        }
    }

    /// Gives `staging/name` the attributes of `path/name` when both are folders.
    static func carrySubfolder(_ name: String, from path: String, to staging: String) throws(OutputError) {
        var old = stat()
        var new = stat()
        guard lstat(path + "/" + name, &old) == 0, old.st_mode & S_IFMT == S_IFDIR,
            lstat(staging + "/" + name, &new) == 0, new.st_mode & S_IFMT == S_IFDIR
        else { return }
        try carry(old, from: path + "/" + name, to: staging + "/" + name)
    }

    /// Removes the folder tree at `path` (never following a link), first giving back the owner's write and
    /// search bits to each folder in it, which a user may have taken away (`chmod 555 out/tilejson`): the tool's
    /// own leftovers must not pile up.
    static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        _ = chmod(path, (status.st_mode & 0o7777) | 0o700)
        for entry in FolderEntries.names(in: path, prefixed: "") { removeTree(path + "/" + entry) }
        rmdir(path)
    }
}
