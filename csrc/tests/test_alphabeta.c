/* tests/test_alphabeta.c: the copies of alpha-beta compiled per game
 * (turtles_alphabeta, zebras_alphabeta) against the generic copy over the
 * function table (sa_alphabeta), which compiles the same source.
 *
 * They must agree exactly: node counts, depth, seldepth, every line's score
 * and principal variation, with and without the transposition table, with
 * one line and with MultiPV, on the start positions and on positions reached
 * by seeded random moves (turtles with tattoos, where a
 * player may move several times in a row).
 */
#include <stdlib.h>
#include <string.h>

#include "common/rng.h"
#include "search/searcher.h"
#include "tests/check.h"

typedef struct ab_case {
    const char *game;
    const char *rules;       /* JSON object, or NULL */
    sa_search_fn *specialised;
    int depth;
} ab_case;

static const ab_case cases[] = {
    {"turtles", NULL, turtles_alphabeta, 5},
    {"turtles", "{\"tattoo\": true}", turtles_alphabeta, 4},
    {"turtles", "{\"hatching\": true, \"max_rule\": \"any\"}", turtles_alphabeta, 4},
    {"zebras", NULL, zebras_alphabeta, 3},
    {"zebras", "{\"croc_chain\": false}", zebras_alphabeta, 3},
};

static int same_report(const sa_report *a, const sa_report *b)
{
    if (a->nodes != b->nodes || a->depth != b->depth || a->seldepth != b->seldepth ||
        a->n_lines != b->n_lines)
        return 0;
    for (int k = 0; k < a->n_lines; k++)
        if (a->lines[k].score != b->lines[k].score || a->lines[k].exact != b->lines[k].exact ||
            strcmp(a->lines[k].pv, b->lines[k].pv) != 0)
            return 0;
    return 1;
}

/* Both copies from `state` with depth, MultiPV and table as given. */
static void compare_at(const ab_case *c, const sa_game *g, const void *state,
                       int multipv, int no_table)
{
    sa_limits limits = {.depth = c->depth - no_table, .multipv = multipv, .threads = 1,
                        .algo = SA_ALGO_ALPHABETA, .hash_mb = 1, .no_table = no_table};
    sa_report *generic = calloc(2, sizeof *generic), *own = generic + 1;
    sa_error err;
    CHECK(generic != NULL);
    if (generic == NULL)
        return;
    CHECK(sa_alphabeta(g, state, &limits, generic, &err) == SA_OK);
    CHECK(c->specialised(g, state, &limits, own, &err) == SA_OK);
    CHECK(generic->nodes > 0);
    CHECK(same_report(generic, own));
    if (!same_report(generic, own))
        fprintf(stderr, "%s %s: nodes %llu vs %llu, pv '%s' vs '%s'\n", c->game,
                c->rules ? c->rules : "", (unsigned long long)generic->nodes,
                (unsigned long long)own->nodes, generic->lines[0].pv, own->lines[0].pv);
    free(generic);
}

/* Plays up to `plies` seeded random moves on state (stops at the end). */
static void random_moves(const sa_game *g, void *state, int plies, sa_rng *rng)
{
    sa_move *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    for (int i = 0; moves != NULL && i < plies && g->to_move(state) >= 0; i++) {
        int n = g->legal_moves(state, moves);
        g->apply(state, moves[sa_rng_below(rng, (uint64_t)n)]);
    }
    free(moves);
}

static void test_specialised_equals_generic(void)
{
    static const int plies[] = {0, 3, 10, 25};
    sa_rng rng;
    sa_rng_seed(&rng, 20261129);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const ab_case *c = &cases[i];
        sa_error err;
        sa_position *pos = sa_position_new(c->game, c->rules, &err);
        CHECK(pos != NULL);
        if (pos == NULL)
            continue;
        const sa_game *g = sa_position_game_rules(pos);
        unsigned char *state = malloc(g->state_size);
        for (size_t p = 0; state != NULL && p < sizeof plies / sizeof plies[0]; p++) {
            memcpy(state, sa_position_state(pos), g->state_size);
            random_moves(g, state, plies[p], &rng);
            if (g->to_move(state) < 0)
                continue;
            compare_at(c, g, state, 1, 0);
            compare_at(c, g, state, 3, 0);
            compare_at(c, g, state, 1, 1);
        }
        free(state);
        sa_position_free(pos);
    }
}

const test_case alphabeta_tests[] = {
    {"alphabeta: per-game copies equal the generic one", test_specialised_equals_generic},
    {NULL, NULL},
};
