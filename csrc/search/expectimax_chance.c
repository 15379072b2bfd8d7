/* search/expectimax_chance.c: the outcomes expectimax searches at a chance
 * position, and their probabilities.
 *
 * A chance position with at most `width` outcomes is searched exactly. A
 * larger one (an ostrich roll has 1,512 outcomes) would multiply the tree by
 * its size at every roll, so it is estimated from a sample of `width` points
 * drawn by systematic sampling proportional to weight (Madow 1949):
 *
 *   lay the outcomes end to end on [0, total), each as long as its weight,
 *   in the game's order; draw one u in [0, 1); the points (u + k) * total /
 *   width, k = 0 .. width - 1, pick the outcomes they fall in; an outcome
 *   picked c times gets probability c / width.
 *
 * Every outcome is picked c_i times with E[c_i] = width * p_i, so the
 * estimate sum (c_i / width) v_i is unbiased; its probabilities sum to 1; an
 * outcome with p_i >= 1 / width is always in it (with c_i within one of
 * width * p_i); and because the points are evenly spread, the sample is
 * stratified: each of the `width` slices of equal probability along the
 * game's order gives exactly one point. Ostrich lists a roll as each
 * multiset of white dice with the six black faces in turn, multisets in a
 * fixed order, so a stratum holds outcomes alike: the variance is far below
 * that of independent draws (which the first version used: a handful of
 * them could decide a move).
 *
 * u comes from the search seed and the position's hash, so the same position
 * always gets the same sample: the search is deterministic for a seed, and a
 * value in the table is the value of the same sample.
 */
#include <stdlib.h>
#include <string.h>

#include "common/rng.h"
#include "search/expectimax.h"

/* More probable first; equal probabilities in the game's order. */
static int by_probability(const void *a, const void *b)
{
    const ex_ranked *x = a, *y = b;
    if (x->prob != y->prob)
        return x->prob > y->prob ? -1 : 1;
    return x->index - y->index;
}

/* ranked[0..m) into moves[] and prob[], most probable first. */
static void write_ranked(ex_chance *set, int m, int sampled)
{
    qsort(set->ranked, (size_t)m, sizeof *set->ranked, by_probability);
    for (int k = 0; k < m; k++) {
        set->moves[k] = set->raw_moves[set->ranked[k].index];
        set->prob[k] = set->ranked[k].prob;
    }
    set->n = m;
    set->sampled = sampled;
}

/* Every outcome, exactly. */
static void take_all(ex_chance *set, int n, double total)
{
    for (int i = 0; i < n; i++) {
        set->ranked[i].weight = set->weights[i];
        set->ranked[i].index = i;
        set->ranked[i].prob = (double)set->weights[i] / total;
    }
    write_ranked(set, n, 0);
}

/* `width` systematic points over the weights (see above). */
static void take_sample(ex_chance *set, int n, double total, int width, uint64_t seed)
{
    sa_rng rng;
    sa_rng_seed(&rng, seed);
    double u = (double)(sa_rng_next(&rng) >> 11) * 0x1.0p-53;
    double step = total / width, point = u * step, end = 0.0;
    int m = 0, k = 0;
    for (int i = 0; i < n && k < width; i++) {
        end += (double)set->weights[i];
        int count = 0;
        while (k < width && point < end) {
            count++;
            k++;
            point = (u + k) * step;
        }
        if (count > 0) {
            set->ranked[m].weight = set->weights[i];
            set->ranked[m].index = i;
            set->ranked[m].prob = (double)count / width;
            m++;
        }
    }
    write_ranked(set, m, 1);
}

void ex_chance_collect(const sa_game *game, const void *state, int width, uint64_t seed,
                       ex_chance *set)
{
    int n = game->chance_outcomes(state, set->raw_moves, set->weights);
    double total = 0.0;
    for (int i = 0; i < n; i++)
        total += (double)set->weights[i];
    if (width <= 0 || n <= width) {
        take_all(set, n, total);
        return;
    }
    uint64_t mixed = seed ^ (game->hash(state) * 0x9E3779B97F4A7C15ULL);
    take_sample(set, n, total, width, mixed);
}
