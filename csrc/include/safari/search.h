/* safari/search.h: searching a position for the best move.
 *
 * One entry point, sa_search(), picks the algorithm (alpha-beta for the
 * deterministic two-player games, expectimax for the games with chance, MCTS
 * on request) and runs it under limits.
 * All search state lives in the call (tables, generators, node counts): no
 * globals, so searches are re-entrant and run without Python's GIL. The one
 * exception is on request: an sa_mcts_session (below) keeps its MCTS tree
 * between calls, in the session object.
 *
 * Scores are integers from the point of view of the player to move at the
 * root: the game's evaluation units (turtles: the weights' own points, ...) for heuristic values,
 * and, for a game-theoretic result found by the search, SA_SCORE_WIN - plies
 * (a win `plies` plies away), -(SA_SCORE_WIN - plies) (a loss), or 0 for a draw
 * that is proven (flag `exact`). Expectimax scores are 100 x the mover's
 * expected result (two players: in [-100, 100]; ostrich: centi-points), and
 * its lines carry every player's expected result (sa_line.expected); so do
 * MCTS's in the games with chance (1000 x the mean value in [-1, 1] in
 * turtles and zebras), with expected results in every game.
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
#define SA_OUTCOME_TEXT_MAX 96 /* = SA_MOVE_STR_MAX of game.h */

/* The bounds of sa_limits that sa_search() accepts (SA_ERR_ARGUMENT
 * outside them). Every front end (the Python API, the command line, the
 * protocol, match specs) validates against these, so that a limit is refused
 * alike everywhere. nodes and seed take any uint64_t. */
#define SA_MAX_DEPTH (SA_MAX_PLY - 8) /* plies */
#define SA_MAX_THREADS 64
#define SA_MAX_HASH_MB 65536 /* MiB */
/* 10^12 ms, about 31.7 years: start + movetime cannot overflow */
#define SA_MAX_MOVETIME_MS 1000000000000LL

typedef enum sa_algo {
    SA_ALGO_AUTO = 0, /* the game's default */
    SA_ALGO_ALPHABETA = 1,
    SA_ALGO_MCTS = 2,
    SA_ALGO_EXPECTIMAX = 3 /* the default for games with chance */
} sa_algo;

/* Expectimax's pruning at chance positions (two-player zero-sum games; max-n
 * for more players never prunes). Off is for tests and benchmarks. */
typedef enum sa_pruning {
    SA_PRUNE_AUTO = 0,  /* the best available: Star2 */
    SA_PRUNE_NONE = 1,  /* plain expectimax: every node searched in full */
    SA_PRUNE_STAR1 = 2, /* alpha-beta, and Star1 at chance positions */
    SA_PRUNE_STAR2 = 3  /* Star1, after probing each outcome's first move */
} sa_pruning;

/* Expectimax in a game of more than two players (ostrich): how the other
 * players are assumed to choose. */
typedef enum sa_multiplayer {
    SA_MULTI_AUTO = 0, /* the measured best: margin (docs/strength.md) */
    SA_MULTI_MAXN = 1, /* max-n: each player maximises their own result */
    /* paranoid: the root's mover maximises its own
     * result, every other player minimises it (so
     * alpha-beta and Star1/Star2 apply) */
    SA_MULTI_PARANOID = 2,
    /* margin: max-n's vectors, but each player
     * maximises its result less the mean of the
     * others' (what a race's margin counts) */
    SA_MULTI_MARGIN = 3
} sa_multiplayer;

typedef struct sa_report sa_report;

/* Called by the search after each completed iteration (alpha-beta,
 * expectimax) or every so many simulations (MCTS), on the searching thread. */
typedef void (*sa_progress_fn)(void *user, const sa_report *report);

typedef struct sa_limits {
    int depth;           /* plies, 0..SA_MAX_DEPTH; 0: no depth limit    */
    uint64_t nodes;      /* 0: no node limit                             */
    int64_t movetime_ms; /* 0..SA_MAX_MOVETIME_MS; 0: no time limit      */
    int multipv;         /* lines to report, 1..SA_MAX_MULTIPV           */
    int threads;         /* 1..SA_MAX_THREADS                            */
    uint64_t seed;       /* fixes every random choice                    */
    sa_algo algo;
    size_t hash_mb;          /* table size, 0..SA_MAX_HASH_MB; 0: default (16) */
    int no_table;            /* 1: search without the transposition table    */
    int mcts_evaluate;       /* MCTS leaves: 0 random rollout, 1 evaluate()  */
    volatile int *stop;      /* set non-zero from another thread to stop     */
    sa_progress_fn progress; /* may be NULL                                  */
    void *progress_user;
    /* expectimax only */
    sa_pruning pruning;
    int chance_width;           /* chance positions with more outcomes are    */
                                /* sampled; 0: default (32)                   */
    sa_multiplayer multiplayer; /* more than two players: max-n or paranoid */
} sa_limits;

