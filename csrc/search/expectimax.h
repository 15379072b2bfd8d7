/* search/expectimax.h: what the three expectimax files share (internal).
 *
 *   expectimax.c         the search: Star1/Star2 for two-player zero-sum
 *                        games, max-n for more players, iterative deepening
 *   expectimax_chance.c  the outcomes a chance position is searched over
 *                        (all of them, or the most probable plus a sample)
 *   expectimax_table.c   a transposition table whose entries hold a value
 *                        per player (common/tt.h holds one int32 score)
 *   expectimax_root.c    the root: iterative deepening over the root's moves
 *                        (a decision) or outcomes (a chance position), the
 *                        threads that share them out, and the report
 *
 * Values are doubles. Two-player zero-sum mode keeps one value, the expected
 * result for player 0 in [-1, 1]; max-n keeps one expected result per player,
 * in the game's result units (ostrich: points 0..24); paranoid keeps one
 * value, the root mover's expected result in the game's units.
 */
#ifndef SAFARI_SEARCH_EXPECTIMAX_H
#define SAFARI_SEARCH_EXPECTIMAX_H

#include <stdint.h>

#include "safari/game.h"
#include "safari/search.h"
#include "search/shared.h"

/* -- value models -------------------------------------------------------- */

typedef enum ex_mode {
    EX_TWO_PLAYER = 0, /* zero-sum: player 0's result, 1 minimises it   */
    EX_MAXN = 1,       /* a vector: every player's result               */
    EX_PARANOID = 2,   /* the root mover's result; all others minimise  */
    /* max-n's vector; each chooser maximises its result less the mean of the others' */
    EX_MARGIN = 3
} ex_mode;

/* The value model a search of `root` under `limits` uses: two-player for a
 * game of at most two players; else max-n, paranoid or margin as
 * limits->multiplayer says (SA_MULTI_AUTO: the measured best). A chance root
 * is valued by max-n or margin (both keep every player's expected result
 * for its report), never paranoid: no one chooses there to be paranoid for. */
ex_mode ex_mode_for(const sa_game *game, const void *root, const sa_limits *limits);

/* What the player `me` maximises in a vector of n expected results: its own
 * (max-n) or its own less the mean of the others' (margin). */
static inline double ex_choice_key(int margin, const double *values, int n, int me)
{
    if (!margin || n < 2)
        return values[me];
    double others = 0.0;
    for (int p = 0; p < n; p++)
        if (p != me)
            others += values[p];
    return values[me] - others / (n - 1);
}

/* -- chance positions ---------------------------------------------------- */

/* Below the first chance layer under the root, a chance position with more
 * outcomes than its sample size is estimated from a sample; the size grows
 * with the depth left: width * (1 + (depth - 1) / 2), width =
 * limits->chance_width. With chance_width 0 (the default: width 32) the
 * first chance layer below the root is searched whole as well (as the root
 * always is); a width the caller gives applies to that layer too. */
#define EX_CHANCE_WIDTH_DEFAULT 32

/* One outcome as generated: its weight and its place in the game's list
 * (ties in weight keep that order, so the ranking is deterministic). */
typedef struct ex_ranked {
    uint64_t weight;
    double prob;
    int index;
} ex_ranked;

/* The outcomes searched at one chance position: moves[0..n) with
 * probabilities prob[0..n) that sum to 1, most probable first. Every array
 * has room for game->max_chance_outcomes. */
typedef struct ex_chance {
    int n;
    int sampled; /* 1: an estimate from a sample, not every outcome */
    sa_move *moves;
    double *prob;
    sa_move *raw_moves; /* scratch: the game's list                        */
    uint64_t *weights;  /* scratch                                         */
    ex_ranked *ranked;  /* scratch                                         */
    int *draws;         /* scratch                                         */
} ex_chance;

/* Fills `set` for the chance position `state`. With n <= width outcomes (or
 * width <= 0): every one, probability weight / sum. With more: `width`
 * systematic points proportional to weight, an outcome picked c times worth
 * c / width (unbiased, stratified along the game's order); equal picks are
 * merged. The points are seeded by (seed, the position's hash), so a
 * position gets the same sample wherever and whenever it is searched. */
void ex_chance_collect(const sa_game *game, const void *state, int width, uint64_t seed,
                       ex_chance *set);

