/* search/expectimax_root.c: the root of expectimax, its threads and its
 * report.
 *
 * The root is a decision or a chance position. Either way it is a list of
 * items searched one by one in each iteration of iterative deepening:
 *
 *   a decision   each legal move, searched to depth - 1 below it; the best
 *                `multipv` get exact values, the others only need to be
 *                shown worse (a fail low against the multipv-th best so far;
 *                max-n values every move in full);
 *   a chance     each outcome (all of them: none is sampled at the root),
 *   position     valued in full to depth - 1 below it; the position's value
 *                is their probability-weighted mean. The first iteration
 *                takes them in a seeded uniformly random order, so that when
 *                it cannot reach them all within the limits, the ones it
 *                reached are a uniform random sample and
 *                  c + (n / k) * sum over the k valued of p_i * (v_i - c)
 *                estimates the mean without bias (Horvitz-Thompson, with
 *                the root's own evaluation c as a control variate: c is
 *                fixed before the sample is drawn, so it adds no bias, and
 *                where the outcomes' values are close to c, as an
 *                evaluation that does not see the dice makes them, the
 *                estimate is close to exact whatever the sample).
 *
 * Each depth runs in two passes (iterate_two_passes): a cheap one with the
 * first chance layer below the root sampled, then, if it sampled anything,
 * the same depth with that layer whole; when the limits stop the whole
 * pass, the cheap pass's values stand for the depth.
 *
 * Threads: with limits->threads = T > 1 the T threads take items from the
 * shared list (a counter under a mutex) in each iteration; each thread has a
 * search and a table of its own (hash_mb / T each), so no entry is shared
 * and no value depends on which thread searched it: the table returns only
 * values of exactly the depth asked, and sampled chance positions deeper
 * down draw their sample from (seed, position). Values under a depth limit
 * are the same for every T; node counts, and which of two equal moves comes
 * first, may differ. A thread that stops (stop flag, deadline, its share of
 * the node limit) raises `abort`, which every other thread reads with its
 * clock, so the iteration ends within a few nodes on every thread.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "common/rng.h"
#include "common/weights.h"
#include "search/expectimax.h"
#include "search/searcher.h"

_Static_assert(SA_OUTCOME_TEXT_MAX == SA_MOVE_STR_MAX, "outcome text as move text");

/* One root move or root outcome and what the last iteration found for it. */
typedef struct ex_item {
    sa_move m;
    int index;       /* in the game's order                 */
    uint64_t weight; /* outcomes: weight; prob = weight/sum */
    double prob;
    double key; /* the mover's value, or a bound on it */
    int exact;
    int done;                      /* searched in full this iteration     */
    int depth;                     /* plies below it searched (outcomes)  */
    double values[SA_MAX_PLAYERS]; /* max-n: results; two players: v_p    */
    sa_move pv[SA_MAX_PLY];
    int pv_len;
} ex_item;

typedef struct ex_root {
    const sa_game *game;
    const void *root;
    const sa_limits *limits;
    int chance; /* 1: the root is a chance position */
    int me;     /* a decision's mover               */
    int n_players;
    int maxn;
    int paranoid; /* one value, the mover's           */
    ex_item *items;
    ex_item **order; /* the order items are taken in     */
    int n;
    ex_search **searches; /* one per thread                   */
    int n_threads;
    /* the running iteration */
    int depth;
    int multipv;
    pthread_mutex_t lock;
    int next;                   /* the next item to take            */
    int found;                  /* exact decision values so far     */
    double kth[SA_MAX_MULTIPV]; /* the best of them, descending     */
    volatile int abort;
    /* the last iteration searched its leads (leads_done()); kept, not
     * recomputed, because iterate() re-sorts x->order afterwards */
    int leads_done;
} ex_root;

/* -- one item ---------------------------------------------------------- */

/* Searches root move r at `depth`, for the mover only as far as whether it
 * beats `above`: r->key is exact when it does, else an upper bound. */
