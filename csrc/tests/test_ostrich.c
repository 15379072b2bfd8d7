/* tests/test_ostrich.c: the ostrich race in C alone: the starting position,
 * perft, worked examples of the rule book, the hash along random playouts,
 * and the speed of random playouts. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/rng.h"
#include "games/ostrich.h"
#include "safari/features.h"
#include "safari/game.h"
#include "safari/safari.h"
#include "tests/check.h"

static sa_position *load(const char *json)
{
    sa_error err;
    sa_position *pos = sa_position_from_json(json, strlen(json), &err);
    if (pos == NULL)
        fprintf(stderr, "load failed: %s\n", err.message);
    return pos;
}

/* The legal moves (or outcomes) as one line. */
static const char *moves_of(const sa_position *pos)
{
    static char text[1 << 16];
    sa_position_moves_text(pos, text, sizeof text);
    return text;
}

static int count_tokens(const char *text)
{
    int n = 0;
    for (const char *p = text; *p; p++)
        n += (p == text || p[-1] == ' ') && *p != ' ';
    return n;
}

static void test_start_position(void)
{
    sa_error err;
    sa_position *pos = sa_position_new("ostrich", NULL, &err);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    CHECK(sa_position_to_move(pos) == -1);
    CHECK(count_tokens(moves_of(pos)) == 10);
    CHECK(strncmp(moves_of(pos), "pred:ABCD:1 pred:ACEB:1", 23) == 0);
    char text[4096];
    sa_position_to_json(pos, text, sizeof text);
    CHECK(
        strstr(
            text,
            "\"ostriches\":{\"A\":\"0a\",\"B\":\"0b\",\"C\":\"0c\",\"D\":\"1a\",\"E\":\"1c\"}") !=
        NULL);
    CHECK(strstr(text, "\"berries\":[\"13c\",\"5b\",\"8a\"]") != NULL);
    sa_position_free(pos);
    CHECK(sa_position_new("ostrich", "{\"lion\":true,\"berries\":false}", &err) == NULL);
    CHECK(strstr(err.message, "rules.lion") != NULL);
    CHECK(sa_position_new("ostrich", "{\"players\":6}", &err) == NULL);
    CHECK(strstr(err.message, "rules.players") != NULL);
}

static void test_perft_start(void)
{
    sa_error err;
    sa_position *pos = sa_position_new("ostrich", "{\"players\":2}", &err);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    CHECK(sa_perft(pos, 1) == 10);
    CHECK(sa_perft(pos, 2) == 90);
    CHECK(sa_perft(pos, 3) == 90 * 1512);
    sa_position_free(pos);
}

static const char E2[] =
    "{\"game\":\"ostrich\",\"rules\":{},\"to_move\":1,\"track\":\"default\",\"berries\":[\"13c\",\"5b\",\"8a\"],"
    "\"berry_pool\":{\"dofnooxoor\":1,\"peepa\":1,\"ter\":1},\"ostriches\":{\"A\":\"2a\",\"B\":\"3a\",\"C\":\"0c\","
    "\"D\":\"3c\",\"E\":\"1c\"},\"finished\":\"\",\"bewitched\":\"\",\"predictions\":[\"DEAB\",\"BDAC\",\"CEBD\","
    "\"EABC\"],\"current\":1,\"mode\":\"normal\",\"phase\":\"reroll_choice\",\"dice\":{\"white\":\"AAAWW\","
    "\"black\":\"B\"},\"reroll\":null,\"left\":null,\"moved\":\"\",\"pending\":null,\"bonus\":0,\"extra\":0,"
    "\"lion\":{\"state\":\"off\",\"space\":null,\"turns\":0}}";

/* E2 and E3: the re-roll choice, the re-roll and the moves after it. */
static void test_example_reroll(void)
{
    sa_position *pos = load(E2);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    CHECK(count_tokens(moves_of(pos)) == 24);
    sa_error err;
    CHECK(sa_position_apply(pos, "r:AW", &err) == SA_OK);
    const char *outcomes = moves_of(pos);
    CHECK(count_tokens(outcomes) == 21);
    CHECK(strncmp(outcomes, "AAAAW/B:1 AAABW/B:2", 19) == 0);
    CHECK(sa_position_apply(pos, "AAAAW/B", &err) == SA_OK);
    CHECK(
        strcmp(
            moves_of(pos),
            "*B A0:Sr A0:Ssrl A0:Ssrr A0:Ssrs A0:Sssr A0:Ssss A1:Ssrlr A1:Ssrls A1:Ssrrl "
            "A1:Ssrrs A1:Ssrsl A1:Ssrsr A1:Ssrss A1:Sssrl A1:Sssrr A1:Sssrs A1:Ssssr A1:Sssss") ==
        0);
    CHECK(sa_position_apply(pos, "A0:r", &err) == SA_ERR_MOVE);
    sa_position_free(pos);
}

