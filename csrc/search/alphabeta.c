/* search/alphabeta.c: the driver of alpha-beta, for the deterministic
 * two-player games: iterative deepening, MultiPV, Lazy SMP threads and the
 * report. It never looks inside a position.
 *
 * The node code (negamax PVS over a transposition table) is written once in
 * search/alphabeta_impl.h and compiled once per game: alphabeta_turtles.c and
 * alphabeta_zebras.c bind it to the game's own functions (direct calls, the
 * state size a constant), alphabeta_generic.c to the sa_game function table
 * for every other game. sa_search() picks the copy by game (copies.c); the
 * copy calls sa_alphabeta_run() here with its root search, one indirect call
 * per iteration. See docs/design.md.
 *
 * MultiPV: the root is searched once a line, excluding the first moves of
 * the lines already found. Scores of proven results are SA_SCORE_WIN - plies,
 * so that small trees are solved exactly and deepening stops there.
 *
 * Threads (Lazy SMP): with limits->threads > 1, helper threads run the same
 * iterative deepening on the same root, sharing only the transposition table;
 * odd helpers start one ply deeper so that the threads spread over the tree.
 * The main thread's result is the answer; helpers stop when it is done. With
 * one thread the search is deterministic; with more, node counts vary.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "common/tt.h"
#include "common/weights.h"
#include "search/alphabeta.h"

/* -- setup ------------------------------------------------------------- */

/* A search with one frame a ply, each sized for the game's largest move list
 * and one state. */
static ab_search *ab_new(const sa_game *game, ab_root_fn *search_root,
                         const sa_limits *limits, sa_tt *tt)
{
    ab_search *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    size_t n = (size_t)game->max_moves;
    size_t frame_bytes =
        (n * (sizeof(sa_move) + 2 * sizeof(int32_t)) + game->state_size + 15) &
        ~(size_t)15;
    s->block = malloc(frame_bytes * (SA_MAX_PLY + 1));
    if (s->block == NULL) {
        free(s);
        return NULL;
    }
    for (int ply = 0; ply <= SA_MAX_PLY; ply++) {
        unsigned char *base = s->block + frame_bytes * (size_t)ply;
        s->frames[ply].moves = (sa_move *)base;
        s->frames[ply].order = (int32_t *)(base + n * sizeof(sa_move));
        s->frames[ply].index = s->frames[ply].order + n;
        s->frames[ply].child = base + n * (sizeof(sa_move) + 2 * sizeof(int32_t));
    }
    s->game = game;
    s->search_root = search_root;
    s->tt = tt;
    s->use_table = !limits->no_table;
    return s;
}

static void ab_free(ab_search *s)
{
    free(s->block);
    free(s);
}

/* -- iterative deepening at the root ----------------------------------- */

static void set_line(ab_search *s, sa_line *line, const void *root, int32_t score)
{
    line->score = score;
    line->exact = score >= SA_SCORE_WIN_MIN || score <= -SA_SCORE_WIN_MIN;
    sa_line_set_pv(line, s->game, root, s->pv[0], s->pv_len[0]);
}

/* One iteration: up to `multipv` lines at `depth`. Returns the number of
 * lines completed (fewer when stopped, or when moves run out). */
static int search_iteration(ab_search *s, const void *root, int depth, int multipv,
                            sa_line *lines)
{
    int done = 0;
    s->n_excluded = 0;
    for (int k = 0; k < multipv; k++) {
        int32_t v = s->search_root(s, root, depth);
        if (s->stopped || v == -AB_INF || s->pv_len[0] == 0)
            break;
        set_line(s, &lines[k], root, v);
        s->excluded[s->n_excluded++] = s->pv[0][0];
        done++;
    }
    s->n_excluded = 0;
    return done;
}

static int proven(const sa_line *line, int depth)
{
    return line->exact && SA_SCORE_WIN - abs(line->score) <= depth;
}

/* When stopped before the first iteration completed: the first legal move. */
static void fallback_line(ab_search *s, const void *root, sa_report *out)
{
    ab_frame *f = &s->frames[0];
    int n = s->game->legal_moves(root, f->moves);
    s->pv_len[0] = n > 0 ? 1 : 0;
    s->pv[0][0] = f->moves[0];
    set_line(s, &out->lines[0], root, 0);
    out->n_lines = 1;
    out->win_probability = sa_score_win_probability(s->game, root, 0);
}

