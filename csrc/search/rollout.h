/* search/rollout.h: uniformly random playouts, the rollouts of MCTS.
 * Internal.
 *
 * Written once (search/rollout_impl.h) and compiled per game like
 * alpha-beta: rollout_turtles.c and rollout_zebras.c call the rules directly,
 * rollout_generic.c goes through the sa_game table (and samples chance
 * positions). sa_rollout_for() (copies.c) picks the copy for a game. Every
 * copy draws the same random numbers in the same order, so a seeded MCTS
 * gives the same tree whichever copy runs.
 */
#ifndef SAFARI_SEARCH_ROLLOUT_H
#define SAFARI_SEARCH_ROLLOUT_H

#include <stdint.h>

#include "common/rng.h"
#include "safari/game.h"

/* Plays random moves on `state` of `game` (a move uniform among the legal
 * ones, a chance outcome by its weight) until the game ends or `max_plies`
 * were played; returns the plies played. `moves` and `weights` are scratch
 * of the game's max_moves and max_chance_outcomes entries. */
typedef int sa_rollout_fn(const sa_game *game, void *state, sa_move *moves,
                          uint64_t *weights, sa_rng *rng, int max_plies);

sa_rollout_fn sa_rollout, turtles_rollout, zebras_rollout;

/* The copy compiled for `game`, else sa_rollout over its table. */
sa_rollout_fn *sa_rollout_for(const sa_game *game);

#endif /* SAFARI_SEARCH_ROLLOUT_H */
