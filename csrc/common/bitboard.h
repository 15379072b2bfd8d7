/* common/bitboard.h: helpers over 64-bit cell sets. */
#ifndef SAFARI_COMMON_BITBOARD_H
#define SAFARI_COMMON_BITBOARD_H

#include <stdint.h>

typedef uint64_t sa_bb;

/* Bits set in bb. Without a popcnt instruction in the target (plain x86-64,
 * as built), __builtin_popcountll is a call into libgcc; the same SWAR sum
 * inline costs a dozen instructions and no call. */
static inline int sa_bb_count(sa_bb bb)
{
#ifdef __POPCNT__
    return __builtin_popcountll(bb);
#else
    bb -= (bb >> 1) & 0x5555555555555555ULL;
    bb = (bb & 0x3333333333333333ULL) + ((bb >> 2) & 0x3333333333333333ULL);
    bb = (bb + (bb >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((bb * 0x0101010101010101ULL) >> 56);
#endif
}

/* Index of the lowest set bit; bb must not be 0. */
static inline int sa_bb_lsb(sa_bb bb)
{
    return __builtin_ctzll(bb);
}

/* Removes and returns the lowest set bit's index; *bb must not be 0. */
static inline int sa_bb_pop(sa_bb *bb)
{
    int sq = __builtin_ctzll(*bb);
    *bb &= *bb - 1;
    return sq;
}

static inline sa_bb sa_bb_of(int sq)
{
    return (sa_bb)1 << sq;
}

#endif
