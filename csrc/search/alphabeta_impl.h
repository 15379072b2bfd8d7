/* search/alphabeta_impl.h: the node code of alpha-beta, a "template" that a
 * small instantiation file compiles for one game (msgpack's idiom; see
 * docs/design.md, "Search: one algorithm, a copy per game").
 *
 * Negamax with principal-variation search over a transposition table, with
 * the table move, two killers and history ordering (helpers in
 * search/alphabeta.h), win/loss-in-N scores, and MultiPV by excluding root
 * moves. Iterative deepening, threads and the report are the driver's
 * (search/alphabeta.c), which calls GAME_FN(search_root) once per root search.
 *
 * A player may move several times in a row (turtles' effects phase, zebras'
 * player without tokens), so a node's value is always from the point of view
 * of the player to move there, and a child's value changes sign only when the
 * player changes (child_value()).
 *
 * The includer defines, then includes this file once (it #undefs them all):
 *
 *   GAME_STATE                  the state type (void for the generic copy)
 *   GAME_STATE_SIZE(g)          bytes of a state (a constant when specialised)
 *   GAME_TO_MOVE(g, st)         player index or SA_TERMINAL
 *   GAME_LEGAL_MOVES(g, st, o)  writes the moves to o, returns their count
 *   GAME_APPLY(g, st, m)        plays m on st
 *   GAME_HASH(g, st)            the Zobrist key of st
 *   GAME_RESULT(g, st, o)       terminal results, one int32_t per player
 *   GAME_HAS_EVALUATE(g)        0 when the game has no evaluation (then 0)
 *   GAME_EVALUATE(g, st, p)     heuristic value of st for player p
 *   GAME_FN(name)               the exported name of the copy's `name`
 *
 * `g` is the `const sa_game *` being searched; a specialised copy ignores it
 * and calls the game's own functions directly, so its arguments are never
 * evaluated there. The copy exports one function:
 *
 *   sa_status GAME_FN(alphabeta)(const sa_game *game, const void *root,
 *                                const sa_limits *limits, sa_report *out,
 *                                sa_error *err);
 */
#include <assert.h>
#include <string.h>

#include "search/alphabeta.h"

#if !defined(GAME_STATE) || !defined(GAME_STATE_SIZE) || !defined(GAME_TO_MOVE)
#error "define GAME_STATE, GAME_STATE_SIZE and GAME_TO_MOVE before alphabeta_impl.h"
#endif
#if !defined(GAME_LEGAL_MOVES) || !defined(GAME_APPLY) || !defined(GAME_HASH)
#error "define GAME_LEGAL_MOVES, GAME_APPLY and GAME_HASH before alphabeta_impl.h"
#endif
#if !defined(GAME_RESULT) || !defined(GAME_HAS_EVALUATE) || !defined(GAME_EVALUATE)
#error "define GAME_RESULT, GAME_HAS_EVALUATE and GAME_EVALUATE before alphabeta_impl.h"
#endif
#ifndef GAME_FN
#error "define GAME_FN before alphabeta_impl.h"
#endif

/* -- leaves ------------------------------------------------------------ */

/* The result for `me` at a terminal position `ply` plies from the root.
 * (`game` is unused by a specialised copy.) */
static int32_t terminal_score(const sa_game *game, const GAME_STATE *state, int me,
                              int ply)
{
    int32_t results[16];
    (void)game;
    GAME_RESULT(game, state, results);
    if (results[me] > 0)
        return SA_SCORE_WIN - ply;
    if (results[me] < 0)
        return -(SA_SCORE_WIN - ply);
    return 0;
}

/* The heuristic value of a horizon position for `me`. */
static int32_t static_score(const sa_game *game, const GAME_STATE *state, int me)
{
    (void)game;
    if (!GAME_HAS_EVALUATE(game))
        return 0;
    return ab_cap_heuristic(GAME_EVALUATE(game, state, me));
}

/* -- the search -------------------------------------------------------- */

static int32_t node(ab_search *s, const GAME_STATE *state, int ply, int depth,
                    int32_t alpha, int32_t beta);

/* The value of `child` for player `me`, who moved into it, searched with
 * me's window (alpha, beta). */
