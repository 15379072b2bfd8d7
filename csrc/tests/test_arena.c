/* tests/test_arena.c: the arena's rules in C: the start position, perft from
 * the start, worked examples of the rule book (§8), the exact dice odds, and
 * the incremental hash along seeded random playouts of every variant. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/rng.h"
#include "games/arena.h"
#include "safari/game.h"
#include "safari/safari.h"
#include "tests/check.h"

static sa_position *from_text(const char *json)
{
    sa_error err;
    sa_position *pos = sa_position_from_json(json, strlen(json), &err);
    if (pos == NULL)
        fprintf(stderr, "arena test: %s\n", err.message);
    return pos;
}

static int moves_are(const sa_position *pos, const char *expected)
{
    char text[4096];
    sa_position_moves_text(pos, text, sizeof text);
    if (strcmp(text, expected) != 0) {
        fprintf(stderr, "arena test: moves\n  got:      %s\n  expected: %s\n", text,
                expected);
        return 0;
    }
    return 1;
}

static void test_start_position(void)
{
    sa_error err;
    sa_position *pos = sa_position_new("arena", NULL, &err);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    char text[4096];
    sa_position_to_json(pos, text, sizeof text);
    CHECK(
        strcmp(
            text,
            "{\"game\":\"arena\",\"rules\":{\"format\":\"duel\",\"animals\":false,"
            "\"initiative\":\"lexicographic\",\"attack_then_move\":true,\"spawn\":\"triple\","
            "\"event_roll\":\"always\",\"round_cap\":30,\"side0\":\"thraex\",\"side1\":"
            "\"murmillo\"},\"to_move\":\"chance\",\"arena\":\"default\",\"round\":1,\"pool\":0,"
            "\"gladiators\":[{\"id\":\"0a\",\"name\":\"thraex\",\"side\":0,\"attack\":4,"
            "\"defense\":3,\"speed\":2,\"wounds\":0,\"hex\":\"a5\"},{\"id\":\"1a\",\"name\":"
            "\"murmillo\",\"side\":1,\"attack\":3,\"defense\":4,\"speed\":2,\"wounds\":0,"
            "\"hex\":\"i5\"}],\"animals\":[],\"phase\":\"initiative\",\"team_order\":[],"
            "\"animal_order\":[],\"slot\":0,\"acted\":[],\"chooser\":null,\"active\":null,"
            "\"pending\":null,\"result\":null}") == 0);
    CHECK(moves_are(pos, "init:0:1 init:1:1"));
    CHECK(sa_position_apply(pos, "init:0", &err) == SA_OK);
    CHECK(moves_are(pos, "order:01 order:10"));
    sa_position_free(pos);
}

/* Perft from the start: hand-checked at depth 3 (2 initiative outcomes x 2
 * orders x 9 activations of the first gladiator: 8 hexes within 2 steps of a5
 * and `end`) and depth 4 (the second gladiator's 9). */
static void test_perft_from_start(void)
{
    sa_error err;
    static const uint64_t duel[] = {1, 2, 4, 36, 324, 648, 1296, 17280};
    sa_position *pos = sa_position_new("arena", NULL, &err);
    for (int d = 0; d < 8; d++)
        CHECK(sa_perft(pos, d) == duel[d]);
    sa_position_free(pos);
}

static const char example2[] =
    "{\"game\":\"arena\",\"rules\":{},\"to_move\":0,\"arena\":\"default\",\"round\":2,\"pool\":0,"
    "\"gladiators\":[{\"id\":\"0a\",\"name\":\"thraex\",\"side\":0,\"attack\":4,\"defense\":3,"
    "\"speed\":1,\"wounds\":1,\"hex\":\"e5\"},{\"id\":\"1a\",\"name\":\"murmillo\",\"side\":1,"
    "\"attack\":3,\"defense\":4,\"speed\":2,\"wounds\":0,\"hex\":\"f5\"}],\"animals\":[],"
    "\"phase\":\"act\",\"team_order\":[\"0\",\"1\"],\"animal_order\":[],\"slot\":0,"
    "\"acted\":[\"0a\"],\"chooser\":null,\"active\":{\"id\":\"0a\",\"moved\":false,"
    "\"attacked\":false},\"pending\":null,\"result\":null}";