static const char E7[] =
    "{\"game\":\"ostrich\",\"rules\":{\"lion\":true},\"to_move\":\"chance\",\"track\":\"default\",\"berries\":"
    "[\"13c\",\"8a\"],\"berry_pool\":{\"dofnooxoor\":1,\"ter\":1},\"ostriches\":{\"A\":\"2b\",\"B\":\"9c\","
    "\"C\":\"11b\",\"D\":\"14b\"},\"finished\":\"E\",\"bewitched\":\"\",\"predictions\":[\"ABCD\",\"CDEA\","
    "\"DEAB\",\"EBDA\"],\"current\":3,\"mode\":\"lion\",\"phase\":\"lion_black\",\"dice\":{\"white\":\"ACDEW\","
    "\"black\":\"C\"},\"reroll\":null,\"left\":null,\"moved\":\"\",\"pending\":null,\"bonus\":0,\"extra\":0,"
    "\"lion\":{\"state\":\"active\",\"space\":\"4a\",\"turns\":1}}";

/* E7: the lion's re-rolled black die and its paths into the lava. */
static void test_example_lion(void)
{
    sa_position *pos = load(E7);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    CHECK(strcmp(moves_of(pos), "black:A:1 black:B:1 black:W:1") == 0);
    sa_position *a = sa_position_copy(pos);
    sa_error err;
    CHECK(sa_position_apply(a, "black:A", &err) == SA_OK);
    CHECK(strcmp(moves_of(a), "L:3a-2b L:3b-2b") == 0);
    CHECK(sa_position_apply(pos, "black:B", &err) == SA_OK);
    CHECK(count_tokens(moves_of(pos)) == 12);
    CHECK(sa_position_apply(pos, "L:5b-6c-7c", &err) == SA_OK);
    char text[4096];
    sa_position_to_json(pos, text, sizeof text);
    CHECK(strstr(text, "\"lion\":{\"state\":\"gone\",\"space\":null,\"turns\":0}") !=
          NULL);
    CHECK(strstr(text, "\"current\":0,\"mode\":\"normal\",\"phase\":\"roll\"") != NULL);
    sa_position_free(a);
    sa_position_free(pos);
}

/* -- random playouts over the game table ---------------------------------- */

typedef struct playout_stats {
    uint64_t plies, games, hash_mismatches;
} playout_stats;

static void random_playout(const sa_game *g, void *state, sa_rng *rng, int check_hash,
                           playout_stats *st, sa_move *moves, uint64_t *weights)
{
    for (;;) {
        int who = g->to_move(state);
        if (who == SA_TERMINAL)
            break;
        int n;
        sa_move m;
        if (who == SA_CHANCE) {
            n = g->chance_outcomes(state, moves, weights);
            uint64_t total = 0;
            for (int i = 0; i < n; i++)
                total += weights[i];
            uint64_t r = sa_rng_below(rng, total);
            int i = 0;
            while (r >= weights[i])
                r -= weights[i++];
            m = moves[i];
        } else {
            n = g->legal_moves(state, moves);
            m = moves[sa_rng_below(rng, (uint64_t)n)];
        }
        g->apply(state, m);
        st->plies++;
        if (check_hash && g->hash(state) != g->hash_from_scratch(state))
            st->hash_mismatches++;
    }
    st->games++;
}

static void run_playouts(const char *rules, int games, int check_hash, playout_stats *st)
{
    const sa_game *g = sa_game_find("ostrich");
    sa_error err;
    sa_position *start = sa_position_new("ostrich", rules, &err);
    CHECK(g != NULL && start != NULL);
    if (g == NULL || start == NULL)
        return;
    void *state = malloc(g->state_size);
    sa_move *moves = malloc(sizeof *moves * (size_t)g->max_chance_outcomes);
    uint64_t *weights = malloc(sizeof *weights * (size_t)g->max_chance_outcomes);
    sa_rng rng;
    sa_rng_seed(&rng, 12345);
    for (int i = 0; i < games; i++) {
        memcpy(state, sa_position_state(start), g->state_size);
        random_playout(g, state, &rng, check_hash, st, moves, weights);
    }
    free(state);
    free(moves);
    free(weights);
    sa_position_free(start);
}