typedef struct sa_line {
    int32_t score;           /* from the root player's point of view */
    int exact;               /* 1: a proven game result              */
    int n_pv;                /* moves in pv                          */
    char pv[SA_PV_TEXT_MAX]; /* space-separated spellings            */
    /* Expectimax and MCTS: the line's expected result for every player
     * (n_expected of them; 0 from alpha-beta). Two-player zero-sum games:
     * (v + 1) / 2 for the player's expected result v in [-1, 1], i.e. the
     * win probability, a draw counting half. More players: the expected
     * result in the game's units (ostrich: points). */
    int n_expected;
    double expected[SA_MAX_PLAYERS];
} sa_line;

/* One outcome of a chance root (expectimax): its probability is
 * weight / sa_report.total_weight, exactly. */
typedef struct sa_outcome_value {
    char outcome[SA_OUTCOME_TEXT_MAX]; /* its spelling                    */
    uint64_t weight;
    int valued; /* 0: the search stopped before reaching it  */
    int depth;  /* plies searched below it (0: a terminal)  */
    /* who moves after it: a player, SA_CHANCE (-1) or SA_TERMINAL (-2) */
    int to_move;
    /* the best move after it, "" when
     * none (a terminal, a chance
     * position, or not searched) */
    char best[SA_OUTCOME_TEXT_MAX];
    double expected[SA_MAX_PLAYERS]; /* every player's, as sa_line's  */
} sa_outcome_value;

struct sa_report {
    sa_algo algo;   /* the algorithm that ran                  */
    int depth;      /* completed iterations (plies)            */
    int seldepth;   /* deepest ply reached                     */
    uint64_t nodes; /* positions visited (MCTS: simulations)   */
    double seconds; /* wall time so far                        */
    int n_lines;    /* lines[0] is the best                    */
    sa_line lines[SA_MAX_MULTIPV];
    /* two-player zero-sum games, expectimax and MCTS:
     * the mover's expected[] on the best line;
     * alpha-beta: the logistic of the best score
     * (safari/features.h); -1 if none (ostrich) */
    double win_probability;
    /* Score races (ostrich), expectimax max-n and MCTS: every player's
     * chance to win the game, a tie on top counting 1/k for the k tied (they
     * sum to 1), by the game's model (sa_game.win_chances) from the best
     * line's expected[] (a chance root: from the report's expected[]);
     * n_win_chances players, 0 when none (two-player zero-sum games have
     * win_probability; paranoid search has no expected[]). */
    int n_win_chances;
    double win_chances[SA_MAX_PLAYERS];
    /* permille in use of the table (alpha-beta) or
     * of the node arena (MCTS); -1 if none */
    int hashfull;
    /* MCTS session: visits the root already had
     * from earlier searches (tree reuse); else 0 */
    uint64_t reused;
    int threads; /* threads that searched                       */
    /* A chance root (expectimax only): n_lines is 0; expected[] is every
     * player's expected result of the position (the same units as
     * sa_line.expected), and outcomes[0..n_outcomes) each outcome's, most
     * probable first (equal weights by spelling). When every outcome was
     * valued (n_valued == n_outcomes) expected[] is their exact
     * probability-weighted mean at the depth reached; when the first
     * iteration stopped before it reached every outcome, expected[] is the
     * unbiased estimate from the outcomes valued, which were taken in a
     * seeded uniformly random order (docs/search-expectimax.md). outcomes
     * belongs to the report: release it with sa_report_free(). */
    int chance;
    int n_expected;
    double expected[SA_MAX_PLAYERS];
    int n_outcomes;
    int n_valued;
    uint64_t total_weight;
    sa_outcome_value *outcomes;
    /* sa_search_sampled's progress: the copy being searched (from 1); else 0. */
    int sample;
};

/* Releases what a report owns (a chance root's outcomes); harmless on any
 * report that sa_search filled, also on error, and twice. */
void sa_report_free(sa_report *report);

/* Searches `pos` under `limits`; fills `out`. A decision position gets its
 * best lines. A chance position is valued by expectimax (SA_ALGO_AUTO or
 * SA_ALGO_EXPECTIMAX): every outcome and the position's expected result for
 * every player (the roll is a ply: depth d values each outcome d - 1 plies
 * deep); release out->outcomes with sa_report_free().
 * With limits->threads > 1, alpha-beta runs Lazy SMP, MCTS root-parallel
 * trees, expectimax shares the root's moves or outcomes among the threads.
 * Errors: SA_ERR_ARGUMENT for a terminal position, a chance position with
 * another algorithm, a game the algorithm does not serve, or limits out of
 * range. */
sa_status sa_search(const sa_position *pos, const sa_limits *limits, sa_report *out,
                    sa_error *err);

