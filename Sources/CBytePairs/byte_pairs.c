#include "relops_byte_pairs.h"

#if defined(__x86_64__)
#include <immintrin.h>

int relops_byte_pairs_are_wide(void) {
    static int wide = -1;
    if (wide < 0) {
        __builtin_cpu_init();
        wide = __builtin_cpu_supports("avx2") ? 1 : 0;
    }
    return wide;
}

__attribute__((target("avx2"))) long relops_next_byte_pair(
    const uint8_t *base, long from, long last, long offset1, uint8_t byte1, long offset2, uint8_t byte2) {
    const __m256i fold = _mm256_set1_epi8(0x20);
    const __m256i want1 = _mm256_set1_epi8((char)byte1), want2 = _mm256_set1_epi8((char)byte2);
    for (long p = from; p <= last; p += 32) {
        /* The loads end at p + offset + 31 <= last + offset + 31: inside the padding. */
        __m256i first = _mm256_loadu_si256((const __m256i *)(base + p + offset1));
        __m256i second = _mm256_loadu_si256((const __m256i *)(base + p + offset2));
        __m256i both = _mm256_and_si256(
            _mm256_cmpeq_epi8(_mm256_or_si256(first, fold), want1),
            _mm256_cmpeq_epi8(_mm256_or_si256(second, fold), want2));
        unsigned mask = (unsigned)_mm256_movemask_epi8(both);
        if (mask != 0) {
            long found = p + __builtin_ctz(mask);
            return found <= last ? found : -1;
        }
    }
    return -1;
}

#else

int relops_byte_pairs_are_wide(void) { return 0; }

long relops_next_byte_pair(
    const uint8_t *base, long from, long last, long offset1, uint8_t byte1, long offset2, uint8_t byte2) {
    for (long p = from; p <= last; p++) {
        if ((base[p + offset1] | 0x20) == byte1 && (base[p + offset2] | 0x20) == byte2) return p;
    }
    return -1;
}

#endif