/* -- the table ----------------------------------------------------------- */

#define EX_TABLE_VALUES 6 /* max-n values per entry; more players: no table */
#define EX_NO_MOVE (-1)

typedef struct ex_entry {
    uint64_t key;
    int16_t depth;
    uint8_t bound; /* SA_BOUND_* of common/tt.h              */
    uint8_t used;
    int32_t move_index; /* best move's index in legal_moves order */
    double value[EX_TABLE_VALUES];
} ex_entry; /* 64 bytes: one cache line               */

typedef struct ex_table {
    ex_entry *entries; /* buckets of 2: depth-preferred, always  */
    uint64_t mask;     /* buckets - 1                            */
} ex_table;

/* About `megabytes` MiB; 0 when out of memory. */
int ex_table_init(ex_table *table, size_t megabytes);
void ex_table_free(ex_table *table);

/* The entry of `key`, or NULL. */
const ex_entry *ex_table_probe(const ex_table *table, uint64_t key);

/* Stores n_values values (n_values <= EX_TABLE_VALUES). */
void ex_table_store(ex_table *table, uint64_t key, int depth, int bound, int move_index,
                    const double *values, int n_values);

/* -- one search (one thread) ---------------------------------------------- */

/* Per-ply scratch. */
typedef struct ex_frame {
    sa_move *moves;        /* legal moves, the table's move first */
    int *index;            /* their places in legal_moves order   */
    ex_chance chance;      /* the outcomes searched               */
    double *lower, *upper; /* Star2: bounds on each outcome       */
    unsigned char *child;
    double values[SA_MAX_PLAYERS]; /* max-n: a child's vector            */
} ex_frame;

typedef struct ex_search {
    const sa_game *game;
    int n_players;
    int maxn;     /* 1: vectors; 0: one value, maximiser's */
    int paranoid; /* 1: one value, the root mover's        */
    /* 1 (with maxn): choosers maximise their margin over the others' mean */
    int margin;
    int maximiser;          /* the player whose value a scalar is:   */
                            /* 0 (two players), the root's mover     */
    double lowest, highest; /* scalar values lie in [lowest, highest] */
    int pruning;            /* SA_PRUNE_NONE, _STAR1 or _STAR2      */
    int width;              /* chance positions above: sampled      */
    uint64_t seed;
    ex_table table;
    int use_table;
    sa_clock clock;
    volatile int *abort; /* raised when another thread stopped   */
    uint64_t nodes;
    int seldepth;
    int stopped;
    /* is_chance[ply]: the node searched at `ply` on the current path is a
     * chance position (plies >= 1; the root's outcomes are always whole) */
    unsigned char is_chance[SA_MAX_PLY + 1];
    /* 1: the first chance layer below the root is searched whole; 0: it is
     * sampled too (the root's cheap pass, expectimax_root.c) */
    int whole_first;
    /* 0: chance_width was given; it rules the first layer too */
    int may_whole_first;
    uint64_t first_sampled; /* first-layer positions sampled so far */
    unsigned char *block;   /* backs every frame                    */
    ex_frame frames[SA_MAX_PLY + 1];
    sa_move pv[SA_MAX_PLY + 1][SA_MAX_PLY + 1];
    int pv_len[SA_MAX_PLY + 1];
} ex_search;

#define EX_INF 1e9 /* an open window's edge */

/* A search of `root`'s game under `limits` with a table of `table_mb` MiB
 * (when limits allow a table), its clock started; NULL when out of memory.
 * `abort` is read with the clock: non-zero stops the search. */
ex_search *ex_new(const sa_game *game, const void *root, const sa_limits *limits,
                  size_t table_mb, volatile int *abort);
void ex_free(ex_search *s);

/* The maximiser's expected result of `state` (two players: player 0's, in
 * [-1, 1]; paranoid: the root mover's), searched `depth` plies, exact inside
 * (alpha, beta). */
double ex_star_node(ex_search *s, const void *state, int ply, int depth, double alpha,
                    double beta);

/* The evaluation's values of `state` as the horizon reads them, for every
 * player (two-player mode: v and -v). */
void ex_horizon_values(const ex_search *s, const void *state, double *out);

/* Every player's expected result of `state` into out[0..n_players) (max-n). */
void ex_maxn_node(ex_search *s, const void *state, int ply, int depth, double *out);

#endif
