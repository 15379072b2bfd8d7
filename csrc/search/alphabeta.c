/* search/alphabeta.c: alpha-beta for the deterministic two-player games.
 *
 * Negamax with principal-variation search, iterative deepening, a
 * transposition table (common/tt.h), move ordering (table move, two killers
 * per ply, history), MultiPV at the root by excluding the moves of the lines
 * already found, and win/loss-in-N scores so that small trees are solved
 * exactly.
 *
 * A player may move several times in a row (turtles' effects phase, zebras'
 * player without tokens), so a node's value is always from the point of view
 * of the player to move there, and a child's value changes sign only when the
 * player changes (child_value()).
 *
 * Threads (Lazy SMP): with limits->threads > 1, helper threads run the same
 * iterative deepening on the same root, sharing only the transposition table;
 * odd helpers start one ply deeper so that the threads spread over the tree.
 * The main thread's result is the answer; helpers stop when it is done. With
 * one thread the search is deterministic; with more, node counts vary.
 *
 * Written over the sa_game function table: one copy serves every game, and
 * costs one indirect call per primitive; see docs/design.md.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "common/tt.h"
#include "search/searcher.h"

#define INF (SA_SCORE_WIN + 1)
#define HISTORY_BITS 12
#define CHECK_EVERY 1023 /* nodes between clock checks, minus one */

/* Per-ply scratch: the moves, their ordering scores and generation indexes,
 * and the child state. */
typedef struct ab_frame {
    sa_move *moves;
    int32_t *order;
    int32_t *index;
    unsigned char *child;
} ab_frame;

typedef struct ab_search {
    const sa_game *game;
    sa_tt *tt;                                 /* shared by all threads     */
    int use_table;                             /* 0: never probe or store   */
    sa_clock clock;
    volatile int *abort;                       /* helpers: set when done    */
    uint64_t nodes;
    int seldepth;
    int stopped;
    unsigned char *block;                      /* backs every frame        */
    ab_frame frames[SA_MAX_PLY + 1];
    sa_move killers[SA_MAX_PLY + 1][2];
    int32_t history[2][1 << HISTORY_BITS];
    sa_move pv[SA_MAX_PLY + 1][SA_MAX_PLY + 1]; /* triangular PV table      */
    int pv_len[SA_MAX_PLY + 1];
    sa_move excluded[SA_MAX_MULTIPV];          /* root moves of found lines */
    int n_excluded;
} ab_search;

/* -- setup ------------------------------------------------------------- */

static ab_search *ab_new(const sa_game *game, const sa_limits *limits, sa_tt *tt)
{
    ab_search *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    size_t n = (size_t)game->max_moves;
    size_t frame_bytes = (n * (sizeof(sa_move) + 2 * sizeof(int32_t)) +
                          game->state_size + 15) & ~(size_t)15;
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
    s->tt = tt;
    s->use_table = !limits->no_table;
    return s;
}

static void ab_free(ab_search *s)
{
    free(s->block);
    free(s);
}

/* -- scores ------------------------------------------------------------ */

static int32_t terminal_score(const ab_search *s, const void *state, int me, int ply)
{
    int32_t results[16];
    s->game->result(state, results);
    if (results[me] > 0)
        return SA_SCORE_WIN - ply;
    if (results[me] < 0)
        return -(SA_SCORE_WIN - ply);
    return 0;
}

static int32_t static_score(const ab_search *s, const void *state, int me)
{
    if (s->game->evaluate == NULL)
        return 0;
    int32_t v = s->game->evaluate(state, me);
    const int32_t cap = SA_SCORE_WIN_MIN - 1;
    return v > cap ? cap : v < -cap ? -cap : v;
}

/* Win/loss scores are stored relative to the node, not the root. */
static int32_t score_to_tt(int32_t v, int ply)
{
    return v >= SA_SCORE_WIN_MIN ? v + ply : v <= -SA_SCORE_WIN_MIN ? v - ply : v;
}

static int32_t score_from_tt(int32_t v, int ply)
{
    return v >= SA_SCORE_WIN_MIN ? v - ply : v <= -SA_SCORE_WIN_MIN ? v + ply : v;
}

/* -- move ordering ----------------------------------------------------- */

