/* search/searcher.h: what every search algorithm shares: the clock, limits,
 * stop checks, and turning moves into text for reports. Internal. */
#ifndef SAFARI_SEARCH_SEARCHER_H
#define SAFARI_SEARCH_SEARCHER_H

#include <stdint.h>

#include "safari/game.h"
#include "safari/search.h"

typedef struct sa_clock {
    int64_t start_ms;
    int64_t deadline_ms;     /* 0: none */
    uint64_t node_limit;     /* 0: none */
    volatile int *stop;      /* may be NULL */
} sa_clock;

void sa_clock_start(sa_clock *clock, const sa_limits *limits);

/* 1 when the search must stop: the stop flag, the deadline or the node limit
 * (`nodes` searched so far). Cheap enough to call every few hundred nodes. */
int sa_clock_expired(const sa_clock *clock, uint64_t nodes);

double sa_clock_seconds(const sa_clock *clock);

/* Writes the spellings of the moves `pv[0..n)` played from `root` into line. */
void sa_line_set_pv(sa_line *line, const sa_game *game, const void *root,
                    const sa_move *pv, int n);

/* Checks limits; fills err and returns non-zero when they are out of range. */
sa_status sa_limits_check(const sa_limits *limits, sa_error *err);

/* What every search entry does first: clears the report, checks the limits,
 * and refuses a terminal or chance root (there is no move to choose). */
sa_status sa_search_begin(const sa_game *game, const void *root, const sa_limits *limits,
                          sa_report *out, sa_error *err);

/* Algorithms, each over the game interface. */
typedef sa_status sa_search_fn(const sa_game *game, const void *root,
                               const sa_limits *limits, sa_report *out, sa_error *err);
/* Alpha-beta: one copy compiled per game (search/alphabeta_<game>.c) and
 * sa_alphabeta over the function table for any game; same results. */
sa_search_fn sa_alphabeta, turtles_alphabeta, zebras_alphabeta;
sa_status sa_mcts(const sa_game *game, const void *root,
                  const sa_limits *limits, sa_report *out, sa_error *err);
/* Expectimax clears the report and checks the limits itself: it also
 * serves chance roots (expectimax_root.c). */
sa_status sa_expectimax(const sa_game *game, const void *root,
                        const sa_limits *limits, sa_report *out, sa_error *err);

#endif
