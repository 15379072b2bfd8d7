/* tests/test_zebras.c: Drôles de Zèbres in C alone: the geometry tables
 * rederived from the rule book's map, the start position, perft from the
 * rule book (§8), worked examples, and the incremental Zobrist key along
 * seeded random playouts. */
#include <stdlib.h>
#include <string.h>

#include "common/rng.h"
#include "games/zebras.h"
#include "safari/safari.h"
#include "tests/check.h"

extern const sa_game sa_zebras_game;

/* The territory map of §2.2, row by row. */
static const char *const TERRITORY_MAP[5] = {"123333", "122344", "112334", "512226",
                                             "556666"};

static int territory(int cell)
{
    return TERRITORY_MAP[cell / 6][cell % 6] - '1';
}

static int step(int cell, int d)
{
    int row = cell / 6, col = cell % 6;
    static const int drow[4] = {-1, 0, 1, 0}, dcol[4] = {0, 1, 0, -1};
    row += drow[d];
    col += dcol[d];
    return row < 0 || row > 4 || col < 0 || col > 5 ? -1 : 6 * row + col;
}

static void test_geometry_tables(void)
{
    int rivers = 0;
    for (int cell = 0; cell < ZEBRAS_CELLS; cell++) {
        CHECK(ZEBRAS_TERRITORY_OF[cell] == territory(cell));
        CHECK((ZEBRAS_TERRITORY_BB[territory(cell)] >> cell) & 1);
        uint32_t adjacent = 0;
        for (int d = 0; d < 4; d++) {
            int next = step(cell, d);
            if (next >= 0)
                adjacent |= (uint32_t)1 << next;
            int river = next >= 0 && territory(next) != territory(cell);
            CHECK(ZEBRAS_RIVER_STEP[cell][d] == (river ? next : -1));
            CHECK(next < 0 || next - cell == ZEBRAS_STEP_DELTA[d]);
            rivers += river;
        }
        CHECK(ZEBRAS_ADJACENT_BB[cell] == adjacent);
    }
    CHECK(rivers == 2 * 25); /* §2.2: 25 crossings, each seen from both sides */
    uint32_t all = 0;
    for (int t = 0; t < ZEBRAS_TERRITORIES; t++) {
        CHECK((ZEBRAS_TERRITORY_BB[t] & all) == 0);
        CHECK(__builtin_popcount(ZEBRAS_TERRITORY_BB[t]) % 2 == 1);
        all |= ZEBRAS_TERRITORY_BB[t];
    }
    CHECK(all == ZEBRAS_ALL_CELLS);
    for (int p = 0; p < ZEBRAS_TRACK; p++) {
        /* §4.10: 0..5 column p; 6..10 row p-6; 11..16 column 16-p; 17..21 row 21-p */
        uint32_t line = 0;
        for (int cell = 0; cell < ZEBRAS_CELLS; cell++) {
            int row = cell / 6, col = cell % 6;
            int in = p <= 5    ? col == p
                     : p <= 10 ? row == p - 6
                     : p <= 16 ? col == 16 - p
                               : row == 21 - p;
            if (in)
                line |= (uint32_t)1 << cell;
        }
        CHECK(ZEBRAS_LINE_BB[p] == line);
    }
}

static void test_zobrist_table(void)
{
    for (unsigned k = 0; k < ZEBRAS_ZOBRIST_KEYS; k++) {
        uint64_t x = ZEBRAS_ZOBRIST_SEED + (uint64_t)k * 0x9E3779B97F4A7C15ULL;
        CHECK(zebras_zobrist_keys[k] == sa_splitmix64(&x));
    }
}

/* Simple paths from `cell` in the river graph: count and longest length. */
static void river_paths(int cell, uint32_t visited, int length, int *count, int *longest)
{
    ++*count;
    if (length > *longest)
        *longest = length;
    for (int d = 0; d < 4; d++) {
        int next = ZEBRAS_RIVER_STEP[cell][d];
        if (next >= 0 && !((visited >> next) & 1))
            river_paths(next, visited | (uint32_t)1 << next, length + 1, count, longest);
    }
}

/* The bounds proved in zebras.h: chains of at most 10 swaps, at most 336
 * moves in a position. */