/* Example 2: an activation, an attack (4 v 4) and the split of 2 wounds. */
static void test_example_attack(void)
{
    sa_error err;
    sa_position *pos = from_text(example2);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    CHECK(moves_are(pos, "attack:1a end move:d5 move:d6 move:e4 move:e6 move:f4"));
    CHECK(sa_position_apply(pos, "attack:1a", &err) == SA_OK);
    /* 579733/1679616, 589/2592, 26453/139968, 10585/69984, 146735/1679616 */
    CHECK(moves_are(pos,
                    "wounds:0:579733 wounds:1:381672 wounds:2:317436 wounds:3:254040 "
                    "wounds:4:146735"));
    CHECK(sa_position_apply(pos, "wounds:2", &err) == SA_OK);
    CHECK(moves_are(pos, "lose:0-1-1 lose:0-2-0 lose:1-0-1 lose:1-1-0 lose:2-0-0"));
    CHECK(sa_position_apply(pos, "lose:0-2-0", &err) == SA_OK);
    CHECK(moves_are(pos, "end move:d5 move:d6 move:e4 move:e6 move:f4"));
    CHECK(sa_position_hash(pos) == sa_position_hash_from_scratch(pos));
    sa_position_free(pos);
}

/* Example 9: random wounds on a lion, then the lion strikes back. */
static void test_example_animal_wounds(void)
{
    sa_error err;
    sa_position *pos = from_text(
        "{\"game\":\"arena\",\"rules\":{\"animals\":true},\"to_move\":\"chance\",\"arena\":"
        "\"default\",\"round\":7,\"pool\":0,\"gladiators\":[{\"id\":\"0a\",\"name\":\"thraex\","
        "\"side\":0,\"attack\":4,\"defense\":3,\"speed\":2,\"wounds\":0,\"hex\":\"d5\"},{\"id\":"
        "\"1a\",\"name\":\"murmillo\",\"side\":1,\"attack\":3,\"defense\":4,\"speed\":2,"
        "\"wounds\":0,\"hex\":\"g5\"}],\"animals\":[{\"id\":\"x\",\"species\":\"lion\","
        "\"attack\":5,\"defense\":1,\"speed\":4,\"hex\":\"e5\",\"entry\":\"II\"}],\"phase\":"
        "\"animal_wounds\",\"team_order\":[\"0\",\"A\",\"1\"],\"animal_order\":[\"x\"],\"slot\":0,"
        "\"acted\":[\"0a\"],\"chooser\":null,\"active\":{\"id\":\"0a\",\"moved\":true,"
        "\"attacked\":false},\"pending\":{\"target\":\"x\",\"wounds\":3},\"result\":null}");
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    CHECK(moves_are(pos, "lose:0-0-3:1 lose:1-0-2:12 lose:2-0-1:18 lose:3-0-0:4"));
    CHECK(sa_position_apply(pos, "lose:2-0-1", &err) == SA_OK);
    /* 5957/15552, 343/1296, 371/1728, 535/3888 out of 6^6 */
    CHECK(moves_are(pos, "wounds:0:17871 wounds:1:12348 wounds:2:10017 wounds:3:6420"));
    sa_position_free(pos);
}

/* §5.9's table: the spawn chance for 3..8 dice under both rules. */
static void test_spawn_table(void)
{
    static const uint64_t triple[6][2] = {{1, 36},    {7, 72},     {23, 108},
                                          {119, 324}, {701, 1296}, {5501, 7776}};
    static const uint64_t sixes[6][2] = {{1, 216},      {7, 432},    {23, 648},
                                         {1453, 23328}, {331, 3456}, {75497, 559872}};
    uint64_t all = 216;
    for (int n = 3; n <= 8; n++, all *= 6) {
        /* ways / 6^n == num / den  <=>  ways * den == num * 6^n */
        CHECK(arena_spawn_ways(n, SPAWN_TRIPLE) * triple[n - 3][1] ==
              triple[n - 3][0] * all);
        CHECK(arena_spawn_ways(n, SPAWN_THREE_SIXES) * sixes[n - 3][1] ==
              sixes[n - 3][0] * all);
    }
    CHECK(arena_spawn_ways(2, SPAWN_TRIPLE) == 0);
    CHECK(arena_spawn_ways(13, SPAWN_TRIPLE) == 13060694016ULL); /* P = 1 from 13 dice */
}

/* §5.5's examples: 1 v 1, 2 v 1 and 3 v 3 (weights out of 6^(a+d)). */
static void test_wound_odds(void)
{
    uint64_t w[11];
    arena_wound_weights(1, 1, w);
    CHECK(w[0] == 21 && w[1] == 15); /* 7/12, 5/12 */
    arena_wound_weights(2, 1, w);
    CHECK(w[0] == 61 && w[1] == 89 && w[2] == 66); /* 61/216, 89/216, 11/36 */
    arena_wound_weights(3, 3, w);
    CHECK(w[0] == 17871 && w[1] == 12348 && w[2] == 10017 && w[3] == 6420);
    for (int a = 1; a <= 10; a++)
        for (int d = 1; d <= 8; d++) {
            uint64_t total = 0, all = 1;
            arena_wound_weights(a, d, w);
            for (int k = 0; k <= a; k++) {
                total += w[k];
                CHECK(w[k] > 0);
            }
            for (int i = 0; i < a + d; i++)
                all *= 6;
            CHECK(total == all);
        }
}

