/* search/searcher.h: the search algorithms' entry points, and the per-game
 * copies sa_search() (searcher.c) picks from. Internal.
 *
 * Each algorithm's .c includes this header for its own prototype and
 * search/shared.h for the helpers; this header includes neither an
 * algorithm's header nor shared.h, so there is no include cycle. */
#ifndef SAFARI_SEARCH_SEARCHER_H
#define SAFARI_SEARCH_SEARCHER_H

#include "safari/game.h"
#include "safari/search.h"

/* Algorithms, each over the game interface. */
typedef sa_status sa_search_fn(const sa_game *game, const void *root,
                               const sa_limits *limits, sa_report *out, sa_error *err);
/* Alpha-beta: one copy compiled per game (search/alphabeta_<game>.c) and
 * sa_alphabeta over the function table for any game; same results. */
sa_search_fn sa_alphabeta, turtles_alphabeta, zebras_alphabeta;
sa_status sa_mcts(const sa_game *game, const void *root, const sa_limits *limits,
                  sa_report *out, sa_error *err);
/* Expectimax clears the report and checks the limits itself: it also
 * serves chance roots (expectimax_root.c). */
sa_status sa_expectimax(const sa_game *game, const void *root, const sa_limits *limits,
                        sa_report *out, sa_error *err);

/* The alpha-beta compiled for `game`, else sa_alphabeta over its table
 * (search/copies.c; sa_rollout_for in search/rollout.h is its twin). */
sa_search_fn *sa_alphabeta_for(const sa_game *game);

#endif /* SAFARI_SEARCH_SEARCHER_H */