static void test_move_bounds(void)
{
    int paths[ZEBRAS_CELLS], longest = 0, most_paths = 0;
    for (int cell = 0; cell < ZEBRAS_CELLS; cell++) {
        paths[cell] = 0;
        river_paths(cell, (uint32_t)1 << cell, 0, &paths[cell], &longest);
        if (paths[cell] > most_paths)
            most_paths = paths[cell];
    }
    CHECK(longest == ZEBRAS_MAX_CHAIN);
    CHECK(most_paths == 23);
    int bound = ZEBRAS_TRACK;
    for (int p = 0; p < ZEBRAS_TRACK; p++) {
        int total = 0;
        for (uint32_t bb = ZEBRAS_LINE_BB[p]; bb; bb &= bb - 1)
            total += 3 * (4 + paths[__builtin_ctz(bb)]);
        if (total > bound)
            bound = total;
    }
    CHECK(bound == ZEBRAS_MAX_MOVES);
}

static sa_position *load(const char *json)
{
    sa_error err;
    sa_position *pos = sa_position_from_json(json, strlen(json), &err);
    if (pos == NULL)
        fprintf(stderr, "load failed: %s\n", err.message);
    CHECK(pos != NULL);
    return pos;
}

static void test_start_position(void)
{
    static const char expected[] =
        "{\"game\": \"zebras\", \"rules\": {\"croc_chain\": true}, \"to_move\": 0, "
        "\"board\": [\".. .. .. .. .. ..\", \".. .. .. .. .. ..\", \".. .. .. .. .. ..\", "
        "\".. .. .. .. .. ..\", \".. .. .. .. .. ..\"], \"guardian\": null, "
        "\"inauguration\": null, \"hands\": [{\"Z\": 5, \"G\": 6, \"E\": 1, \"L\": 1, "
        "\"C\": 2}, {\"Z\": 5, \"G\": 6, \"E\": 1, \"L\": 1, \"C\": 2}]}";
    sa_error err;
    sa_position *pos = sa_position_new("zebras", NULL, &err);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    char text[1024];
    sa_position_to_json(pos, text, sizeof text);
    CHECK(strcmp(text, expected) == 0);
    CHECK(sa_position_to_move(pos) == 0);
    CHECK(sa_zebras_game.state_size == 56);
    sa_position_moves_text(pos, text, sizeof text);
    CHECK(strncmp(text, "@00 @01 @02 ", 12) == 0);
    sa_position_free(pos);
    pos = sa_position_new("zebras", "{\"croc_chain\": false}", &err);
    CHECK(pos != NULL);
    sa_position_free(pos);
}

#define EX3                                                                              \
    "{\"game\": \"zebras\", \"rules\": {\"croc_chain\": %s}, \"to_move\": 0, "           \
    "\"board\": [\".. .. 1G .. .. ..\", \".. 0L .. 1G 0G ..\", \".. .. 1G .. .. ..\", "  \
    "\".. .. .. .. .. ..\", \".. .. .. .. .. ..\"], \"guardian\": 7, "                   \
    "\"inauguration\": null, \"hands\": [{\"Z\": 5, \"G\": 5, \"E\": 1, \"L\": 0, "      \
    "\"C\": 2}, {\"Z\": 5, \"G\": 3, \"E\": 1, \"L\": 1, \"C\": 2}]}"

static void test_perft_rule_book(void)
{
    sa_error err;
    sa_position *start = sa_position_new("zebras", NULL, &err);
    CHECK(sa_perft(start, 1) == 22);
    CHECK(sa_perft(start, 2) == 1800);
    CHECK(sa_perft(start, 3) == 146058);
    sa_position_free(start);
    static const uint64_t counts[2][3] = {{45, 4005, 232569}, {42, 3696, 207927}};
    for (int chain = 0; chain < 2; chain++) {
        char json[1024];
        snprintf(json, sizeof json, EX3, chain == 0 ? "true" : "false");
        sa_position *pos = load(json);
        for (int d = 1; pos != NULL && d <= 3; d++)
            CHECK(sa_perft(pos, d) == counts[chain][d - 1]);
        sa_position_free(pos);
    }
}

static void test_example3_chain(void)
{
    char json[1024];
    snprintf(json, sizeof json, EX3, "true");
    sa_position *pos = load(json);
    if (pos == NULL)
        return;
    sa_error err;
    CHECK(sa_position_apply(pos, "Cc2xd2xe2@08", &err) == SA_OK);
    char text[1024];
    sa_position_to_json(pos, text, sizeof text);
    CHECK(strstr(text, "\".. 0L 1g 0G 0C ..\"") != NULL);
    CHECK(strstr(text, "\"to_move\": 1") != NULL &&
          strstr(text, "\"guardian\": 8") != NULL);
    CHECK(sa_position_hash(pos) == sa_position_hash_from_scratch(pos));
    sa_position_free(pos);
}