static int32_t child_value(ab_search *s, const GAME_STATE *child, int me, int ply,
                           int depth, int32_t alpha, int32_t beta)
{
    int who = GAME_TO_MOVE(s->game, child);
    if (who == SA_TERMINAL) {
        s->nodes++;
        s->pv_len[ply] = 0;
        return terminal_score(s->game, child, me, ply);
    }
    if (who == me)
        return node(s, child, ply, depth, alpha, beta);
    return -node(s, child, ply, depth, -beta, -alpha);
}

/* The child for move m in frame f, searched by PVS: the first move with the
 * full window, the others with a null window, again in full if they fail
 * high inside it. */
static int32_t pvs_child(ab_search *s, const GAME_STATE *state, ab_frame *f, sa_move m,
                         int first, int me, int ply, int depth, int32_t alpha,
                         int32_t beta)
{
    GAME_STATE *child = (GAME_STATE *)f->child;
    memcpy(child, state, GAME_STATE_SIZE(s->game));
    GAME_APPLY(s->game, child, m);
    if (first)
        return child_value(s, child, me, ply + 1, depth - 1, alpha, beta);
    int32_t v = child_value(s, child, me, ply + 1, depth - 1, alpha, alpha + 1);
    if (v > alpha && v < beta && !s->stopped)
        v = child_value(s, child, me, ply + 1, depth - 1, alpha, beta);
    return v;
}

/* Step 1. limits. Step 2. horizon. Step 3. table. Step 4. moves, ordered.
 * Step 5. PVS over the moves. Step 6. store. Value for the player to move. */
static int32_t node(ab_search *s, const GAME_STATE *state, int ply, int depth,
                    int32_t alpha, int32_t beta)
{
    s->pv_len[ply] = 0;
    if ((++s->nodes & AB_CHECK_EVERY) == 0 && ab_expired(s))
        s->stopped = 1;
    if (s->stopped)
        return 0;
    if (ply > s->seldepth)
        s->seldepth = ply;
    int me = GAME_TO_MOVE(s->game, state);
    if (depth <= 0 || ply >= SA_MAX_PLY)
        return static_score(s->game, state, me);

    uint64_t key = GAME_HASH(s->game, state);
    int tt_index;
    int32_t cutoff;
    if (ab_probe(s, key, ply, depth, alpha, beta, &tt_index, &cutoff))
        return cutoff;

    ab_frame *f = &s->frames[ply];
    int n = GAME_LEGAL_MOVES(s->game, state, f->moves);
    ab_score_moves(s, f, n, ply, me, tt_index < n ? tt_index : -1);

    int32_t best = -AB_INF, alpha0 = alpha;
    int best_index = SA_TT_NO_MOVE, searched = 0;
    for (int i = 0; i < n; i++) {
        ab_pick_next(f, i, n);
        sa_move m = f->moves[i];
        if (ply == 0 && ab_is_excluded(s, m))
            continue;
        int32_t v =
            pvs_child(s, state, f, m, searched++ == 0, me, ply, depth, alpha, beta);
        if (s->stopped)
            return 0;
        if (v <= best)
            continue;
        best = v;
        best_index = f->index[i];
        if (v > alpha) {
            alpha = v;
            ab_update_pv(s, ply, m);
            if (v >= beta) {
                ab_reward_cutoff(s, ply, me, m, depth);
                break;
            }
        }
    }
    if (searched == 0) /* every root move excluded */
        return -AB_INF;
    ab_store(s, key, ply, depth, best, alpha0, beta, best_index);
    return best;
}

static int32_t search_root(ab_search *s, const void *root, int depth)
{
    return node(s, root, 0, depth, -AB_INF, AB_INF);
}

sa_status GAME_FN(alphabeta)(const sa_game *game, const void *root,
                             const sa_limits *limits, sa_report *out, sa_error *err)
{
    assert(game->state_size == GAME_STATE_SIZE(game));
    return sa_alphabeta_run(game, search_root, root, limits, out, err);
}

#undef GAME_STATE
#undef GAME_STATE_SIZE
#undef GAME_TO_MOVE
#undef GAME_LEGAL_MOVES
#undef GAME_APPLY
#undef GAME_HASH
#undef GAME_RESULT
#undef GAME_HAS_EVALUATE
#undef GAME_EVALUATE
#undef GAME_FN
