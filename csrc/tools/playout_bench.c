/* tools/playout_bench.c: random-playout speed of any registered game, through
 * its sa_game function table (one indirect call per primitive, as the generic
 * search pays it), with copy-make as the search does it.
 *
 *   playout_bench GAME [PLAYOUTS] [SEED]
 *
 * Each playout starts from the game's start position and picks uniformly among
 * the legal moves (chance outcomes by their weights) until the game ends.
 * Prints playouts/s, plies/s and the total number of plies (a deterministic
 * count for a given seed, so two builds can be compared).
 *
 * Build (from csrc/, after `make`):
 *   cc -O3 -DNDEBUG -std=c11 -Iinclude -I. -D_POSIX_C_SOURCE=200809L \
 *      tools/playout_bench.c build/libsafari.a -o build/playout_bench
 * (build/libsafari.a from `make` is -O2 with asserts on; for release numbers
 * build the library with CFLAGS="-O3 -DNDEBUG" in a clean build/.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/rng.h"
#include "safari/game.h"

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

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

/* Plays one random game from `start`; returns its number of plies. */
static long playout(const sa_game *g, const void *start, unsigned char *state,
                    unsigned char *child, sa_move *moves, uint64_t *weights, sa_rng *rng)
{
    long plies = 0;
    memcpy(state, start, g->state_size);
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
        memcpy(child, state, g->state_size); /* copy-make, as a search would */
        g->apply(child, moves[i]);
        memcpy(state, child, g->state_size);
        plies++;
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: playout_bench GAME [PLAYOUTS] [SEED]\n");
        return 2;
    }
    const sa_game *g = sa_game_find(argv[1]);
    if (g == NULL) {
        fprintf(stderr, "unknown game %s\n", argv[1]);
        return 1;
    }
    long playouts = argc > 2 ? atol(argv[2]) : 100000;
    uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    int cap = g->max_moves > g->max_chance_outcomes ? g->max_moves : g->max_chance_outcomes;
    unsigned char *start = malloc(g->state_size), *state = malloc(g->state_size);
    unsigned char *child = malloc(g->state_size);
    sa_move *moves = malloc(sizeof *moves * (size_t)cap);
    uint64_t *weights = malloc(sizeof *weights * (size_t)cap);
    sa_error err;
    if (!start || !state || !child || !moves || !weights ||
        g->new_position(start, NULL, &err) != SA_OK) {
        fprintf(stderr, "cannot set up %s\n", argv[1]);
        return 1;
    }
    sa_rng rng;
    sa_rng_seed(&rng, seed);
    long plies = 0;
    double t0 = now_seconds();
    for (long k = 0; k < playouts; k++)
        plies += playout(g, start, state, child, moves, weights, &rng);
    double dt = now_seconds() - t0;
    printf("%s: %ld playouts, %ld plies in %.3f s: %.0f playouts/s, %.2f Mplies/s, "
           "%.1f ns/ply\n", g->name, playouts, plies, dt, (double)playouts / dt,
           (double)plies / dt / 1e6, 1e9 * dt / (double)plies);
    free(start), free(state), free(child), free(moves), free(weights);
    return 0;
}
