/* tests/test_specialised.c: the searches compiled per game against the
 * generic copies over the function table, which compile the same source.
 *
 * Alpha-beta (turtles_alphabeta, zebras_alphabeta vs sa_alphabeta) must agree
 * exactly: node counts, depth, seldepth, every line's score and principal
 * variation, with and without the transposition table, with one line and
 * with MultiPV, on the start positions and on positions reached by seeded
 * random moves (turtles with tattoos too, where a player may move several
 * times in a row). Rollouts (turtles_rollout, zebras_rollout vs sa_rollout)
 * must play the same plies to the same final state for the same seed, and
 * sa_rollout_for must pick the game's own copy. And the inline popcount of
 * common/bitboard.h must count as the compiler's builtin does.
 */
#include <stdlib.h>
#include <string.h>

#include "common/bitboard.h"
#include "common/rng.h"
#include "search/rollout.h"
#include "search/searcher.h"
#include "tests/check.h"

typedef struct ab_case {
    const char *game;
    const char *rules; /* JSON object, or NULL */
    sa_search_fn *specialised;
    sa_rollout_fn *rollout;
    int depth;
} ab_case;

static const ab_case cases[] = {
    {"turtles", NULL, turtles_alphabeta, turtles_rollout, 5},
    {"turtles", "{\"tattoo\": true}", turtles_alphabeta, turtles_rollout, 4},
    {"turtles", "{\"hatching\": true, \"max_rule\": \"any\"}", turtles_alphabeta,
     turtles_rollout, 4},
    {"zebras", NULL, zebras_alphabeta, zebras_rollout, 3},
    {"zebras", "{\"croc_chain\": false}", zebras_alphabeta, zebras_rollout, 3},
};

static int same_report(const sa_report *a, const sa_report *b)
{
    if (a->nodes != b->nodes || a->depth != b->depth || a->seldepth != b->seldepth ||
        a->n_lines != b->n_lines)
        return 0;
    for (int k = 0; k < a->n_lines; k++)
        if (a->lines[k].score != b->lines[k].score ||
            a->lines[k].exact != b->lines[k].exact ||
            strcmp(a->lines[k].pv, b->lines[k].pv) != 0)
            return 0;
    return 1;
}

/* Both copies from `state` with depth, MultiPV and table as given. */
static void compare_at(const ab_case *c, const sa_game *g, const void *state, int multipv,
                       int no_table)
{
    sa_limits limits = {.depth = c->depth - no_table,
                        .multipv = multipv,
                        .threads = 1,
                        .algo = SA_ALGO_ALPHABETA,
                        .hash_mb = 1,
                        .no_table = no_table};
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

/* 50 rollouts from the start by both copies, each pair from the same seed. */
static void compare_rollouts(const ab_case *c, const sa_game *g, const void *start)
{
    size_t cap = (size_t)g->max_moves + 1;
    unsigned char *a = malloc(g->state_size), *b = malloc(g->state_size);
    sa_move *moves = malloc(cap * sizeof *moves);
    uint64_t *weights = malloc(cap * sizeof *weights);
    CHECK(a != NULL && b != NULL && moves != NULL && weights != NULL);
    for (uint64_t seed = 1; a && b && moves && weights && seed <= 50; seed++) {
        sa_rng ra, rb;
        sa_rng_seed(&ra, seed);
        sa_rng_seed(&rb, seed);
        memcpy(a, start, g->state_size);
        memcpy(b, start, g->state_size);
        int na = sa_rollout(g, a, moves, weights, &ra, 10000);
        int nb = c->rollout(g, b, moves, weights, &rb, 10000);
        CHECK(na == nb && na > 0);
        CHECK(memcmp(a, b, g->state_size) == 0 && memcmp(&ra, &rb, sizeof ra) == 0);
        CHECK(g->to_move(b) == SA_TERMINAL);
        memcpy(b, start, g->state_size);
        CHECK(c->rollout(g, b, moves, weights, &rb, 3) == 3); /* stops at max_plies */
    }
    free(a);
    free(b);
    free(moves);
    free(weights);
}

static void test_rollouts_equal_generic(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sa_error err;
        sa_position *pos = sa_position_new(cases[i].game, cases[i].rules, &err);
        CHECK(pos != NULL);
        if (pos == NULL)
            continue;
        const sa_game *g = sa_position_game_rules(pos);
        CHECK(sa_rollout_for(g) == cases[i].rollout);
        CHECK(sa_alphabeta_for(g) == cases[i].specialised);
        compare_rollouts(&cases[i], g, sa_position_state(pos));
        sa_position_free(pos);
    }
}

/* The copies table picks both of a game's copies by its registered table,
 * and the generic ones for a copy of that table (whose functions may have
 * been replaced) and for a game without copies. */
static void test_copies_table(void)
{
    sa_error err;
    sa_position *pos = sa_position_new("turtles", NULL, &err);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    const sa_game *g = sa_position_game_rules(pos);
    CHECK(sa_alphabeta_for(g) == turtles_alphabeta);
    CHECK(sa_rollout_for(g) == turtles_rollout);
    sa_game copy = *g;
    CHECK(sa_alphabeta_for(&copy) == sa_alphabeta);
    CHECK(sa_rollout_for(&copy) == sa_rollout);
    sa_position_free(pos);
    pos = sa_position_new("ostrich", NULL, &err);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    g = sa_position_game_rules(pos);
    CHECK(sa_alphabeta_for(g) == sa_alphabeta);
    CHECK(sa_rollout_for(g) == sa_rollout);
    sa_position_free(pos);
}

static void test_bb_count(void)
{
    sa_rng rng;
    sa_rng_seed(&rng, 7);
    CHECK(sa_bb_count(0) == 0 && sa_bb_count(~(sa_bb)0) == 64);
    for (int i = 0; i < 100000; i++) {
        sa_bb bb = sa_rng_next(&rng) & sa_rng_next(&rng) >> (i % 64);
        CHECK(sa_bb_count(bb) == __builtin_popcountll(bb));
    }
}

const test_case specialised_tests[] = {
    {"alphabeta: per-game copies equal the generic one", test_specialised_equals_generic},
    {"rollout: per-game copies equal the generic one", test_rollouts_equal_generic},
    {"copies: one table picks a game's compiled searches", test_copies_table},
    {"bitboard: sa_bb_count counts as the builtin does", test_bb_count},
    {NULL, NULL},
};