static int32_t *history_slot(ab_search *s, int me, sa_move m)
{
    uint64_t h = (m ^ (m >> 29)) * 0x9E3779B97F4A7C15ULL;
    return &s->history[me & 1][h >> (64 - HISTORY_BITS)];
}

static void score_moves(ab_search *s, ab_frame *f, int n, int ply, int me, int tt_index)
{
    for (int i = 0; i < n; i++) {
        sa_move m = f->moves[i];
        f->index[i] = i;
        if (i == tt_index)
            f->order[i] = 1 << 30;
        else if (m == s->killers[ply][0])
            f->order[i] = 1 << 29;
        else if (m == s->killers[ply][1])
            f->order[i] = 1 << 28;
        else
            f->order[i] = *history_slot(s, me, m);
    }
}

/* Moves the best-ordered of moves[i..n) to i (a stable selection step). */
static void pick_next(ab_frame *f, int i, int n)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (f->order[j] > f->order[best])
            best = j;
    if (best == i)
        return;
    sa_move m = f->moves[best];
    int32_t o = f->order[best], x = f->index[best];
    for (int j = best; j > i; j--) {
        f->moves[j] = f->moves[j - 1];
        f->order[j] = f->order[j - 1];
        f->index[j] = f->index[j - 1];
    }
    f->moves[i] = m;
    f->order[i] = o;
    f->index[i] = x;
}

static void reward_cutoff(ab_search *s, int ply, int me, sa_move m, int depth)
{
    if (s->killers[ply][0] != m) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = m;
    }
    int32_t *h = history_slot(s, me, m);
    *h += depth * depth;
    if (*h > (1 << 26))
        for (int p = 0; p < 2; p++)
            for (int k = 0; k < (1 << HISTORY_BITS); k++)
                s->history[p][k] /= 2;
}

static int is_excluded(const ab_search *s, sa_move m)
{
    for (int k = 0; k < s->n_excluded; k++)
        if (s->excluded[k] == m)
            return 1;
    return 0;
}

/* -- the search -------------------------------------------------------- */

static int expired(const ab_search *s)
{
    if (s->abort != NULL)
        return *s->abort;
    return sa_clock_expired(&s->clock, s->nodes);
}

static int32_t node(ab_search *s, const void *state, int ply, int depth,
                    int32_t alpha, int32_t beta);

/* The value of `child` for player `me`, who moved into it, searched with
 * me's window (alpha, beta). */
static int32_t child_value(ab_search *s, const void *child, int me, int ply,
                           int depth, int32_t alpha, int32_t beta)
{
    int who = s->game->to_move(child);
    if (who == SA_TERMINAL) {
        s->nodes++;
        s->pv_len[ply] = 0;
        return terminal_score(s, child, me, ply);
    }
    if (who == me)
        return node(s, child, ply, depth, alpha, beta);
    return -node(s, child, ply, depth, -beta, -alpha);
}

static void update_pv(ab_search *s, int ply, sa_move m)
{
    s->pv[ply][0] = m;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], sizeof(sa_move) * (size_t)s->pv_len[ply + 1]);
    s->pv_len[ply] = s->pv_len[ply + 1] + 1;
}

static int probe(ab_search *s, uint64_t key, int ply, int depth, int32_t alpha,
                 int32_t beta, int *tt_index, int32_t *cutoff)
{
    sa_tt_hit hit;
    *tt_index = -1;
    if (!s->use_table || !sa_tt_probe(s->tt, key, &hit))
        return 0;
    *tt_index = hit.move_index == SA_TT_NO_MOVE ? -1 : hit.move_index;
    if (ply == 0 || hit.depth < depth)
        return 0;
    int32_t v = score_from_tt(hit.score, ply);
    if (hit.bound == SA_BOUND_EXACT || (hit.bound == SA_BOUND_LOWER && v >= beta) ||
        (hit.bound == SA_BOUND_UPPER && v <= alpha)) {
        *cutoff = v;
        return 1;
    }
    return 0;
}

/* Step 1. limits. Step 2. horizon. Step 3. table. Step 4. moves, ordered.
 * Step 5. PVS over the moves. Step 6. store. Value for the player to move. */