static void search_move(ex_search *s, const ex_root *x, ex_item *r, int depth,
                        double above)
{
    ex_frame *f = &s->frames[0];
    memcpy(f->child, x->root, s->game->state_size);
    s->game->apply(f->child, r->m);
    int me = x->me;
    if (s->maxn) {
        ex_maxn_node(s, f->child, 1, depth - 1, r->values);
        r->key = ex_choice_key(s->margin, r->values, s->n_players, me);
        r->exact = 1;
    } else { /* two players, or paranoid (where the mover is the maximiser) */
        int maximising = me == s->maximiser;
        double lo = s->pruning == SA_PRUNE_NONE ? -EX_INF : above;
        double v = ex_star_node(s, f->child, 1, depth - 1, maximising ? lo : -EX_INF,
                                maximising ? EX_INF : -lo);
        r->key = maximising ? v : -v;
        r->exact = r->key > lo;
        r->values[me] = r->key;
        if (!s->paranoid)
            r->values[1 - me] = -r->key;
    }
    r->pv[0] = r->m;
    memcpy(&r->pv[1], s->pv[1], sizeof(sa_move) * (size_t)s->pv_len[1]);
    r->pv_len = s->pv_len[1] + 1;
}

/* Values root outcome r in full at `depth` (the outcome is a ply). */
static void value_outcome(ex_search *s, const ex_root *x, ex_item *r, int depth)
{
    ex_frame *f = &s->frames[0];
    memcpy(f->child, x->root, s->game->state_size);
    s->game->apply(f->child, r->m);
    int terminal = s->game->to_move(f->child) == SA_TERMINAL;
    if (s->maxn) {
        ex_maxn_node(s, f->child, 1, depth - 1, r->values);
    } else {
        double v = ex_star_node(s, f->child, 1, depth - 1, -EX_INF, EX_INF);
        r->values[0] = v;
        r->values[1] = -v;
    }
    r->exact = 1;
    r->depth = terminal ? 0 : depth - 1;
    r->pv[0] = r->m;
    memcpy(&r->pv[1], s->pv[1], sizeof(sa_move) * (size_t)s->pv_len[1]);
    r->pv_len = s->pv_len[1] + 1;
}

/* Inserts an exact decision value into x->kth (under the lock). */
static void record_exact(ex_root *x, double key)
{
    if (x->found < x->multipv)
        x->found++;
    int j = x->found - 1;
    while (j > 0 && x->kth[j - 1] < key) {
        x->kth[j] = x->kth[j - 1];
        j--;
    }
    x->kth[j] = key;
}

/* -- one iteration, shared among threads -------------------------------- */

/* What each thread does in an iteration: take the next item, search it,
 * until none is left or the search must stop. */
static void take_items(ex_root *x, ex_search *s)
{
    for (;;) {
        pthread_mutex_lock(&x->lock);
        if (x->abort || x->next >= x->n) {
            pthread_mutex_unlock(&x->lock);
            return;
        }
        ex_item *r = x->order[x->next++];
        double above = x->found < x->multipv ? -EX_INF : x->kth[x->multipv - 1];
        pthread_mutex_unlock(&x->lock);
        if (x->chance)
            value_outcome(s, x, r, x->depth);
        else
            search_move(s, x, r, x->depth, above);
        pthread_mutex_lock(&x->lock);
        if (s->stopped) {
            x->abort = 1;
            pthread_mutex_unlock(&x->lock);
            return;
        }
        r->done = 1;
        if (!x->chance && r->exact)
            record_exact(x, r->key);
        pthread_mutex_unlock(&x->lock);
    }
}

typedef struct ex_worker {
    ex_root *x;
    ex_search *s;
} ex_worker;

static void *worker_main(void *arg)
{
    ex_worker *w = arg;
    take_items(w->x, w->s);
    return NULL;
}

/* Exact items first, then by value, then in the game's order (max-n: equal
 * values for the mover may differ for the others; the first move wins, as
 * inside the tree). */
static int item_before(const ex_item *a, const ex_item *b)
{
    if (a->exact != b->exact)
        return a->exact > b->exact;
    if (a->key != b->key)
        return a->key > b->key;
    return a->index < b->index;
}

static void sort_items(ex_item **order, int n)
{
    for (int i = 1; i < n; i++) {
        ex_item *r = order[i];
        int j = i;
        while (j > 0 && item_before(r, order[j - 1])) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = r;
    }
}

/* 1 when the leads of this iteration, its first min(multipv, n) items in
 * x->order (the previous iteration's best, searched first), were all
 * searched. Then the exact values of a stopped iteration rank moves at the
 * new depth: any move ranked above a lead was shown better than it at that
 * depth, and the leads themselves have their new values. */
