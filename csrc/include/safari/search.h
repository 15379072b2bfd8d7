/* safari/search.h: searching a position for the best move.
 *
 * One entry point, sa_search(), picks the algorithm (alpha-beta for the
 * deterministic two-player games, expectimax for the games with chance, MCTS
 * on request) and runs it under limits.
 * All search state lives in the call (tables, generators, node counts): no
 * globals, so searches are re-entrant and run without Python's GIL.
 *
 * Scores are integers from the point of view of the player to move at the
 * root: the game's evaluation units (centi-turtles, ...) for heuristic values,
 * and, for a game-theoretic result found by the search, SA_SCORE_WIN - plies
 * (a win `plies` plies away), -(SA_SCORE_WIN - plies) (a loss), or 0 for a draw
 * that is proven (flag `exact`). Expectimax scores are 100 x the mover's
 * expected result (two players: in [-100, 100]; ostrich: centi-points), and
 * its lines carry every player's expected result (sa_line.expected).
 */
#ifndef SAFARI_SEARCH_H
#define SAFARI_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "safari/safari.h"

#define SA_SCORE_WIN 1000000
#define SA_SCORE_WIN_MIN (SA_SCORE_WIN - 10000) /* |score| above: a proven result */
#define SA_MAX_PLY 128
#define SA_MAX_MULTIPV 16
#define SA_PV_TEXT_MAX 2048
#define SA_MAX_PLAYERS 8

typedef enum sa_algo {
    SA_ALGO_AUTO = 0,      /* the game's default */
    SA_ALGO_ALPHABETA = 1,
    SA_ALGO_MCTS = 2,
    SA_ALGO_EXPECTIMAX = 3 /* the default for games with chance */
} sa_algo;

/* Expectimax's pruning at chance positions (two-player zero-sum games; max-n
 * for more players never prunes). Off is for tests and benchmarks. */
typedef enum sa_pruning {
    SA_PRUNE_AUTO = 0,     /* the best available: Star2 */
    SA_PRUNE_NONE = 1,     /* plain expectimax: every node searched in full */
    SA_PRUNE_STAR1 = 2,    /* alpha-beta, and Star1 at chance positions */
    SA_PRUNE_STAR2 = 3     /* Star1, after probing each outcome's first move */
} sa_pruning;

typedef struct sa_report sa_report;

/* Called by the search after each completed iteration (alpha-beta,
 * expectimax) or every so many simulations (MCTS), on the searching thread. */
typedef void (*sa_progress_fn)(void *user, const sa_report *report);

typedef struct sa_limits {
    int depth;               /* plies; 0: no depth limit                     */
    uint64_t nodes;          /* 0: no node limit                             */
    int64_t movetime_ms;     /* 0: no time limit                             */
    int multipv;             /* lines to report, 1..SA_MAX_MULTIPV           */
    int threads;             /* 1..64                                        */
    uint64_t seed;           /* fixes every random choice                    */
    sa_algo algo;
    size_t hash_mb;          /* transposition table size; 0: default (16)    */
    int no_table;            /* 1: search without the transposition table    */
    int mcts_evaluate;       /* MCTS leaves: 0 random rollout, 1 evaluate()  */
    volatile int *stop;      /* set non-zero from another thread to stop     */
    sa_progress_fn progress; /* may be NULL                                  */
    void *progress_user;
    /* expectimax only */
    sa_pruning pruning;
    int chance_width;        /* chance positions with more outcomes are    */
                             /* sampled; 0: default (32)                   */
} sa_limits;

typedef struct sa_line {
    int32_t score;                 /* from the root player's point of view */
    int exact;                     /* 1: a proven game result              */
    int n_pv;                      /* moves in pv                          */
    char pv[SA_PV_TEXT_MAX];       /* space-separated spellings            */
    /* Expectimax: the line's expected result for every player (n_expected
     * of them; 0 from the other algorithms). Two-player zero-sum games:
     * (v + 1) / 2 for the player's expected result v in [-1, 1], i.e. the
     * win probability, a draw counting half. More players: the expected
     * result in the game's units (ostrich: points). */
    int n_expected;
    double expected[SA_MAX_PLAYERS];
} sa_line;

struct sa_report {
    sa_algo algo;            /* the algorithm that ran                  */
    int depth;               /* completed iterations (plies)            */
    int seldepth;            /* deepest ply reached                     */
    uint64_t nodes;          /* positions visited (MCTS: simulations)   */
    double seconds;          /* wall time so far                        */
    int n_lines;             /* lines[0] is the best                    */
    sa_line lines[SA_MAX_MULTIPV];
    double win_probability;  /* MCTS: mean value mapped to [0, 1]; -1 if none */
    int hashfull;            /* permille in use of the table (alpha-beta) or
                                of the node arena (MCTS); -1 if none        */
};

/* Searches `pos` (a decision position) under `limits`; fills `out`.
 * Errors: SA_ERR_ARGUMENT for a position with no move, a chance position, a
 * game the algorithm does not serve, or limits out of range. */
sa_status sa_search(const sa_position *pos, const sa_limits *limits,
                    sa_report *out, sa_error *err);

/* Milliseconds on a monotonic clock. */
int64_t sa_now_ms(void);

#endif /* SAFARI_SEARCH_H */
