/* search/alphabeta.h: what every compiled copy of alpha-beta shares. Internal.
 *
 * Alpha-beta is written once and compiled once per game (see
 * search/alphabeta_impl.h). The parts that never touch a position live here
 * and in search/alphabeta.c:
 *   - the search state (ab_search) and its per-ply frames;
 *   - game-independent helpers of a node (table scores, move ordering, the
 *     principal variation), static inline so that each copy inlines them;
 *   - the driver sa_alphabeta_run() (alphabeta.c): iterative deepening,
 *     MultiPV, Lazy SMP threads and the report, which reaches a copy's node
 *     code through one function pointer called once per root search.
 */
#ifndef SAFARI_SEARCH_ALPHABETA_H
#define SAFARI_SEARCH_ALPHABETA_H

#include <stdint.h>
#include <string.h>

#include "common/tt.h"
#include "search/searcher.h"
#include "search/shared.h"

#define AB_INF (SA_SCORE_WIN + 1)
#define AB_HISTORY_BITS 12
#define AB_CHECK_EVERY 1023 /* nodes between clock checks, minus one */

typedef struct ab_search ab_search;

/* A copy's whole-tree search from the root (ply 0, window -INF..INF) at
 * `depth`: the value for the player to move at `root`. */
typedef int32_t ab_root_fn(ab_search *s, const void *root, int depth);

/* Per-ply scratch: the moves, their ordering scores and generation indexes,
 * and the child state. */
typedef struct ab_frame {
    sa_move *moves;
    int32_t *order;
    int32_t *index;
    unsigned char *child; /* 16-byte aligned          */
} ab_frame;

struct ab_search {
    const sa_game *game;
    ab_root_fn *search_root; /* the copy compiled for game */
    sa_tt *tt;               /* shared by all threads     */
    int use_table;           /* 0: never probe or store   */
    sa_clock clock;
    volatile int *abort; /* helpers: set when done    */
    uint64_t nodes;
    int seldepth;
    int stopped;
    unsigned char *block; /* backs every frame        */
    ab_frame frames[SA_MAX_PLY + 1];
    sa_move killers[SA_MAX_PLY + 1][2];
    int32_t history[2][1 << AB_HISTORY_BITS];
    sa_move pv[SA_MAX_PLY + 1][SA_MAX_PLY + 1]; /* triangular PV table      */
    int pv_len[SA_MAX_PLY + 1];
    sa_move excluded[SA_MAX_MULTIPV]; /* root moves of found lines */
    int n_excluded;
};

/* The driver (alphabeta.c): searches `root` of `game` within `limits` with
 * the node code `search_root` compiled for that game, and fills `out`. */
sa_status sa_alphabeta_run(const sa_game *game, ab_root_fn *search_root, const void *root,
                           const sa_limits *limits, sa_report *out, sa_error *err);

/* -- scores ------------------------------------------------------------ */

/* A heuristic value capped below the proven-result range. */
static inline int32_t ab_cap_heuristic(int32_t v)
{
    const int32_t cap = SA_SCORE_WIN_MIN - 1;
    return v > cap ? cap : v < -cap ? -cap : v;
}

/* Win/loss scores are stored relative to the node, not the root. */
static inline int32_t ab_score_to_tt(int32_t v, int ply)
{
    return v >= SA_SCORE_WIN_MIN ? v + ply : v <= -SA_SCORE_WIN_MIN ? v - ply : v;
}

static inline int32_t ab_score_from_tt(int32_t v, int ply)
{
    return v >= SA_SCORE_WIN_MIN ? v - ply : v <= -SA_SCORE_WIN_MIN ? v + ply : v;
}

/* -- move ordering ----------------------------------------------------- */

static inline int32_t *ab_history_slot(ab_search *s, int me, sa_move m)
{
    uint64_t h = (m ^ (m >> 29)) * 0x9E3779B97F4A7C15ULL;
    return &s->history[me & 1][h >> (64 - AB_HISTORY_BITS)];
}