static int leads_done(const ex_root *x)
{
    int leads = x->multipv < x->n ? x->multipv : x->n;
    for (int k = 0; k < leads; k++)
        if (!x->order[k]->done)
            return 0;
    return 1;
}

/* One iteration at `depth` on every thread. Returns 1 when every item was
 * searched; 0 when the search stopped (items not done are then inexact,
 * and x->leads_done says whether the leads were searched). */
static int iterate(ex_root *x, int depth)
{
    x->depth = depth;
    x->next = 0;
    x->found = 0;
    for (int i = 0; i < x->n; i++)
        x->items[i].done = 0;
    pthread_t threads[64];
    ex_worker workers[64];
    int started = 0;
    for (int t = 1; t < x->n_threads; t++) {
        workers[t] = (ex_worker){x, x->searches[t]};
        if (pthread_create(&threads[started], NULL, worker_main, &workers[t]) != 0)
            break; /* fewer helpers: the others take their share */
        started++;
    }
    take_items(x, x->searches[0]);
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    int complete = !x->abort;
    x->leads_done = leads_done(x);
    if (!complete)
        for (int i = 0; i < x->n; i++)
            if (!x->items[i].done)
                x->items[i].exact = 0;
    if (!x->chance)
        sort_items(x->order, x->n);
    return complete;
}

/* -- report ------------------------------------------------------------ */

/* p's expected result from item values: two players (v_p + 1) / 2, p's win
 * probability with a draw counting half; max-n the value itself. */
static double expected_of(const ex_root *x, const double *values, int p)
{
    return x->maxn ? values[p] : (1.0 + values[p]) / 2.0;
}

static void totals(const ex_root *x, sa_report *out)
{
    out->nodes = 0;
    out->seldepth = 0;
    for (int t = 0; t < x->n_threads; t++) {
        out->nodes += x->searches[t]->nodes;
        if (x->searches[t]->seldepth > out->seldepth)
            out->seldepth = x->searches[t]->seldepth;
    }
    out->seconds = sa_clock_seconds(&x->searches[0]->clock);
}

/* Line k from root move r. Score = 100 x the mover's expected result
 * (two players: v in [-1, 1]; ostrich: centi-points). Paranoid knows only
 * the mover's value, which is the score: no `expected`. */
static void set_line(const ex_root *x, sa_line *line, const ex_item *r)
{
    double own =
        x->maxn ? r->values[x->me] : r->key; /* margin: the key is not the score */
    line->score = (int32_t)(own * 100.0 + (own >= 0 ? 0.5 : -0.5));
    line->exact = 0;
    line->n_expected = x->paranoid ? 0 : x->n_players;
    for (int p = 0; p < x->n_players; p++)
        line->expected[p] =
            x->maxn ? r->values[p] : (1.0 + (p == x->me ? r->key : -r->key)) / 2.0;
    sa_line_set_pv(line, x->game, x->root, r->pv, r->pv_len);
}

static void fill_decision(const ex_root *x, sa_report *out)
{
    int k = 0;
    for (; k < x->n && k < x->multipv && x->order[k]->exact; k++)
        set_line(x, &out->lines[k], x->order[k]);
    out->n_lines = k;
    out->win_probability = x->maxn || x->paranoid || k == 0
                               ? -1.0
                               : sa_expected_win_probability(
                                     x->game, x->root, out->lines[0].expected[x->me]);
    sa_report_set_win_chances(out, x->game, x->root, out->lines[0].expected,
                              k == 0 ? 0 : out->lines[0].n_expected);
    totals(x, out);
}

/* o->to_move: who moves after outcome r; o->best: the spelling of the move
 * after it (its line's second move) when a player chooses there, else "". */
static void outcome_best(const ex_root *x, const ex_item *r, sa_outcome_value *o,
                         unsigned char *state)
{
    o->best[0] = '\0';
    memcpy(state, x->root, x->game->state_size);
    x->game->apply(state, r->m);
    o->to_move = x->game->to_move(state);
    if (r->pv_len >= 2 && o->to_move >= 0)
        x->game->move_str(state, r->pv[1], o->best);
}

