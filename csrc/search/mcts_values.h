/* search/mcts_values.h: the one scale of MCTS values in a game, for the
 * leaves, the terminal positions and the report. Internal to search/mcts*.c.
 *
 * MCTS backs up one value per player in [-1, 1], the range UCT's
 * exploration constant (SA_MCTS_UCT_C) is set for. How a game's results and
 * evaluations become such values follows from its sa_game facts
 * (result_min, result_max, eval_per_result; safari/game.h):
 *
 *   zero-sum   two-player contract (win 1, draw 0, loss -1; arena, turtles,
 *              zebras): a result is its value; an evaluation is squashed,
 *              tanh(evaluate / eval_scale), eval_scale = 400 (also what
 *              expectimax reads). The solver runs, and the report gives
 *              win probabilities (v + 1) / 2.
 *   scores     a declared result range [lo, hi] (ostrich: 0..24 points):
 *              v = (r - mid) / half with mid = (lo + hi) / 2, half =
 *              (hi - lo) / 2, for a result r and for an evaluation read as
 *              an expected result, r = evaluate / eval_per_result (ostrich:
 *              centi-points). A mean value is then an expected result, and
 *              the report gives every player's, as expectimax does. No
 *              solver: a higher score is not a "win" to prove.
 *   relative   more than two players and no declared range (test games
 *              only): each game end's results rescaled to [-1, 1], best 1,
 *              worst -1; evaluations squashed as zero-sum ones.
 */
#ifndef SAFARI_SEARCH_MCTS_VALUES_H
#define SAFARI_SEARCH_MCTS_VALUES_H

#include <math.h>

#include "safari/game.h"

typedef enum mcts_value_kind {
    MCTS_ZERO_SUM = 0,
    MCTS_SCORES = 1,
    MCTS_RELATIVE = 2
} mcts_value_kind;

/* Report units: a score is this many times the mover's expected result.
 * Games with chance use expectimax's (their default search's) 100, so that
 * `--algo mcts` reads like the default; deterministic two-player games keep
 * 1000 per unit of value (-1000..1000). */
#define MCTS_SCORE_PER_RESULT_CHANCE 100.0
#define MCTS_SCORE_PER_VALUE 1000.0

typedef struct mcts_scale {
    mcts_value_kind kind;
    double mid, half; /* value = (result - mid) / half            */
    /* > 0: evaluate / this is a result; 0: tanh(evaluate / eval_scale) */
    double eval_per_result;
    double score_per_result; /* report: score = this x expected result   */
} mcts_scale;

static inline mcts_scale mcts_scale_of(const sa_game *game)
{
    mcts_scale sc = {MCTS_ZERO_SUM, 0.0, 1.0, 0.0, MCTS_SCORE_PER_VALUE};
    if (sa_game_zero_sum(game)) {
        if (game->has_chance)
            sc.score_per_result = MCTS_SCORE_PER_RESULT_CHANCE;
    } else if (game->result_max > game->result_min) {
        sc.kind = MCTS_SCORES;
        sc.mid = 0.5 * ((double)game->result_min + (double)game->result_max);
        sc.half = 0.5 * ((double)game->result_max - (double)game->result_min);
        sc.eval_per_result = game->eval_per_result;
        sc.score_per_result = MCTS_SCORE_PER_RESULT_CHANCE;
    } else {
        sc.kind = MCTS_RELATIVE;
    }
    return sc;
}

/* The value of result r (zero-sum and scores; relative needs every
 * player's results, see mcts.c). */
static inline double mcts_result_value(const mcts_scale *sc, double r)
{
    double v = (r - sc->mid) / sc->half;
    return v > 1.0 ? 1.0 : v < -1.0 ? -1.0 : v;
}

/* The value of an evaluation e; eval_scale: the tanh scale. */
static inline double mcts_eval_value(const mcts_scale *sc, double e, double eval_scale)
{
    if (sc->eval_per_result > 0.0)
        return mcts_result_value(sc, e / sc->eval_per_result);
    return tanh(e / eval_scale);
}

/* The expected result a mean value stands for (relative: the value). */
static inline double mcts_value_result(const mcts_scale *sc, double v)
{
    return sc->kind == MCTS_RELATIVE ? v : sc->mid + sc->half * v;
}

#endif
