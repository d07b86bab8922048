#ifndef RELOPS_HEAP_H
#define RELOPS_HEAP_H
/*
 * How the C library's allocator grows its heaps, set once when relops starts. Swift cannot call
 * mallopt(3): the Glibc module does not export <malloc.h>.
 */

/* The size (bytes) by which a heap grows past what an allocation needs: the main heap's brk(2)
   steps, and how much of a thread's new arena is made writable at once (glibc then extends it
   with one mprotect(2) per page run as it fills). */
#define RELOPS_HEAP_GROWTH (64L << 20)

/* Sets M_TOP_PAD to RELOPS_HEAP_GROWTH. Address space only: a page costs memory when it is first
   written, as before. Returns 1 when the allocator took the setting, else 0. */
int relops_grow_heaps_in_large_steps(void);

#endif
