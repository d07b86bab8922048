#ifndef RELOPS_FILE_RING_H
#define RELOPS_FILE_RING_H
/*
 * Whole-file reads of a batch of files through one io_uring: each file is opened, read once and
 * closed by three linked requests, and the batch costs one system call where plain calls cost
 * three a file. Made with the raw system calls (no liburing). A ring belongs to the thread that
 * made it: files are opened relative to descriptors of that thread's table.
 *
 * Only what the kernel could do without waiting is used: a file whose open or read did not
 * simply succeed is left to the caller, who reads it the plain way (and reports what that says).
 */

#include <stddef.h>

typedef struct relops_file_ring relops_file_ring;

/* A ring for batches of at most `files` files (1 to 64). NULL with errno where the kernel, a
   seccomp filter or `kernel.io_uring_disabled` refuses io_uring, or it lacks what is needed
   (direct descriptors, Linux 5.15). */
relops_file_ring *relops_file_ring_create(unsigned files);

void relops_file_ring_destroy(relops_file_ring *ring);

/* Queues file `slot` (0 to files - 1) of the next batch: `path` (copied; at most 4095 bytes)
   opened relative to `dirfd` with `flags`, read from its start into `buffer` (at most
   `capacity` bytes), closed. Returns 0, or -1 when the path is too long (read it the plain way). */
int relops_file_ring_queue(relops_file_ring *ring, unsigned slot, int dirfd, const char *path, int flags,
                           void *buffer, unsigned capacity);

/* Submits the queued files and waits until each is done. `counts[slot]` is then the bytes read,
   or -1 where the open or the read failed (the caller reads that file the plain way). Returns
   0, or -1 with errno when the batch could not be run (every queued file then counts -1). */
int relops_file_ring_run(relops_file_ring *ring, long *counts);

#endif
