#define _GNU_SOURCE
#include "relops_folder_open.h"

#include <fcntl.h>
#include <linux/openat2.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int open_resolving(int dirfd, const char *path, int flags, unsigned long long resolve) {
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)flags;
    how.resolve = resolve;
    return (int)syscall(SYS_openat2, dirfd, path, &how, sizeof how);
}

int relops_open_folder_without_symlinks(int dirfd, const char *path) {
    return open_resolving(dirfd, path, O_PATH | O_DIRECTORY | O_CLOEXEC, RESOLVE_NO_SYMLINKS);
}

int relops_open_beneath_without_symlinks(int dirfd, const char *path, int flags) {
    return open_resolving(dirfd, path, flags, RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS);
}
