/* tests/test_turtles.c: turtles in C alone: the cell numbering against the
 * axial definition, the Zobrist table, start positions, perft, worked
 * examples of the rule book, and the incremental hash along random playouts. */
#include <stdlib.h>
#include <string.h>

#include "common/bitboard.h"
#include "common/rng.h"
#include "games/turtles.h"
#include "safari/safari.h"
#include "tests/check.h"

extern const sa_game sa_turtles_game;

/* (q, r) of bit sq, from the axial definition of the rule book §2. */
static int axial_valid(int q, int r)
{
    return abs(q) <= 3 && abs(r) <= 3 && abs(q + r) <= 3;
}

static void test_cell_numbering(void)
{
    int cells = 0;
    char prev[3] = "";
    for (int sq = 0; sq < 64; sq++) {
        int c = sq >> 3, s = sq & 7, q = c - 3, r = 3 - s;
        int valid = s < 7 && axial_valid(q, r);
        CHECK(turtles_sq_valid(sq) == valid);
        if (!valid)
            continue;
        cells++;
        char name[3];
        turtles_sq_name(sq, name);
        int rank = (3 < 3 - q ? 3 : 3 - q) - r + 1; /* §2 */
        CHECK(name[0] == 'a' + c && name[1] == '0' + rank);
        CHECK(turtles_sq_parse(name) == sq);
        CHECK(strcmp(prev, name) < 0); /* bit order == name order */
        memcpy(prev, name, 3);
        CHECK(turtles_sq_valid(54 - sq)); /* the point reflection */
    }
    CHECK(cells == TURTLES_CELLS && sa_bb_count(TURTLES_BOARD_BB) == TURTLES_CELLS);
    static const char *const bad[] = {"",   "a",  "a0",  "a5", "h1",
                                      "d8", "g5", "d44", "D4", NULL};
    for (int i = 0; bad[i] != NULL; i++)
        CHECK(turtles_sq_parse(bad[i]) == TURTLES_NO_SQ);
}

/* Shifting by a direction's offset, once or twice, is exact on the board. */
static void test_direction_offsets_are_exact(void)
{
    static const int dq[6] = {0, 1, 1, 0, -1, -1}, dr[6] = {-1, -1, 0, 1, 1, 0};
    for (int sq = 0; sq < 55; sq++) {
        if (!turtles_sq_valid(sq))
            continue;
        int q = (sq >> 3) - 3, r = 3 - (sq & 7);
        for (int d = 0; d < 6; d++) {
            for (int k = 1; k <= 2; k++) {
                uint64_t moved = turtles_shift(sa_bb_of(sq), k * turtles_all_dirs[d]);
                int q2 = q + k * dq[d], r2 = r + k * dr[d];
                uint64_t want = axial_valid(q2, r2) ? sa_bb_of(8 * (q2 + 3) + 3 - r2) : 0;
                CHECK(moved == want);
            }
        }
    }
}

static void test_start_squares_and_zobrist(void)
{
    static const char *const start0[] = {"b1", "c1", "c2", "d1", "d2", "e1", "e2", "f1"};
    static const char *const start1[] = {"b5", "c5", "c6", "d6", "d7", "e5", "e6", "f5"};
    uint64_t bb0 = 0, bb1 = 0;
    for (int i = 0; i < 8; i++) {
        bb0 |= sa_bb_of(turtles_sq_parse(start0[i]));
        bb1 |= sa_bb_of(turtles_sq_parse(start1[i]));
    }
    CHECK(bb0 == TURTLES_START0_BB && bb1 == TURTLES_START1_BB);
    CHECK(turtles_sq_parse("d1") == TURTLES_D1 && turtles_sq_parse("d7") == TURTLES_D7);
    uint64_t x = TURTLES_ZOBRIST_SEED;
    for (int sq = 0; sq < 56; sq++)
        for (int code = 0; code < 16; code++)
            CHECK(turtles_z_piece(sq, code) == sa_splitmix64(&x));
    for (int sq = 0; sq < 56; sq++)
        CHECK(turtles_z_pending(sq) == sa_splitmix64(&x));
    for (int sq = 0; sq < 56; sq++)
        CHECK(turtles_z_changing(sq) == sa_splitmix64(&x));
    for (int ph = 0; ph < 4; ph++)
        CHECK(turtles_z_phase(ph) == sa_splitmix64(&x));
    CHECK(turtles_z_side() == sa_splitmix64(&x));
    for (int p = 0; p < 2; p++)
        for (int n = 0; n <= 8; n++)
            CHECK(turtles_z_reserve(p, n) == sa_splitmix64(&x));
}

static sa_position *from_text(const char *json)
{
    sa_error err;
    sa_position *pos = sa_position_from_json(json, strlen(json), &err);
    if (pos == NULL)
        fprintf(stderr, "from_json: %s\n", err.message);
    return pos;
}

