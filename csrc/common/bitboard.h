/* common/bitboard.h: helpers over 64-bit cell sets. */
#ifndef SAFARI_COMMON_BITBOARD_H
#define SAFARI_COMMON_BITBOARD_H

#include <stdint.h>

typedef uint64_t sa_bb;

static inline int sa_bb_count(sa_bb bb) { return __builtin_popcountll(bb); }

/* Index of the lowest set bit; bb must not be 0. */
static inline int sa_bb_lsb(sa_bb bb) { return __builtin_ctzll(bb); }

/* Removes and returns the lowest set bit's index; *bb must not be 0. */
static inline int sa_bb_pop(sa_bb *bb)
{
    int sq = __builtin_ctzll(*bb);
    *bb &= *bb - 1;
    return sq;
}

static inline sa_bb sa_bb_of(int sq) { return (sa_bb)1 << sq; }

#endif
