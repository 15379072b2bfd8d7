/* search/predictions.c: a search for a player who does not see the others'
 * hidden tiles (ostrich's prediction tiles, rule book section 5).
 *
 * A position lists every player's tile, but at the table player P knows only
 * their own. sa_search_sampled() therefore searches `samples` copies of the
 * position in which every other player's tile is replaced by one drawn
 * uniformly, without replacement, from the tiles P does not hold (drawn
 * afresh for each copy, from a generator seeded by limits->seed and P), and
 * averages what the searches found:
 *
 *   - each copy is searched by expectimax with max-n (the average needs
 *     every player's expected results) under the caller's limits, with as
 *     many lines as the report holds (SA_MAX_MULTIPV), so that most root
 *     moves get a value in every copy; a time limit is shared: each copy
 *     gets movetime / samples (at least 1 ms);
 *   - a move's expected results are averaged over the copies; a move a copy
 *     did not report (only possible with more legal moves than lines) counts
 *     there with that copy's lowest line for the player to move, which
 *     bounds its true values from above;
 *   - the lines are ranked by the mover's averaged expected result (ties:
 *     first seen first), limits->multipv of them reported; a line's score is
 *     100 times it, rounded half to even (centi-points);
 *   - the win chances are the game's model of the best line's average.
 *
 * limits->progress gets, after every iteration of every copy's search, the
 * average of the copies searched so far and the current one's last
 * iteration, with report.sample the copy (from 1). The whole search is in C
 * so that the Python API (safari_ai.predictions) and the WebAssembly module
 * give the same answer.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "common/rng.h"
#include "search/searcher.h"
#include "search/shared.h"

/* The progress of the copies' searches, averaged on the way up. */
typedef struct sampling {
    const sa_game *game;
    const void *root; /* the position as given (its own tiles) */
    int mover;
    int multipv;     /* lines the caller asked for */
    int sample;      /* the copy being searched, from 1 */
    sa_report *done; /* the copies searched, done[0..sample - 1) */
    const sa_limits *caller;
} sampling;

/* 1 when the two lines start with the same move. */
static int same_move(const char *pv, const char *other)
{
    size_t n = strcspn(pv, " ");
    return strcspn(other, " ") == n && strncmp(pv, other, n) == 0;
}

/* The line of r for the move that `pv` starts with, else the line of r
 * lowest for the mover (the first of equal ones). */
static const sa_line *line_for(const sa_report *r, const char *pv, int mover)
{
    const sa_line *low = &r->lines[0];
    for (int i = 0; i < r->n_lines; i++) {
        if (same_move(r->lines[i].pv, pv))
            return &r->lines[i];
        if (r->lines[i].expected[mover] < low->expected[mover])
            low = &r->lines[i];
    }
    return low;
}

/* The k-th of the copies' reports: done[0..n - 1), then `last`. */
static const sa_report *report_at(const sa_report *done, const sa_report *last, int n,
                                  int k)
{
    return k == n - 1 ? last : &done[k];
}

/* One move's average: its first line seen, every player's mean. */
typedef struct averaged {
    const sa_line *first;
    double mean[SA_MAX_PLAYERS];
} averaged;

/* The average of n reports (done[0..n - 1) and `last`) into out (see the
 * file's comment); SA_ERR_MEMORY when out of memory. */
