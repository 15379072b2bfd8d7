/* search/rollout_impl.h: the random rollout, a "template" compiled once per
 * game by a small instantiation file (as search/alphabeta_impl.h; see
 * docs/design.md, "Search: one algorithm, a copy per game").
 *
 * The includer defines, then includes this file once (it #undefs them all):
 *
 *   GAME_STATE                  the state type (void for the generic copy)
 *   GAME_TO_MOVE(g, st)         player index, SA_CHANCE or SA_TERMINAL
 *   GAME_LEGAL_MOVES(g, st, o)  writes the moves to o, returns their count
 *   GAME_APPLY(g, st, m)        plays m on st
 *   GAME_HAS_CHANCE             1: the copy samples chance positions, with
 *   GAME_CHANCE_OUTCOMES(g, st, o, w)  (only needed then) outcomes, weights
 *   GAME_FN(name)               the exported name of the copy's `name`
 *   GAME_RANDOM_MOVE(g, st, o, rng)  optional: moves[sa_rng_below(rng, n)]
 *                               of the n legal moves, found the game's own
 *                               faster way (same draw, same move)
 *
 * `g` is the `const sa_game *`; a specialised copy ignores it. The copy
 * exports GAME_FN(rollout), an sa_rollout_fn (search/rollout.h).
 */
#include "search/rollout.h"

#if !defined(GAME_STATE) || !defined(GAME_TO_MOVE) || !defined(GAME_LEGAL_MOVES)
#error "define GAME_STATE, GAME_TO_MOVE and GAME_LEGAL_MOVES before rollout_impl.h"
#endif
#if !defined(GAME_APPLY) || !defined(GAME_HAS_CHANCE) || !defined(GAME_FN)
#error "define GAME_APPLY, GAME_HAS_CHANCE and GAME_FN before rollout_impl.h"
#endif
#if GAME_HAS_CHANCE && !defined(GAME_CHANCE_OUTCOMES)
#error "define GAME_CHANCE_OUTCOMES before rollout_impl.h"
#endif

#if GAME_HAS_CHANCE
/* An outcome of chance position `st`, drawn with probability weight / total
 * (the same draw as MCTS's selection at chance nodes). */
static sa_move random_outcome(const sa_game *game, const GAME_STATE *st, sa_move *moves,
                              uint64_t *weights, sa_rng *rng)
{
    int n = GAME_CHANCE_OUTCOMES(game, st, moves, weights);
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += weights[i];
    uint64_t r = sa_rng_below(rng, total);
    int i = 0;
    while (r >= weights[i])
        r -= weights[i++];
    return moves[i];
}
#endif

/* A random move of `st`, whose player is `who`: uniform among the legal
 * moves, or a chance outcome by weight. */
static inline sa_move random_choice(const sa_game *game, const GAME_STATE *st, int who,
                                    sa_move *moves, uint64_t *weights, sa_rng *rng)
{
#if GAME_HAS_CHANCE
    if (who == SA_CHANCE)
        return random_outcome(game, st, moves, weights, rng);
#endif
    (void)game, (void)who, (void)weights;
#ifdef GAME_RANDOM_MOVE
    return GAME_RANDOM_MOVE(game, st, moves, rng);
#else
    int n = GAME_LEGAL_MOVES(game, st, moves);
    return moves[sa_rng_below(rng, (uint64_t)n)];
#endif
}

int GAME_FN(rollout)(const sa_game *game, void *state, sa_move *moves, uint64_t *weights,
                     sa_rng *rng, int max_plies)
{
    GAME_STATE *st = state;
    int ply = 0;
    for (; ply < max_plies; ply++) {
        int who = GAME_TO_MOVE(game, st);
        if (who == SA_TERMINAL)
            break;
        GAME_APPLY(game, st, random_choice(game, st, who, moves, weights, rng));
    }
    return ply;
}

#undef GAME_STATE
#undef GAME_TO_MOVE
#undef GAME_LEGAL_MOVES
#undef GAME_APPLY
#undef GAME_HAS_CHANCE
#undef GAME_CHANCE_OUTCOMES
#undef GAME_FN
#undef GAME_RANDOM_MOVE