/* Searches `pos` for `player`, who sees only their own hidden tile (ostrich's
 * prediction tiles): `samples` copies of the position with the other players'
 * tiles redrawn (seeded by limits->seed and `player`), each searched by
 * expectimax max-n, their lines averaged (search/predictions.c says how);
 * limits->multipv lines reported, a time limit shared among the copies.
 * Errors (SA_ERR_ARGUMENT, the message naming the problem): samples < 1, an
 * algorithm other than auto/expectimax, paranoid multiplayer, a chance or
 * terminal position, a game without hidden tiles, `player` out of range or
 * holding no tile yet; and sa_search()'s. */
sa_status sa_search_sampled(const sa_position *pos, const sa_limits *limits, int player,
                            int samples, sa_report *out, sa_error *err);

/* Redraws, in `pos`, every dealt hidden tile but `player`'s, uniformly
 * without replacement from the tiles `player` does not hold, by a generator
 * seeded by `seed` (what each copy of sa_search_sampled is). SA_ERR_ARGUMENT:
 * a game without hidden tiles, `player` out of range or holding none. */
sa_status sa_position_redraw_hidden(sa_position *pos, int player, uint64_t seed,
                                    sa_error *err);

/* The algorithm sa_search() runs at `pos` under `limits`: limits->algo, or
 * for SA_ALGO_AUTO the default for the game and the number of players
 * (docs/search-expectimax.md, "Which algorithm auto picks"). */
sa_algo sa_search_algo(const sa_position *pos, const sa_limits *limits);

/* -- MCTS that keeps its tree between moves (tree reuse) -----------------
 *
 * A session holds one MCTS tree. Each search grows it; telling the session
 * the moves and chance outcomes actually played keeps the subtree below
 * them, so the next search starts with the visits already made there:
 *
 *     sa_mcts_session *s = sa_mcts_session_new();
 *     sa_mcts_session_search(s, pos, &limits, &report, &err);  // fresh tree
 *     sa_mcts_session_advance(s, "d1xd3", &err);  // our move
 *     sa_mcts_session_advance(s, "d7xd5", &err);  // theirs (and any rolls)
 *     sa_mcts_session_search(s, pos2, &limits, &report, &err); // report.reused > 0
 *     sa_mcts_session_free(s);
 *
 * The session never trusts that it is told the truth: a search compares the
 * position it is given with the tree's root (same game, Zobrist key, and
 * state, or canonical JSON when the bytes differ) and searches a fresh tree
 * when they differ. It also starts afresh when the leaf evaluator
 * (limits->mcts_evaluate) changed since the tree was built.
 *
 * Memory: a fresh tree is sized as a one-shot search's (sa_search); a reused
 * one grows to hold the kept nodes plus that much room again, but without a
 * node limit never beyond twice it (the search then stops when it is full,
 * as a one-shot search does).
 *
 * Threads: a session serves one call at a time (searches, advances and
 * clears must not overlap; the caller serialises them). With
 * limits->threads > 1 the search is root-parallel as sa_search's: the
 * calling thread grows the session's tree, and each helper thread searches
 * a fresh tree of its own that is dropped afterwards; only the session's
 * tree is reused (report.reused counts its visits only).
 */
typedef struct sa_mcts_session sa_mcts_session;

/* An empty session (no tree); NULL when out of memory. */
sa_mcts_session *sa_mcts_session_new(void);
void sa_mcts_session_free(sa_mcts_session *session);

/* Drops the tree; the next search starts afresh. */
void sa_mcts_session_clear(sa_mcts_session *session);

/* Searches `pos` (a decision position) by MCTS under `limits` (limits->algo
 * is ignored), reusing the tree when `pos` is its root. out->nodes counts
 * this search's simulations, out->reused the root visits it started with.
 * Errors as sa_search(); on error the tree is kept as it was. */
sa_status sa_mcts_session_search(sa_mcts_session *session, const sa_position *pos,
                                 const sa_limits *limits, sa_report *out, sa_error *err);

/* Plays the move or chance outcome spelled `move` at the tree's root: its
 * subtree becomes the tree (when it was never searched, an empty tree at the
 * new root). SA_ERR_MOVE, naming the move, when it is not legal at the root
 * (the tree is then unchanged). Without a tree (a new or cleared session)
 * there is nothing to keep: SA_OK, nothing done. */
sa_status sa_mcts_session_advance(sa_mcts_session *session, const char *move,
                                  sa_error *err);

/* The tree's root position (borrowed: valid until the session changes), or
 * NULL without a tree. */
const sa_position *sa_mcts_session_root(const sa_mcts_session *session);

/* Visits of the root, and nodes in the tree (0 without a tree). */
uint64_t sa_mcts_session_visits(const sa_mcts_session *session);
uint64_t sa_mcts_session_nodes(const sa_mcts_session *session);

/* Visits of the root's child reached by `move` (0 when the move was never
 * searched, is not legal at the root, or there is no tree). */
uint64_t sa_mcts_session_child_visits(const sa_mcts_session *session, const char *move);

/* Milliseconds on a monotonic clock. */
int64_t sa_now_ms(void);

#endif /* SAFARI_SEARCH_H */
