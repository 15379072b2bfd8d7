/* tests/test_predictions.c: the search of a player who sees only their own
 * hidden tile (search/predictions.c): redrawn tiles keep the player's own,
 * stay distinct and keep the Zobrist key; the sampled search is the average
 * of its copies, reproducible by its seed; bad arguments are refused. */
#include <string.h>

#include "safari/game.h"
#include "safari/safari.h"
#include "safari/search.h"
#include "tests/check.h"

/* A three-player race, player 2 to move (test_search_expectimax.py's E10). */
static const char E10[] =
    "{\"game\": \"ostrich\", \"rules\": {\"players\": 3}, \"to_move\": 2, \"track\": \"default\","
    " \"berries\": [\"5b\"], \"berry_pool\": {\"peepa\": 1}, \"ostriches\": {\"B\": \"12a\","
    " \"E\": \"12c\", \"D\": \"16c\"}, \"finished\": \"CA\", \"bewitched\": \"\","
    " \"predictions\": [\"CDEA\", \"DACE\", \"ACEB\"], \"current\": 2, \"mode\": \"normal\","
    " \"phase\": \"action\", \"dice\": {\"white\": \"BDDEW\", \"black\": \"B\"},"
    " \"reroll\": null, \"left\": null, \"moved\": \"\", \"pending\": null, \"bonus\": 0,"
    " \"extra\": 0, \"lion\": {\"state\": \"off\", \"space\": null, \"turns\": 0}}";

static sa_position *e10(void)
{
    sa_error err;
    return sa_position_from_json(E10, strlen(E10), &err);
}

static void test_redraw_keeps_the_own_tile(void)
{
    sa_position *pos = e10();
    CHECK(pos != NULL);
    const sa_game *g = sa_position_game_rules(pos);
    int seen = 0;
    for (uint64_t seed = 0; seed < 200; seed++) {
        sa_position *copy = sa_position_copy(pos);
        sa_error err;
        CHECK(sa_position_redraw_hidden(copy, 1, seed, &err) == SA_OK);
        const void *s = sa_position_state(copy);
        int a = g->hidden_tile(s, 0), b = g->hidden_tile(s, 1), c = g->hidden_tile(s, 2);
        CHECK(b == g->hidden_tile(sa_position_state(pos), 1));
        CHECK(a != b && a != c && b != c && a >= 0 && c >= 0);
        seen |= 1 << a | 1 << c;
        CHECK(sa_position_hash(copy) == sa_position_hash_from_scratch(copy));
        sa_position_free(copy);
    }
    CHECK(seen == ((1 << 10) - 1) - (1 << g->hidden_tile(sa_position_state(pos), 1)));
    sa_position_free(pos);
}

static void test_sampled_search_is_reproducible(void)
{
    sa_position *pos = e10();
    sa_limits limits = {.depth = 1, .multipv = 3, .threads = 1, .seed = 4};
    sa_report a, b;
    sa_error err;
    CHECK(sa_search_sampled(pos, &limits, 2, 5, &a, &err) == SA_OK);
    CHECK(sa_search_sampled(pos, &limits, 2, 5, &b, &err) == SA_OK);
    CHECK(a.n_lines == 3 && b.n_lines == 3);
    for (int i = 0; i < a.n_lines; i++) {
        CHECK(strcmp(a.lines[i].pv, b.lines[i].pv) == 0);
        CHECK(memcmp(a.lines[i].expected, b.lines[i].expected,
                     sizeof a.lines[i].expected) == 0);
        /* ranked by the mover's average, scored in its centi-points */
        CHECK(i == 0 || a.lines[i - 1].expected[2] >= a.lines[i].expected[2]);
    }
    CHECK(a.n_win_chances == 3 && a.sample == 0);
    /* the copies' node counts add up: more copies, more nodes */
    sa_report one;
    CHECK(sa_search_sampled(pos, &limits, 2, 1, &one, &err) == SA_OK);
    CHECK(one.nodes > 0 && a.nodes > one.nodes);
    sa_position_free(pos);
}

static void test_sampled_search_refusals(void)
{
    sa_position *pos = e10();
    sa_limits limits = {.depth = 1, .multipv = 1, .threads = 1};
    sa_report r;
    sa_error err;
    CHECK(sa_search_sampled(pos, &limits, 3, 2, &r, &err) == SA_ERR_ARGUMENT);
    CHECK(strstr(err.message, "player must be 0..2") != NULL);
    CHECK(sa_search_sampled(pos, &limits, 0, 0, &r, &err) == SA_ERR_ARGUMENT);
    limits.algo = SA_ALGO_MCTS;
    CHECK(sa_search_sampled(pos, &limits, 0, 2, &r, &err) == SA_ERR_ARGUMENT);
    CHECK(strstr(err.message, "not mcts") != NULL);
    sa_position_free(pos);
    sa_position *turtles = sa_position_new("turtles", NULL, &err);
    limits.algo = SA_ALGO_AUTO;
    CHECK(sa_search_sampled(turtles, &limits, 0, 2, &r, &err) == SA_ERR_ARGUMENT);
    CHECK(strstr(err.message, "not turtles") != NULL);
    CHECK(sa_position_redraw_hidden(turtles, 0, 1, &err) == SA_ERR_ARGUMENT);
    sa_position_free(turtles);
}

const test_case predictions_tests[] = {
    {"redraw keeps the own tile", test_redraw_keeps_the_own_tile},
    {"sampled search is reproducible", test_sampled_search_is_reproducible},
    {"sampled search refusals", test_sampled_search_refusals},
    {NULL, NULL},
};
