/* tests/test_position.c: the public position API over every registered game:
 * start positions read back from their own JSON, moves apply, perft agrees
 * with a walk through the public API, bad input is refused. */
#include <stdlib.h>
#include <string.h>

#include "safari/safari.h"
#include "tests/check.h"
#include "tests/random_ply.h"

static void test_start_positions_round_trip(void)
{
    for (int g = 0; sa_game_name(g) != NULL; g++) {
        sa_error err;
        sa_position *pos = sa_position_new(sa_game_name(g), NULL, &err);
        CHECK(pos != NULL);
        if (pos == NULL)
            continue;
        char text[65536];
        size_t n = sa_position_to_json(pos, text, sizeof text);
        CHECK(n < sizeof text);
        sa_position *back = sa_position_from_json(text, n, &err);
        CHECK(back != NULL);
        if (back != NULL) {
            char again[65536];
            sa_position_to_json(back, again, sizeof again);
            CHECK(strcmp(text, again) == 0);
            CHECK(sa_position_hash(back) == sa_position_hash(pos));
            sa_position_free(back);
        }
        sa_position_free(pos);
    }
}

/* perft through the public API, applying moves by spelling. */
static uint64_t slow_perft(const sa_position *pos, int depth)
{
    if (depth == 0)
        return 1;
    char *moves = malloc(1 << 20);
    sa_position_moves_text(pos, moves, 1 << 20);
    uint64_t total = 0;
    char *rest = NULL;
    for (char *tok = strtok_r(moves, " ", &rest); tok != NULL;
         tok = strtok_r(NULL, " ", &rest)) {
        /* Only chance outcomes carry ":WEIGHT", after the last colon (a
         * spelling may hold colons of its own, e.g. arena's "init:0"). */
        char *colon = sa_position_to_move(pos) == -1 ? strrchr(tok, ':') : NULL;
        if (colon != NULL)
            *colon = '\0';
        sa_position *child = sa_position_copy(pos);
        sa_error err;
        CHECK(sa_position_apply(child, tok, &err) == SA_OK);
        CHECK(sa_position_hash(child) == sa_position_hash_from_scratch(child));
        total += slow_perft(child, depth - 1);
        sa_position_free(child);
    }
    free(moves);
    return total;
}

static void test_perft_matches_public_walk(void)
{
    for (int g = 0; sa_game_name(g) != NULL; g++) {
        sa_error err;
        sa_position *pos = sa_position_new(sa_game_name(g), NULL, &err);
        if (pos == NULL)
            continue;
        CHECK(sa_perft(pos, 0) == 1);
        CHECK(sa_perft(pos, 1) == slow_perft(pos, 1));
        sa_position_free(pos);
    }
}

static void test_bad_input_is_refused(void)
{
    sa_error err;
    CHECK(sa_position_new("chess", NULL, &err) == NULL);
    CHECK(err.status == SA_ERR_POSITION && strstr(err.message, "chess") != NULL);
    const char *no_game = "{\"rules\": {}}";
    CHECK(sa_position_from_json(no_game, strlen(no_game), &err) == NULL);
    CHECK(strstr(err.message, "'game'") != NULL);
    CHECK(sa_position_from_json("[1,", 3, &err) == NULL);
    CHECK(err.status == SA_ERR_JSON);
    for (int g = 0; sa_game_name(g) != NULL; g++) {
        sa_position *pos = sa_position_new(sa_game_name(g), NULL, &err);
        if (pos == NULL)
            continue;
        CHECK(sa_position_apply(pos, "no-such-move", &err) == SA_ERR_MOVE);
        CHECK(strstr(err.message, "no-such-move") != NULL);
        CHECK(sa_position_new(sa_game_name(g), "{\"no_such_rule\": 1}", &err) == NULL);
        CHECK(strstr(err.message, "no_such_rule") != NULL);
        sa_position_free(pos);
    }
}

/* A refused position's error carries the field its message names as data:
 * err.field is the path in "field 'PATH': ...", and "" for an error that is
 * not about a field (bad JSON, an illegal move). */
