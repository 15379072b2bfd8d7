/* search/expectimax_chance.c: the outcomes expectimax searches at a chance
 * position, and their probabilities.
 *
 * A small chance position (at most `width` outcomes) is searched exactly. A
 * large one (an ostrich roll has 1,512 outcomes) would multiply the tree by
 * its size at every roll, so it is estimated instead, in the manner of sparse
 * sampling (Kearns, Mansour and Ng, 2002), keeping its heaviest outcomes
 * exact:
 *
 *   top    = width / 4 most probable outcomes, each with its own probability;
 *   draws  = width - top draws, with replacement, from the other outcomes in
 *            proportion to their weights; an outcome drawn c times gets
 *            c * (their total probability) / draws.
 *
 * The estimate is unbiased, its probabilities still sum to 1, and it never
 * has more than `width` children. The generator is seeded from the search
 * seed and the position's hash, so the same position always gets the same
 * sample: the search is deterministic for a seed, and a value in the table
 * is the value of the same sample.
 */
#include <stdlib.h>
#include <string.h>

#include "common/rng.h"
#include "search/expectimax.h"

/* Heavier first; equal weights in the game's order. */
static int by_weight(const void *a, const void *b)
{
    const ex_ranked *x = a, *y = b;
    if (x->weight != y->weight)
        return x->weight > y->weight ? -1 : 1;
    return x->index - y->index;
}

/* More probable first; equal probabilities by rank. */
static int by_probability(const void *a, const void *b)
{
    const ex_ranked *x = a, *y = b;
    if (x->prob != y->prob)
        return x->prob > y->prob ? -1 : 1;
    return x->index - y->index;
}

static int ascending(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* set->ranked[0..n): the outcomes, heaviest first; returns the total weight. */
static double rank_outcomes(ex_chance *set, int n)
{
    double total = 0.0;
    for (int i = 0; i < n; i++) {
        set->ranked[i].weight = set->weights[i];
        set->ranked[i].index = i;
        total += (double)set->weights[i];
    }
    qsort(set->ranked, (size_t)n, sizeof *set->ranked, by_weight);
    return total;
}

/* Every outcome, exactly. */
static void take_all(ex_chance *set, int n, double total)
{
    for (int k = 0; k < n; k++) {
        set->moves[k] = set->raw_moves[set->ranked[k].index];
        set->prob[k] = (double)set->ranked[k].weight / total;
    }
    set->n = n;
    set->sampled = 0;
}

/* The rank (>= first) of the outcome the uniform point u in [0, rest) falls
 * on, walking ranks first..n-1 by weight. cumulative[] would be faster; a
 * sampled position is rare enough next to the search below it. */
static int rank_at(const ex_chance *set, int first, int n, double u)
{
    for (int k = first; k < n - 1; k++) {
        u -= (double)set->ranked[k].weight;
        if (u < 0.0)
            return k;
    }
    return n - 1;
}

/* The `top` heaviest exactly, `n_draws` draws among the rest (see above). */
static void take_sample(ex_chance *set, int n, double total, int top, int n_draws,
                        uint64_t seed)
{
    double rest = 0.0;
    for (int k = top; k < n; k++)
        rest += (double)set->ranked[k].weight;
    sa_rng rng;
    sa_rng_seed(&rng, seed);
    for (int d = 0; d < n_draws; d++) {
        double u = (double)(sa_rng_next(&rng) >> 11) * 0x1.0p-53 * rest;
        set->draws[d] = rank_at(set, top, n, u);
    }
    qsort(set->draws, (size_t)n_draws, sizeof *set->draws, ascending);
    /* ranked[] is reused in place: [0, top) stay, and the j-th distinct drawn
     * rank r goes to top + j <= r, so no entry is overwritten before it is
     * read (the draws are sorted). */
    ex_ranked *picked = set->ranked;
    for (int k = 0; k < top; k++)
        picked[k].prob = (double)picked[k].weight / total;
    int m = top;
    double each = rest / total / n_draws;
    for (int d = 0; d < n_draws;) {
        int rank = set->draws[d], count = 0;
        while (d < n_draws && set->draws[d] == rank)
            d++, count++;
        picked[m].prob = each * count;
        picked[m].index = set->ranked[rank].index;
        m++;
    }
    qsort(picked, (size_t)m, sizeof *picked, by_probability);
    for (int k = 0; k < m; k++) {
        set->moves[k] = set->raw_moves[picked[k].index];
        set->prob[k] = picked[k].prob;
    }
    set->n = m;
    set->sampled = 1;
}

void ex_chance_collect(const sa_game *game, const void *state, int width, uint64_t seed,
                       ex_chance *set)
{
    int n = game->chance_outcomes(state, set->raw_moves, set->weights);
    double total = rank_outcomes(set, n);
    if (n <= width) {
        take_all(set, n, total);
        return;
    }
    int top = width / 4;
    uint64_t mixed = seed ^ (game->hash(state) * 0x9E3779B97F4A7C15ULL);
    take_sample(set, n, total, top, width - top, mixed);
}