static void test_hash_along_playouts(void)
{
    static const char *const variants[] = {
        NULL,
        "{\"players\":2}",
        "{\"players\":5,\"lion\":true}",
        "{\"lion\":true,\"players\":3}",
        "{\"berry_trigger\":\"end\",\"quicksand\":\"stop\",\"last_tie\":\"none\"}",
        "{\"berries\":false}"};
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        playout_stats st = {0, 0, 0};
        run_playouts(variants[v], 50, 1, &st);
        CHECK(st.games == 50 && st.hash_mismatches == 0);
    }
}

static void test_playout_speed(void)
{
    static const char *const variants[] = {NULL, "{\"lion\":true}"};
    for (int v = 0; v < 2; v++) {
        playout_stats st = {0, 0, 0};
        clock_t t0 = clock();
        run_playouts(variants[v], 2000, 0, &st);
        double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
        fprintf(
            stderr,
            "ostrich %s: %llu random playouts, %.1f plies each, %.0f playouts/s, %.2f Mplies/s\n",
            variants[v] ? variants[v] : "{}", (unsigned long long)st.games,
            (double)st.plies / (double)st.games, (double)st.games / secs,
            (double)st.plies / secs / 1e6);
        CHECK(st.games == 2000);
    }
}

/* -- the evaluation (ostrich_eval.c) -------------------------------------- */

static const char E10[] =
    "{\"game\":\"ostrich\",\"rules\":{\"players\":3},\"to_move\":2,\"track\":\"default\",\"berries\":[\"5b\"],"
    "\"berry_pool\":{\"peepa\":1},\"ostriches\":{\"B\":\"12a\",\"E\":\"12c\",\"D\":\"16c\"},\"finished\":\"CA\","
    "\"bewitched\":\"\",\"predictions\":[\"CDEA\",\"DACE\",\"ACEB\"],\"current\":2,\"mode\":\"normal\","
    "\"phase\":\"action\",\"dice\":{\"white\":\"BDDEW\",\"black\":\"B\"},\"reroll\":null,\"left\":null,"
    "\"moved\":\"\",\"pending\":null,\"bonus\":0,\"extra\":0,\"lion\":{\"state\":\"off\",\"space\":null,\"turns\":0}}";

/* E10 before its last move: D is one step from 3rd place, B and E level
 * behind, player 2 (ACEB) holds BDDEW/B. The result after D0:s is
 * [7, 16, 8]. Read without the dice (weights 100, 0, 0: the race model of
 * the board), player 1 (DACE, E last) must get the highest value, every
 * value near that result. With the dice (the defaults), player 2 is
 * expected to take the option its own model values most, E1:ss (E third
 * ahead of B, 8.43 points against D0:s's 8), so every player's value is the
 * value after E1:ss. The terminal position's values equal the result. */
static void test_eval_nearly_decided(void)
{
    sa_position *pos = load(E10);
    CHECK(pos != NULL);
    if (pos == NULL)
        return;
    sa_error err;
    sa_position *board = sa_position_copy(pos);
    const int32_t board_only[3] = {100, 0, 0};
    CHECK(sa_position_set_weights(board, board_only, 3, 0.0, &err) == SA_OK);
    sa_position *after = sa_position_copy(pos);
    CHECK(sa_position_apply(after, "E1:ss", &err) == SA_OK);
    int32_t v[3];
    for (int p = 0; p < 3; p++) {
        v[p] = sa_position_evaluate(board, p);
        CHECK(sa_position_evaluate(pos, p) == sa_position_evaluate(after, p));
    }
    fprintf(
        stderr,
        "ostrich E10 evaluate, board only: %d %d %d (result after D0:s: 700 1600 800); "
        "with the dice: %d %d %d\n",
        v[0], v[1], v[2], sa_position_evaluate(pos, 0), sa_position_evaluate(pos, 1),
        sa_position_evaluate(pos, 2));
    CHECK(v[1] > v[0] && v[1] > v[2]);
    /* Not exact: the race may go on (B or E may move first). */
    CHECK(abs(v[0] - 700) <= 400 && abs(v[1] - 1600) <= 400 && abs(v[2] - 800) <= 400);
    CHECK(sa_position_evaluate(pos, 2) > 800); /* player 2 expects more than D0:s gives */
    CHECK(sa_position_apply(pos, "D0:s", &err) == SA_OK);
    CHECK(sa_position_to_move(pos) == SA_TERMINAL);
    CHECK(sa_position_evaluate(pos, 0) == 700 && sa_position_evaluate(pos, 1) == 1600 &&
          sa_position_evaluate(pos, 2) == 800);
    sa_position_free(after);
    sa_position_free(board);
    sa_position_free(pos);
}

