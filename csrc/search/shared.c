/* search/shared.c: the clock, the limits check, the common start of a
 * search and PV text, shared by the algorithms (search/shared.h). */
#include "search/shared.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/error.h"

int64_t sa_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void sa_clock_start(sa_clock *clock, const sa_limits *limits)
{
    clock->start_ms = sa_now_ms();
    clock->deadline_ms =
        limits->movetime_ms > 0 ? clock->start_ms + limits->movetime_ms : 0;
    clock->node_limit = limits->nodes;
    clock->stop = limits->stop;
}

int sa_clock_expired(const sa_clock *clock, uint64_t nodes)
{
    if (clock->stop != NULL && *clock->stop)
        return 1;
    if (clock->node_limit != 0 && nodes >= clock->node_limit)
        return 1;
    return clock->deadline_ms != 0 && sa_now_ms() >= clock->deadline_ms;
}

double sa_clock_seconds(const sa_clock *clock)
{
    return (double)(sa_now_ms() - clock->start_ms) / 1000.0;
}

void sa_line_set_pv(sa_line *line, const sa_game *game, const void *root,
                    const sa_move *pv, int n)
{
    unsigned char *state = malloc(game->state_size);
    sa_writer w;
    sa_writer_init(&w, line->pv, sizeof line->pv);
    line->n_pv = 0;
    if (state == NULL)
        return;
    memcpy(state, root, game->state_size);
    for (int i = 0; i < n; i++) {
        char text[SA_MOVE_STR_MAX];
        game->move_str(state, pv[i], text);
        if (w.len + strlen(text) + 2 >= sizeof line->pv)
            break;
        if (i > 0)
            sa_write_char(&w, ' ');
        sa_write(&w, text);
        game->apply(state, pv[i]);
        line->n_pv++;
    }
    free(state);
}

sa_status sa_limits_check(const sa_limits *limits, sa_error *err)
{
    if (limits->depth < 0 || limits->depth > SA_MAX_DEPTH)
        return sa_error_set(err, SA_ERR_ARGUMENT, "depth must be 0..%d, got %d",
                            SA_MAX_DEPTH, limits->depth);
    if (limits->multipv < 1 || limits->multipv > SA_MAX_MULTIPV)
        return sa_error_set(err, SA_ERR_ARGUMENT, "multipv must be 1..%d, got %d",
                            SA_MAX_MULTIPV, limits->multipv);
    if (limits->threads < 1 || limits->threads > SA_MAX_THREADS)
        return sa_error_set(err, SA_ERR_ARGUMENT, "threads must be 1..%d, got %d",
                            SA_MAX_THREADS, limits->threads);
    if (limits->movetime_ms < 0 || limits->movetime_ms > SA_MAX_MOVETIME_MS)
        return sa_error_set(err, SA_ERR_ARGUMENT, "movetime must be 0..%lld ms",
                            (long long)SA_MAX_MOVETIME_MS);
    if (limits->hash_mb > SA_MAX_HASH_MB)
        return sa_error_set(err, SA_ERR_ARGUMENT, "hash must be 0..%d MiB",
                            SA_MAX_HASH_MB);
    if (limits->pruning < SA_PRUNE_AUTO || limits->pruning > SA_PRUNE_STAR2)
        return sa_error_set(err, SA_ERR_ARGUMENT, "pruning must be 0..3, got %d",
                            (int)limits->pruning);
    if (limits->multiplayer < SA_MULTI_AUTO || limits->multiplayer > SA_MULTI_MARGIN)
        return sa_error_set(err, SA_ERR_ARGUMENT, "multiplayer must be 0..3, got %d",
                            (int)limits->multiplayer);
    if (limits->chance_width < 0)
        return sa_error_set(err, SA_ERR_ARGUMENT, "chance width must be >= 0, got %d",
                            limits->chance_width);
    return SA_OK;
}

void sa_report_set_win_chances(sa_report *out, const sa_game *game, const void *root,
                               const double *expected, int n_expected)
{
    out->n_win_chances = 0;
    if (game->win_chances == NULL || n_expected <= 0)
        return;
    game->win_chances(root, expected, out->win_chances);
    out->n_win_chances = n_expected;
}

sa_status sa_search_begin_at_any(const sa_game *game, const void *root,
                                 const sa_limits *limits, sa_report *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    out->win_probability = -1.0;
    out->hashfull = -1;
    sa_status status = sa_limits_check(limits, err);
    if (status != SA_OK)
        return status;
    if (game->to_move(root) == SA_TERMINAL)
        return sa_error_set(err, SA_ERR_ARGUMENT, "the game is over: nothing to search");
    return SA_OK;
}

sa_status sa_search_begin(const sa_game *game, const void *root, const sa_limits *limits,
                          sa_report *out, sa_error *err)
{
    sa_status status = sa_search_begin_at_any(game, root, limits, out, err);
    if (status != SA_OK)
        return status;
    if (game->to_move(root) == SA_CHANCE)
        return sa_error_set(
            err, SA_ERR_ARGUMENT,
            "a chance position: the dice decide, there is no move to choose "
            "(expectimax values its outcomes: algo auto or expectimax)");
    return SA_OK;
}

void sa_report_free(sa_report *report)
{
    free(report->outcomes);
    report->outcomes = NULL;
    report->n_outcomes = 0;
    report->n_valued = 0;
}