/* out->outcomes[j] is item by_weight[j]: most probable first. */
static void fill_chance(const ex_root *x, ex_item **by_weight, int complete,
                        sa_report *out, unsigned char *scratch)
{
    int valued = 0;
    double sum[SA_MAX_PLAYERS] = {0}, base[SA_MAX_PLAYERS], c[SA_MAX_PLAYERS];
    /* the control variate: the root's evaluation, in the report's units */
    ex_horizon_values(x->searches[0], x->root, base);
    for (int p = 0; p < x->n_players; p++)
        c[p] = complete ? 0.0 : expected_of(x, base, p);
    for (int j = 0; j < x->n; j++) {
        const ex_item *r = by_weight[j];
        sa_outcome_value *o = &out->outcomes[j];
        o->valued = r->done || (complete && r->exact);
        o->depth = r->depth;
        outcome_best(x, r, o, scratch);
        for (int p = 0; p < x->n_players; p++) {
            o->expected[p] = o->valued ? expected_of(x, r->values, p) : 0.0;
            if (o->valued)
                sum[p] += r->prob * (o->expected[p] - c[p]);
        }
        valued += o->valued;
    }
    /* Every outcome: the mean (c = 0). Some: the estimate over a uniform
     * sample of `valued` outcomes of n (see the file comment). */
    double scale = valued == 0 ? 0.0 : (double)x->n / valued;
    out->n_valued = valued;
    out->n_expected = x->n_players;
    for (int p = 0; p < x->n_players; p++)
        out->expected[p] = c[p] + sum[p] * scale;
    sa_report_set_win_chances(out, x->game, x->root, out->expected,
                              x->paranoid ? 0 : out->n_expected);
    totals(x, out);
}

/* -- setup and the driver ----------------------------------------------- */

/* Heavier first; equal weights by spelling (qsort over pointers into the
 * report's outcomes, which hold the spellings). */
static int outcome_before(const void *a, const void *b)
{
    const sa_outcome_value *x = *(const sa_outcome_value *const *)a;
    const sa_outcome_value *y = *(const sa_outcome_value *const *)b;
    if (x->weight != y->weight)
        return x->weight > y->weight ? -1 : 1;
    return strcmp(x->outcome, y->outcome);
}

/* The root's moves, in the game's order. */
static void collect_moves(ex_root *x)
{
    sa_move *moves = x->searches[0]->frames[0].moves;
    x->n = x->game->legal_moves(x->root, moves);
    for (int i = 0; i < x->n; i++) {
        x->items[i].m = moves[i];
        x->items[i].index = i;
        x->order[i] = &x->items[i];
    }
}

/* out->outcomes and by_weight in the same order, most probable first
 * (qsort over pointers, then the outcomes laid out again); 0 when out of
 * memory. */
static int sort_by_weight(ex_root *x, ex_item **by_weight, sa_report *out)
{
    size_t n = (size_t)(x->n > 0 ? x->n : 1);
    const sa_outcome_value **rank = malloc(sizeof *rank * n);
    sa_outcome_value *sorted = calloc(n, sizeof *sorted);
    if (rank == NULL || sorted == NULL) {
        free(rank);
        free(sorted);
        return 0;
    }
    for (int i = 0; i < x->n; i++)
        rank[i] = &out->outcomes[i];
    qsort(rank, (size_t)x->n, sizeof *rank, outcome_before);
    for (int j = 0; j < x->n; j++) {
        sorted[j] = *rank[j];
        by_weight[j] = &x->items[rank[j] - out->outcomes];
    }
    free(out->outcomes);
    out->outcomes = sorted;
    free(rank);
    return 1;
}

/* x->order: a uniformly random order seeded by (seed, position) (Fisher-Yates). */
static void shuffle(ex_root *x)
{
    sa_rng rng;
    sa_rng_seed(&rng, x->limits->seed ^ (x->game->hash(x->root) * 0x9E3779B97F4A7C15ULL));
    for (int i = x->n - 1; i > 0; i--) {
        int k = (int)(sa_rng_next(&rng) % (uint64_t)(i + 1));
        ex_item *t = x->order[i];
        x->order[i] = x->order[k];
        x->order[k] = t;
    }
}

/* The root's outcomes: their weights, probabilities and spellings in
 * out->outcomes, most probable first (by_weight: the items in that order),
 * and x->order a seeded random order; 0 when out of memory. */