/* Along seeded random playouts: every value is in 0..2400, terminal values
 * equal the result * 100, and the values one ply before the end are close
 * to the result (mean absolute error below 2 points). */
static void test_eval_along_playouts(void)
{
    static const char *const variants[] = {
        NULL, "{\"players\":2}", "{\"players\":5,\"lion\":true}",
        "{\"berry_trigger\":\"end\",\"quicksand\":\"stop\",\"last_tie\":\"none\"}",
        "{\"berries\":false}"};
    const sa_game *g = sa_game_find("ostrich");
    sa_move *moves = malloc(sizeof *moves * (size_t)g->max_chance_outcomes);
    uint64_t *weights = malloc(sizeof *weights * (size_t)g->max_chance_outcomes);
    void *state = malloc(g->state_size), *before = malloc(g->state_size);
    sa_rng rng;
    sa_rng_seed(&rng, 2026);
    long evals = 0, out_of_range = 0, terminal_wrong = 0, finals = 0;
    double final_error = 0.0, start_error = 0.0;
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        sa_error err;
        sa_position *start = sa_position_new("ostrich", variants[v], &err);
        CHECK(start != NULL);
        if (start == NULL)
            continue;
        for (int game = 0; game < 40; game++) {
            memcpy(state, sa_position_state(start), g->state_size);
            int np = g->num_players(state);
            int32_t first[OSTRICH_MAX_PLAYERS] = {0}, res[OSTRICH_MAX_PLAYERS];
            int have_first = 0;
            for (;;) {
                int who = g->to_move(state);
                for (int p = 0; p < np; p++) {
                    int32_t e = g->evaluate(state, p);
                    evals++;
                    out_of_range += e < 0 || e > 2400;
                    if (!have_first && who >= 0)
                        first[p] = e;
                }
                have_first |= who >= 0;
                if (who == SA_TERMINAL)
                    break;
                sa_move m;
                if (who == SA_CHANCE) {
                    int n = g->chance_outcomes(state, moves, weights);
                    uint64_t total = 0;
                    for (int i = 0; i < n; i++)
                        total += weights[i];
                    uint64_t r = sa_rng_below(&rng, total);
                    int i = 0;
                    while (r >= weights[i])
                        r -= weights[i++];
                    m = moves[i];
                } else {
                    int n = g->legal_moves(state, moves);
                    m = moves[sa_rng_below(&rng, (uint64_t)n)];
                }
                memcpy(before, state, g->state_size);
                g->apply(state, m);
            }
            g->result(state, res);
            for (int p = 0; p < np; p++) {
                terminal_wrong += g->evaluate(state, p) != 100 * res[p];
                final_error += fabs((double)g->evaluate(before, p) - 100.0 * res[p]);
                start_error += fabs((double)first[p] - 100.0 * res[p]);
                finals++;
            }
        }
        sa_position_free(start);
    }
    fprintf(
        stderr,
        "ostrich evaluate: %ld values, mean |value - result| %.0f at the first decision, "
        "%.0f one ply before the end (centi-points, %ld player-games)\n",
        evals, start_error / (double)finals, final_error / (double)finals, finals);
    CHECK(out_of_range == 0);
    CHECK(terminal_wrong == 0);
    CHECK(finals > 0 && final_error / (double)finals < 200.0);
    CHECK(final_error < start_error);
    free(state);
    free(before);
    free(moves);
    free(weights);
}

/* The values of one position for every player, from the cache as the
 * evaluations before left it (warm) and with it dropped (cold): they must be
 * equal. Returns the number of differing values. */
static int warm_and_cold_differ(const sa_game *g, const void *state)
{
    int np = g->num_players(state), differ = 0;
    int32_t warm[OSTRICH_MAX_PLAYERS];
    for (int p = 0; p < np; p++)
        warm[p] = g->evaluate(state, p);
    ostrich_eval_forget();
    for (int p = 0; p < np; p++)
        differ += g->evaluate(state, p) != warm[p];
    return differ;
}

/* A roll of the dice (or a re-roll): every outcome stands on the board of
 * the position before it. */
