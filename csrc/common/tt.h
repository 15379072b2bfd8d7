/* common/tt.h: the transposition table of alpha-beta.
 *
 * Entry layout (16 bytes, 4 per 64-byte cache line):
 *
 *   bits   0..63   key      full Zobrist key of the position (verified on probe)
 *   bits  64..127  data     packed as below; key is stored XOR data, so a torn
 *                           write by another thread fails verification instead
 *                           of returning a wrong move (Hyatt's lockless hashing)
 *
 *   data:  63........32 31....24 23....22 21.......0
 *          score (i32)  depth    bound    move index (into the node's move list)
 *
 * Threads share one table without locks: each word is read and written with
 * relaxed atomics (a single plain load or store on x86-64), and the XOR check
 * discards an entry whose two words come from different writes.
 *
 * The move is stored as its index in the position's legal-move list (games
 * generate moves in a fixed order), which keeps an entry at 16 bytes whatever a
 * game packs into its 64-bit sa_move. Replacement: always, into the slot of the
 * bucket with the shallowest depth (bucket = 4 entries).
 */
#ifndef SAFARI_COMMON_TT_H
#define SAFARI_COMMON_TT_H

#include <stddef.h>
#include <stdint.h>

enum { SA_BOUND_NONE = 0, SA_BOUND_UPPER = 1, SA_BOUND_LOWER = 2, SA_BOUND_EXACT = 3 };
#define SA_TT_NO_MOVE 0x3FFFFF

typedef struct sa_tt_entry {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;
} sa_tt_entry;

typedef struct sa_tt {
    sa_tt_entry *entries;
    size_t mask;           /* number of buckets - 1 (a power of two) */
    _Atomic uint64_t used; /* stores into empty slots, for hashfull */
} sa_tt;

typedef struct sa_tt_hit {
    int32_t score;
    int depth;
    int bound;
    int move_index; /* SA_TT_NO_MOVE when none */
} sa_tt_hit;

/* The largest power of two of buckets of `bucket_bytes` that fits in
 * `megabytes` MiB, at least 1 (shared by every hash table of the searches). */
static inline size_t sa_table_buckets(size_t megabytes, size_t bucket_bytes)
{
    size_t bytes = megabytes << 20, buckets = 1;
    while (buckets * 2 * bucket_bytes <= bytes)
        buckets *= 2;
    return buckets;
}

/* Allocates about `megabytes` MiB (at least one bucket); 0 on failure. */
int sa_tt_init(sa_tt *tt, size_t megabytes);
void sa_tt_free(sa_tt *tt);
void sa_tt_clear(sa_tt *tt);

/* 1 and *hit filled when `key` is stored, else 0. */
int sa_tt_probe(const sa_tt *tt, uint64_t key, sa_tt_hit *hit);
void sa_tt_store(sa_tt *tt, uint64_t key, int32_t score, int depth, int bound,
                 int move_index);
/* Permille of slots used. */
int sa_tt_hashfull(const sa_tt *tt);

#endif