static int collect_outcomes(ex_root *x, ex_item **by_weight, sa_report *out)
{
    const sa_game *game = x->game;
    sa_move *moves = x->searches[0]->frames[0].chance.raw_moves; /* room for all */
    uint64_t *weights = x->searches[0]->frames[0].chance.weights;
    x->n = game->chance_outcomes(x->root, moves, weights);
    out->outcomes = calloc((size_t)(x->n > 0 ? x->n : 1), sizeof *out->outcomes);
    if (out->outcomes == NULL)
        return 0;
    uint64_t total = 0;
    for (int i = 0; i < x->n; i++)
        total += weights[i];
    for (int i = 0; i < x->n; i++) {
        ex_item *r = &x->items[i];
        r->m = moves[i];
        r->index = i;
        r->weight = weights[i];
        r->prob = (double)weights[i] / (double)total;
        x->order[i] = r;
        out->outcomes[i].weight = weights[i];
        game->move_str(x->root, moves[i], out->outcomes[i].outcome);
    }
    out->n_outcomes = x->n;
    out->total_weight = total;
    if (!sort_by_weight(x, by_weight, out))
        return 0;
    shuffle(x);
    return 1;
}

static int collect_items(ex_root *x, ex_item **by_weight, sa_report *out)
{
    if (!x->chance) {
        collect_moves(x);
        return 1;
    }
    return collect_outcomes(x, by_weight, out);
}

/* Sets how every thread searches the first chance layer below the root. */
static void set_whole_first(ex_root *x, int whole)
{
    for (int t = 0; t < x->n_threads; t++) {
        x->searches[t]->whole_first = whole && x->searches[t]->may_whole_first;
        x->searches[t]->first_sampled = 0;
    }
}

static uint64_t first_sampled(const ex_root *x)
{
    uint64_t n = 0;
    for (int t = 0; t < x->n_threads; t++)
        n += x->searches[t]->first_sampled;
    return n;
}

/* One depth in two passes. First the cheap one: the first chance layer
 * below the root sampled like the deeper ones. Then, if it sampled anything
 * (and the caller left chance_width at its default),
 * the same depth with that layer whole; when the limits stop the whole pass,
 * the cheap pass's items are put back (`saved`, `saved_order`: room for
 * x->n), so a short time limit still gets the depth's sampled values rather
 * than the depth before. Returns what iterate returns for the pass kept;
 * *stop_after: 1 when the limits stopped a pass. */
static int iterate_two_passes(ex_root *x, int depth, ex_item *saved,
                              ex_item **saved_order, int *stop_after)
{
    set_whole_first(x, 0);
    int done = iterate(x, depth);
    *stop_after = !done;
    if (!done || first_sampled(x) == 0 || !x->searches[0]->may_whole_first)
        return done;
    memcpy(saved, x->items, sizeof *saved * (size_t)x->n);
    memcpy(saved_order, x->order, sizeof *saved_order * (size_t)x->n);
    set_whole_first(x, 1);
    if (iterate(x, depth))
        return 1;
    memcpy(x->items, saved, sizeof *saved * (size_t)x->n);
    memcpy(x->order, saved_order, sizeof *saved_order * (size_t)x->n);
    *stop_after = 1;
    return 1;
}

/* Iterative deepening; fills out from the last completed iteration, or,
 * at a decision, from a stopped one whose leads were searched (as
 * Stockfish keeps the root moves a stopped iteration finished: at 50 ms a
 * move about half the time goes to the last iteration, and without this it
 * was thrown away); out->depth stays the last completed depth. When even
 * the first iteration could not finish, its partial result. */
static void deepen(ex_root *x, ex_item **by_weight, sa_report *out,
                   unsigned char *scratch)
{
    const sa_limits *limits = x->limits;
    int max_depth = limits->depth > 0 ? limits->depth : SA_MAX_PLY - 8;
    ex_item *saved = malloc(sizeof *saved * (size_t)x->n);
    ex_item **saved_order = malloc(sizeof *saved_order * (size_t)x->n);
    for (int depth = 1; depth <= max_depth; depth++) {
        int stop_after, done;
        if (saved != NULL && saved_order != NULL) {
            done = iterate_two_passes(x, depth, saved, saved_order, &stop_after);
        } else { /* out of memory for the copy: the whole pass alone */
            set_whole_first(x, 1);
            done = iterate(x, depth);
            stop_after = !done;
        }
        if (!done && depth > 1) {
            if (!x->chance && x->leads_done)
                fill_decision(x, out);
            break;
        }
        if (x->chance)
            fill_chance(x, by_weight, done, out, scratch);
        else
            fill_decision(x, out);
        out->depth = done ? depth : 0;
        if (stop_after)
            break;
        if (limits->progress != NULL)
            limits->progress(limits->progress_user, out);
    }
    free(saved);
    free(saved_order);
}

