#define _GNU_SOURCE
#include "relops_file_ring.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/io_uring.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

enum { path_room = 4096, most_files = 64, ops_per_file = 3 };

struct relops_file_ring {
    int fd;
    unsigned files;
    unsigned *sq_head, *sq_tail, *sq_mask, *sq_array;
    struct io_uring_sqe *sqes;
    unsigned *cq_head, *cq_tail, *cq_mask;
    struct io_uring_cqe *cqes;
    void *sq_map, *cq_map;
    size_t sq_map_size, cq_map_size, sqes_size;
    /* Requests written since the last run. */
    unsigned pending;
    /* Per slot: the copied path, and whether the slot is queued. */
    char *paths;
    unsigned char queued[most_files];
};

static int ring_setup(unsigned entries, struct io_uring_params *params) {
    return (int)syscall(__NR_io_uring_setup, entries, params);
}

static int ring_enter(int fd, unsigned submit, unsigned wait) {
    return (int)syscall(__NR_io_uring_enter, fd, submit, wait, wait ? IORING_ENTER_GETEVENTS : 0, NULL, 0);
}

static int ring_register(int fd, unsigned opcode, const void *arg, unsigned count) {
    return (int)syscall(__NR_io_uring_register, fd, opcode, arg, count);
}

void relops_file_ring_destroy(relops_file_ring *ring) {
    if (!ring) return;
    if (ring->sqes && ring->sqes != MAP_FAILED) munmap(ring->sqes, ring->sqes_size);
    if (ring->cq_map && ring->cq_map != MAP_FAILED && ring->cq_map != ring->sq_map) munmap(ring->cq_map, ring->cq_map_size);
    if (ring->sq_map && ring->sq_map != MAP_FAILED) munmap(ring->sq_map, ring->sq_map_size);
    if (ring->fd >= 0) close(ring->fd); /* also closes the direct descriptors left in its table */
    free(ring->paths);
    free(ring);
}

relops_file_ring *relops_file_ring_create(unsigned files) {
    if (files == 0 || files > most_files) {
        errno = EINVAL;
        return NULL;
    }
    relops_file_ring *ring = calloc(1, sizeof *ring);
    if (!ring) return NULL;
    ring->fd = -1;
    ring->files = files;
    ring->paths = malloc((size_t)files * path_room);
    struct io_uring_params params;
    memset(&params, 0, sizeof params);
    unsigned entries = 1;
    while (entries < files * ops_per_file) entries <<= 1;
    if (!ring->paths || (ring->fd = ring_setup(entries, &params)) < 0) goto fail;
    /* A read linked to the open of its direct descriptor needs the file looked up when the read
       runs, not when it is submitted (Linux 5.18); direct opens and closes came before that. */
    if (!(params.features & IORING_FEAT_LINKED_FILE) || !(params.features & IORING_FEAT_NODROP)) {
        errno = ENOSYS;
        goto fail;
    }
    ring->sq_map_size = params.sq_off.array + params.sq_entries * sizeof(unsigned);
    ring->cq_map_size = params.cq_off.cqes + params.cq_entries * sizeof(struct io_uring_cqe);
    int single = (params.features & IORING_FEAT_SINGLE_MMAP) != 0;
    if (single && ring->cq_map_size > ring->sq_map_size) ring->sq_map_size = ring->cq_map_size;
    ring->sq_map = mmap(NULL, ring->sq_map_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, ring->fd,
                        IORING_OFF_SQ_RING);
    if (ring->sq_map == MAP_FAILED) goto fail;
    ring->cq_map = single ? ring->sq_map
                          : mmap(NULL, ring->cq_map_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
                                 ring->fd, IORING_OFF_CQ_RING);
    if (ring->cq_map == MAP_FAILED) goto fail;
    ring->sqes_size = params.sq_entries * sizeof(struct io_uring_sqe);
    ring->sqes = mmap(NULL, ring->sqes_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, ring->fd,
                      IORING_OFF_SQES);
    if (ring->sqes == MAP_FAILED) goto fail;
    char *sq = ring->sq_map, *cq = ring->cq_map;
    ring->sq_head = (unsigned *)(sq + params.sq_off.head);
    ring->sq_tail = (unsigned *)(sq + params.sq_off.tail);
    ring->sq_mask = (unsigned *)(sq + params.sq_off.ring_mask);
    ring->sq_array = (unsigned *)(sq + params.sq_off.array);
    ring->cq_head = (unsigned *)(cq + params.cq_off.head);
    ring->cq_tail = (unsigned *)(cq + params.cq_off.tail);
    ring->cq_mask = (unsigned *)(cq + params.cq_off.ring_mask);
    ring->cqes = (struct io_uring_cqe *)(cq + params.cq_off.cqes);
    /* An empty table of direct descriptors, one slot a file. */
    int empty[most_files];
    for (unsigned k = 0; k < files; k++) empty[k] = -1;
    if (ring_register(ring->fd, IORING_REGISTER_FILES, empty, files) < 0) goto fail;
    return ring;
fail:;
    int saved = errno;
    relops_file_ring_destroy(ring);
    errno = saved;
    return NULL;
}

