/* tests/test_mcts_session.c: the public MCTS session (search.h), tree reuse
 * on the registered games through positions and move spellings only:
 *
 *   advancing by a move keeps exactly that move's visits at the new root;
 *   the next search reports them as `reused` and adds its own simulations;
 *   the same calls with the same seeds give the same reports;
 *   a position that is not the root, or another leaf evaluator, starts a
 *   fresh tree; bad moves are refused by name and leave the tree alone;
 *   dice games (arena, ostrich) advance through chance outcomes;
 *   several threads reuse the calling thread's tree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "safari/safari.h"
#include "safari/search.h"
#include "tests/check.h"
#include "tests/mcts_limits.h"

#define MOVE_MAX 96 /* room for a move's spelling (game.h's SA_MOVE_STR_MAX) */

static sa_position *start_of(const char *game, const char *rules)
{
    sa_error err;
    sa_position *pos = sa_position_new(game, rules, &err);
    if (pos == NULL)
        fprintf(stderr, "mcts session test: %s\n", err.message);
    return pos;
}

/* The first word of `text` (up to a space) into `out`. */
static void first_word(const char *text, char *out, size_t cap)
{
    size_t n = strcspn(text, " ");
    n = n < cap - 1 ? n : cap - 1;
    memcpy(out, text, n);
    out[n] = '\0';
}

/* The legal move of `pos` the session's tree visited most (the first legal
 * move when none was visited). */
static void most_visited(const sa_mcts_session *s, const sa_position *pos, char *out,
                         size_t cap)
{
    char text[16384];
    sa_position_moves_text(pos, text, sizeof text);
    first_word(text, out, cap);
    uint64_t best = 0;
    for (char *word = strtok(text, " "); word != NULL; word = strtok(NULL, " ")) {
        uint64_t v = sa_mcts_session_child_visits(s, word);
        if (v > best) {
            best = v;
            snprintf(out, cap, "%s", word);
        }
    }
}

/* The k-th chance outcome of pos (modulo their number), weight dropped. */
static void outcome_of(const sa_position *pos, unsigned k, char *out, size_t cap)
{
    char text[65536];
    sa_position_moves_text(pos, text, sizeof text);
    unsigned n = 0;
    for (char *p = text; *p; p++)
        n += *p == ' ';
    k %= n + 1;
    char *word = strtok(text, " ");
    for (unsigned i = 0; i < k; i++)
        word = strtok(NULL, " ");
    char *colon = strrchr(word, ':');
    *colon = '\0';
    snprintf(out, cap, "%s", word);
}

static void test_advance_keeps_the_subtree(void)
{
    sa_mcts_session *s = sa_mcts_session_new();
    sa_position *pos = start_of("turtles", NULL);
    sa_limits limits = mcts_limits(4000, 1);
    sa_report r;
    sa_error err;
    CHECK(sa_mcts_session_root(s) == NULL && sa_mcts_session_visits(s) == 0);
    CHECK(sa_mcts_session_search(s, pos, &limits, &r, &err) == SA_OK);
    CHECK(r.reused == 0 && r.nodes == 4000);
    CHECK(sa_mcts_session_visits(s) == 4000);
    uint64_t all_nodes = sa_mcts_session_nodes(s);
    CHECK(all_nodes > 1000 && all_nodes <= 4001);

    char best[MOVE_MAX];
    first_word(r.lines[0].pv, best, sizeof best);
    uint64_t kept = sa_mcts_session_child_visits(s, best);
    CHECK(kept > 0);
    CHECK(sa_mcts_session_advance(s, best, &err) == SA_OK);
    CHECK(sa_position_apply(pos, best, &err) == SA_OK);
    CHECK(sa_mcts_session_visits(s) == kept);
    CHECK(sa_mcts_session_nodes(s) < all_nodes);
    CHECK(sa_position_hash(sa_mcts_session_root(s)) == sa_position_hash(pos));

    char reply[MOVE_MAX];
    most_visited(s, pos, reply, sizeof reply);
    kept = sa_mcts_session_child_visits(s, reply);
    CHECK(kept > 0);
    CHECK(sa_mcts_session_advance(s, reply, &err) == SA_OK);
    CHECK(sa_position_apply(pos, reply, &err) == SA_OK);
    CHECK(sa_mcts_session_visits(s) == kept);

    /* The next search starts from those visits and adds its node limit. */
    CHECK(sa_mcts_session_search(s, pos, &limits, &r, &err) == SA_OK);
    CHECK(r.reused == kept && r.nodes == 4000);
    CHECK(sa_mcts_session_visits(s) == kept + 4000);
    sa_position_free(pos);
    sa_mcts_session_free(s);
}