static void test_example8_scoring(void)
{
    static const char json[] =
        "{\"game\": \"zebras\", \"to_move\": 0, \"board\": [\"0L 1g 1C 0G 1Z 0E\", "
        "\"0g 0Z 1Z 0G 1G 0Z\", \"0Z 1G 1G 1C 0G 1Z\", \"0Z 1E 1z 0G .. 1G\", "
        "\"0C 1g 1L 1z 0G 0Z\"], \"guardian\": 4, \"inauguration\": 1, \"hands\": "
        "[{\"Z\": 0, \"G\": 0, \"E\": 0, \"L\": 0, \"C\": 1}, "
        "{\"Z\": 0, \"G\": 0, \"E\": 0, \"L\": 0, \"C\": 0}]}";
    static const struct {
        const char *move;
        int score0, score1;
    } cases[] = {{"Ce4", 37, 46},          {"Ce4xe3", 35, 48}, {"Ce4xe3xe2", 32, 51},
                 {"Ce4xe3xe2xd2", 34, 49}, {"Ce4xe5", 37, 46}, {"Ce4xf4", 46, 37}};
    sa_position *pos = load(json);
    if (pos == NULL)
        return;
    char moves[256];
    sa_position_moves_text(pos, moves, sizeof moves);
    CHECK(strcmp(moves, "Ce4 Ce4xe3 Ce4xe3xe2 Ce4xe3xe2xd2 Ce4xe5 Ce4xf4") == 0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sa_position *child = sa_position_copy(pos);
        sa_error err;
        CHECK(sa_position_apply(child, cases[i].move, &err) == SA_OK);
        CHECK(sa_position_to_move(child) == SA_TERMINAL);
        int score[2];
        zebras_scores(sa_position_state(child), score);
        CHECK(score[0] == cases[i].score0 && score[1] == cases[i].score1);
        int32_t result[2];
        CHECK(sa_position_result(child, result, &err) == SA_OK);
        CHECK(result[0] == (score[0] > score[1] ? 1 : -1) && result[1] == -result[0]);
        CHECK(sa_zebras_game.evaluate(sa_position_state(child), 1) ==
              100 * (score[1] - score[0]));
        sa_position_free(child);
    }
    sa_position_free(pos);
}

/* Along seeded random playouts: the incremental key equals the key from
 * scratch, every move's spelling is distinct, and games end full. */
static void test_random_playouts(void)
{
    const sa_game *g = &sa_zebras_game;
    sa_move moves[ZEBRAS_MAX_MOVES];
    sa_rng rng;
    sa_rng_seed(&rng, 20261129);
    for (int game = 0; game < 300; game++) {
        zebras_state s;
        CHECK(g->new_position(&s, NULL, NULL) == SA_OK);
        s.croc_chain = (uint8_t)(game % 3 != 0);
        s.hash = g->hash_from_scratch(&s);
        int plies = 0;
        while (g->to_move(&s) != SA_TERMINAL && plies < 200) {
            int n = g->legal_moves(&s, moves);
            CHECK(n >= 1 && n <= ZEBRAS_MAX_MOVES);
            char a[SA_MOVE_STR_MAX], b[SA_MOVE_STR_MAX];
            for (int i = 0; i + 1 < n && game < 20; i++) {
                g->move_str(&s, moves[i], a);
                for (int j = i + 1; j < n; j++) {
                    g->move_str(&s, moves[j], b);
                    CHECK(strcmp(a, b) != 0);
                }
            }
            g->apply(&s, moves[sa_rng_below(&rng, (uint64_t)n)]);
            CHECK(g->hash(&s) == g->hash_from_scratch(&s));
            plies++;
        }
        CHECK(g->to_move(&s) == SA_TERMINAL);
        CHECK(zebras_occupied(&s) == ZEBRAS_ALL_CELLS && s.inauguration >= 0);
        int32_t result[2];
        g->result(&s, result);
        CHECK(result[0] != 0 && result[0] == -result[1]); /* a draw cannot happen */
    }
}

const test_case zebras_tests[] = {
    {"zebras: geometry tables", test_geometry_tables},
    {"zebras: move bounds", test_move_bounds},
    {"zebras: Zobrist table", test_zobrist_table},
    {"zebras: start position", test_start_position},
    {"zebras: perft of the rule book", test_perft_rule_book},
    {"zebras: example 3 chain", test_example3_chain},
    {"zebras: example 8 scoring", test_example8_scoring},
    {"zebras: random playouts keep the key", test_random_playouts},
    {NULL, NULL},
};
