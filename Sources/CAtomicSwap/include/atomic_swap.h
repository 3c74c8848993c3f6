#ifndef MC_STYLE_ATOMIC_SWAP_H
#define MC_STYLE_ATOMIC_SWAP_H

/// Exchanges two paths in one atomic step (Linux renameat2 RENAME_EXCHANGE, macOS renamex_np RENAME_SWAP).
/// Returns 0 on success, or -1 with errno set (ENOSYS or EINVAL where the system or file system cannot).
int mc_style_exchange_paths(const char *first, const char *second);

/// Flushes every file written on the file system that holds `path` (Linux syncfs; elsewhere sync).
/// Returns 0 on success, or -1 with errno set.
int mc_style_sync_file_system(const char *path);

/// Copies the POSIX ACLs (the extended attributes system.posix_acl_access and system.posix_acl_default) of the
/// folder `from` to the folder `to`, as an exchanged folder keeps them. Returns 0 on success (also where `from`
/// has none, or the system has no such attributes), or -1 with errno set.
int mc_style_copy_acls(const char *from, const char *to);

#endif