/* Two moves from the start, then a search: the whole report. */
static sa_report reuse_run(uint64_t seed, int threads)
{
    sa_mcts_session *s = sa_mcts_session_new();
    sa_position *pos = start_of("turtles", NULL);
    sa_limits limits = mcts_limits(3000, seed);
    limits.multipv = 3;
    limits.threads = threads;
    sa_report r;
    sa_error err;
    CHECK(sa_mcts_session_search(s, pos, &limits, &r, &err) == SA_OK);
    for (int ply = 0; ply < 2; ply++) {
        char move[MOVE_MAX];
        most_visited(s, pos, move, sizeof move);
        CHECK(sa_mcts_session_advance(s, move, &err) == SA_OK);
        CHECK(sa_position_apply(pos, move, &err) == SA_OK);
    }
    uint64_t kept = sa_mcts_session_visits(s);
    CHECK(sa_mcts_session_search(s, pos, &limits, &r, &err) == SA_OK);
    CHECK(r.reused == kept && r.reused > 0);
    r.seconds = 0;
    sa_position_free(pos);
    sa_mcts_session_free(s);
    return r;
}

static void test_deterministic_after_advance(void)
{
    for (int threads = 1; threads <= 2; threads++) {
        sa_report a = reuse_run(7, threads), b = reuse_run(7, threads);
        CHECK(a.nodes == 3000 && memcmp(&a, &b, sizeof a) == 0);
    }
}

static void test_unrelated_position_starts_afresh(void)
{
    sa_mcts_session *s = sa_mcts_session_new();
    sa_position *pos = start_of("turtles", NULL);
    sa_limits limits = mcts_limits(2000, 3);
    sa_report r;
    sa_error err;
    CHECK(sa_mcts_session_search(s, pos, &limits, &r, &err) == SA_OK);
    /* The same position again: the tree is kept. */
    CHECK(sa_mcts_session_search(s, pos, &limits, &r, &err) == SA_OK);
    CHECK(r.reused == 2000 && r.nodes == 2000 && sa_mcts_session_visits(s) == 4000);
    /* The arena grew for it: a node limit is always completed. */
    for (int again = 0; again < 3; again++)
        CHECK(sa_mcts_session_search(s, pos, &limits, &r, &err) == SA_OK &&
              r.nodes == 2000);
    CHECK(r.reused == 8000);
    /* A position a ply on, which the session was not told about. */
    sa_position *other = sa_position_copy(pos);
    char move[MOVE_MAX];
    most_visited(s, other, move, sizeof move);
    CHECK(sa_position_apply(other, move, &err) == SA_OK);
    CHECK(sa_mcts_session_search(s, other, &limits, &r, &err) == SA_OK);
    CHECK(r.reused == 0 && sa_mcts_session_visits(s) == 2000);
    CHECK(sa_position_hash(sa_mcts_session_root(s)) == sa_position_hash(other));
    /* Another game entirely. */
    sa_position *zebras = start_of("zebras", NULL);
    CHECK(sa_mcts_session_search(s, zebras, &limits, &r, &err) == SA_OK);
    CHECK(r.reused == 0 &&
          strcmp(sa_position_game(sa_mcts_session_root(s)), "zebras") == 0);
    /* Another leaf evaluator: the values would mix, so a fresh tree. */
    limits.mcts_evaluate = 1;
    CHECK(sa_mcts_session_search(s, zebras, &limits, &r, &err) == SA_OK);
    CHECK(r.reused == 0);
    CHECK(sa_mcts_session_search(s, zebras, &limits, &r, &err) == SA_OK);
    CHECK(r.reused == 2000);
    /* Cleared: nothing kept, and advancing is then a no-op. */
    sa_mcts_session_clear(s);
    CHECK(sa_mcts_session_root(s) == NULL && sa_mcts_session_nodes(s) == 0);
    CHECK(sa_mcts_session_advance(s, "anything", &err) == SA_OK);
    CHECK(sa_mcts_session_search(s, zebras, &limits, &r, &err) == SA_OK && r.reused == 0);
    sa_position_free(zebras);
    sa_position_free(other);
    sa_position_free(pos);
    sa_mcts_session_free(s);
}

