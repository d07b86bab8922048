#include "relops_byte_pairs.h"

#if defined(__x86_64__)
#include <immintrin.h>

int relops_byte_pairs_width(void) {
    static int width = -1;
    if (width < 0) {
        __builtin_cpu_init();
        width = __builtin_cpu_supports("avx512bw") ? 64 : __builtin_cpu_supports("avx2") ? 32 : 0;
    }
    return width;
}

__attribute__((target("avx2"))) long relops_next_byte_pair_32(
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

__attribute__((target("avx512bw"))) long relops_next_byte_pair_64(
    const uint8_t *base, long from, long last, long offset1, uint8_t byte1, long offset2, uint8_t byte2) {
    const __m512i fold = _mm512_set1_epi8(0x20);
    const __m512i want1 = _mm512_set1_epi8((char)byte1), want2 = _mm512_set1_epi8((char)byte2);
    for (long p = from; p <= last; p += 64) {
        /* The loads end at p + offset + 63 <= last + offset + 63: inside the padding. */
        __m512i first = _mm512_loadu_si512((const void *)(base + p + offset1));
        __m512i second = _mm512_loadu_si512((const void *)(base + p + offset2));
        __mmask64 both = _mm512_cmpeq_epi8_mask(_mm512_or_si512(first, fold), want1)
                         & _mm512_cmpeq_epi8_mask(_mm512_or_si512(second, fold), want2);
        if (both != 0) {
            long found = p + __builtin_ctzll(both);
            return found <= last ? found : -1;
        }
    }
    return -1;
}

#else

int relops_byte_pairs_width(void) { return 0; }

static long next_pair_scalar(
    const uint8_t *base, long from, long last, long offset1, uint8_t byte1, long offset2, uint8_t byte2) {
    for (long p = from; p <= last; p++) {
        if ((base[p + offset1] | 0x20) == byte1 && (base[p + offset2] | 0x20) == byte2) return p;
    }
    return -1;
}

long relops_next_byte_pair_32(
    const uint8_t *base, long from, long last, long offset1, uint8_t byte1, long offset2, uint8_t byte2) {
    return next_pair_scalar(base, from, last, offset1, byte1, offset2, byte2);
}

long relops_next_byte_pair_64(
    const uint8_t *base, long from, long last, long offset1, uint8_t byte1, long offset2, uint8_t byte2) {
    return next_pair_scalar(base, from, last, offset1, byte1, offset2, byte2);
}

#endif