/* The evaluation's table of defeat chances (arena_kill.c) is the exact
 * odds of arena_wound_weights, P(wounds > spare), rounded to whole percents
 * (no odds out of 6^n fall on a half percent), and 0 beyond the table. */
static void test_kill_percent_table(void)
{
    uint64_t w[11];
    for (int a = 1; a <= 8; a++)
        for (int d = 1; d <= 8; d++) {
            arena_wound_weights(a, d, w);
            uint64_t total = 0;
            for (int k = 0; k <= a; k++)
                total += w[k];
            for (int spare = 0; spare < 8; spare++) {
                uint64_t beaten = 0;
                for (int k = spare + 1; k <= a; k++)
                    beaten += w[k];
                int percent = (int)((200 * beaten + total) / (2 * total));
                CHECK(arena_kill_percent(a, d, spare) == percent);
            }
        }
    CHECK(arena_kill_percent(4, 3, 0) == 78 && arena_kill_percent(4, 4, 3) == 9);
    CHECK(arena_kill_percent(8, 1, 8) == 0 && arena_kill_percent(8, 1, 21) == 0);
}

/* The evaluation's table of expected wounds (arena_kill.c, read by
 * pending and next_blow) is 100 x the mean of arena_wound_weights, rounded, and
 * clamps its arguments to 1..8. */
static void test_expected_wounds_table(void)
{
    uint64_t w[11];
    for (int a = 1; a <= 8; a++)
        for (int d = 1; d <= 8; d++) {
            arena_wound_weights(a, d, w);
            uint64_t total = 0, sum = 0;
            for (int k = 0; k <= a; k++) {
                total += w[k];
                sum += (uint64_t)k * w[k];
            }
            CHECK(arena_expected_wounds100(a, d) ==
                  (int)((200 * sum + total) / (2 * total)));
        }
    /* 3 v 3 (rules §5.5): (343/1296 + 2 x 371/1728 + 3 x 535/3888) = 1.11 */
    CHECK(arena_expected_wounds100(3, 3) == 111);
    CHECK(arena_expected_wounds100(9, 0) == arena_expected_wounds100(8, 1));
}

/* The stand-up duel's value (arena_fight.c, the `fight` feature): the
 * thraex's chance against the murmillo is the Python reference's
 * (tests/reference/arena_fight.py: 0.5940505853871192); equal gladiators
 * are even; the two sides' chances add to 1; a pool outside 1..8 is -1.
 * Every state up to 8/8/8 against 8/8/8 is filled through the recursion
 * (with the sanitizers on, every table index is checked). */
/* A duel's initiative chance, by hand. Lexicographic, 2 dice against 1: the
 * pair wins when its higher die is at least the single die (a tie of top
 * dice goes to the longer roll), 1 - (0 + 1 + 4 + 9 + 16 + 25) / 216 =
 * 161/216. By sum: the pair's total is above the die in 181 of 216 rolls,
 * below in 20 (totals 2 against 3 .. 5 against 6), equal in 15 (rerolled). */
static void test_initiative_chance(void)
{
    for (int rule = INIT_LEXICOGRAPHIC; rule <= INIT_SUM; rule++) {
        CHECK(fabs(arena_initiative_chance(rule, 3, 3) - 0.5) < 1e-12);
        CHECK(fabs(arena_initiative_chance(rule, 2, 5) +
                   arena_initiative_chance(rule, 5, 2) - 1) < 1e-12);
        CHECK(arena_initiative_chance(rule, 4, 3) > arena_initiative_chance(rule, 3, 3));
    }
    CHECK(fabs(arena_initiative_chance(INIT_LEXICOGRAPHIC, 2, 1) - 161.0 / 216) < 1e-12);
    CHECK(fabs(arena_initiative_chance(INIT_SUM, 2, 1) - 181.0 / 201) < 1e-12);
}

static void test_fight_value(void)
{
    CHECK(fabs(arena_fight_value(INIT_LEXICOGRAPHIC, 4, 3, 2, 3, 4, 2) -
               0.5940505853871192) < 1e-6);
    CHECK(fabs(arena_fight_value(INIT_SUM, 4, 3, 2, 3, 4, 2) - 0.591791345047623) < 1e-6);
    for (int rule = INIT_LEXICOGRAPHIC; rule <= INIT_SUM; rule++) {
        CHECK(fabs(arena_fight_value(rule, 2, 3, 1, 2, 3, 1) - 0.5) < 1e-6);
        double p = arena_fight_value(rule, 5, 1, 3, 2, 4, 2);
        double q = arena_fight_value(rule, 2, 4, 2, 5, 1, 3);
        CHECK(p > 0 && p < 1 && fabs(p + q - 1) < 1e-6);
    }
    double big = arena_fight_value(INIT_LEXICOGRAPHIC, 8, 8, 8, 8, 8, 8);
    CHECK(fabs(big - 0.5) < 1e-5);
    CHECK(arena_fight_value(INIT_LEXICOGRAPHIC, 9, 1, 1, 1, 1, 1) == -1);
    CHECK(arena_fight_value(INIT_LEXICOGRAPHIC, 1, 1, 1, 1, 0, 1) == -1);
}

