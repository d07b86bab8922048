#ifndef RELOPS_BYTE_PAIRS_H
#define RELOPS_BYTE_PAIRS_H
/*
 * The scan's candidate search, thirty-two positions at a time with AVX2 or sixty-four with
 * AVX-512BW where the processor has it (chosen at run time: the binary itself keeps to the x86-64
 * baseline). Swift compiles no single function for a wider instruction set than the module's, so
 * these are C.
 */
#include <stdint.h>

/* The widest search this processor runs: 64 (AVX-512BW), 32 (AVX2), or 0 (then the scan keeps
   its own sixteen-byte search). */
int relops_byte_pairs_width(void);

/* The first position p in [from, last] where (base[p + offset1] | 0x20) == byte1 and
   (base[p + offset2] | 0x20) == byte2, or -1. `base` must be readable for 64 bytes past
   last + max(offset1, offset2) (the scan's buffers are padded with zeros). Call the _32 one only
   where relops_byte_pairs_width() is at least 32, the _64 one only where it is 64. */
long relops_next_byte_pair_32(
    const uint8_t *base, long from, long last, long offset1, uint8_t byte1, long offset2, uint8_t byte2);
long relops_next_byte_pair_64(
    const uint8_t *base, long from, long last, long offset1, uint8_t byte1, long offset2, uint8_t byte2);

#endif
