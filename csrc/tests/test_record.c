/* tests/test_record.c: game records read, checked and replayed
 * (common/record.c), and their whole-game analysis (search/annotate.c). */
#include <stdlib.h>
#include <string.h>

#include "safari/annotate.h"
#include "safari/record.h"
#include "safari/safari.h"
#include "search/verdicts.h"
#include "tests/check.h"

/* A turtles record of two plies, its "moves" member replaced by `moves`. */
static char *record_text(const char *moves, const char *extra)
{
    sa_error err;
    sa_position *start = sa_position_new("turtles", NULL, &err);
    size_t n = sa_position_to_json(start, NULL, 0);
    char *pos = malloc(n + 1);
    sa_position_to_json(start, pos, n + 1);
    sa_position_free(start);
    size_t cap = n + strlen(moves) + strlen(extra) + 200;
    char *text = malloc(cap);
    snprintf(text, cap,
             "{\"format\": \"safari-ai-record\", \"version\": 1, \"start\": %s, "
             "\"moves\": %s%s}",
             pos, moves, extra);
    free(pos);
    return text;
}

static const char MOVES[] = "[{\"ply\": 1, \"by\": 0, \"move\": \"d1xd3\"}, "
                            "{\"ply\": 2, \"by\": 1, \"move\": \"d7xd5\"}]";

static void test_replay(void)
{
    char *text = record_text(MOVES, "");
    sa_error err;
    sa_record *r = sa_record_replay(text, strlen(text), &err);
    CHECK(r != NULL && sa_record_plies(r) == 2);
    CHECK(r != NULL && sa_position_to_move(sa_record_position(r, 2)) == 0);
    sa_record_free(r);
    free(text);
}

static void test_refusals_name_the_field(void)
{
    struct {
        const char *moves, *extra, *message;
    } cases[] = {
        {"[{\"ply\": \"1\", \"by\": 0, \"move\": \"d1xd3\"}]", "",
         "moves[0].ply: must be the integer 1, got '1'"},
        {"[{\"ply\": 1, \"by\": 1, \"move\": \"d1xd3\"}]", "",
         "ply 1: by 1 but 0 is to move"},
        {MOVES, ", \"result\": [1, -1]",
         "result: [1, -1], but the game is not over after 2"},
        {MOVES, ", \"result\": [1.5, true]",
         "result: must be a list of numbers or null, got [1.5, True]"},
        {"{}", "", "moves: must be a list"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *text = record_text(cases[i].moves, cases[i].extra);
        sa_error err;
        sa_record *r = sa_record_replay(text, strlen(text), &err);
        CHECK(r == NULL);
        CHECK(strncmp(err.message, cases[i].message, strlen(cases[i].message)) == 0);
        sa_record_free(r);
        free(text);
    }
}

static void count_progress(void *user, int done, int total)
{
    (void)total;
    *(int *)user = done;
}

static void test_annotate(void)
{
    char *text = record_text(MOVES, "");
    int last = 0, ended = -1;
    sa_annotate_options o = {.depth = 1,
                             .algo = SA_ALGO_AUTO,
                             .progress = count_progress,
                             .progress_user = &last};
    sa_error err;
    char *json = sa_annotate(text, strlen(text), &o, &ended, &err);
    CHECK(json != NULL && ended == SA_ANNOTATE_DONE && last == 3);
    CHECK(json != NULL && strstr(json, "\"units\": \"win probability\"") != NULL);
    CHECK(json != NULL && strstr(json, "\"summary\": {\"0\": {\"moves\": 1") != NULL);
    free(json);
    volatile int stop = 1;
    o.stop = &stop;
    json = sa_annotate(text, strlen(text), &o, &ended, &err);
    CHECK(json == NULL && ended == SA_ANNOTATE_STOPPED);
    free(text);
}

/* A level whose bands were not measured for a number of players (a row of
 * zeros) rates by the default level's; an analysis by explicit limits
 * (level -1) does too; no bands at all, no rating. Every real game has all
 * its rows measured today, so a copy of the race with one row cleared. */
static void test_rating_bands_fall_back_to_the_default_level(void)
{
    const sa_game *race = sa_game_find("ostrich");
    CHECK(race != NULL);
    if (race == NULL)
        return;
    sa_game copy = *race;
    const double *thorough = sa_rating_bands(&copy, 5, 2);
    const double *by_default = sa_rating_bands(&copy, 5, 1);
    CHECK(thorough == copy.rating_least[2][5] && by_default == copy.rating_least[1][5]);
    CHECK(sa_rating_bands(&copy, 5, -1) == by_default);
    memset(copy.rating_least[2][5], 0, sizeof copy.rating_least[2][5]);
    CHECK(sa_rating_bands(&copy, 5, 2) == copy.rating_least[1][5]);
    memset(copy.rating_least[1][5], 0, sizeof copy.rating_least[1][5]);
    CHECK(sa_rating_bands(&copy, 5, 2) == NULL && sa_rating_bands(&copy, 5, 1) == NULL);
    CHECK(sa_rating_bands(&copy, SA_RATED_PLAYERS_MAX + 1, 1) == NULL);
}

const test_case record_tests[] = {
    {"record replay", test_replay},
    {"record refusals name the field", test_refusals_name_the_field},
    {"record analysis", test_annotate},
    {"rating bands fall back to the default level",
     test_rating_bands_fall_back_to_the_default_level},
    {NULL, NULL},
};
