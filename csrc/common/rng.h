/* common/rng.h: a small seeded random generator (xoshiro256**), its state
 * passed explicitly so that every search and playout is reproducible and
 * re-entrant. There is no global generator anywhere in the library. */
#ifndef SAFARI_COMMON_RNG_H
#define SAFARI_COMMON_RNG_H

#include <stdint.h>

typedef struct sa_rng {
    uint64_t s[4];
} sa_rng;

/* splitmix64 step: also used to fill Zobrist tables from a fixed seed. */
static inline uint64_t sa_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline void sa_rng_seed(sa_rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        rng->s[i] = sa_splitmix64(&seed);
}

static inline uint64_t sa_rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t sa_rng_next(sa_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = sa_rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = sa_rng_rotl(s[3], 45);
    return result;
}

/* Uniform in [0, n), n >= 1 (Lemire's multiply-shift; the tiny bias for
 * n far below 2^64 does not matter for playouts). */
static inline uint64_t sa_rng_below(sa_rng *rng, uint64_t n)
{
    return (uint64_t)(((__uint128_t)sa_rng_next(rng) * n) >> 64);
}

#endif
