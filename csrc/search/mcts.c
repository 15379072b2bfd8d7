/* search/mcts.c: Monte Carlo tree search over the game function table.
 *
 * Each simulation runs four phases (KataGo's split, one function each):
 *   select    from the root by UCT at decision nodes, and by sampling the
 *             exact chance weights at chance nodes (never by UCT), with
 *             progressive widening over the outcomes (mcts.h);
 *   expand    one new child per simulation, from the arena (mcts_tree.h);
 *   evaluate  the new leaf: its result when terminal, else the leaf
 *             evaluator: a seeded random rollout, or the game's evaluation
 *             (OpenSpiel's Evaluator split: the tree code calls
 *             s->leaf_value and does not know which);
 *   backup    add the leaf's value vector to every node on the path.
 *
 * Values are vectors, one entry per player in [-1, 1], and each decision node
 * picks the child best for its own mover (max-n). The same code then serves
 * two-player zero-sum games, n-player games, and players moving several times
 * in a row: nothing flips a sign. Results and evaluations become values on
 * one scale per game (mcts_values.h): the contract's win/draw/loss as they
 * are and evaluations by tanh(e / 400) in two-player zero-sum games; scores
 * (ostrich points) and evaluations read as expected scores mapped linearly
 * from the game's result range, so a mean value is an expected score.
 *
 * MCTS-Solver (Winands, Björnsson, Saito 2008), two-player zero-sum games,
 * decision nodes only: a terminal child is proven; a node with a child proven won for
 * its mover is proven won; a node whose moves are all expanded and proven is
 * proven by its best one (a loss when all lose). Proven nodes are not searched
 * below: a simulation reaching one backs up its exact value, and selection
 * skips children proven lost for the mover.
 *
 * Every random choice comes from one sa_rng per tree, seeded from
 * limits->seed (+ the thread number): same seed and node limit, same report.
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "common/rng.h"
#include "search/mcts.h"
#include "search/mcts_report.h"
#include "search/mcts_tree.h"
#include "search/mcts_values.h"
#include "search/rollout.h"
#include "search/searcher.h"
#include "search/shared.h"

#define CHECK_EVERY 7           /* simulations between clock checks, minus one */
#define PROGRESS_EVERY 65536    /* simulations between progress reports        */
#define ROLLOUT_MAX_PLIES 10000 /* a rollout this long is scored a draw        */
#define MAX_THREADS 64

typedef struct mcts_search mcts_search;

/* A leaf evaluator: writes the value vector of a non-terminal `state` (which
 * it may modify) reached at tree depth `depth`. */
typedef void (*leaf_value_fn)(mcts_search *s, void *state, int depth, double *values);

typedef struct mcts_search {
    /* -- fixed for the search ------------------------------------------- */
    sa_mcts_tree *tree;
    const sa_game *game;
    sa_mcts_options opt;
    leaf_value_fn leaf_value;
    mcts_scale scale;   /* results and evaluations to values      */
    int two_player;     /* zero-sum: the solver runs only then    */
    sa_clock clock;     /* deadline and stop flag (shared)        */
    uint64_t sim_limit; /* valid when has_sim_limit               */
    int has_sim_limit;
    const sa_limits *limits; /* progress callback (thread 0 only)      */
    /* -- changed by every simulation ------------------------------------ */
    sa_rng rng;
    uint64_t simulations;
    int tree_depth, seldepth;
    int arena_full;
    float drawn_probability; /* of the outcome a chance step just drew */
    /* -- scratch, allocated once ---------------------------------------- */
    unsigned char *state; /* the position being replayed            */
    sa_move *moves;
    uint64_t *weights;
    int32_t *results;
    double *values;
} mcts_search;

void sa_mcts_options_default(sa_mcts_options *opt)
{
    opt->exploration = SA_MCTS_UCT_C;
    opt->leaf = SA_MCTS_LEAF_ROLLOUT;
    opt->eval_scale = SA_MCTS_EVAL_SCALE;
    opt->chance_widening = SA_MCTS_CHANCE_WIDENING;
    opt->chance_alpha = SA_MCTS_CHANCE_ALPHA;
}

/* -- values ------------------------------------------------------------ */

/* Results of a terminal `state` as values (mcts_values.h): win/draw/loss
 * +1/0/-1, scores mapped linearly from the game's result range; relative:
 * the best result becomes 1, the worst -1, all equal 0. */