static int32_t node(ab_search *s, const void *state, int ply, int depth,
                    int32_t alpha, int32_t beta)
{
    const sa_game *game = s->game;
    s->pv_len[ply] = 0;
    if ((++s->nodes & CHECK_EVERY) == 0 && expired(s))
        s->stopped = 1;
    if (s->stopped)
        return 0;
    if (ply > s->seldepth)
        s->seldepth = ply;
    int me = game->to_move(state);
    if (depth <= 0 || ply >= SA_MAX_PLY)
        return static_score(s, state, me);

    uint64_t key = game->hash(state);
    int tt_index;
    int32_t cutoff;
    if (probe(s, key, ply, depth, alpha, beta, &tt_index, &cutoff))
        return cutoff;

    ab_frame *f = &s->frames[ply];
    int n = game->legal_moves(state, f->moves);
    score_moves(s, f, n, ply, me, tt_index < n ? tt_index : -1);

    int32_t best = -INF, alpha0 = alpha;
    int best_index = SA_TT_NO_MOVE, searched = 0;
    for (int i = 0; i < n; i++) {
        pick_next(f, i, n);
        sa_move m = f->moves[i];
        if (ply == 0 && is_excluded(s, m))
            continue;
        memcpy(f->child, state, game->state_size);
        game->apply(f->child, m);
        int32_t v;
        if (searched++ == 0) {
            v = child_value(s, f->child, me, ply + 1, depth - 1, alpha, beta);
        } else {
            v = child_value(s, f->child, me, ply + 1, depth - 1, alpha, alpha + 1);
            if (v > alpha && v < beta && !s->stopped)
                v = child_value(s, f->child, me, ply + 1, depth - 1, alpha, beta);
        }
        if (s->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_index = f->index[i];
            if (v > alpha) {
                alpha = v;
                update_pv(s, ply, m);
                if (v >= beta) {
                    reward_cutoff(s, ply, me, m, depth);
                    break;
                }
            }
        }
    }
    if (searched == 0) /* every root move excluded */
        return -INF;
    int bound = best >= beta ? SA_BOUND_LOWER
              : best > alpha0 ? SA_BOUND_EXACT : SA_BOUND_UPPER;
    if (s->use_table && (ply > 0 || s->n_excluded == 0))
        sa_tt_store(s->tt, key, score_to_tt(best, ply), depth, bound, best_index);
    return best;
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
        int32_t v = node(s, root, 0, depth, -INF, INF);
        if (s->stopped || v == -INF || s->pv_len[0] == 0)
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
        out->seldepth = s->seldepth;
        out->nodes = s->nodes;
        out->seconds = sa_clock_seconds(&s->clock);
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
    for (int depth = job->first_depth; depth <= job->max_depth && !job->s->stopped; depth++)
        node(job->s, job->root, 0, depth, -INF, INF);
    return NULL;
}

static void start_helpers(helper_job *jobs, int n, const sa_game *game, const void *root,
                          const sa_limits *limits, sa_tt *tt, volatile int *abort)
{
    int max_depth = limits->depth > 0 ? limits->depth : SA_MAX_PLY - 8;
    for (int i = 0; i < n; i++) {
        jobs[i].s = ab_new(game, limits, tt);
        if (jobs[i].s == NULL)
            continue;
        jobs[i].s->abort = abort;
        jobs[i].root = root;
        jobs[i].first_depth = 1 + (i % 2);
        jobs[i].max_depth = max_depth;
        jobs[i].started = pthread_create(&jobs[i].thread, NULL, helper_main, &jobs[i]) == 0;
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

sa_status sa_alphabeta(const sa_game *game, const void *root,
                       const sa_limits *limits, sa_report *out, sa_error *err)
{
    sa_tt tt;
    if (!sa_tt_init(&tt, limits->hash_mb ? limits->hash_mb : 16))
        return sa_error_set(err, SA_ERR_MEMORY, "out of memory for the hash table");
    ab_search *s = ab_new(game, limits, &tt);
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
    start_helpers(jobs, n_helpers, game, root, limits, &tt, &abort_helpers);
    deepen(s, root, limits, out, lines);
    uint64_t helper_nodes = stop_helpers(jobs, n_helpers, &abort_helpers);
    if (out->n_lines == 0)
        fallback_line(s, root, out);
    out->nodes = s->nodes + helper_nodes;
    out->seconds = sa_clock_seconds(&s->clock);
    free(jobs);
    free(lines);
    ab_free(s);
    sa_tt_free(&tt);
    return SA_OK;
}