static void free_root(ex_root *x)
{
    for (int t = 0; t < x->n_threads; t++)
        if (x->searches[t] != NULL)
            ex_free(x->searches[t]);
    free(x->searches);
    free(x->items);
    free(x->order);
}

/* The searches, one per thread, each with its share of the table and of
 * the node limit; 0 when out of memory. */
static int new_searches(ex_root *x)
{
    const sa_limits *limits = x->limits;
    size_t hash_mb = limits->hash_mb ? limits->hash_mb : 16;
    size_t share_mb = hash_mb / (size_t)x->n_threads;
    x->searches = calloc((size_t)x->n_threads, sizeof *x->searches);
    if (x->searches == NULL)
        return 0;
    for (int t = 0; t < x->n_threads; t++) {
        x->searches[t] =
            ex_new(x->game, x->root, limits, share_mb > 0 ? share_mb : 1, &x->abort);
        if (x->searches[t] == NULL)
            return 0;
        if (limits->nodes > 0) {
            uint64_t share = limits->nodes / (uint64_t)x->n_threads;
            x->searches[t]->clock.node_limit = share > 0 ? share : 1;
        }
    }
    return 1;
}

static sa_status begin(const sa_game *game, const void *root, const sa_limits *limits,
                       sa_report *out, sa_error *err)
{
    sa_status status = sa_search_begin_at_any(game, root, limits, out, err);
    if (status != SA_OK)
        return status;
    if (game->num_players(root) > SA_MAX_PLAYERS)
        return sa_error_set(err, SA_ERR_ARGUMENT, "expectimax serves at most %d players",
                            SA_MAX_PLAYERS);
    return SA_OK;
}

sa_status sa_expectimax(const sa_game *game, const void *root, const sa_limits *limits,
                        sa_report *out, sa_error *err)
{
    sa_status status = begin(game, root, limits, out, err);
    if (status != SA_OK)
        return status;
    ex_root x;
    memset(&x, 0, sizeof x);
    x.game = game;
    x.root = root;
    x.limits = limits;
    x.chance = game->to_move(root) == SA_CHANCE;
    x.me = x.chance ? 0 : game->to_move(root);
    x.n_players = game->num_players(root);
    ex_mode mode = ex_mode_for(game, root, limits);
    x.maxn = mode == EX_MAXN || mode == EX_MARGIN;
    x.paranoid = mode == EX_PARANOID;
    x.multipv = limits->multipv;
    x.n_threads = limits->threads;
    size_t cap = (size_t)(x.chance ? game->max_chance_outcomes : game->max_moves);
    x.items = calloc(cap > 0 ? cap : 1, sizeof *x.items);
    x.order = calloc(cap > 0 ? cap : 1, sizeof *x.order);
    ex_item **by_weight = calloc(cap > 0 ? cap : 1, sizeof *by_weight);
    unsigned char *scratch = malloc(game->state_size);
    if (x.items == NULL || x.order == NULL || by_weight == NULL || scratch == NULL ||
        !new_searches(&x) || !collect_items(&x, by_weight, out)) {
        free_root(&x);
        free(by_weight);
        free(scratch);
        sa_report_free(out);
        return sa_error_set(err, SA_ERR_MEMORY, "out of memory for the search");
    }
    pthread_mutex_init(&x.lock, NULL);
    out->algo = SA_ALGO_EXPECTIMAX;
    out->chance = x.chance;
    out->threads = x.n_threads;
    deepen(&x, by_weight, out, scratch);
    if (!x.chance && out->n_lines == 0 &&
        x.n > 0) { /* stopped before any move had a value */
        x.items[0].pv[0] = x.items[0].m;
        x.items[0].pv_len = 1;
        x.items[0].key = 0.0;
        set_line(&x, &out->lines[0], &x.items[0]);
        out->n_lines = 1;
    }
    totals(&x, out);
    pthread_mutex_destroy(&x.lock);
    free_root(&x);
    free(by_weight);
    free(scratch);
    return SA_OK;
}