/* Iterative deepening of the main thread; fills out. */
static void deepen(ab_search *s, const void *root, const sa_limits *limits,
                   sa_report *out, sa_line *lines)
{
    int max_depth = limits->depth > 0 ? limits->depth : SA_MAX_PLY - 8;
    for (int depth = 1; depth <= max_depth; depth++) {
        int done = search_iteration(s, root, depth, limits->multipv, lines);
        if (s->stopped && !(depth == 1 && done > 0))
            break;
        memcpy(out->lines, lines, sizeof(sa_line) * (size_t)done);
        out->n_lines = done;
        out->depth = depth;
        out->win_probability =
            sa_score_win_probability(s->game, root, out->lines[0].score);
        out->seldepth = s->seldepth;
        out->nodes = s->nodes;
        out->seconds = sa_clock_seconds(&s->clock);
        out->hashfull = s->use_table ? sa_tt_hashfull(s->tt) : -1;
        if (limits->progress != NULL)
            limits->progress(limits->progress_user, out);
        if (s->stopped || proven(&out->lines[0], depth))
            break;
    }
}

/* -- Lazy SMP helpers --------------------------------------------------- */

typedef struct helper_job {
    ab_search *s;
    const void *root;
    int first_depth;
    int max_depth;
    pthread_t thread;
    int started;
} helper_job;

static void *helper_main(void *arg)
{
    helper_job *job = arg;
    for (int depth = job->first_depth; depth <= job->max_depth && !job->s->stopped;
         depth++)
        job->s->search_root(job->s, job->root, depth);
    return NULL;
}

/* Starts n helpers searching like `leader` (same game, copy and table). */
static void start_helpers(helper_job *jobs, int n, const ab_search *leader,
                          const void *root, const sa_limits *limits, volatile int *abort)
{
    int max_depth = limits->depth > 0 ? limits->depth : SA_MAX_PLY - 8;
    for (int i = 0; i < n; i++) {
        jobs[i].s = ab_new(leader->game, leader->search_root, limits, leader->tt);
        if (jobs[i].s == NULL)
            continue;
        jobs[i].s->abort = abort;
        jobs[i].root = root;
        jobs[i].first_depth = 1 + (i % 2);
        jobs[i].max_depth = max_depth;
        jobs[i].started =
            pthread_create(&jobs[i].thread, NULL, helper_main, &jobs[i]) == 0;
    }
}

static uint64_t stop_helpers(helper_job *jobs, int n, volatile int *abort)
{
    uint64_t nodes = 0;
    *abort = 1;
    for (int i = 0; i < n; i++) {
        if (jobs[i].started)
            pthread_join(jobs[i].thread, NULL);
        if (jobs[i].s != NULL) {
            nodes += jobs[i].s->nodes;
            ab_free(jobs[i].s);
        }
    }
    return nodes;
}

sa_status sa_alphabeta_run(const sa_game *game, ab_root_fn *search_root, const void *root,
                           const sa_limits *limits, sa_report *out, sa_error *err)
{
    sa_tt tt;
    if (!sa_tt_init(&tt, limits->hash_mb ? limits->hash_mb : 16))
        return sa_error_set(err, SA_ERR_MEMORY, "out of memory for the hash table");
    ab_search *s = ab_new(game, search_root, limits, &tt);
    sa_line *lines = calloc(SA_MAX_MULTIPV, sizeof *lines);
    int n_helpers = limits->threads - 1;
    helper_job *jobs = calloc((size_t)(n_helpers > 0 ? n_helpers : 1), sizeof *jobs);
    if (s == NULL || lines == NULL || jobs == NULL) {
        if (s != NULL)
            ab_free(s);
        free(lines);
        free(jobs);
        sa_tt_free(&tt);
        return sa_error_set(err, SA_ERR_MEMORY, "out of memory for the search");
    }
    volatile int abort_helpers = 0;
    sa_clock_start(&s->clock, limits);
    out->algo = SA_ALGO_ALPHABETA;
    start_helpers(jobs, n_helpers, s, root, limits, &abort_helpers);
    deepen(s, root, limits, out, lines);
    uint64_t helper_nodes = stop_helpers(jobs, n_helpers, &abort_helpers);
    if (out->n_lines == 0)
        fallback_line(s, root, out);
    out->nodes = s->nodes + helper_nodes;
    out->seconds = sa_clock_seconds(&s->clock);
    out->hashfull = s->use_table ? sa_tt_hashfull(&tt) : -1;
    free(jobs);
    free(lines);
    ab_free(s);
    sa_tt_free(&tt);
    return SA_OK;
}
