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

/* More probable first; equal probabilities in the game's order. */
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

/* ranked[0..top): the `top` heaviest outcomes, heaviest first, ties in the
 * game's order, by one pass that keeps them sorted (n * top at worst, about
 * n when weights vary little, as an ostrich roll's do). */
static void keep_heaviest(ex_chance *set, int n, int top)
{
    int kept = 0;
    for (int i = 0; i < n; i++) {
        uint64_t w = set->weights[i];
        if (top == 0 || (kept == top && w <= set->ranked[top - 1].weight))
            continue;
        int j = kept < top ? kept++ : top - 1;
        while (j > 0 && set->ranked[j - 1].weight < w) {
            set->ranked[j] = set->ranked[j - 1];
            j--;
        }
        set->ranked[j].weight = w;
        set->ranked[j].index = i;
    }
}

/* The first i with cumulative[i] > u (cumulative is non-decreasing). */
static int first_above(const double *cumulative, int n, double u)
{
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (cumulative[mid] > u)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* The `top` heaviest exactly, `n_draws` draws among the rest (see above).
 * Scratch use: weights[] loses the kept outcomes' weights, prob[] holds the
 * cumulative weights of the rest until the result overwrites it. */
static void take_sample(ex_chance *set, int n, double total, int top, int n_draws,
                        uint64_t seed)
{
    keep_heaviest(set, n, top);
    for (int k = 0; k < top; k++) {
        set->ranked[k].prob = (double)set->ranked[k].weight / total;
        set->weights[set->ranked[k].index] = 0;
    }
    double *cumulative = set->prob, rest = 0.0;
    for (int i = 0; i < n; i++)
        cumulative[i] = rest += (double)set->weights[i];
    sa_rng rng;
    sa_rng_seed(&rng, seed);
    for (int d = 0; d < n_draws; d++) {
        double u = (double)(sa_rng_next(&rng) >> 11) * 0x1.0p-53 * rest;
        set->draws[d] = first_above(cumulative, n, u);
    }
    qsort(set->draws, (size_t)n_draws, sizeof *set->draws, ascending);
    int m = top;
    double each = rest / total / n_draws;
    for (int d = 0; d < n_draws;) {
        int index = set->draws[d], count = 0;
        while (d < n_draws && set->draws[d] == index)
            d++, count++;
        set->ranked[m].prob = each * count;
        set->ranked[m].index = index;
        m++;
    }
    qsort(set->ranked, (size_t)m, sizeof *set->ranked, by_probability);
    for (int k = 0; k < m; k++) {
        set->moves[k] = set->raw_moves[set->ranked[k].index];
        set->prob[k] = set->ranked[k].prob;
    }
    set->n = m;
    set->sampled = 1;
}

void ex_chance_collect(const sa_game *game, const void *state, int width, uint64_t seed,
                       ex_chance *set)
{
    int n = game->chance_outcomes(state, set->raw_moves, set->weights);
    if (n <= width) {
        take_all(set, n, rank_outcomes(set, n));
        return;
    }
    double total = 0.0;
    for (int i = 0; i < n; i++)
        total += (double)set->weights[i];
    int top = width / 4;
    uint64_t mixed = seed ^ (game->hash(state) * 0x9E3779B97F4A7C15ULL);
    take_sample(set, n, total, top, width - top, mixed);
}