static inline void ab_score_moves(ab_search *s, ab_frame *f, int n, int ply, int me,
                                  int tt_index)
{
    for (int i = 0; i < n; i++) {
        sa_move m = f->moves[i];
        f->index[i] = i;
        if (i == tt_index)
            f->order[i] = 1 << 30;
        else if (m == s->killers[ply][0])
            f->order[i] = 1 << 29;
        else if (m == s->killers[ply][1])
            f->order[i] = 1 << 28;
        else
            f->order[i] = *ab_history_slot(s, me, m);
    }
}

/* Moves the best-ordered of moves[i..n) to i (a stable selection step). */
static inline void ab_pick_next(ab_frame *f, int i, int n)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (f->order[j] > f->order[best])
            best = j;
    if (best == i)
        return;
    sa_move m = f->moves[best];
    int32_t o = f->order[best], x = f->index[best];
    for (int j = best; j > i; j--) {
        f->moves[j] = f->moves[j - 1];
        f->order[j] = f->order[j - 1];
        f->index[j] = f->index[j - 1];
    }
    f->moves[i] = m;
    f->order[i] = o;
    f->index[i] = x;
}

static inline void ab_reward_cutoff(ab_search *s, int ply, int me, sa_move m, int depth)
{
    if (s->killers[ply][0] != m) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = m;
    }
    int32_t *h = ab_history_slot(s, me, m);
    *h += depth * depth;
    if (*h > (1 << 26))
        for (int p = 0; p < 2; p++)
            for (int k = 0; k < (1 << AB_HISTORY_BITS); k++)
                s->history[p][k] /= 2;
}

static inline int ab_is_excluded(const ab_search *s, sa_move m)
{
    for (int k = 0; k < s->n_excluded; k++)
        if (s->excluded[k] == m)
            return 1;
    return 0;
}

/* -- node bookkeeping -------------------------------------------------- */

static inline int ab_expired(const ab_search *s)
{
    if (s->abort != NULL)
        return *s->abort;
    return sa_clock_expired(&s->clock, s->nodes);
}

static inline void ab_update_pv(ab_search *s, int ply, sa_move m)
{
    s->pv[ply][0] = m;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], sizeof(sa_move) * (size_t)s->pv_len[ply + 1]);
    s->pv_len[ply] = s->pv_len[ply + 1] + 1;
}

/* Looks `key` up. Sets *tt_index to the stored move's index (-1: none);
 * returns 1 with *cutoff set when the stored bound settles the node. */
static inline int ab_probe(ab_search *s, uint64_t key, int ply, int depth, int32_t alpha,
                           int32_t beta, int *tt_index, int32_t *cutoff)
{
    sa_tt_hit hit;
    *tt_index = -1;
    if (!s->use_table || !sa_tt_probe(s->tt, key, &hit))
        return 0;
    *tt_index = hit.move_index == SA_TT_NO_MOVE ? -1 : hit.move_index;
    if (ply == 0 || hit.depth < depth)
        return 0;
    int32_t v = ab_score_from_tt(hit.score, ply);
    if (hit.bound == SA_BOUND_EXACT || (hit.bound == SA_BOUND_LOWER && v >= beta) ||
        (hit.bound == SA_BOUND_UPPER && v <= alpha)) {
        *cutoff = v;
        return 1;
    }
    return 0;
}

/* Stores a node's result (not at a MultiPV root with moves excluded, whose
 * value is not the position's). */
static inline void ab_store(ab_search *s, uint64_t key, int ply, int depth, int32_t best,
                            int32_t alpha0, int32_t beta, int best_index)
{
    if (!s->use_table || (ply == 0 && s->n_excluded != 0))
        return;
    int bound = best >= beta    ? SA_BOUND_LOWER
                : best > alpha0 ? SA_BOUND_EXACT
                                : SA_BOUND_UPPER;
    sa_tt_store(s->tt, key, ab_score_to_tt(best, ply), depth, bound, best_index);
}

#endif /* SAFARI_SEARCH_ALPHABETA_H */
