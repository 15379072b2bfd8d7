/* safari/features.h: the evaluations as weighted sums of named features.
 *
 * In the games whose evaluation is linear (turtles, zebras, arena), the
 * heuristic value of a position for player 0 is exactly
 *
 *     evaluate(s, 0) = sum_i weights[i] * features(s)[i]
 *
 * truncated toward zero, and evaluate(s, 1) = -evaluate(s, 0). The weights
 * are integers; the features are integers (turtles, arena) or multiples of
 * 1/1024 (zebras: shares of territories, sa_feature_one), exact as doubles,
 * so that numpy's int(weights @ features) is the evaluation exactly. They
 * are counted from player 0's point of view (own minus the other's);
 * docs/tuning.md lists each game's. Ostrich (a score race of 2-5 players)
 * counts its features for the player asked: evaluate(s, p) is
 * sum_i weights[i] * features(s, p)[i] in centi-points, truncated toward
 * zero and clamped to 0 .. 2400 (at non-terminal positions; its features
 * are points in units of 1/1024). sa_position_features gives player 0's.
 *
 * Weights. A position carries a weight set: the game's compiled-in defaults
 * until sa_position_set_weights() gives it another. Moves and copies keep it;
 * searches evaluate with the set of the position they were given. A set also
 * holds the win-probability scale K of the alpha-beta reports: a search
 * score s (the mover's view, evaluation units) reads as the mover's win
 * probability 1 / (1 + exp(-s / K)), a draw counting half.
 *
 * Kept in the plain C subset cffi's cdef() parses, like safari.h.
 */
#ifndef SAFARI_FEATURES_H
#define SAFARI_FEATURES_H

#include <stddef.h>
#include <stdint.h>

#include "safari/safari.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most features a game has. */
#define SA_MAX_FEATURES 32
/* A weight's magnitude is at most this (the evaluation stays well inside
 * int32 and below the proven-result scores). */
#define SA_MAX_WEIGHT 10000

/* Number of features of `game`: 0 when its evaluation is not a weighted sum,
 * -1 for an unknown game. */
int sa_feature_count(const char *game);

/* The name of feature i of `game`, or NULL when out of range. */
const char *sa_feature_name(const char *game, int i);

/* The compiled-in weight of feature i (0 when out of range), and the
 * compiled-in win-probability scale K (0 when the game has none). */
int32_t sa_feature_default_weight(const char *game, int i);
double sa_default_win_scale(const char *game);

/* The features' fixed-point unit of `game`: sa_position_features writes
 * feature i as an integer in units of 1 / this (a power of two; 1 for
 * integer features: turtles, arena; 1024 for zebras, whose features are
 * shares of territories); 0 for an unknown game. */
int32_t sa_feature_one(const char *game);

/* Writes the features of `pos` into out[0..n), in units of
 * 1 / sa_feature_one (above), and returns n (0 for a game without
 * features). */
int sa_position_features(const sa_position *pos, int32_t *out);

/* The features of `pos` counted for `player` (0 .. players - 1): for a
 * two-player game, player 1's are player 0's negated; for ostrich, the
 * player's own. Returns n as sa_position_features, -1 for a bad player. */
int sa_position_player_features(const sa_position *pos, int player, int32_t *out);

/* The features of n positions of one game, as rows of a row-major
 * n x count matrix of doubles (count = sa_feature_count of the game), in
 * their own units (already divided by sa_feature_one).
 * SA_ERR_ARGUMENT when the positions are not all of one game with features
 * (the message names the first offending index). */
sa_status sa_features_batch(const sa_position *const *positions, size_t n, double *out,
                            sa_error *err);

/* As sa_features_batch, row k counted for players[k] (as
 * sa_position_player_features); SA_ERR_ARGUMENT names the first position
 * whose player is out of range. */
sa_status sa_features_batch_players(const sa_position *const *positions,
                                    const int *players, size_t n, double *out,
                                    sa_error *err);

/* Gives `pos` the weight set (weights[0..n), win_scale): n must be the
 * game's feature count, every |weight| <= SA_MAX_WEIGHT, and win_scale > 0
 * and finite (0 for a game without a win-probability scale: ostrich). Equal sets share one slot of a process-wide table of 255 sets;
 * SA_ERR_MEMORY when it is full. On error the position is unchanged. */
sa_status sa_position_set_weights(sa_position *pos, const int32_t *weights, int n,
                                  double win_scale, sa_error *err);

/* Writes the position's weights into out[0..n) and its win scale into
 * *win_scale; returns n (0 for a game without features). */
int sa_position_weights(const sa_position *pos, int32_t *out, double *win_scale);

/* The mover's win probability for a search score of `pos` (the mover's view):
 * 1 or 0 for a proven result (|score| >= SA_SCORE_WIN_MIN), else the logistic
 * of score / K of the position's weight set; -1 for a game without a scale. */
double sa_position_win_probability(const sa_position *pos, int32_t score);

/* The mover's win probability that a search of `pos` reports for its
 * expected result p (0..1): p, or the game's calibration of it (the arena;
 * sa_game.calibrate_win). 0 and 1 stay as they are. */
double sa_position_expected_win_probability(const sa_position *pos, double p);

/* Score races (ostrich): every player's chance to win at `pos` given every
 * player's expected result `expected` (the game's units, e.g. a search's
 * best line's; not read at a terminal position, whose chances are exact),
 * a tie on top counting 1/k for the k tied, into out[0..players); returns
 * the number of players, or 0 for a game without a win-chance model (the
 * two-player games: sa_position_win_probability). */
int sa_position_win_chances(const sa_position *pos, const double *expected, double *out);

#ifdef __cplusplus
}
#endif

#endif /* SAFARI_FEATURES_H */
