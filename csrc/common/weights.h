/* common/weights.h: the weight sets the linear evaluations read.
 *
 * A state names its weight set by a one-byte slot (sa_game.weights_offset):
 * 0 is the game's compiled-in defaults, 1..255 an entry of a process-wide
 * table that only grows. An entry is written completely before its slot is
 * handed out (under a mutex, common/features.c), and never changes after, so
 * the evaluations read it without a lock on any thread.
 */
#ifndef SAFARI_COMMON_WEIGHTS_H
#define SAFARI_COMMON_WEIGHTS_H

#include <stdint.h>

#include "safari/features.h"
#include "safari/game.h"

#define SA_MAX_WEIGHT_SETS 256

typedef struct sa_weight_set {
    const sa_game *game;
    double win_scale;
    int32_t w[SA_MAX_FEATURES];
} sa_weight_set;

extern sa_weight_set sa_weight_sets[SA_MAX_WEIGHT_SETS];

/* The weights of slot `slot`, `defaults` for slot 0. */
static inline const int32_t *sa_weights_of(uint8_t slot, const int32_t *defaults)
{
    return slot ? sa_weight_sets[slot].w : defaults;
}

/* sum of w[i] * f[i], i < n: the evaluation of a linear game. */
static inline int32_t sa_weighted_sum(const int32_t *w, const int32_t *f, int n)
{
    int32_t v = 0;
    for (int i = 0; i < n; i++)
        v += w[i] * f[i];
    return v;
}

/* sum of w[i] * f[i] / one, i < n, truncated toward zero: the evaluation of
 * a game whose features are fixed-point fractions in units of 1 / one
 * (sa_game.feature_one). The sum is exact in 64 bits before the one
 * division, as numpy's weights @ (f / one) is exact in doubles when `one` is
 * a power of two: int() of it gives the same integer. */
static inline int32_t sa_weighted_sum_fixed(const int32_t *w, const int32_t *f, int n,
                                            int32_t one)
{
    int64_t v = 0;
    for (int i = 0; i < n; i++)
        v += (int64_t)w[i] * f[i];
    return (int32_t)(v / one);
}

/* The mover's win probability for a search score at `state` (see
 * sa_position_win_probability); -1 when the game has no scale. */
double sa_score_win_probability(const sa_game *game, const void *state, int32_t score);

/* The mover's win probability a search reports for its expected result p
 * (0..1) at `state`: the game's calibrate_win of p when it has one, the
 * state has the default weights and 0 < p < 1; else p. */
double sa_expected_win_probability(const sa_game *game, const void *state, double p);

#endif /* SAFARI_COMMON_WEIGHTS_H */
