/* tests/test_winchance.c: the ostrich race's win chances
 * (games/ostrich_winchance.c) along random playouts, exact at the end, and
 * in the reports of expectimax (max-n, not paranoid) and MCTS. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/rng.h"
#include "games/ostrich.h"
#include "safari/features.h"
#include "safari/game.h"
#include "safari/safari.h"
#include "safari/search.h"
#include "tests/check.h"
#include "tests/random_ply.h"

static double sum_of(const double *x, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

/* Every decision position of a random playout: the chances of the
 * evaluation's expected points are probabilities summing to 1 and rank the
 * players as the points do; at the end, the exact shares of the result. */
static void check_playout(const sa_game *g, void *state, sa_rng *rng, sa_move *moves,
                          uint64_t *weights)
{
    int players = g->num_players(state);
    double expected[OSTRICH_MAX_PLAYERS], chances[OSTRICH_MAX_PLAYERS];
    for (;;) {
        int who = g->to_move(state);
        if (who == SA_TERMINAL)
            break;
        if (who >= 0) {
            for (int p = 0; p < players; p++)
                expected[p] = g->evaluate(state, p) / 100.0;
            g->win_chances(state, expected, chances);
            CHECK(fabs(sum_of(chances, players) - 1.0) < 1e-12);
            for (int p = 0; p < players; p++) {
                CHECK(chances[p] >= 0.0 && chances[p] <= 1.0);
                for (int q = 0; q < players; q++)
                    CHECK(expected[p] <= expected[q] || chances[p] >= chances[q]);
            }
        }
        int n = who == SA_CHANCE ? g->chance_outcomes(state, moves, weights)
                                 : g->legal_moves(state, moves);
        g->apply(state, moves[sa_rng_below(rng, (uint64_t)n)]);
    }
    int32_t scores[OSTRICH_MAX_PLAYERS];
    g->result(state, scores);
    int32_t top = scores[0];
    int tied = 0;
    for (int p = 1; p < players; p++)
        top = scores[p] > top ? scores[p] : top;
    for (int p = 0; p < players; p++)
        tied += scores[p] == top;
    for (int p = 0; p < players; p++)
        expected[p] = 100.0 * (p == 0); /* not read at the end */
    g->win_chances(state, expected, chances);
    for (int p = 0; p < players; p++)
        CHECK(chances[p] == (scores[p] == top ? 1.0 / tied : 0.0));
}

static void test_along_playouts(void)
{
    const sa_game *g = sa_game_find("ostrich");
    size_t cap = OSTRICH_MAX_MOVES > OSTRICH_MAX_OUTCOMES ? OSTRICH_MAX_MOVES
                                                          : OSTRICH_MAX_OUTCOMES;
    sa_move *moves = malloc(sizeof *moves * cap);
    uint64_t *weights = malloc(sizeof *weights * cap);
    void *state = malloc(g->state_size);
    sa_rng rng;
    sa_rng_seed(&rng, 2026);
    const char *rules[4] = {"{\"players\":2}", "{\"players\":3}", "{\"players\":4}",
                            "{\"players\":5}"};
    for (int r = 0; r < 4; r++) {
        sa_error err;
        sa_position *start = sa_position_new("ostrich", rules[r], &err);
        CHECK(start != NULL);
        if (start == NULL)
            continue;
        for (int game = 0; game < 3; game++) {
            memcpy(state, sa_position_state(start), g->state_size);
            check_playout(g, state, &rng, moves, weights);
        }
        sa_position_free(start);
    }
    free(state);
    free(moves);
    free(weights);
}

static void test_model(void)
{
    /* A clear leader gets the largest chance; equal points, equal chances;
     * the temperature table covers every number of players. */
    sa_error err;
    sa_position *pos = sa_position_new("ostrich", "{\"players\":3}", &err);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    double chances[8], lead[3] = {12.0, 4.0, 5.0}, level[3] = {6.0, 6.0, 6.0};
    CHECK(sa_position_win_chances(pos, lead, chances) == 3);
    CHECK(chances[0] > 0.5 && chances[0] > chances[2] && chances[2] > chances[1]);
    CHECK(sa_position_win_chances(pos, level, chances) == 3);
    for (int p = 0; p < 3; p++)
        CHECK(fabs(chances[p] - 1.0 / 3.0) < 1e-12);
    for (int n = 2; n <= OSTRICH_MAX_PLAYERS; n++)
        CHECK(ostrich_win_tau(n) > 0.0);
    sa_position_free(pos);
    sa_position *arena = sa_position_new("arena", NULL, &err);
    CHECK(arena != NULL && sa_position_win_chances(arena, lead, chances) == 0);
    sa_position_free(arena);
}

static sa_limits small_limits(sa_algo algo, sa_multiplayer multiplayer)
{
    sa_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.depth = algo == SA_ALGO_EXPECTIMAX ? 2 : 0;
    limits.nodes = algo == SA_ALGO_MCTS ? 2000 : 0;
    limits.multipv = 1;
    limits.threads = 1;
    limits.seed = 5;
    limits.algo = algo;
    limits.hash_mb = 1;
    limits.multiplayer = multiplayer;
    limits.mcts_evaluate = 1;
    return limits;
}

/* The report's chances are the model of its best line's expected points. */
static void test_reports(void)
{
    sa_error err;
    sa_position *pos = sa_position_new("ostrich", "{\"players\":4}", &err);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    /* past the deal and the first roll (seeded draws): a decision */
    uint64_t rng = 11;
    while (sa_position_to_move(pos) < 0)
        CHECK(play_random_ply(pos, &rng, &err) == SA_OK);
    sa_algo algos[2] = {SA_ALGO_EXPECTIMAX, SA_ALGO_MCTS};
    for (int a = 0; a < 2; a++) {
        sa_limits limits = small_limits(algos[a], SA_MULTI_MAXN);
        sa_report report;
        CHECK(sa_search(pos, &limits, &report, &err) == SA_OK);
        CHECK(report.n_win_chances == 4 && report.lines[0].n_expected == 4);
        double chances[8];
        sa_position_win_chances(pos, report.lines[0].expected, chances);
        for (int p = 0; p < 4; p++)
            CHECK(report.win_chances[p] == chances[p]);
        CHECK(fabs(sum_of(report.win_chances, 4) - 1.0) < 1e-12);
        CHECK(report.win_probability < 0.0);
        sa_report_free(&report);
    }
    sa_limits paranoid = small_limits(SA_ALGO_EXPECTIMAX, SA_MULTI_PARANOID);
    sa_report report;
    CHECK(sa_search(pos, &paranoid, &report, &err) == SA_OK);
    CHECK(report.n_win_chances == 0);
    sa_report_free(&report);
    sa_position_free(pos);
}

const test_case winchance_tests[] = {
    {"winchance_along_playouts", test_along_playouts},
    {"winchance_model", test_model},
    {"winchance_reports", test_reports},
    {NULL, NULL},
};