static int moves_are(const sa_position *pos, const char *want)
{
    char got[8192];
    sa_position_moves_text(pos, got, sizeof got);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "moves: got '%s'\n       want '%s'\n", got, want);
    return strcmp(got, want) == 0;
}

static void test_start_position(void)
{
    sa_error err;
    sa_position *pos = sa_position_new("turtles", NULL, &err);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    char text[2048];
    sa_position_to_json(pos, text, sizeof text);
    CHECK(
        strcmp(
            text,
            "{\"game\": \"turtles\", \"rules\": {\"tattoo\": false, \"tattoo_setup\": \"fixed\", "
            "\"hatching\": false, \"max_rule\": \"first_hop\", \"max_turns\": 200}, \"to_move\": 0, "
            "\"phase\": \"play\", \"side\": 0, \"turns\": 0, \"board\": {\"b1\": \"0\", \"b5\": \"1\", "
            "\"c1\": \"0\", \"c2\": \"0\", \"c5\": \"1\", \"c6\": \"1\", \"d1\": \"0\", \"d2\": \"0\", "
            "\"d6\": \"1\", \"d7\": \"1\", \"e1\": \"0\", \"e2\": \"0\", \"e5\": \"1\", \"e6\": \"1\", "
            "\"f1\": \"0\", \"f5\": \"1\"}, \"reserve\": [0, 0], \"pending\": [], \"changing\": null}") ==
        0);
    CHECK(moves_are(pos,
                    "b1-a1 b1-b2 b1xd3 c1xa1 c1xc3 c2-b2 c2-c3 c2-d3 d1xd3 d2-d3 d2xb2 "
                    "d2xf2 e1xe3 e1xg1 e2-d3 e2-e3 e2-f2 f1-f2 f1-g1 f1xd3"));
    sa_position_free(pos);
}

