/* tests/test_features.c: the linear evaluations (safari/features.h): the
 * evaluation is the dot product of the weights with the features along
 * random games, weight sets travel with positions into searches, the table
 * of sets shares equal ones, and bad sets are refused with a message. */
#include <math.h>
#include <string.h>

#include "safari/features.h"
#include "safari/game.h"
#include "safari/search.h"
#include "common/rng.h"
#include "tests/check.h"
#include "tests/random_ply.h"

/* w . f with f in units of 1 / one (sa_feature_one), truncated toward 0. */
static int32_t dot(const int32_t *w, const int32_t *f, int n, int32_t one)
{
    long long v = 0;
    for (int i = 0; i < n; i++)
        v += (long long)w[i] * f[i];
    return (int32_t)(v / one);
}

/* Plays one seeded random game of `game`, checking at every position that
 * evaluate(0) == w . features == -evaluate(1) for the position's weights. */
static void check_random_game(const char *game, const int32_t *weights, uint64_t seed)
{
    sa_error err;
    sa_position *pos = sa_position_new(game, NULL, &err);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    int n = sa_feature_count(game);
    int32_t one = sa_feature_one(game);
    CHECK(one >= 1 && (one & (one - 1)) == 0); /* a power of two */
    if (weights != NULL)
        CHECK(sa_position_set_weights(pos, weights, n, 150.0, &err) == SA_OK);
    const sa_game *rules = sa_position_game_rules(pos);
    uint64_t rng = seed;
    for (int ply = 0; ply < 300 && rules->to_move(sa_position_state(pos)) != SA_TERMINAL;
         ply++) {
        int32_t f[SA_MAX_FEATURES], w[SA_MAX_FEATURES];
        double scale = 0.0;
        CHECK(sa_position_features(pos, f) == n);
        CHECK(sa_position_weights(pos, w, &scale) == n);
        CHECK(sa_position_evaluate(pos, 0) == dot(w, f, n, one));
        CHECK(sa_position_evaluate(pos, 1) == -dot(w, f, n, one));
        CHECK(play_random_ply(pos, &rng, &err) == SA_OK);
    }
    sa_position_free(pos);
}

static void test_evaluation_is_the_dot_product(void)
{
    static const char *const games[] = {"turtles", "zebras", "arena"};
    static const int32_t other[SA_MAX_FEATURES] = {7, -3, 11, 250, -40, 9, 2, 5};
    for (int g = 0; g < 3; g++) {
        CHECK(sa_feature_count(games[g]) > 0);
        for (uint64_t seed = 1; seed <= 4; seed++) {
            check_random_game(games[g], NULL, seed);
            check_random_game(games[g], other, seed);
        }
    }
    CHECK(sa_feature_one("turtles") == 1 && sa_feature_one("arena") == 1);
    CHECK(sa_feature_one("zebras") == 1024 && sa_feature_one("chess") == 0);
    CHECK(sa_feature_count("ostrich") == 3 && sa_feature_one("ostrich") == 1024);
    CHECK(sa_feature_count("chess") == -1);
    CHECK(sa_feature_name("turtles", 0) != NULL &&
          strcmp(sa_feature_name("turtles", 0), "active") == 0);
    CHECK(sa_feature_name("turtles", 99) == NULL);
}

static void test_bad_weight_sets_are_refused(void)
{
    sa_error err;
    sa_position *pos = sa_position_new("turtles", NULL, &err);
    int32_t w[6] = {1, 2, 3, 4, 5, SA_MAX_WEIGHT + 1};
    CHECK(sa_position_set_weights(pos, w, 6, 100.0, &err) == SA_ERR_ARGUMENT);
    CHECK(strstr(err.message, "'to_move'") != NULL);
    w[5] = 6;
    CHECK(sa_position_set_weights(pos, w, 5, 100.0, &err) == SA_ERR_ARGUMENT);
    CHECK(sa_position_set_weights(pos, w, 6, NAN, &err) == SA_ERR_ARGUMENT);
    CHECK(sa_position_set_weights(pos, w, 6, 0.0, &err) == SA_ERR_ARGUMENT);
    int32_t got[SA_MAX_FEATURES];
    double scale;
    sa_position_weights(pos, got, &scale);
    CHECK(got[0] == sa_feature_default_weight("turtles", 0)); /* unchanged */
    sa_position *ostrich = sa_position_new("ostrich", NULL, &err);
    CHECK(sa_position_set_weights(ostrich, w, 6, 100.0, &err) == SA_ERR_ARGUMENT);
    CHECK(sa_position_set_weights(ostrich, w, 3, 100.0, &err) == SA_ERR_ARGUMENT);
    CHECK(strstr(err.message, "no win-probability scale") != NULL); /* a score race */
    CHECK(sa_position_set_weights(ostrich, w, 3, 0.0, &err) == SA_OK);
    sa_position_free(ostrich);
    /* The same set many times takes one slot. */
    for (int k = 0; k < 1000; k++)
        CHECK(sa_position_set_weights(pos, w, 6, 100.0, &err) == SA_OK);
    sa_position_free(pos);
}