static void test_bad_moves_and_positions(void)
{
    sa_mcts_session *s = sa_mcts_session_new();
    sa_position *pos = start_of("turtles", NULL);
    sa_limits limits = mcts_limits(500, 4);
    sa_report r;
    sa_error err;
    CHECK(sa_mcts_session_search(s, pos, &limits, &r, &err) == SA_OK);
    uint64_t visits = sa_mcts_session_visits(s), nodes = sa_mcts_session_nodes(s);
    const char *bad[] = {"z9-z10", "", "d1xd3 d7xd5", "d1xd3\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(sa_mcts_session_advance(s, bad[i], &err) == SA_ERR_MOVE);
        CHECK(strstr(err.message, "illegal move") != NULL);
    }
    CHECK(strstr(err.message, "d1xd3") != NULL);
    CHECK(sa_mcts_session_advance(s, NULL, &err) == SA_ERR_MOVE);
    CHECK(sa_mcts_session_visits(s) == visits && sa_mcts_session_nodes(s) == nodes);
    CHECK(sa_mcts_session_child_visits(s, "z9-z10") == 0);
    /* Limits out of range and non-decision positions are refused; the tree stays. */
    limits.threads = 0;
    CHECK(sa_mcts_session_search(s, pos, &limits, &r, &err) == SA_ERR_ARGUMENT);
    limits.threads = 1;
    sa_position *arena = start_of("arena", NULL); /* a chance position */
    CHECK(sa_mcts_session_search(s, arena, &limits, &r, &err) == SA_ERR_ARGUMENT);
    CHECK(strstr(err.message, "chance") != NULL);
    CHECK(sa_mcts_session_visits(s) == visits);
    sa_position_free(arena);
    sa_position_free(pos);
    sa_mcts_session_free(s);
}

/* Plays `decisions` decisions of `game` by the session's best move, with
 * chance outcomes in between, advancing through every ply. Each search must
 * reuse exactly the visits the session held. Returns the total reused. */
static uint64_t play_dice_game(const char *game, const char *rules, int decisions,
                               int evaluate)
{
    sa_mcts_session *s = sa_mcts_session_new();
    sa_position *pos = start_of(game, rules);
    sa_limits limits = mcts_limits(400, 5);
    limits.mcts_evaluate = evaluate;
    sa_report r;
    sa_error err;
    uint64_t total = 0;
    unsigned roll = 0;
    while (pos != NULL && decisions > 0) {
        int who = sa_position_to_move(pos);
        if (who == -2)
            break;
        char move[MOVE_MAX];
        if (who == -1) {
            /* An arbitrary outcome, preferring one the tree holds: chance
             * nodes widen progressively, so most outcomes have no node. */
            unsigned first = roll++ * 7919u;
            for (unsigned k = 0; k < 2000; k++) {
                outcome_of(pos, first + k, move, sizeof move);
                if (sa_mcts_session_child_visits(s, move) > 0)
                    break;
            }
            if (sa_mcts_session_child_visits(s, move) == 0)
                outcome_of(pos, first, move, sizeof move);
        } else {
            uint64_t held = sa_mcts_session_visits(s);
            CHECK(sa_mcts_session_search(s, pos, &limits, &r, &err) == SA_OK);
            CHECK(r.reused == held && r.nodes == 400);
            total += r.reused;
            first_word(r.lines[0].pv, move, sizeof move);
            decisions--;
        }
        CHECK(sa_mcts_session_advance(s, move, &err) == SA_OK);
        CHECK(sa_position_apply(pos, move, &err) == SA_OK);
        CHECK(sa_mcts_session_root(s) == NULL ||
              sa_position_hash(sa_mcts_session_root(s)) == sa_position_hash(pos));
    }
    sa_position_free(pos);
    sa_mcts_session_free(s);
    return total;
}

static void test_dice_games(void)
{
    CHECK(play_dice_game("arena", NULL, 8, 0) > 0);
    CHECK(play_dice_game("ostrich", "{\"players\":3}", 6, 1) > 0);
}

static void count_progress(void *user, const sa_report *report)
{
    uint64_t *seen = user;
    seen[0]++;
    seen[1] = report->reused;
}

static void test_progress_carries_reused(void)
{
    sa_mcts_session *s = sa_mcts_session_new();
    sa_position *pos = start_of("turtles", NULL);
    sa_limits limits = mcts_limits(70000, 6);
    limits.mcts_evaluate = 1;
    uint64_t seen[2] = {0, 0};
    limits.progress = count_progress;
    limits.progress_user = seen;
    sa_report r;
    sa_error err;
    CHECK(sa_mcts_session_search(s, pos, &limits, &r, &err) == SA_OK);
    CHECK(seen[0] == 1 && seen[1] == 0);
    CHECK(sa_mcts_session_search(s, pos, &limits, &r, &err) == SA_OK);
    CHECK(seen[0] == 2 && seen[1] == 70000 && r.reused == 70000);
    sa_position_free(pos);
    sa_mcts_session_free(s);
}

const test_case mcts_session_tests[] = {
    {"mcts session: advance keeps the subtree", test_advance_keeps_the_subtree},
    {"mcts session: deterministic after advance", test_deterministic_after_advance},
    {"mcts session: unrelated position starts afresh",
     test_unrelated_position_starts_afresh},
    {"mcts session: bad moves and positions", test_bad_moves_and_positions},
    {"mcts session: dice games", test_dice_games},
    {"mcts session: progress carries reused", test_progress_carries_reused},
    {NULL, NULL},
};