static int is_roll(const sa_move *moves, int n)
{
    return n > 0 && (mv_kind(moves[0]) == MV_DICE || mv_kind(moves[0]) == MV_REROLL);
}

/* The model cache is keyed by what the model reads: along seeded playouts
 * (2 to 5 players, with and without the lion, other rules), every position
 * and a spread of every chance position's outcomes get the same values with
 * the cache as with it dropped, and evaluating all the outcomes of a roll
 * for every player builds one model (the dice are not part of the board). */
static void test_eval_cache_exact(void)
{
    static const char *const variants[] = {
        "{\"players\":2}",
        "{\"players\":3}",
        "{\"players\":4}",
        "{\"players\":5}",
        "{\"players\":2,\"lion\":true}",
        "{\"players\":3,\"lion\":true}",
        "{\"players\":4,\"lion\":true}",
        "{\"players\":5,\"lion\":true}",
        "{\"berry_trigger\":\"end\",\"quicksand\":\"stop\",\"last_tie\":\"none\"}"};
    const sa_game *g = sa_game_find("ostrich");
    sa_move *moves = malloc(sizeof *moves * (size_t)g->max_chance_outcomes);
    uint64_t *weights = malloc(sizeof *weights * (size_t)g->max_chance_outcomes);
    void *state = malloc(g->state_size), *child = malloc(g->state_size);
    sa_rng rng;
    sa_rng_seed(&rng, 2027);
    long positions = 0, differ = 0, rolls = 0, rolls_rebuilt = 0;
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        sa_error err;
        sa_position *start = sa_position_new("ostrich", variants[v], &err);
        CHECK(start != NULL);
        if (start == NULL)
            continue;
        for (int game = 0; game < 3; game++) {
            memcpy(state, sa_position_state(start), g->state_size);
            int full_rolls = 0;
            for (;;) {
                differ += warm_and_cold_differ(g, state);
                positions++;
                int who = g->to_move(state);
                if (who == SA_TERMINAL)
                    break;
                int n;
                sa_move m;
                if (who == SA_CHANCE) {
                    n = g->chance_outcomes(state, moves, weights);
                    for (int i = 0; i < n; i += 1 + n / 40) {
                        memcpy(child, state, g->state_size);
                        g->apply(child, moves[i]);
                        differ += warm_and_cold_differ(g, child);
                        positions++;
                    }
                    if (is_roll(moves, n) && full_rolls < 4) {
                        full_rolls++;
                        rolls++;
                        ostrich_eval_forget();
                        long builds = ostrich_eval_model_builds();
                        for (int i = 0; i < n; i++) {
                            memcpy(child, state, g->state_size);
                            g->apply(child, moves[i]);
                            for (int p = 0; p < g->num_players(child); p++)
                                g->evaluate(child, p);
                        }
                        /* 0 when the roll ends the race at once */
                        rolls_rebuilt += ostrich_eval_model_builds() - builds > 1;
                    }
                    uint64_t total = 0;
                    for (int i = 0; i < n; i++)
                        total += weights[i];
                    uint64_t r = sa_rng_below(&rng, total);
                    int i = 0;
                    while (r >= weights[i])
                        r -= weights[i++];
                    m = moves[i];
                } else {
                    n = g->legal_moves(state, moves);
                    m = moves[sa_rng_below(&rng, (uint64_t)n)];
                }
                g->apply(state, m);
            }
        }
        sa_position_free(start);
    }
    fprintf(
        stderr,
        "ostrich evaluate cache: %ld positions warm and cold, %ld rolls evaluated whole\n",
        positions, rolls);
    CHECK(positions > 1000 && differ == 0);
    CHECK(rolls > 20 && rolls_rebuilt == 0);
    free(state);
    free(child);
    free(moves);
    free(weights);
}

const test_case ostrich_tests[] = {
    {"ostrich_start_position", test_start_position},
    {"ostrich_perft_start", test_perft_start},
    {"ostrich_example_reroll", test_example_reroll},
    {"ostrich_example_lion", test_example_lion},
    {"ostrich_hash_along_playouts", test_hash_along_playouts},
    {"ostrich_playout_speed", test_playout_speed},
    {"ostrich_eval_nearly_decided", test_eval_nearly_decided},
    {"ostrich_eval_along_playouts", test_eval_along_playouts},
    {"ostrich_eval_cache_exact", test_eval_cache_exact},
    {NULL, NULL},
};
