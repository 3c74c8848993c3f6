// SHA-256 compression with the x86 SHA extensions. The manifest hashes every input and output, which in
// software is a large part of a compile (benchmarks/README.md). Everywhere else (other processors, or no SHA extensions) the Swift
// implementation in SHA256.swift does the work; tests compare the two on many lengths.
#include "csha256.h"

// FIPS 180-4's round constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

const uint32_t *mc_style_sha256_round_constants(void) { return round_constants; }

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>

int mc_style_sha256_hardware_available(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    int ssse3 = (c >> 9) & 1, sse41 = (c >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    int sha = (b >> 29) & 1;
    return ssse3 && sse41 && sha;
}

__attribute__((target("sha,sse4.1,ssse3")))
void mc_style_sha256_hardware_compress(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    // The instructions keep the state as (a, b, e, f) and (c, d, g, h).
    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);

    for (; blocks > 0; blocks--, data += 64) {
        __m128i schedule[16];
        for (int group = 0; group < 4; group++) {
            schedule[group] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * group)), byte_swap);
        }
        // w[t] = s1(w[t-2]) + w[t-7] + s0(w[t-15]) + w[t-16], four words at a time.
        for (int group = 4; group < 16; group++) {
            __m128i partial = _mm_sha256msg1_epu32(schedule[group - 4], schedule[group - 3]);
            partial = _mm_add_epi32(partial, _mm_alignr_epi8(schedule[group - 1], schedule[group - 2], 4));
            schedule[group] = _mm_sha256msg2_epu32(partial, schedule[group - 1]);
        }
        __m128i saved_abef = abef, saved_cdgh = cdgh;
        for (int group = 0; group < 16; group++) {
            __m128i message = _mm_add_epi32(schedule[group], _mm_loadu_si128((const __m128i *)&round_constants[4 * group]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, message);
            message = _mm_shuffle_epi32(message, 0x0E);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, message);
        }
        abef = _mm_add_epi32(abef, saved_abef);
        cdgh = _mm_add_epi32(cdgh, saved_cdgh);
    }

    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

#else

int mc_style_sha256_hardware_available(void) { return 0; }

void mc_style_sha256_hardware_compress(uint32_t state[8], const uint8_t *data, size_t blocks) {
    (void)state; (void)data; (void)blocks;
}

#endif
