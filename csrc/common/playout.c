/* common/playout.c: seeded random playouts over the game interface.
 *
 * A playout picks uniformly among the legal moves and draws chance outcomes by
 * their weights, until the game ends, with copy-make as a search does it. Used
 * to measure a game's raw speed (bench/, sa_cli playouts) with a count of plies
 * that is deterministic for a seed, so that two builds can be compared.
 */
#include <stdlib.h>
#include <string.h>

#include "common/rng.h"
#include "safari/game.h"

/* Index of an outcome drawn with probability weights[i] / sum. */
static int pick_weighted(sa_rng *rng, const uint64_t *weights, int n)
{
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += weights[i];
    uint64_t r = sa_rng_below(rng, total);
    for (int i = 0; i < n; i++) {
        if (r < weights[i])
            return i;
        r -= weights[i];
    }
    return n - 1;
}

/* Plays one random game from `state` (overwritten); returns its plies. */
static uint64_t play_one(const sa_game *g, unsigned char *state, unsigned char *child,
                         sa_move *moves, uint64_t *weights, sa_rng *rng)
{
    uint64_t plies = 0;
    for (;;) {
        int who = g->to_move(state);
        if (who == SA_TERMINAL)
            return plies;
        int n, i;
        if (who == SA_CHANCE) {
            n = g->chance_outcomes(state, moves, weights);
            i = pick_weighted(rng, weights, n);
        } else {
            n = g->legal_moves(state, moves);
            i = (int)sa_rng_below(rng, (uint64_t)n);
        }
        memcpy(child, state, g->state_size);
        g->apply(child, moves[i]);
        memcpy(state, child, g->state_size);
        plies++;
    }
}

uint64_t sa_random_playouts(const sa_position *pos, uint64_t games, uint64_t seed)
{
    const sa_game *g = sa_position_game_rules(pos);
    int cap =
        g->max_moves > g->max_chance_outcomes ? g->max_moves : g->max_chance_outcomes;
    unsigned char *state = malloc(g->state_size), *child = malloc(g->state_size);
    sa_move *moves = malloc(sizeof *moves * (size_t)cap);
    uint64_t *weights = malloc(sizeof *weights * (size_t)cap);
    uint64_t plies = 0;
    if (state != NULL && child != NULL && moves != NULL && weights != NULL) {
        sa_rng rng;
        sa_rng_seed(&rng, seed);
        for (uint64_t k = 0; k < games; k++) {
            memcpy(state, sa_position_state(pos), g->state_size);
            plies += play_one(g, state, child, moves, weights, &rng);
        }
    }
    free(state);
    free(child);
    free(moves);
    free(weights);
    return plies;
}