static void test_alphabeta_uses_the_weights_and_reports_a_probability(void)
{
    sa_error err;
    sa_position *pos = sa_position_new("turtles", NULL, &err);
    CHECK(sa_position_apply(pos, "d1xd3", &err) == SA_OK);
    sa_limits limits = {
        .depth = 1, .multipv = 1, .threads = 1, .seed = 1, .algo = SA_ALGO_ALPHABETA};
    int32_t tempo[6] = {0, 0, 0, 0, 0, 37};
    CHECK(sa_position_set_weights(pos, tempo, 6, 50.0, &err) == SA_OK);
    sa_report report;
    CHECK(sa_search(pos, &limits, &report, &err) == SA_OK);
    CHECK(report.lines[0].score == -37); /* the other side moves at every leaf */
    CHECK(fabs(report.win_probability - 1.0 / (1.0 + exp(37.0 / 50.0))) < 1e-12);
    CHECK(sa_position_win_probability(pos, SA_SCORE_WIN - 3) == 1.0);
    CHECK(sa_position_win_probability(pos, -(SA_SCORE_WIN - 3)) == 0.0);
    sa_position_free(pos);
}

static void test_batch_writes_rows_and_checks_games(void)
{
    sa_error err;
    sa_position *a = sa_position_new("zebras", NULL, &err);
    sa_position *b = sa_position_new("zebras", NULL, &err);
    sa_position *c = sa_position_new("turtles", NULL, &err);
    CHECK(sa_position_apply(b, "@12", &err) == SA_OK);
    const sa_position *both[2] = {a, b};
    double out[2 * SA_MAX_FEATURES];
    CHECK(sa_features_batch(both, 2, out, &err) == SA_OK);
    int32_t row[SA_MAX_FEATURES];
    int n = sa_position_features(b, row);
    for (int i = 0; i < n; i++) /* the batch divides by the fixed-point unit */
        CHECK(out[n + i] == row[i] / 1024.0);
    CHECK(strcmp(sa_feature_name("zebras", 3), "tempo") == 0);
    CHECK(out[n + 3] == -1.0);    /* tempo: player 1 places the first token */
    CHECK(out[n + n - 1] == 0.0); /* hand_crocodiles: the hands are equal */
    const sa_position *mixed[3] = {a, b, c};
    CHECK(sa_features_batch(mixed, 3, out, &err) == SA_ERR_ARGUMENT);
    CHECK(strstr(err.message, "positions[2]") != NULL);
    sa_position_free(a);
    sa_position_free(b);
    sa_position_free(c);
}

/* Ostrich counts its features for the player asked: along seeded random
 * races, every player's evaluation (not at the end, where it is exact) is
 * the clamped dot product of the position's weights with its features,
 * with the defaults and with other weights. */