static sa_status combine(const sampling *s, const sa_report *done, const sa_report *last,
                         int n, sa_report *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    out->algo = SA_ALGO_EXPECTIMAX;
    out->win_probability = -1.0;
    out->hashfull = -1;
    out->threads = 1;
    int players = s->game->num_players(s->root);
    size_t room = 0;
    for (int k = 0; k < n; k++)
        room += (size_t)report_at(done, last, n, k)->n_lines;
    averaged *moves = malloc(sizeof *moves * (room ? room : 1));
    if (moves == NULL)
        return sa_error_set(err, SA_ERR_MEMORY, "out of memory");
    /* each move once, in the order first seen */
    int n_moves = 0;
    for (int k = 0; k < n; k++) {
        const sa_report *r = report_at(done, last, n, k);
        out->depth = k == 0 || r->depth < out->depth ? r->depth : out->depth;
        out->seldepth = r->seldepth > out->seldepth ? r->seldepth : out->seldepth;
        out->nodes += r->nodes;
        out->seconds += r->seconds;
        for (int i = 0; i < r->n_lines; i++) {
            int seen = 0;
            for (int m = 0; m < n_moves && !seen; m++)
                seen = same_move(moves[m].first->pv, r->lines[i].pv);
            if (!seen)
                moves[n_moves++].first = &r->lines[i];
        }
    }
    /* every move's mean, summed in the copies' order, then divided; ranked
     * by the mover's, highest first (a stable insertion sort) */
    for (int m = 0; m < n_moves; m++) {
        averaged a = {moves[m].first, {0}};
        for (int k = 0; k < n; k++) {
            const sa_line *line =
                line_for(report_at(done, last, n, k), a.first->pv, s->mover);
            for (int p = 0; p < players; p++)
                a.mean[p] += line->expected[p];
        }
        for (int p = 0; p < players; p++)
            a.mean[p] /= n;
        int j = m;
        while (j > 0 && moves[j - 1].mean[s->mover] < a.mean[s->mover]) {
            moves[j] = moves[j - 1];
            j--;
        }
        moves[j] = a;
    }
    out->n_lines = n_moves < s->multipv ? n_moves : s->multipv;
    for (int i = 0; i < out->n_lines; i++) {
        sa_line *line = &out->lines[i];
        *line = *moves[i].first;
        line->exact = 0;
        line->n_expected = players;
        memcpy(line->expected, moves[i].mean, sizeof line->expected);
        line->score = (int32_t)nearbyint(100.0 * moves[i].mean[s->mover]);
    }
    free(moves);
    if (out->n_lines > 0)
        sa_report_set_win_chances(out, s->game, s->root, out->lines[0].expected, players);
    return SA_OK;
}

/* limits->progress of each copy's search: the average so far, passed up. */
static void copy_progress(void *user, const sa_report *report)
{
    const sampling *s = user;
    sa_report combined;
    sa_error err;
    if (combine(s, s->done, report, s->sample, &combined, &err) != SA_OK)
        return;
    combined.sample = s->sample;
    s->caller->progress(s->caller->progress_user, &combined);
}

/* The checks of a redraw: a game with hidden tiles, a player holding one. */
static sa_status check_hidden(const sa_game *game, const void *root, int player,
                              sa_error *err)
{
    if (game->n_hidden_tiles <= 0)
        return sa_error_set(err, SA_ERR_ARGUMENT,
                            "predictions='sampled' is for the ostrich race, not %s",
                            game->name);
    int players = game->num_players(root);
    if (player < 0 || player >= players)
        return sa_error_set(err, SA_ERR_ARGUMENT,
                            "player must be 0..%d for predictions='sampled', got %d",
                            players - 1, player);
    if (game->hidden_tile(root, player) < 0)
        return sa_error_set(err, SA_ERR_ARGUMENT,
                            "player %d holds no prediction tile yet", player);
    return SA_OK;
}

/* The checks of a sampled search, in the order safari_ai.analyse made them. */
static sa_status check(const sa_game *game, const void *root, const sa_limits *limits,
                       int player, int samples, sa_error *err)
{
    if (samples < 1)
        return sa_error_set(err, SA_ERR_ARGUMENT,
                            "samples must be an integer >= 1, got %d", samples);
    if (limits->algo != SA_ALGO_AUTO && limits->algo != SA_ALGO_EXPECTIMAX)
        return sa_error_set(err, SA_ERR_ARGUMENT,
                            "predictions='sampled' averages expectimax values, not %s",
                            limits->algo == SA_ALGO_MCTS ? "mcts" : "alphabeta");
    if (limits->multiplayer == SA_MULTI_PARANOID)
        return sa_error_set(
            err, SA_ERR_ARGUMENT,
            "predictions='sampled' averages every player's expected results "
            "(max-n), not multiplayer='paranoid'");
    int mover = game->to_move(root);
    if (mover == SA_CHANCE)
        return sa_error_set(
            err, SA_ERR_ARGUMENT,
            "predictions: a chance position has no move to choose; sampled "
            "predictions need a decision position");
    if (mover < 0)
        return sa_error_set(err, SA_ERR_ARGUMENT,
                            "predictions='sampled' needs a decision position");
    return check_hidden(game, root, player, err);
}

