#define _GNU_SOURCE
#include "relops_system_calls.h"

#include <errno.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

int relops_openat_direct(int dirfd, const char *path, int flags) {
    return (int)syscall(SYS_openat, dirfd, path, flags, 0);
}

long relops_read_direct(int fd, void *buffer, size_t count) { return syscall(SYS_read, fd, buffer, count); }

int relops_close_direct(int fd) { return (int)syscall(SYS_close, fd); }

int relops_close_range_direct(unsigned int first, unsigned int last) {
#ifdef SYS_close_range
    return (int)syscall(SYS_close_range, first, last, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int relops_unshare_descriptor_table(void) { return unshare(CLONE_FILES); }