static void test_perft_from_starts(void)
{
    static const struct {
        const char *rules;
        int depth;
        uint64_t nodes[7];
    } cases[] = {
        {NULL, 4, {1, 20, 400, 8112, 156989}},
        {"{\"tattoo\": true}", 3, {1, 20, 400, 8112}},
        {"{\"hatching\": true}", 3, {1, 28, 2499, 82222}},
        {"{\"tattoo\": true, \"tattoo_setup\": \"choose\"}",
         6,
         {1, 8, 56, 336, 1680, 13440, 94080}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sa_error err;
        sa_position *pos = sa_position_new("turtles", cases[i].rules, &err);
        CHECK(pos != NULL);
        for (int d = 0; pos != NULL && d <= cases[i].depth; d++)
            CHECK(sa_perft(pos, d) == cases[i].nodes[d]);
        sa_position_free(pos);
    }
}

#define EXAMPLE_HEAD                                                                     \
    "{\"game\": \"turtles\", \"rules\": {%s}, \"to_move\": %s, \"phase\": \"%s\", "      \
    "\"side\": %s, \"turns\": 0, \"board\": {%s}, \"reserve\": [0, 0], "                 \
    "\"pending\": [], \"changing\": null}"

static sa_position *example(const char *rules, const char *side, const char *board)
{
    char text[1024];
    snprintf(text, sizeof text, EXAMPLE_HEAD, rules, side, "play", side, board);
    return from_text(text);
}

static void test_worked_examples(void)
{
    /* §7.2: forced jump through a neutral into the goal */
    sa_position *pos = example("", "0",
                               "\"d3\": \"0\", \"a1\": \"0\", \"d4\": \"1\", "
                               "\"e6\": \"1\", \"g2\": \"1\", \"e5\": \"n\"");
    CHECK(pos != NULL && moves_are(pos, "d3xd5xf5xd7/0 d3xd5xf5xd7/1"));
    sa_error err;
    if (pos != NULL) {
        CHECK(sa_position_apply(pos, "d3xd5xf5xd7/1", &err) == SA_OK);
        int32_t result[2];
        CHECK(sa_position_to_move(pos) == SA_TERMINAL);
        CHECK(sa_position_result(pos, result, &err) == SA_OK && result[0] == 1 &&
              result[1] == -1);
    }
    sa_position_free(pos);
    /* §7.4: the maximum rule under each setting */
    static const char *const rules[3] = {"", "\"max_rule\": \"any\"",
                                         "\"max_rule\": \"global\""};
    static const char *const want[3] = {"a1xa3 d2xd4xb4xd6", "a1xa3 d2xd4xb4xd6 d2xd4xf4",
                                        "d2xd4xb4xd6"};
    for (int i = 0; i < 3; i++) {
        pos = example(rules[i], "0",
                      "\"d2\": \"0\", \"a1\": \"0\", \"d3\": \"1\", \"c4\": \"1\", "
                      "\"c5\": \"1\", \"e4\": \"1\", \"a2\": \"1\"");
        CHECK(pos != NULL && moves_are(pos, want[i]));
        sa_position_free(pos);
    }
    /* §7.8: Change, the order of effects, and a win by Change */
    pos = example("\"tattoo\": true", "0",
                  "\"d1\": \"0\", \"d2\": \"0\", \"e3\": \"0\", "
                  "\"d3\": \"1C\", \"e4\": \"1X\", \"b5\": \"1\"");
    CHECK(pos != NULL && moves_are(pos, "d2xd4xf4 e3xe5"));
    if (pos != NULL) {
        CHECK(sa_position_apply(pos, "d2xd4xf4", &err) == SA_OK);
        CHECK(moves_are(pos, "Cd3 Xe4/e3 Xe4/f4"));
        CHECK(sa_position_apply(pos, "Cd3", &err) == SA_OK &&
              sa_position_to_move(pos) == 0);
        CHECK(moves_are(pos, "Cd3/d1 Cd3/e3 Cd3/f4"));
        CHECK(sa_position_apply(pos, "Cd3/d1", &err) == SA_OK);
        CHECK(sa_position_to_move(pos) == SA_TERMINAL);
    }
    sa_position_free(pos);
    /* §7.9: Immortality and Life */
    pos = example("\"tattoo\": true", "1",
                  "\"d1\": \"0\", \"a1\": \"0\", \"e4\": \"0L\", "
                  "\"d3\": \"0I\", \"e5\": \"1\", \"g4\": \"1\"");
    CHECK(pos != NULL && moves_are(pos, "e5xe3xc2"));
    if (pos != NULL) {
        CHECK(sa_position_apply(pos, "e5xe3xc2", &err) == SA_OK);
        CHECK(moves_are(pos, "Id3 Le4/b1 Le4/c1 Le4/d2 Le4/e1 Le4/e2 Le4/f1"));
        CHECK(sa_position_apply(pos, "Id3", &err) == SA_OK);
        CHECK(sa_position_apply(pos, "Le4/c1", &err) == SA_OK);
        CHECK(moves_are(pos, "c1xc3"));
    }
    sa_position_free(pos);
}

/* Along seeded random playouts of every variant: the incremental key equals
 * the recomputed one, the JSON round trip is exact, the move list fits. */
static void test_random_playouts(void)
{
    static const char *const variants[] = {
        NULL,
        "{\"tattoo\": true}",
        "{\"tattoo\": true, \"tattoo_setup\": \"choose\"}",
        "{\"hatching\": true}",
        "{\"max_rule\": \"global\"}",
        "{\"hatching\": true, \"max_rule\": \"any\"}",
        "{\"tattoo\": true, \"max_turns\": 12}"};
    const sa_game *g = &sa_turtles_game;
    static sa_move moves[TURTLES_MAX_MOVES];
    sa_rng rng;
    sa_rng_seed(&rng, 20261129);
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        for (int game = 0; game < 60; game++) {
            sa_error err;
            sa_position *pos = sa_position_new("turtles", variants[v], &err);
            turtles_state s;
            memcpy(&s, sa_position_state(pos), sizeof s);
            sa_position_free(pos);
            for (int ply = 0; ply < 1000 && g->to_move(&s) != SA_TERMINAL; ply++) {
                int n = g->legal_moves(&s, moves);
                CHECK(n > 0 && n <= TURTLES_MAX_MOVES);
                if (n <= 0)
                    break;
                g->apply(&s, moves[sa_rng_below(&rng, (uint64_t)n)]);
                CHECK(g->hash(&s) == g->hash_from_scratch(&s));
                CHECK(g->evaluate(&s, 0) == -g->evaluate(&s, 1));
                char text[2048];
                sa_writer w;
                sa_writer_init(&w, text, sizeof text);
                g->to_json(&s, &w);
                sa_position *back = sa_position_from_json(text, w.len, &err);
                CHECK(back != NULL);
                if (back == NULL) {
                    fprintf(stderr, "%s\n%s\n", text, err.message);
                    break;
                }
                CHECK(memcmp(sa_position_state(back), &s, sizeof s) == 0);
                sa_position_free(back);
            }
        }
    }
}

const test_case turtles_tests[] = {
    {"turtles: cell numbering", test_cell_numbering},
    {"turtles: direction offsets are exact", test_direction_offsets_are_exact},
    {"turtles: start squares and Zobrist table", test_start_squares_and_zobrist},
    {"turtles: start position", test_start_position},
    {"turtles: perft from the starts", test_perft_from_starts},
    {"turtles: worked examples", test_worked_examples},
    {"turtles: random playouts keep hash and JSON", test_random_playouts},
    {NULL, NULL},
};