/* Perft from the start of the other formats (the reference agrees). Depth 2
 * of the Primus with animals by hand: 7 event outcomes (pool 4); after
 * spawn:none, 2 initiative outcomes; after each of the 6 spawns the animal
 * waits (I and II are occupied) but still rolls, giving init:0, init:1,
 * init:A01, init:A10: 2 + 6 * 4 = 26. */
static void test_perft_other_formats(void)
{
    sa_error err;
    static const uint64_t primus[] = {1, 2, 4, 8, 68};
    static const uint64_t primus_animals[] = {1, 7, 26, 52, 260};
    sa_position *pos = sa_position_new("arena", "{\"format\":\"primus\"}", &err);
    for (int d = 0; d < 5; d++)
        CHECK(sa_perft(pos, d) == primus[d]);
    sa_position_free(pos);
    pos = sa_position_new("arena", "{\"format\":\"primus\",\"animals\":true}", &err);
    for (int d = 0; d < 5; d++)
        CHECK(sa_perft(pos, d) == primus_animals[d]);
    sa_position_free(pos);
}

/* Seeded random playouts through the game table: the incremental key equals
 * the key from scratch at every step, and every non-terminal position offers
 * at least two options (§5). */
static void random_playouts(const char *rules, int games)
{
    const sa_game *game = sa_game_find("arena");
    sa_error err;
    sa_position *start = sa_position_new("arena", rules, &err);
    CHECK(start != NULL);
    if (start == NULL || game == NULL)
        return;
    unsigned char *state = malloc(game->state_size);
    sa_move *moves = malloc(sizeof *moves * (size_t)game->max_moves);
    uint64_t *weights = malloc(sizeof *weights * (size_t)game->max_moves);
    sa_rng rng;
    sa_rng_seed(&rng, 2026);
    for (int g = 0; g < games; g++) {
        memcpy(state, sa_position_state(start), game->state_size);
        for (int ply = 0; ply < 100000; ply++) {
            int who = game->to_move(state);
            if (who == SA_TERMINAL)
                break;
            int n;
            size_t pick = 0;
            if (who == SA_CHANCE) {
                n = game->chance_outcomes(state, moves, weights);
                uint64_t total = 0;
                for (int i = 0; i < n; i++)
                    total += weights[i];
                uint64_t x = sa_rng_below(&rng, total);
                while (x >= weights[pick])
                    x -= weights[pick++];
            } else {
                n = game->legal_moves(state, moves);
                pick = (size_t)sa_rng_below(&rng, (uint64_t)n);
            }
            CHECK(n >= 2);
            game->apply(state, moves[pick]);
            CHECK(game->hash(state) == game->hash_from_scratch(state));
        }
        CHECK(game->to_move(state) == SA_TERMINAL);
    }
    free(state);
    free(moves);
    free(weights);
    sa_position_free(start);
}

static void test_playouts_duel(void)
{
    random_playouts(NULL, 50);
}
static void test_playouts_primus(void)
{
    random_playouts("{\"format\":\"primus\",\"side0\":\"retiarius+novice\"}", 30);
}
static void test_playouts_animals(void)
{
    random_playouts("{\"animals\":true,\"initiative\":\"sum\"}", 30);
    random_playouts(
        "{\"format\":\"primus\",\"animals\":true,\"event_roll\":\"on_request\"}", 30);
}

const test_case arena_tests[] = {
    {"arena: start position", test_start_position},
    {"arena: perft from the start", test_perft_from_start},
    {"arena: example 2, attack and wounds", test_example_attack},
    {"arena: example 9, wounds on an animal", test_example_animal_wounds},
    {"arena: spawn table of §5.9", test_spawn_table},
    {"arena: wound odds of §5.5", test_wound_odds},
    {"arena: the evaluation's defeat chances", test_kill_percent_table},
    {"arena: the evaluation's expected wounds", test_expected_wounds_table},
    {"arena: a duel's initiative chance", test_initiative_chance},
    {"arena: the stand-up duel's value", test_fight_value},
    {"arena: perft of the Primus and of animals", test_perft_other_formats},
    {"arena: random playouts, duel", test_playouts_duel},
    {"arena: random playouts, primus", test_playouts_primus},
    {"arena: random playouts, animals", test_playouts_animals},
    {NULL, NULL},
};