/* Redraws, in `state`, every dealt tile but `player`'s: uniformly without
 * replacement from the tiles `player` does not hold (a partial shuffle by a
 * generator seeded by `seed`). */
static void redraw(const sa_game *game, void *state, int player, uint64_t seed)
{
    sa_rng rng;
    sa_rng_seed(&rng, seed);
    int own = game->hidden_tile(state, player);
    int pool[64], n = 0;
    for (int t = 0; t < game->n_hidden_tiles && n < 64; t++)
        if (t != own)
            pool[n++] = t;
    int drawn = 0;
    for (int p = 0; p < game->num_players(state); p++) {
        if (p == player || game->hidden_tile(state, p) < 0)
            continue;
        int j = drawn + (int)sa_rng_below(&rng, (uint64_t)(n - drawn));
        int tile = pool[j];
        pool[j] = pool[drawn];
        pool[drawn++] = tile;
        game->set_hidden_tile(state, p, tile);
    }
}

/* The seed of copy `k`'s draw: one stream per (seed, player, copy). */
static uint64_t copy_seed(uint64_t seed, int player, int k)
{
    uint64_t x = seed ^ (0x5EED0F711E5ULL * (uint64_t)(player + 1));
    uint64_t mixed = sa_splitmix64(&x);
    return mixed ^ (uint64_t)k;
}

sa_status sa_position_redraw_hidden(sa_position *pos, int player, uint64_t seed,
                                    sa_error *err)
{
    const sa_game *game = sa_position_game_rules(pos);
    void *state = sa_position_state_mutable(pos);
    sa_status status = check_hidden(game, state, player, err);
    if (status == SA_OK)
        redraw(game, state, player, seed);
    return status;
}

sa_status sa_search_sampled(const sa_position *pos, const sa_limits *limits, int player,
                            int samples, sa_report *out, sa_error *err)
{
    const sa_game *game = sa_position_game_rules(pos);
    const void *root = sa_position_state(pos);
    memset(out, 0, sizeof *out);
    out->win_probability = -1.0;
    out->hashfull = -1;
    sa_status status = sa_limits_check(limits, err);
    if (status == SA_OK)
        status = check(game, root, limits, player, samples, err);
    if (status != SA_OK)
        return status;
    sa_report *done = malloc(sizeof *done * (size_t)samples);
    void *copy = malloc(game->state_size);
    sa_move *moves = malloc(sizeof *moves * (size_t)game->max_moves);
    if (done == NULL || copy == NULL || moves == NULL) {
        free(done);
        free(copy);
        free(moves);
        return sa_error_set(err, SA_ERR_MEMORY, "out of memory");
    }
    sampling s = {game, root, game->to_move(root), limits->multipv, 0, done, limits};
    int legal = game->legal_moves(root, moves);
    sa_limits each = *limits;
    each.algo = SA_ALGO_EXPECTIMAX;
    each.multiplayer = SA_MULTI_MAXN;
    each.multipv = legal < SA_MAX_MULTIPV ? legal : SA_MAX_MULTIPV;
    if (limits->movetime_ms > 0)
        each.movetime_ms =
            limits->movetime_ms / samples > 0 ? limits->movetime_ms / samples : 1;
    if (limits->progress != NULL) {
        each.progress = copy_progress;
        each.progress_user = &s;
    }
    for (int k = 0; k < samples && status == SA_OK; k++) {
        memcpy(copy, root, game->state_size);
        redraw(game, copy, player, copy_seed(limits->seed, player, k));
        s.sample = k + 1;
        status = sa_expectimax(game, copy, &each, &done[k], err);
        sa_report_free(&done[k]); /* a decision root: nothing, but keep the contract */
    }
    if (status == SA_OK)
        status = combine(&s, done, &done[samples - 1], samples, out, err);
    free(done);
    free(copy);
    free(moves);
    return status;
}
