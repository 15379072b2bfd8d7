/* search/expectimax_table.c: the transposition table of expectimax.
 *
 * common/tt.h packs one int32 score into 16 bytes; expectimax needs doubles
 * (probabilities make fractions) and, in max-n, one value per player, so it
 * has this table of its own. One search thread uses it: no atomics.
 *
 * Buckets of two 64-byte entries: slot 0 keeps the deepest search of its
 * positions, slot 1 takes whatever slot 0 refused (the usual two-tier
 * scheme), so deep results survive and recent ones still get stored.
 */
#include <stdlib.h>
#include <string.h>

#include "common/tt.h"
#include "search/expectimax.h"

#define BUCKET 2

int ex_table_init(ex_table *table, size_t megabytes)
{
    size_t buckets = sa_table_buckets(megabytes, BUCKET * sizeof(ex_entry));
    table->entries = calloc(buckets * BUCKET, sizeof(ex_entry));
    table->mask = buckets - 1;
    return table->entries != NULL;
}

void ex_table_free(ex_table *table)
{
    free(table->entries);
    table->entries = NULL;
}

static ex_entry *bucket_of(const ex_table *table, uint64_t key)
{
    return &table->entries[(key & table->mask) * BUCKET];
}

const ex_entry *ex_table_probe(const ex_table *table, uint64_t key)
{
    ex_entry *bucket = bucket_of(table, key);
    for (int i = 0; i < BUCKET; i++)
        if (bucket[i].used && bucket[i].key == key)
            return &bucket[i];
    return NULL;
}

void ex_table_store(ex_table *table, uint64_t key, int depth, int bound, int move_index,
                    const double *values, int n_values)
{
    ex_entry *bucket = bucket_of(table, key);
    ex_entry *slot = &bucket[1];
    if (!bucket[0].used || bucket[0].key == key || depth >= bucket[0].depth)
        slot = &bucket[0];
    else if (bucket[1].used && bucket[1].key == key)
        slot = &bucket[1];
    slot->key = key;
    slot->depth = (int16_t)depth;
    slot->bound = (uint8_t)bound;
    slot->used = 1;
    slot->move_index = move_index;
    memcpy(slot->value, values, sizeof(double) * (size_t)n_values);
}
