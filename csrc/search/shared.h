/* search/shared.h: what every search algorithm shares: the clock, the limits
 * check, the common start of a search and turning moves into text for
 * reports. Internal. It knows no algorithm: the algorithms include it, the
 * dispatch (searcher.h, searcher.c) does not need to. */
#ifndef SAFARI_SEARCH_SHARED_H
#define SAFARI_SEARCH_SHARED_H

#include <stdint.h>

#include "safari/game.h"
#include "safari/search.h"

typedef struct sa_clock {
    int64_t start_ms;
    int64_t deadline_ms; /* 0: none */
    uint64_t node_limit; /* 0: none */
    volatile int *stop;  /* may be NULL */
} sa_clock;

void sa_clock_start(sa_clock *clock, const sa_limits *limits);

/* 1 when the search must stop: the stop flag, the deadline or the node limit
 * (`nodes` searched so far). Cheap enough to call every few hundred nodes. */
int sa_clock_expired(const sa_clock *clock, uint64_t nodes);

double sa_clock_seconds(const sa_clock *clock);

/* Writes the spellings of the moves `pv[0..n)` played from `root` into line. */
void sa_line_set_pv(sa_line *line, const sa_game *game, const void *root,
                    const sa_move *pv, int n);

/* out->win_chances from every player's expected result at `root`, by the
 * game's model (sa_game.win_chances); n_win_chances = 0 when the game has
 * none or n_expected is 0. Once per completed iteration, not per node. */
void sa_report_set_win_chances(sa_report *out, const sa_game *game, const void *root,
                               const double *expected, int n_expected);

/* Checks limits; fills err and returns non-zero when they are out of range. */
sa_status sa_limits_check(const sa_limits *limits, sa_error *err);

/* What every search entry does first: clears the report, checks the limits,
 * and refuses a terminal root. */
sa_status sa_search_begin_at_any(const sa_game *game, const void *root,
                                 const sa_limits *limits, sa_report *out, sa_error *err);

/* sa_search_begin_at_any, and a chance root refused too (there is no move to
 * choose): the entry of every search but expectimax's. */
sa_status sa_search_begin(const sa_game *game, const void *root, const sa_limits *limits,
                          sa_report *out, sa_error *err);

#endif /* SAFARI_SEARCH_SHARED_H */