static void check_ostrich_race(const int32_t *weights, const char *rules_json,
                               uint64_t seed)
{
    sa_error err;
    sa_position *pos = sa_position_new("ostrich", rules_json, &err);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    if (weights != NULL)
        CHECK(sa_position_set_weights(pos, weights, 3, 0.0, &err) == SA_OK);
    const sa_game *rules = sa_position_game_rules(pos);
    int players = rules->num_players(sa_position_state(pos)), dice_seen = 0;
    uint64_t rng = seed;
    while (rules->to_move(sa_position_state(pos)) != SA_TERMINAL) {
        int32_t f[SA_MAX_FEATURES], w[SA_MAX_FEATURES];
        double scale = -1.0;
        CHECK(sa_position_weights(pos, w, &scale) == 3 && scale == 0.0);
        for (int p = 0; p < players; p++) {
            CHECK(sa_position_player_features(pos, p, f) == 3);
            int32_t v = dot(w, f, 3, 1024);
            v = v < 0 ? 0 : v > 2400 ? 2400 : v;
            CHECK(sa_position_evaluate(pos, p) == v);
            dice_seen += f[1] != 0;
        }
        CHECK(sa_position_player_features(pos, players, f) == -1);
        CHECK(play_random_ply(pos, &rng, &err) == SA_OK);
    }
    CHECK(dice_seen > 0); /* the dice in hand counted somewhere in the race */
    sa_position_free(pos);
}

static void test_ostrich_evaluation_is_the_dot_product(void)
{
    static const int32_t other[3] = {90, 37, 55};
    static const char *const rules[] = {"{\"players\":2}", "{\"players\":4}",
                                        "{\"players\":5,\"lion\":true}",
                                        "{\"players\":3,\"quicksand\":\"stop\"}"};
    for (int r = 0; r < 4; r++)
        for (uint64_t seed = 1; seed <= 2; seed++) {
            check_ostrich_race(NULL, rules[r], seed);
            check_ostrich_race(other, rules[r], seed);
        }
}

/* The reported win probability of an expected result: the arena's
 * calibration (games/arena_calibration.c) along a seeded random duel, kept
 * strictly inside (0, 1) and increasing in p, 0 and 1 kept; p itself for
 * a game without one and for another weight set. */
static void test_expected_results_are_calibrated_in_the_arena(void)
{
    sa_error err;
    sa_position *turtles = sa_position_new("turtles", NULL, &err);
    CHECK(sa_position_expected_win_probability(turtles, 0.3) == 0.3);
    sa_position_free(turtles);
    sa_position *pos = sa_position_new("arena", NULL, &err);
    const sa_game *rules = sa_position_game_rules(pos);
    uint64_t rng = 7;
    int decisions = 0, moved = 0;
    while (rules->to_move(sa_position_state(pos)) != SA_TERMINAL) {
        if (rules->to_move(sa_position_state(pos)) >= 0) {
            double last = 0.0;
            for (int i = 1; i < 20; i++) {
                double q = sa_position_expected_win_probability(pos, i / 20.0);
                CHECK(q > last && q < 1.0);
                moved += fabs(q - i / 20.0) > 1e-6;
                last = q;
            }
            CHECK(sa_position_expected_win_probability(pos, 0.0) == 0.0);
            CHECK(sa_position_expected_win_probability(pos, 1.0) == 1.0);
            decisions++;
        }
        CHECK(play_random_ply(pos, &rng, &err) == SA_OK);
    }
    CHECK(decisions > 0 && moved > 0);
    sa_position_free(pos);
    pos = sa_position_new("arena", NULL, &err);
    CHECK(sa_position_apply(pos, "init:0", &err) == SA_OK);
    double before = sa_position_expected_win_probability(pos, 0.5);
    int32_t w[SA_MAX_FEATURES];
    double scale;
    int n = sa_position_weights(pos, w, &scale);
    w[0] += 1;
    CHECK(sa_position_set_weights(pos, w, n, scale, &err) == SA_OK);
    CHECK(before != 0.5 && sa_position_expected_win_probability(pos, 0.5) == 0.5);
    sa_position_free(pos);
}

const test_case features_tests[] = {
    {"features: the arena's reported win probability",
     test_expected_results_are_calibrated_in_the_arena},
    {"features: ostrich evaluation = clamp(weights . features(player))",
     test_ostrich_evaluation_is_the_dot_product},
    {"features: evaluation = weights . features", test_evaluation_is_the_dot_product},
    {"features: bad weight sets", test_bad_weight_sets_are_refused},
    {"features: alpha-beta weights and win probability",
     test_alphabeta_uses_the_weights_and_reports_a_probability},
    {"features: batch", test_batch_writes_rows_and_checks_games},
    {NULL, NULL},
};
