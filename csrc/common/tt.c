/* common/tt.c: the transposition table (layout in tt.h). */
#include "common/tt.h"

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
    size_t bytes = megabytes << 20;
    size_t buckets = 1;
    while (buckets * 2 * BUCKET * sizeof(sa_tt_entry) <= bytes)
        buckets *= 2;
    tt->entries = calloc(buckets * BUCKET, sizeof(sa_tt_entry));
    tt->mask = buckets - 1;
    tt->used = 0;
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
    tt->used = 0;
}

static sa_tt_entry *bucket_of(const sa_tt *tt, uint64_t key)
{
    return &tt->entries[(key & tt->mask) * BUCKET];
}

int sa_tt_probe(const sa_tt *tt, uint64_t key, sa_tt_hit *hit)
{
    sa_tt_entry *bucket = bucket_of(tt, key);
    for (int i = 0; i < BUCKET; i++) {
        uint64_t data = bucket[i].data;
        if (data != 0 && (bucket[i].check ^ data) == key) {
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
    for (int i = 0; i < BUCKET; i++) {
        uint64_t data = bucket[i].data;
        if (data == 0 || (bucket[i].check ^ data) == key) {
            slot = &bucket[i];
            break;
        }
        if (((data >> 24) & 0xFF) < ((slot->data >> 24) & 0xFF))
            slot = &bucket[i];
    }
    if (slot->data == 0)
        tt->used++;
    uint64_t data = pack(score, depth, bound, move_index);
    if (data == 0)
        data = pack(score, depth, SA_BOUND_NONE, SA_TT_NO_MOVE); /* never 0 */
    slot->data = data;
    slot->check = key ^ data;
}

int sa_tt_hashfull(const sa_tt *tt)
{
    uint64_t slots = (tt->mask + 1) * BUCKET;
    return (int)(tt->used * 1000 / slots);
}
