/* common/tt.c: the transposition table (layout in tt.h). */
#include "common/tt.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define BUCKET 4

static uint64_t pack(int32_t score, int depth, int bound, int move_index)
{
    return ((uint64_t)(uint32_t)score << 32) | ((uint64_t)(depth & 0xFF) << 24) |
           ((uint64_t)(bound & 3) << 22) | ((uint64_t)move_index & SA_TT_NO_MOVE);
}

int sa_tt_init(sa_tt *tt, size_t megabytes)
{
    size_t buckets = sa_table_buckets(megabytes, BUCKET * sizeof(sa_tt_entry));
    tt->entries = calloc(buckets * BUCKET, sizeof(sa_tt_entry));
    tt->mask = buckets - 1;
    atomic_init(&tt->used, 0);
    return tt->entries != NULL;
}

void sa_tt_free(sa_tt *tt)
{
    free(tt->entries);
    tt->entries = NULL;
}

void sa_tt_clear(sa_tt *tt)
{
    memset(tt->entries, 0, (tt->mask + 1) * BUCKET * sizeof(sa_tt_entry));
    atomic_store_explicit(&tt->used, 0, memory_order_relaxed);
}

static uint64_t load(const _Atomic uint64_t *word)
{
    return atomic_load_explicit((_Atomic uint64_t *)word, memory_order_relaxed);
}

static void save(_Atomic uint64_t *word, uint64_t value)
{
    atomic_store_explicit(word, value, memory_order_relaxed);
}

static sa_tt_entry *bucket_of(const sa_tt *tt, uint64_t key)
{
    return &tt->entries[(key & tt->mask) * BUCKET];
}

int sa_tt_probe(const sa_tt *tt, uint64_t key, sa_tt_hit *hit)
{
    sa_tt_entry *bucket = bucket_of(tt, key);
    for (int i = 0; i < BUCKET; i++) {
        uint64_t data = load(&bucket[i].data);
        if (data != 0 && (load(&bucket[i].check) ^ data) == key) {
            hit->score = (int32_t)(uint32_t)(data >> 32);
            hit->depth = (int)((data >> 24) & 0xFF);
            hit->bound = (int)((data >> 22) & 3);
            hit->move_index = (int)(data & SA_TT_NO_MOVE);
            return 1;
        }
    }
    return 0;
}

void sa_tt_store(sa_tt *tt, uint64_t key, int32_t score, int depth, int bound,
                 int move_index)
{
    sa_tt_entry *bucket = bucket_of(tt, key);
    sa_tt_entry *slot = &bucket[0];
    uint64_t slot_data = load(&slot->data);
    for (int i = 0; i < BUCKET; i++) {
        uint64_t data = load(&bucket[i].data);
        if (data == 0 || (load(&bucket[i].check) ^ data) == key) {
            slot = &bucket[i];
            slot_data = data;
            break;
        }
        if (((data >> 24) & 0xFF) < ((slot_data >> 24) & 0xFF)) {
            slot = &bucket[i];
            slot_data = data;
        }
    }
    if (slot_data == 0)
        atomic_fetch_add_explicit(&tt->used, 1, memory_order_relaxed);
    uint64_t data = pack(score, depth, bound, move_index);
    if (data == 0)
        data = pack(score, depth, SA_BOUND_NONE, SA_TT_NO_MOVE); /* never 0 */
    save(&slot->data, data);
    save(&slot->check, key ^ data);
}

int sa_tt_hashfull(const sa_tt *tt)
{
    uint64_t slots = (tt->mask + 1) * BUCKET;
    return (int)(load(&tt->used) * 1000 / slots);
}
