#define _GNU_SOURCE
#include "atomic_swap.h"
#include <errno.h>
#include <stdio.h>

#if defined(__linux__)
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
int mc_style_exchange_paths(const char *first, const char *second) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}
#elif defined(__APPLE__)
int mc_style_exchange_paths(const char *first, const char *second) {
    return renamex_np(first, second, RENAME_SWAP);
}
#else
int mc_style_exchange_paths(const char *first, const char *second) {
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
}
#endif

#include <fcntl.h>
#include <unistd.h>

int mc_style_sync_file_system(const char *path) {
#if defined(__linux__)
    int descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (descriptor < 0) {
        return -1;
    }
    int result = syncfs(descriptor);
    close(descriptor);
    return result;
#else
    (void)path;
    sync();
    return 0;
#endif
}

#if defined(__linux__)
#include <stdlib.h>
#include <sys/xattr.h>
int mc_style_copy_acls(const char *from, const char *to) {
    static const char *const names[] = {"system.posix_acl_access", "system.posix_acl_default"};
    for (int index = 0; index < 2; index++) {
        ssize_t size = getxattr(from, names[index], NULL, 0);
        if (size < 0) {
            if (errno == ENODATA || errno == ENOTSUP) continue;
            return -1;
        }
        if (size == 0) continue;
        char *value = malloc((size_t)size);
        if (value == NULL) return -1;
        ssize_t read = getxattr(from, names[index], value, (size_t)size);
        int result = read < 0 ? -1 : setxattr(to, names[index], value, (size_t)read, 0);
        free(value);
        if (result != 0) return -1;
    }
    return 0;
}
#else
int mc_style_copy_acls(const char *from, const char *to) {
    (void)from;
    (void)to;
    return 0;
}
#endif