static void test_error_names_its_field(void)
{
    static const struct {
        const char *json;
        const char *field;
    } cases[] = {
        {"{\"rules\": {}}", "game"},
        {"{\"game\": 7}", "game"},
        {"{\"game\": \"chess\"}", "game"},
        {"{\"game\": \"turtles\", \"bogus\": 1}", "bogus"},
        {"[1,", ""},
    };
    sa_error err;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CHECK(sa_position_from_json(cases[i].json, strlen(cases[i].json), &err) == NULL);
        CHECK(strcmp(err.field, cases[i].field) == 0);
    }
    for (int g = 0; sa_game_name(g) != NULL; g++) {
        sa_position *pos =
            sa_position_new(sa_game_name(g), "{\"no_such_rule\": 1}", &err);
        CHECK(pos == NULL);
        CHECK(strcmp(err.field, "rules.no_such_rule") == 0);
        CHECK(strncmp(err.message, "field 'rules.no_such_rule': ", 28) == 0);
        pos = sa_position_new(sa_game_name(g), NULL, &err);
        if (pos == NULL)
            continue;
        CHECK(sa_position_apply(pos, "no-such-move", &err) == SA_ERR_MOVE);
        CHECK(err.field[0] == '\0');
        sa_position_free(pos);
    }
}

/* What a move does: its places and its sentence, from the game's describe_move. */
static void test_moves_are_described(void)
{
    sa_error err;
    char places[512], text[320];
    sa_position *pos = sa_position_new("turtles", NULL, &err);
    CHECK(pos != NULL);
    CHECK(sa_position_describe(pos, "d1xd3", places, sizeof places, text, sizeof text,
                               &err) == SA_OK);
    CHECK(strcmp(places, "cell:d1 cell:d3") == 0);
    CHECK(strcmp(text, "the turtle on d1 jumps over its own turtle on d2 to d3") == 0);
    CHECK(sa_position_describe(pos, "d1-d7", places, sizeof places, text, sizeof text,
                               &err) == SA_ERR_MOVE);
    CHECK(strstr(err.message, "d1-d7") != NULL);
    sa_position_free(pos);
}

/* Lines of sa_position_describe_all against the moves listed, along seeded
 * random games of every game and variant (ASan and UBSan run this too). */
static void test_random_games_are_described(void)
{
    static const char *const starts[][2] = {
        {"turtles", NULL},
        {"turtles", "{\"tattoo\":true}"},
        {"turtles", "{\"hatching\":true}"},
        {"zebras", NULL},
        {"ostrich", NULL},
        {"ostrich", "{\"lion\":true,\"players\":2}"},
        {"arena", NULL},
        {"arena", "{\"animals\":true,\"format\":\"primus\"}"},
    };
    static char all[1 << 18], moves[1 << 17];
    uint64_t rng = 11;
    sa_error err;
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        for (int game = 0; game < 3; game++) {
            sa_position *pos = sa_position_new(starts[i][0], starts[i][1], &err);
            CHECK(pos != NULL);
            for (int ply = 0; pos != NULL && ply < 300 && sa_position_to_move(pos) != -2;
                 ply++) {
                size_t n = sa_position_describe_all(pos, all, sizeof all);
                sa_position_moves_text(pos, moves, sizeof moves);
                size_t lines = 0, listed = 1;
                for (const char *c = all; *c; c++)
                    lines += *c == '\n';
                for (const char *c = moves; *c; c++)
                    listed += *c == ' ';
                CHECK(n < sizeof all && lines == listed);
                CHECK(strstr(all, "\t\n") == NULL); /* every line has words */
                CHECK(play_random_ply(pos, &rng, &err) == SA_OK);
            }
            sa_position_free(pos);
        }
    }
}

const test_case position_tests[] = {
    {"position: moves are described", test_moves_are_described},
    {"position: random games are described", test_random_games_are_described},
    {"position: start positions round trip", test_start_positions_round_trip},
    {"position: perft matches a public walk", test_perft_matches_public_walk},
    {"position: bad input is refused", test_bad_input_is_refused},
    {"position: an error carries its field path", test_error_names_its_field},
    {NULL, NULL},
};
