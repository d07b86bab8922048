#ifndef RELOPS_SYSTEM_CALLS_H
#define RELOPS_SYSTEM_CALLS_H
/*
 * The system calls a scan makes for every file, made directly, and a thread's own descriptor
 * table. The C library's openat(2), read(2) and close(2) are cancellation points: in a process
 * with more than one thread each call first enables and then disables asynchronous cancellation,
 * two atomic operations around every system call (relops never cancels a thread). Swift cannot
 * call syscall(2), which is variadic, nor unshare(2), which the Glibc module does not export.
 */

#include <stddef.h>

#include "relops_file_ring.h"

/* openat(2) without the cancellation point. Returns the descriptor, or -1 with errno. */
int relops_openat_direct(int dirfd, const char *path, int flags);

/* read(2) without the cancellation point. Returns the count, 0 at the end, or -1 with errno. */
long relops_read_direct(int fd, void *buffer, size_t count);

/* close(2) without the cancellation point. Returns 0, or -1 with errno. */
int relops_close_direct(int fd);

/* close_range(2) of the descriptors first through last (flags 0), without the cancellation point:
   one system call for a run of descriptors. Returns 0, or -1 with errno (ENOSYS where the kernel,
   or a seccomp filter, has no close_range: close each one then). */
int relops_close_range_direct(unsigned int first, unsigned int last);

/* unshare(2) with CLONE_FILES: the calling thread gets its own copy of the process's descriptor
   table, so its opens and closes no longer take the lock the other threads take for theirs. A
   descriptor it opens from then on exists only for it (and for threads it starts); one opened by
   another thread from then on does not exist for it. Returns 0, or -1 with errno (EPERM or ENOSYS
   where a seccomp filter or the kernel refuses: the thread then shares the table as before). */
int relops_unshare_descriptor_table(void);

#endif
