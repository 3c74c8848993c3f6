#ifndef MC_STYLE_CSHA256_H
#define MC_STYLE_CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// The 64 round constants of SHA-256 (FIPS 180-4), shared with the Swift rounds.
const uint32_t *mc_style_sha256_round_constants(void);

/// 1 when this processor has the SHA-256 instructions (x86 SHA extensions with SSSE3 and SSE4.1), else 0.
int mc_style_sha256_hardware_available(void);

/// Runs the SHA-256 compression function over `blocks` 64-byte blocks at `data`, updating the eight state
/// words in place (FIPS 180-4 order: a..h). Only call it when `mc_style_sha256_hardware_available()` is 1.
void mc_style_sha256_hardware_compress(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