static void terminal_values(mcts_search *s, const void *state, double *values)
{
    int np = s->tree->n_players;
    s->game->result(state, s->results);
    if (s->scale.kind != MCTS_RELATIVE) {
        for (int p = 0; p < np; p++)
            values[p] = mcts_result_value(&s->scale, s->results[p]);
        return;
    }
    int32_t lo = s->results[0], hi = s->results[0];
    for (int p = 1; p < np; p++) {
        lo = s->results[p] < lo ? s->results[p] : lo;
        hi = s->results[p] > hi ? s->results[p] : hi;
    }
    for (int p = 0; p < np; p++)
        values[p] =
            hi == lo ? 0.0 : 2.0 * ((double)s->results[p] - lo) / ((double)hi - lo) - 1.0;
}

static void proven_values(const mcts_search *s, const mcts_node *node, double *values)
{
    for (int p = 0; p < s->tree->n_players; p++)
        values[p] = node->proven_winner == MCTS_PROVEN_DRAW ? 0.0
                    : node->proven_winner == p              ? 1.0
                                                            : -1.0;
}

/* An outcome of chance `state`, drawn with probability weight / total (kept
 * in s->drawn_probability); *n_outcomes (when not NULL) is set to the number
 * of outcomes. */
static sa_move sample_outcome(mcts_search *s, const void *state, uint32_t *n_outcomes)
{
    int n = s->game->chance_outcomes(state, s->moves, s->weights);
    if (n_outcomes != NULL)
        *n_outcomes = (uint32_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += s->weights[i];
    uint64_t r = sa_rng_below(&s->rng, total);
    int i = 0;
    while (r >= s->weights[i])
        r -= s->weights[i++];
    s->drawn_probability = (float)((double)s->weights[i] / (double)total);
    return s->moves[i];
}

/* -- leaf evaluators ------------------------------------------------------ */

/* A random rollout to the end (search/rollout.h: the copy compiled for the
 * game); a rollout of ROLLOUT_MAX_PLIES plies is scored a draw. */
static void rollout_value(mcts_search *s, void *state, int depth, double *values)
{
    sa_rollout_fn *rollout = sa_rollout_for(s->game);
    int plies = rollout(s->game, state, s->moves, s->weights, &s->rng, ROLLOUT_MAX_PLIES);
    if (depth + plies > s->seldepth)
        s->seldepth = depth + plies;
    if (s->game->to_move(state) == SA_TERMINAL)
        terminal_values(s, state, values);
    else
        memset(values, 0, sizeof *values * (size_t)s->tree->n_players);
}

static void heuristic_value(mcts_search *s, void *state, int depth, double *values)
{
    if (depth > s->seldepth)
        s->seldepth = depth;
    for (int p = 0; p < s->tree->n_players; p++)
        values[p] =
            mcts_eval_value(&s->scale, s->game->evaluate(state, p), s->opt.eval_scale);
}

/* -- select --------------------------------------------------------------- */

static int proven_loss_for(const mcts_node *child, int me)
{
    return mcts_node_proven(child) && child->proven_winner != MCTS_PROVEN_DRAW &&
           child->proven_winner != me;
}

/* The child maximising mean + c * sqrt(ln N / n) for the mover; children
 * proven lost for the mover are skipped (the solver proves the node lost
 * before all of them are). Ties go to the first in sibling order. */
static uint32_t uct_child(const mcts_search *s, const mcts_node *node)
{
    const sa_mcts_tree *tree = s->tree;
    int me = node->mover;
    double c_sqrt_log_n = s->opt.exploration * sqrt(log((double)node->visits));
    double best_score = -INFINITY;
    uint32_t best = node->first_child;
    for (uint32_t c = node->first_child; c != MCTS_NONE;
         c = mcts_node_at(tree, c)->next_sibling) {
        const mcts_node *child = mcts_node_at(tree, c);
        if (s->two_player && proven_loss_for(child, me))
            continue;
        double inv_n = 1.0 / child->visits; /* one division, not three */
        double score = child->value_sum[me] * inv_n + c_sqrt_log_n * sqrt(inv_n);
        if (score > best_score) {
            best_score = score;
            best = c;
        }
    }
    return best;
}

/* -- chance nodes: progressive widening (mcts.h) ------------------------------ */

/* May chance node `node` (expanded before) get no new child yet? */
static int widening_closed(const mcts_search *s, const mcts_node *node)
{
    if (s->opt.chance_widening <= 0.0 || node->n_moves == MCTS_UNKNOWN ||
        node->n_children >= node->n_moves || node->first_child == MCTS_NONE)
        return 0;
    double width =
        ceil(s->opt.chance_widening * pow((double)node->visits, s->opt.chance_alpha));
    return (double)node->n_children >= width;
}

/* One of the children of `node`, drawn with the probabilities of their
 * outcomes renormalised over them: the exact chance distribution given that
 * the outcome is one the tree has. */
static uint32_t child_by_probability(mcts_search *s, const mcts_node *node)
{
    const sa_mcts_tree *tree = s->tree;
    double total = 0.0;
    for (uint32_t c = node->first_child; c != MCTS_NONE;
         c = mcts_node_at(tree, c)->next_sibling)
        total += mcts_node_at(tree, c)->chance_weight;
    /* 53 random bits: a uniform double in [0, total). */
    double r = (double)(sa_rng_next(&s->rng) >> 11) * 0x1.0p-53 * total;
    uint32_t c = node->first_child;
    for (;;) {
        const mcts_node *child = mcts_node_at(tree, c);
        r -= child->chance_weight;
        if (r < 0.0 || child->next_sibling == MCTS_NONE)
            return c;
        c = child->next_sibling;
    }
}

/* The step from chance node `node`: see select_step(). */
static uint32_t chance_step(mcts_search *s, mcts_node *node, uint32_t idx, sa_move *m)
{
    if (widening_closed(s, node)) {
        uint32_t c = child_by_probability(s, node);
        *m = mcts_node_at(s->tree, c)->move;
        return c;
    }
    *m = sample_outcome(s, s->state, &node->n_moves);
    return mcts_find_child(s->tree, idx, *m);
}

/* The next step down from `node` (its position in s->state): writes the move
 * to play into *m and returns the child it leads to, or MCTS_NONE when that
 * child is still to be created (the simulation expands it). Chance nodes
 * draw an outcome, within their widening (chance_step()). Decision nodes
 * try every move once, in generation order, before UCT chooses among them;
 * once the arena is full, UCT chooses among the children they have. */
static uint32_t select_step(mcts_search *s, mcts_node *node, uint32_t idx, sa_move *m)
{
    if (node->mover == SA_CHANCE)
        return chance_step(s, node, idx, m);
    if (node->n_children == node->n_moves ||
        (s->arena_full && node->first_child != MCTS_NONE)) {
        uint32_t c = uct_child(s, node);
        *m = mcts_node_at(s->tree, c)->move;
        return c;
    }
    int n = s->game->legal_moves(s->state, s->moves);
    node->n_moves = (uint32_t)n;
    *m = s->moves[node->n_children];
    return MCTS_NONE;
}

/* -- expand and evaluate ----------------------------------------------------- */

/* Creates the child of `parent` reached by m (already applied to s->state)
 * and writes its value into s->values. Returns the child, MCTS_NONE when the
 * arena is full. *proven is set when the child is a solved terminal. */
static uint32_t expand_and_evaluate(mcts_search *s, uint32_t parent, sa_move m, int depth,
                                    int *proven)
{
    int who = s->game->to_move(s->state);
    uint32_t c = mcts_node_new(s->tree, parent, m, who);
    *proven = 0;
    if (c == MCTS_NONE)
        return MCTS_NONE;
    if (mcts_node_at(s->tree, parent)->mover == SA_CHANCE)
        mcts_node_at(s->tree, c)->chance_weight = s->drawn_probability;
    if (who != SA_TERMINAL) {
        s->leaf_value(s, s->state, depth, s->values);
        return c;
    }
    if (depth > s->seldepth)
        s->seldepth = depth;
    terminal_values(s, s->state, s->values);
    if (s->two_player) {
        mcts_node *child = mcts_node_at(s->tree, c);
        child->proven_winner = s->values[0] > s->values[1]   ? 0
                               : s->values[1] > s->values[0] ? 1
                                                             : MCTS_PROVEN_DRAW;
        child->proof_plies = 0;
        *proven = 1;
    }
    return c;
}

/* -- backup and the solver ------------------------------------------------- */

static uint16_t plies_after(int plies)
{
    return (uint16_t)(plies + 1 > UINT16_MAX ? UINT16_MAX : plies + 1);
}

/* Proves decision node `node` from its children when it can; returns 1 when
 * the node became proven. See the file comment for the rules. */
static int try_prove(const mcts_search *s, mcts_node *node)
{
    int me = node->mover;
    if (!s->two_player || me < 0 || mcts_node_proven(node))
        return 0;
    int all_proven = node->n_children == node->n_moves, any_draw = 0;
    int win_plies = INT32_MAX, draw_plies = INT32_MAX, loss_plies = -1;
    for (uint32_t c = node->first_child; c != MCTS_NONE;
         c = mcts_node_at(s->tree, c)->next_sibling) {
        const mcts_node *child = mcts_node_at(s->tree, c);
        int plies = child->proof_plies;
        if (!mcts_node_proven(child)) {
            all_proven = 0;
        } else if (child->proven_winner == me) {
            win_plies = plies < win_plies ? plies : win_plies; /* quickest win  */
        } else if (child->proven_winner == MCTS_PROVEN_DRAW) {
            any_draw = 1;
            draw_plies = plies < draw_plies ? plies : draw_plies;
        } else {
            loss_plies = plies > loss_plies ? plies : loss_plies; /* slowest loss  */
        }
    }
    if (win_plies != INT32_MAX) {
        node->proven_winner = (int8_t)me;
        node->proof_plies = plies_after(win_plies);
    } else if (all_proven && any_draw) {
        node->proven_winner = MCTS_PROVEN_DRAW;
        node->proof_plies = plies_after(draw_plies);
    } else if (all_proven) {
        node->proven_winner = (int8_t)(1 - me);
        node->proof_plies = plies_after(loss_plies);
    }
    return mcts_node_proven(node);
}

/* Adds `values` to every node from `leaf` up to the root; while proofs keep
 * appearing (leaf_proven), tries to prove each parent in turn. */
static void backup(mcts_search *s, uint32_t leaf, const double *values, int leaf_proven)
{
    int np = s->tree->n_players;
    for (uint32_t i = leaf; i != MCTS_NONE;) {
        mcts_node *node = mcts_node_at(s->tree, i);
        node->visits++;
        for (int p = 0; p < np; p++)
            node->value_sum[p] += values[p];
        if (leaf_proven && i != leaf)
            leaf_proven = try_prove(s, node);
        i = node->parent;
    }
}

/* -- one simulation ------------------------------------------------------ */

/* The value of s->state when there is no room left for its node: the result
 * when the game is over there, else the leaf evaluator's value. */
static void value_without_node(mcts_search *s, int depth)
{
    if (s->game->to_move(s->state) == SA_TERMINAL)
        terminal_values(s, s->state, s->values);
    else
        s->leaf_value(s, s->state, depth, s->values);
}

/* Step 1. Replay from the root, choosing by select_step(), until a node is
 * terminal or proven (its exact value) or a child is missing. Step 2. expand
 * that child and Step 3. evaluate it. Step 4. backup.
 * When the arena is full the tree stops growing but the search goes on
 * until its limits: a decision node without children is valued where it
 * stands, and a chance outcome without a node is valued and backed up from
 * its chance node (so the outcomes keep their probabilities). */
static void simulate(mcts_search *s)
{
    sa_mcts_tree *tree = s->tree;
    memcpy(s->state, tree->root_state, s->game->state_size);
    uint32_t idx = 0;
    int depth = 0, proven = 0;
    for (;;) {
        mcts_node *node = mcts_node_at(tree, idx);
        if (node->mover == SA_TERMINAL) {
            terminal_values(s, s->state, s->values);
            break;
        }
        if (mcts_node_proven(node)) {
            proven_values(s, node, s->values);
            break;
        }
        sa_move m;
        uint32_t next = select_step(s, node, idx, &m);
        if (next == MCTS_NONE && s->arena_full && node->mover != SA_CHANCE) {
            value_without_node(s, depth);
            break;
        }
        s->game->apply(s->state, m);
        depth++;
        if (next == MCTS_NONE) {
            uint32_t child = s->arena_full
                                 ? MCTS_NONE
                                 : expand_and_evaluate(s, idx, m, depth, &proven);
            if (child == MCTS_NONE) {
                s->arena_full = 1;
                value_without_node(s, depth);
            } else {
                idx = child;
            }
            break;
        }
        idx = next;
    }
    if (depth > s->tree_depth)
        s->tree_depth = depth;
    backup(s, idx, s->values, proven);
}

/* -- the search loop --------------------------------------------------------- */

static void totals_of(mcts_search *const *searches, int n, mcts_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    for (int t = 0; t < n; t++) {
        totals->simulations += searches[t]->simulations;
        totals->tree_depth = searches[t]->tree_depth > totals->tree_depth
                                 ? searches[t]->tree_depth
                                 : totals->tree_depth;
        totals->seldepth = searches[t]->seldepth > totals->seldepth
                               ? searches[t]->seldepth
                               : totals->seldepth;
    }
    totals->seconds = sa_clock_seconds(&searches[0]->clock);
}

static void report_progress(mcts_search *s)
{
    sa_report partial;
    mcts_totals totals;
    memset(&partial, 0, sizeof partial);
    totals_of(&s, 1, &totals);
    mcts_report_fill(&s->tree, 1, s->limits->multipv, &totals, &partial);
    partial.threads = s->limits->threads;
    s->limits->progress(s->limits->progress_user, &partial);
}

static int must_stop(const mcts_search *s)
{
    if (s->has_sim_limit && s->simulations >= s->sim_limit)
        return 1;
    if (mcts_node_proven(mcts_node_at(s->tree, 0)))
        return 1;
    return (s->simulations & CHECK_EVERY) == 0 && sa_clock_expired(&s->clock, 0);
}

static void run(mcts_search *s)
{
    while (!must_stop(s)) {
        simulate(s);
        s->simulations++;
        if (s->limits != NULL && s->limits->progress != NULL &&
            s->simulations % PROGRESS_EVERY == 0)
            report_progress(s);
    }
}

/* -- setting up one search per tree ----------------------------------------- */

static void search_free(mcts_search *s)
{
    if (s == NULL)
        return;
    free(s->state);
    free(s->moves);
    free(s->weights);
    free(s->results);
    free(s->values);
    free(s);
}

/* A search of `tree` for thread `thread` of `n_threads` under `limits`. */
static mcts_search *search_new(sa_mcts_tree *tree, const sa_mcts_options *opt,
                               const sa_limits *limits, int thread, int n_threads)
{
    const sa_game *game = tree->game;
    mcts_search *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    size_t n_moves = (size_t)(game->max_moves > game->max_chance_outcomes
                                  ? game->max_moves
                                  : game->max_chance_outcomes) +
                     1;
    s->state = malloc(game->state_size);
    s->moves = malloc(n_moves * sizeof *s->moves);
    s->weights = malloc(n_moves * sizeof *s->weights);
    s->results = malloc((size_t)tree->n_players * sizeof *s->results);
    s->values = malloc((size_t)tree->n_players * sizeof *s->values);
    if (!s->state || !s->moves || !s->weights || !s->results || !s->values) {
        search_free(s);
        return NULL;
    }
    s->tree = tree;
    s->game = game;
    s->opt = *opt;
    s->leaf_value = opt->leaf == SA_MCTS_LEAF_EVALUATE ? heuristic_value : rollout_value;
    s->scale = mcts_scale_of(game);
    s->two_player = s->scale.kind == MCTS_ZERO_SUM && tree->n_players == 2;
    sa_clock_start(&s->clock, limits);
    s->clock.node_limit = 0; /* counted here, per thread */
    s->has_sim_limit = limits->nodes != 0;
    s->sim_limit = limits->nodes / (uint64_t)n_threads +
                   ((uint64_t)thread < limits->nodes % (uint64_t)n_threads);
    s->limits = thread == 0 ? limits : NULL;
    sa_rng_seed(&s->rng, limits->seed + (uint64_t)thread);
    return s;
}

static sa_status check_search(const sa_mcts_tree *tree, const sa_mcts_options *opt,
                              const sa_limits *limits, sa_error *err)
{
    int who = tree->game->to_move(tree->root_state);
    if (who < 0)
        return sa_error_set(err, SA_ERR_ARGUMENT,
                            "mcts searches decision positions only (this one is %s)",
                            who == SA_CHANCE ? "a chance position" : "terminal");
    if (opt->leaf == SA_MCTS_LEAF_EVALUATE && tree->game->evaluate == NULL)
        return sa_error_set(err, SA_ERR_ARGUMENT, "%s has no heuristic evaluation",
                            tree->game->name);
    if (limits->threads < 1 || limits->threads > MAX_THREADS)
        return sa_error_set(err, SA_ERR_ARGUMENT, "threads must be 1..%d, got %d",
                            MAX_THREADS, limits->threads);
    if (limits->multipv < 1 || limits->multipv > SA_MAX_MULTIPV)
        return sa_error_set(err, SA_ERR_ARGUMENT, "multipv must be 1..%d, got %d",
                            SA_MAX_MULTIPV, limits->multipv);
    return SA_OK;
}

/* -- root parallelism ------------------------------------------------------- */

static void *run_thread(void *arg)
{
    run(arg);
    return NULL;
}

/* Helper threads 1..n_threads-1, each on a fresh tree of its own; thread 0
 * (this thread) searches `tree`. Returns 0 when memory or threads ran out
 * (the helpers made so far are still in searches[] and are cleaned up). */
static int run_threads(mcts_search **searches, int n_threads)
{
    pthread_t ids[MAX_THREADS];
    int started = 0;
    for (int t = 1; t < n_threads; t++) {
        if (pthread_create(&ids[t], NULL, run_thread, searches[t]) != 0)
            break;
        started = t;
    }
    run(searches[0]);
    for (int t = 1; t <= started; t++)
        pthread_join(ids[t], NULL);
    return started == n_threads - 1;
}

static sa_status make_helpers(sa_mcts_tree *tree, const sa_mcts_options *opt,
                              const sa_limits *limits, mcts_search **searches,
                              sa_mcts_tree **trees, sa_error *err)
{
    size_t capacity = sa_mcts_capacity(tree->game, tree->root_state, limits);
    for (int t = 1; t < limits->threads; t++) {
        trees[t] = sa_mcts_tree_new(tree->game, tree->root_state, capacity);
        searches[t] =
            trees[t] ? search_new(trees[t], opt, limits, t, limits->threads) : NULL;
        if (searches[t] == NULL)
            return sa_error_set(err, SA_ERR_MEMORY, "out of memory for the mcts trees");
    }
    return SA_OK;
}

sa_status sa_mcts_tree_search(sa_mcts_tree *tree, const sa_mcts_options *opt,
                              const sa_limits *limits, sa_report *out, sa_error *err)
{
    sa_mcts_options defaults;
    sa_mcts_options_default(&defaults);
    opt = opt != NULL ? opt : &defaults;
    sa_status status = check_search(tree, opt, limits, err);
    if (status != SA_OK)
        return status;
    int n_threads = limits->threads;
    mcts_search *searches[MAX_THREADS] = {0};
    sa_mcts_tree *trees[MAX_THREADS] = {0};
    trees[0] = tree;
    searches[0] = search_new(tree, opt, limits, 0, n_threads);
    status = searches[0] == NULL
                 ? sa_error_set(err, SA_ERR_MEMORY, "out of memory for the mcts search")
                 : make_helpers(tree, opt, limits, searches, trees, err);
    if (status == SA_OK && !run_threads(searches, n_threads))
        status =
            sa_error_set(err, SA_ERR_MEMORY, "could not start %d threads", n_threads);
    if (status == SA_OK) {
        mcts_totals totals;
        totals_of(searches, n_threads, &totals);
        memset(out, 0, sizeof *out);
        mcts_report_fill(trees, n_threads, limits->multipv, &totals, out);
        out->threads = n_threads;
    }
    for (int t = 0; t < n_threads; t++) {
        search_free(searches[t]);
        if (t > 0)
            sa_mcts_tree_free(trees[t]);
    }
    return status;
}

sa_status sa_mcts(const sa_game *game, const void *root, const sa_limits *limits,
                  sa_report *out, sa_error *err)
{
    sa_mcts_tree *tree =
        sa_mcts_tree_new(game, root, sa_mcts_capacity(game, root, limits));
    if (tree == NULL)
        return sa_error_set(err, SA_ERR_MEMORY, "out of memory for the mcts tree");
    sa_mcts_options options;
    sa_mcts_options_default(&options);
    if (limits->mcts_evaluate && game->evaluate != NULL)
        options.leaf = SA_MCTS_LEAF_EVALUATE;
    sa_status status = sa_mcts_tree_search(tree, &options, limits, out, err);
    sa_mcts_tree_free(tree);
    return status;
}