static struct io_uring_sqe *next_request(relops_file_ring *ring, unsigned char opcode, unsigned long long data) {
    unsigned tail = *ring->sq_tail + ring->pending;
    unsigned index = tail & *ring->sq_mask;
    struct io_uring_sqe *request = &ring->sqes[index];
    memset(request, 0, sizeof *request);
    request->opcode = opcode;
    request->user_data = data;
    ring->sq_array[index] = index;
    ring->pending += 1;
    return request;
}

int relops_file_ring_queue(relops_file_ring *ring, unsigned slot, int dirfd, const char *path, int flags,
                           void *buffer, unsigned capacity) {
    size_t length = strnlen(path, path_room);
    if (slot >= ring->files || ring->queued[slot] || length >= path_room) return -1;
    char *copy = ring->paths + (size_t)slot * path_room;
    memcpy(copy, path, length + 1);
    ring->queued[slot] = 1;
    unsigned long long base = (unsigned long long)slot * ops_per_file;
    struct io_uring_sqe *open = next_request(ring, IORING_OP_OPENAT, base);
    open->fd = dirfd;
    open->addr = (unsigned long long)(uintptr_t)copy;
    /* A direct descriptor is in no descriptor table: the kernel refuses O_CLOEXEC for one. */
    open->open_flags = (unsigned)(flags & ~O_CLOEXEC);
    open->file_index = slot + 1;
    open->flags = IOSQE_IO_LINK;
    struct io_uring_sqe *read = next_request(ring, IORING_OP_READ, base + 1);
    read->fd = (int)slot;
    read->addr = (unsigned long long)(uintptr_t)buffer;
    read->len = capacity;
    read->off = 0;
    /* Never wait: a file whose data would have to come from the disk, or a FIFO with a writer
       and nothing written, answers EAGAIN (and is read the plain way), where a ring would
       otherwise wait for it, a FIFO's forever. */
    read->rw_flags = RWF_NOWAIT;
    /* The close runs whether the read succeeded or not (not when the open failed: then there is
       nothing to close). */
    read->flags = IOSQE_FIXED_FILE | IOSQE_IO_HARDLINK;
    struct io_uring_sqe *close = next_request(ring, IORING_OP_CLOSE, base + 2);
    close->file_index = slot + 1;
    return 0;
}

int relops_file_ring_run(relops_file_ring *ring, long *counts) {
    unsigned expected = ring->pending;
    int opened[most_files];
    for (unsigned k = 0; k < ring->files; k++) {
        counts[k] = -1;
        opened[k] = 0;
    }
    __atomic_store_n(ring->sq_tail, *ring->sq_tail + ring->pending, __ATOMIC_RELEASE);
    unsigned submit = ring->pending, seen = 0;
    ring->pending = 0;
    int failed = 0;
    while (seen < expected) {
        int entered = ring_enter(ring->fd, submit, 1);
        if (entered < 0) {
            if (errno == EINTR || errno == EAGAIN || errno == EBUSY) continue;
            failed = errno;
            break;
        }
        submit -= (unsigned)entered < submit ? (unsigned)entered : submit;
        unsigned head = *ring->cq_head;
        unsigned tail = __atomic_load_n(ring->cq_tail, __ATOMIC_ACQUIRE);
        for (; head != tail; head++, seen++) {
            struct io_uring_cqe *done = &ring->cqes[head & *ring->cq_mask];
            unsigned slot = (unsigned)(done->user_data / ops_per_file);
            unsigned op = (unsigned)(done->user_data % ops_per_file);
            if (slot >= ring->files) continue;
            if (op == 0) opened[slot] = done->res >= 0;
            if (op == 1) counts[slot] = done->res;
        }
        __atomic_store_n(ring->cq_head, head, __ATOMIC_RELEASE);
    }
    for (unsigned k = 0; k < ring->files; k++) {
        if (!opened[k] || counts[k] < 0) counts[k] = -1;
        ring->queued[k] = 0;
    }
    if (failed) {
        for (unsigned k = 0; k < ring->files; k++) counts[k] = -1;
        errno = failed;
        return -1;
    }
    return 0;
}
