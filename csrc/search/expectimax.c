/* search/expectimax.c: expectimax for the games with dice.
 *
 * A chance position's value is the probability-weighted mean of its
 * outcomes' values; a decision position's is its best move's. Iterative
 * deepening counts every move and every chance outcome as a ply.
 *
 * Two value models, chosen by the game's facts (the contract fixes results
 * at +1/0/-1 for two-player games, scores for the ostrich race):
 *
 *   two-player zero-sum  (game->max_players == 2, arena): one value, the
 *       expected result for player 0 in [L, U] = [-1, 1]; player 0 maximises,
 *       player 1 minimises. Alpha-beta at decision positions and *-minimax at
 *       chance positions (Ballard 1983; Hauk, Buro and Schaeffer 2004):
 *       Star1 searches each outcome in the window that can still move the
 *       mean across (alpha, beta), given bounds on the outcomes not yet
 *       searched; Star2 first "probes" every outcome by searching only its
 *       first move, which bounds each outcome from one side, and cuts when the
 *       bounds already decide.
 *   max-n  (more players possible, ostrich, even in a 2-player race, which is
 *       not zero-sum): a vector, each player's expected result in the game's
 *       units (ostrich points 0..24); the player to move takes the move best
 *       for themselves (Luckhardt and Irani 1986), the first of equals. No
 *       pruning: max-n's shallow pruning needs a constant sum of results,
 *       which ostrich scores do not have.
 *   paranoid  (more players, when limits->multiplayer asks for it; Sturtevant
 *       and Korf 2000): one value, the root mover's expected result in the
 *       game's units; the root's mover maximises it, every other player
 *       minimises it, as if they all played against it. That is a
 *       two-player zero-sum search again, so the same code runs it (the
 *       maximiser is the root's mover instead of player 0) with its
 *       alpha-beta and Star1/Star2, with [L, U] the game's declared result
 *       range (no range declared: no pruning, the bounds would be guesses).
 *
 * Leaves. A terminal position gives game->result (two-player: its sign). At
 * the horizon, game->evaluate (NULL: 0) is read in the game's own units:
 *   two-player: v = tanh(evaluate(state, 0) / 400), MCTS's mapping
 *               (SA_MCTS_EVAL_SCALE), so both searches read an evaluation
 *               alike; evaluate(s, 1) is taken to be -evaluate(s, 0);
 *   max-n:      v[p] = evaluate(state, p) / game->eval_per_result (100
 *               when the game leaves it 0): the evaluation is player p's
 *               expected result in hundredths (ostrich: centi-points).
 *   paranoid:   v = evaluate(state, root mover) read as max-n reads it,
 *               clamped to [L, U] so that Star1's bounds stay true.
 *
 * Chance positions. The first chance layer below the root is searched in
 * full: every move at the root is valued over every outcome of the next
 * roll, so no handful of samples decides a move there. Deeper, a chance
 * position with more outcomes than its sample size (growing with the depth
 * left, sample_width) is estimated from a stratified unbiased sample
 * (expectimax_chance.c), so a time limit holds on an ostrich roll of 1,512
 * outcomes. A position's value thus depends on whether a chance position
 * lies above it (below the first layer: sampled rolls): the table key says
 * which. The table (expectimax_table.c) returns a value only for a search of
 * exactly the depth asked: it saves work and never changes a value, so
 * every mode returns the fixed-depth expectimax value of the same samples.
 *
 * This file searches below the root; expectimax_root.c runs the root (a
 * decision or a chance position), iterative deepening and the threads, each
 * thread with a search (ex_search) and table of its own. Deterministic for a
 * seed under depth and node limits on one thread.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "common/tt.h"
#include "search/expectimax.h"
#include "search/shared.h"

#define LOSS (-1.0) /* L: the lowest two-player value     */
#define WIN 1.0     /* U: the highest                     */
#define EVAL_SCALE_2P 400.0
#define EVAL_UNITS_PER_RESULT 100.0
#define CHECK_EVERY 15 /* nodes between clock checks, minus 1 */

/* -- setup ------------------------------------------------------------- */

static size_t align16(size_t n)
{
    return (n + 15) & ~(size_t)15;
}

/* Points the arrays of frame f into `base`; returns the bytes a frame takes. */
static size_t lay_out_frame(ex_frame *f, unsigned char *base, const sa_game *game)
{
    size_t moves = (size_t)game->max_moves, outcomes = (size_t)game->max_chance_outcomes;
    size_t at = 0;
#define TAKE(field, type, count)                                                         \
    do {                                                                                 \
        if (f != NULL)                                                                   \
            f->field = (type *)(base + at);                                              \
        at += align16(sizeof(type) * (count));                                           \
    } while (0)
    TAKE(moves, sa_move, moves);
    TAKE(index, int, moves);
    TAKE(chance.moves, sa_move, outcomes);
    TAKE(chance.prob, double, outcomes);
    TAKE(chance.raw_moves, sa_move, outcomes);
    TAKE(chance.weights, uint64_t, outcomes);
    TAKE(chance.ranked, ex_ranked, outcomes);
    TAKE(chance.draws, int, outcomes);
    TAKE(lower, double, outcomes);
    TAKE(upper, double, outcomes);
    TAKE(child, unsigned char, game->state_size);
#undef TAKE
    return at;
}

/* SA_MULTI_AUTO is margin: each chooser maximises its result less the mean
 * of the others', what a race's margin (and, with two players, its winner)
 * counts; against max-n at depth 2 it won 72 / 1 / 27 two-player races and
 * +1.18 +- 0.93 points a deal of three players (issue 28, docs/strength.md).
 * Against greedy seats at 50 ms a move paranoid search won no more races
 * than max-n with 3, 4 or 5 players (at that depth the other players'
 * choices are rarely in the tree, so the two mostly agree). */
ex_mode ex_mode_for(const sa_game *game, const void *root, const sa_limits *limits)
{
    if (game->max_players <= 2)
        return EX_TWO_PLAYER;
    if (limits->multiplayer == SA_MULTI_MARGIN || limits->multiplayer == SA_MULTI_AUTO)
        return EX_MARGIN;
    if (game->to_move(root) < 0)
        return EX_MAXN;
    return limits->multiplayer == SA_MULTI_PARANOID ? EX_PARANOID : EX_MAXN;
}

/* The model's fields of s: who maximises, the value range, the pruning. */
static void set_mode(ex_search *s, const void *root, const sa_limits *limits)
{
    const sa_game *game = s->game;
    ex_mode mode = ex_mode_for(game, root, limits);
    s->maxn = mode == EX_MAXN || mode == EX_MARGIN;
    s->margin = mode == EX_MARGIN;
    s->paranoid = mode == EX_PARANOID;
    s->maximiser = s->paranoid ? game->to_move(root) : 0;
    int ranged = game->result_min < game->result_max;
    s->lowest = s->paranoid ? (ranged ? game->result_min : -EX_INF) : LOSS;
    s->highest = s->paranoid ? (ranged ? game->result_max : EX_INF) : WIN;
    s->pruning = s->maxn || (s->paranoid && !ranged) ? SA_PRUNE_NONE
                 : limits->pruning == SA_PRUNE_AUTO  ? SA_PRUNE_STAR2
                                                     : limits->pruning;
}

/* Frames are allocated for every ply but touched only as deep as the search
 * goes, so the operating system maps only those pages. */
ex_search *ex_new(const sa_game *game, const void *root, const sa_limits *limits,
                  size_t table_mb, volatile int *abort)
{
    ex_search *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    size_t frame_bytes = lay_out_frame(NULL, NULL, game);
    s->block = malloc(frame_bytes * (SA_MAX_PLY + 1));
    s->use_table = !limits->no_table;
    if (s->block == NULL || (s->use_table && !ex_table_init(&s->table, table_mb))) {
        free(s->block);
        free(s);
        return NULL;
    }
    for (int ply = 0; ply <= SA_MAX_PLY; ply++)
        lay_out_frame(&s->frames[ply], s->block + frame_bytes * (size_t)ply, game);
    s->game = game;
    s->n_players = game->num_players(root);
    set_mode(s, root, limits);
    s->width = limits->chance_width > 0 ? limits->chance_width : EX_CHANCE_WIDTH_DEFAULT;
    s->seed = limits->seed;
    s->may_whole_first = limits->chance_width <= 0;
    s->whole_first = s->may_whole_first;
    if (s->maxn && s->n_players > EX_TABLE_VALUES)
        s->use_table = 0;
    s->abort = abort;
    sa_clock_start(&s->clock, limits);
    return s;
}

void ex_free(ex_search *s)
{
    if (s->use_table)
        ex_table_free(&s->table);
    free(s->block);
    free(s);
}

/* -- leaves ------------------------------------------------------------ */

/* A terminal position's results: two-player, the sign of player 0's;
 * paranoid, the maximiser's. */
static void terminal_values(const ex_search *s, const void *state, double *out)
{
    int32_t results[SA_MAX_PLAYERS];
    s->game->result(state, results);
    if (s->paranoid) {
        out[0] = results[s->maximiser];
        return;
    }
    if (!s->maxn) {
        out[0] = results[0] > 0 ? WIN : results[0] < 0 ? LOSS : 0.0;
        return;
    }
    for (int p = 0; p < s->n_players; p++)
        out[p] = results[p];
}

/* The horizon: the game's evaluation, mapped as the file comment says. */
static void leaf_values(const ex_search *s, const void *state, double *out)
{
    const sa_game *game = s->game;
    if (!s->maxn && !s->paranoid) {
        out[0] =
            game->evaluate == NULL ? 0.0 : tanh(game->evaluate(state, 0) / EVAL_SCALE_2P);
        return;
    }
    double units =
        game->eval_per_result > 0 ? game->eval_per_result : EVAL_UNITS_PER_RESULT;
    if (s->paranoid) {
        double v =
            game->evaluate == NULL ? 0.0 : game->evaluate(state, s->maximiser) / units;
        out[0] = fmin(fmax(v, s->lowest), s->highest);
        return;
    }
    for (int p = 0; p < s->n_players; p++)
        out[p] = game->evaluate == NULL ? 0.0 : game->evaluate(state, p) / units;
}

/* -- shared node steps -------------------------------------------------- */

/* Counts a node and checks the limits; 1 when the search must unwind. */
static int enter_node(ex_search *s, int ply)
{
    s->pv_len[ply] = 0;
    if ((++s->nodes & CHECK_EVERY) == 0 &&
        (*s->abort || sa_clock_expired(&s->clock, s->nodes)))
        s->stopped = 1;
    if (ply > s->seldepth)
        s->seldepth = ply;
    return s->stopped;
}

/* The table's entry for `state` and its best move's index (EX_NO_MOVE). */
static const ex_entry *table_entry(const ex_search *s, uint64_t key, int *tt_move)
{
    const ex_entry *e = s->use_table ? ex_table_probe(&s->table, key) : NULL;
    *tt_move = e != NULL ? e->move_index : EX_NO_MOVE;
    return e;
}

/* Legal moves into f, the table's move first, the rest in the game's order. */
static int order_moves(const ex_search *s, ex_frame *f, const void *state, int tt_move)
{
    int n = s->game->legal_moves(state, f->moves);
    for (int i = 0; i < n; i++)
        f->index[i] = i;
    if (tt_move > 0 && tt_move < n) {
        sa_move m = f->moves[tt_move];
        memmove(&f->moves[1], &f->moves[0], sizeof(sa_move) * (size_t)tt_move);
        memmove(&f->index[1], &f->index[0], sizeof(int) * (size_t)tt_move);
        f->moves[0] = m;
        f->index[0] = tt_move;
    }
    return n;
}

static void update_pv(ex_search *s, int ply, sa_move m)
{
    s->pv[ply][0] = m;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], sizeof(sa_move) * (size_t)s->pv_len[ply + 1]);
    s->pv_len[ply] = s->pv_len[ply + 1] + 1;
}

/* 1 when a chance position lies on the path between the root (excluded)
 * and `ply` (excluded). */
static int below_chance(const ex_search *s, int ply)
{
    for (int q = 1; q < ply; q++)
        if (s->is_chance[q])
            return 1;
    return 0;
}

/* The sample size of a chance position at `ply` with `depth` plies left:
 * more points the more depth is left, so the noise falls where it weighs
 * most and as iterations deepen; 0 (every outcome) on the first chance
 * layer below the root when the search asks for it whole. */
static int sample_width(const ex_search *s, int ply, int depth)
{
    if (s->whole_first && !below_chance(s, ply))
        return 0;
    long width = (long)s->width * (1 + (depth - 1) / 2);
    return width > INT32_MAX ? INT32_MAX : (int)width;
}

/* The table key of `state` at `ply`. A value depends on how the rolls under
 * the position are searched: below a chance layer (sampled rolls), or above
 * it with the first layer whole or sampled; each gets its own key. */
static uint64_t table_key(const ex_search *s, const void *state, int ply)
{
    uint64_t key = s->game->hash(state);
    if (below_chance(s, ply))
        return key ^ 0x6A09E667F3BCC909ULL;
    return s->whole_first ? key : key ^ 0xBB67AE8584CAA73BULL;
}

/* The outcomes of the chance position `state` at `ply` into f->chance.
 * Ranking and sampling a large position costs as much as many nodes, so the
 * clock is checked after each one. Returns 1 when the search must unwind. */
static int collect_outcomes(ex_search *s, ex_frame *f, const void *state, int ply,
                            int depth)
{
    int width = sample_width(s, ply, depth);
    ex_chance_collect(s->game, state, width, s->seed, &f->chance);
    if (f->chance.sampled && !below_chance(s, ply))
        s->first_sampled++;
    if (f->chance.sampled && (*s->abort || sa_clock_expired(&s->clock, s->nodes)))
        s->stopped = 1;
    return s->stopped;
}

/* Writes outcome `i` of the chance frame at `ply` applied to `state`. */
static const void *outcome_child(ex_search *s, ex_frame *f, const void *state, int i)
{
    memcpy(f->child, state, s->game->state_size);
    s->game->apply(f->child, f->chance.moves[i]);
    return f->child;
}

static const void *move_child(ex_search *s, ex_frame *f, const void *state, int i)
{
    memcpy(f->child, state, s->game->state_size);
    s->game->apply(f->child, f->moves[i]);
    return f->child;
}

/* -- two players (or paranoid): alpha-beta and *-minimax ----------------- */

static double star_node(ex_search *s, const void *state, int ply, int depth, double alpha,
                        double beta);

/* A decision position of player `me` (the maximiser maximises, anyone else
 * minimises), searched as negamax over sign * v so that one loop serves
 * both. */
static double star_decision(ex_search *s, const void *state, int me, int ply, int depth,
                            double alpha, double beta, int tt_move, int *best_index)
{
    const int maximising = me == s->maximiser;
    const double sign = maximising ? 1.0 : -1.0;
    double a = maximising ? alpha : -beta, b = maximising ? beta : -alpha;
    ex_frame *f = &s->frames[ply];
    int n = order_moves(s, f, state, tt_move);
    double best = -EX_INF;
    for (int i = 0; i < n; i++) {
        double lo = s->pruning == SA_PRUNE_NONE ? -EX_INF : best > a ? best : a;
        double hi = s->pruning == SA_PRUNE_NONE ? EX_INF : b;
        const void *child = move_child(s, f, state, i);
        double v = sign * star_node(s, child, ply + 1, depth - 1, maximising ? lo : -hi,
                                    maximising ? hi : -lo);
        if (s->stopped)
            return 0.0;
        if (v > best) {
            best = v;
            *best_index = f->index[i];
            update_pv(s, ply, f->moves[i]);
            if (v >= hi)
                break;
        }
    }
    return sign * best;
}

/* Star2's probe of one outcome's position: its value bounded from below
 * (the maximiser to move: its first move's value is a lower bound) or from
 * above (a minimiser to move), or exactly (terminal, horizon, a table hit). The first
 * move is the one the full search will try first, so that search finds the
 * probe's subtree in the table. `need_lo`, `need_hi`: the window of the
 * outcome's value that Star1 would use. */
static void probe_outcome(ex_search *s, const void *state, int ply, int depth,
                          double need_lo, double need_hi, double *lower, double *upper)
{
    if (enter_node(s, ply))
        return;
    const sa_game *game = s->game;
    int who = game->to_move(state);
    s->is_chance[ply] = who == SA_CHANCE;
    if (who == SA_TERMINAL || depth <= 0) {
        double v;
        if (who == SA_TERMINAL)
            terminal_values(s, state, &v);
        else
            leaf_values(s, state, &v);
        *lower = *upper = v;
        return;
    }
    int tt_move;
    const ex_entry *e = table_entry(s, table_key(s, state, ply), &tt_move);
    if (e != NULL && e->depth == depth) {
        if (e->bound != SA_BOUND_UPPER && e->value[0] > *lower)
            *lower = e->value[0];
        if (e->bound != SA_BOUND_LOWER && e->value[0] < *upper)
            *upper = e->value[0];
    }
    if (who == SA_CHANCE || *lower >= *upper)
        return;
    int maximising = who == s->maximiser;
    /* A bound that could not bring the mean outside (alpha, beta) even at
     * its best is not worth a search. */
    if ((maximising && need_hi >= *upper) || (!maximising && need_lo <= *lower))
        return;
    ex_frame *f = &s->frames[ply];
    int n = order_moves(s, f, state, tt_move);
    if (n == 0)
        return;
    const void *child = move_child(s, f, state, 0);
    /* The window is open on the side whose bound the probe gives, so that a
     * value there is exact, hence a true bound. */
    double v = maximising ? star_node(s, child, ply + 1, depth - 1, -EX_INF, need_hi)
                          : star_node(s, child, ply + 1, depth - 1, need_lo, EX_INF);
    if (s->stopped)
        return;
    if (maximising && v > *lower)
        *lower = v;
    if (!maximising && v < *upper)
        *upper = v;
}

/* Star2, Step 1: probes every outcome; 1 with *cut set when the bounds of the
 * mean already fall outside (alpha, beta). */
static int probe_outcomes(ex_search *s, const void *state, int ply, int depth,
                          double alpha, double beta, double *cut)
{
    ex_frame *f = &s->frames[ply];
    const ex_chance *set = &f->chance;
    double sum_lo = s->lowest, sum_hi = s->highest;
    for (int i = 0; i < set->n; i++) {
        double p = set->prob[i];
        double others_lo = sum_lo - p * f->lower[i], others_hi = sum_hi - p * f->upper[i];
        const void *child = outcome_child(s, f, state, i);
        probe_outcome(s, child, ply + 1, depth - 1, (alpha - others_hi) / p,
                      (beta - others_lo) / p, &f->lower[i], &f->upper[i]);
        if (s->stopped)
            return 1;
        sum_lo = others_lo + p * f->lower[i];
        sum_hi = others_hi + p * f->upper[i];
        if (sum_lo >= beta || sum_hi <= alpha) {
            *cut = sum_lo >= beta ? sum_lo : sum_hi;
            return 1;
        }
    }
    return 0;
}

/* A chance position. Step 1. outcomes. Step 2. (Star2) probes. Step 3. each
 * outcome in turn, most probable first, in the window (a_i, b_i) outside of
 * which the mean is decided whatever the unsearched outcomes give within
 * their bounds: a fail there is a cutoff (Star1). With pruning off, every
 * outcome is searched with an open window. */
static double star_chance(ex_search *s, const void *state, int ply, int depth,
                          double alpha, double beta)
{
    ex_frame *f = &s->frames[ply];
    ex_chance *set = &f->chance;
    if (collect_outcomes(s, f, state, ply, depth))
        return 0.0;
    int prune = s->pruning != SA_PRUNE_NONE;
    if (!prune)
        alpha = -EX_INF, beta = EX_INF;
    for (int i = 0; i < set->n; i++)
        f->lower[i] = s->lowest, f->upper[i] = s->highest;
    double cut;
    if (s->pruning == SA_PRUNE_STAR2 &&
        probe_outcomes(s, state, ply, depth, alpha, beta, &cut))
        return s->stopped ? 0.0 : cut;

    double sum = 0.0, rest_lo = 0.0, rest_hi = 0.0;
    for (int i = 0; i < set->n; i++)
        rest_lo += set->prob[i] * f->lower[i], rest_hi += set->prob[i] * f->upper[i];
    for (int i = 0; i < set->n; i++) {
        double p = set->prob[i];
        rest_lo -= p * f->lower[i];
        rest_hi -= p * f->upper[i];
        double a_i = (alpha - sum - rest_hi) / p, b_i = (beta - sum - rest_lo) / p;
        if (prune && a_i >= f->upper[i])
            return fmin(sum + p * f->upper[i] + rest_hi, alpha);
        if (prune && b_i <= f->lower[i])
            return fmax(sum + p * f->lower[i] + rest_lo, beta);
        double v = f->lower[i]; /* when the probe found the exact value */
        if (f->lower[i] < f->upper[i]) {
            const void *child = outcome_child(s, f, state, i);
            v = star_node(s, child, ply + 1, depth - 1, fmax(a_i, f->lower[i]),
                          fmin(b_i, f->upper[i]));
        } else {
            s->pv_len[ply + 1] = 0;
        }
        if (s->stopped)
            return 0.0;
        if (i == 0)
            update_pv(s, ply, set->moves[0]);
        if (prune && v <= a_i)
            return fmin(sum + p * v + rest_hi, alpha);
        if (prune && v >= b_i)
            return fmax(sum + p * v + rest_lo, beta);
        /* inside the bounds the probes proved, up to rounding */
        sum += p * fmin(fmax(v, f->lower[i]), f->upper[i]);
    }
    return sum;
}

/* Step 1. count, limits. Step 2. end of game, horizon. Step 3. table.
 * Step 4. decision or chance. Step 5. store. Player 0's expected result,
 * exact inside (alpha, beta), else a bound on the side it fails. */
static double star_node(ex_search *s, const void *state, int ply, int depth, double alpha,
                        double beta)
{
    if (enter_node(s, ply))
        return 0.0;
    const sa_game *game = s->game;
    int who = game->to_move(state);
    s->is_chance[ply] = who == SA_CHANCE;
    double v;
    if (who == SA_TERMINAL || depth <= 0 || ply >= SA_MAX_PLY) {
        if (who == SA_TERMINAL)
            terminal_values(s, state, &v);
        else
            leaf_values(s, state, &v);
        return v;
    }

    uint64_t key = table_key(s, state, ply);
    int tt_move;
    const ex_entry *e = table_entry(s, key, &tt_move);
    if (e != NULL && e->depth == depth &&
        (e->bound == SA_BOUND_EXACT ||
         (e->bound == SA_BOUND_LOWER && e->value[0] >= beta) ||
         (e->bound == SA_BOUND_UPPER && e->value[0] <= alpha)))
        return e->value[0];

    int best_index = EX_NO_MOVE;
    if (who == SA_CHANCE)
        v = star_chance(s, state, ply, depth, alpha, beta);
    else
        v = star_decision(s, state, who, ply, depth, alpha, beta, tt_move, &best_index);
    if (s->stopped)
        return 0.0;
    if (s->use_table) {
        int bound = s->pruning == SA_PRUNE_NONE ? SA_BOUND_EXACT
                    : v <= alpha                ? SA_BOUND_UPPER
                    : v >= beta                 ? SA_BOUND_LOWER
                                                : SA_BOUND_EXACT;
        ex_table_store(&s->table, key, depth, bound, best_index, &v, 1);
    }
    return v;
}

/* -- more players: max-n ------------------------------------------------ */

static void maxn_node(ex_search *s, const void *state, int ply, int depth, double *out);

/* The move best for `me` (its own result, or under margin its result less
 * the others' mean); *best_index: its index in the game's order
 * (precondition: INT_MAX-like, i.e. larger than any index, on entry). */
static void maxn_decision(ex_search *s, const void *state, int me, int ply, int depth,
                          int tt_move, double *out, int *best_index)
{
    ex_frame *f = &s->frames[ply];
    int n = order_moves(s, f, state, tt_move);
    double best = -EX_INF;
    for (int i = 0; i < n; i++) {
        maxn_node(s, move_child(s, f, state, i), ply + 1, depth - 1, f->values);
        if (s->stopped)
            return;
        /* Equal values for `me` may differ for the others: the first move in
         * the game's order wins, whatever order the table suggested. */
        double v = ex_choice_key(s->margin, f->values, s->n_players, me);
        if (v > best || (v == best && f->index[i] < *best_index)) {
            best = v;
            memcpy(out, f->values, sizeof(double) * (size_t)s->n_players);
            *best_index = f->index[i];
            update_pv(s, ply, f->moves[i]);
        }
    }
}

static void maxn_chance(ex_search *s, const void *state, int ply, int depth, double *out)
{
    ex_frame *f = &s->frames[ply];
    ex_chance *set = &f->chance;
    if (collect_outcomes(s, f, state, ply, depth))
        return;
    for (int p = 0; p < s->n_players; p++)
        out[p] = 0.0;
    for (int i = 0; i < set->n; i++) {
        maxn_node(s, outcome_child(s, f, state, i), ply + 1, depth - 1, f->values);
        if (s->stopped)
            return;
        if (i == 0)
            update_pv(s, ply, set->moves[0]);
        for (int p = 0; p < s->n_players; p++)
            out[p] += set->prob[i] * f->values[p];
    }
}

/* Step 1. count, limits. Step 2. end of game, horizon. Step 3. table.
 * Step 4. decision or chance. Step 5. store. Writes every player's expected
 * result into out[0..n_players). */
static void maxn_node(ex_search *s, const void *state, int ply, int depth, double *out)
{
    if (enter_node(s, ply))
        return;
    const sa_game *game = s->game;
    int who = game->to_move(state);
    s->is_chance[ply] = who == SA_CHANCE;
    if (who == SA_TERMINAL) {
        terminal_values(s, state, out);
        return;
    }
    if (depth <= 0 || ply >= SA_MAX_PLY) {
        leaf_values(s, state, out);
        return;
    }
    uint64_t key = table_key(s, state, ply);
    int tt_move;
    const ex_entry *e = table_entry(s, key, &tt_move);
    if (e != NULL && e->depth == depth) {
        memcpy(out, e->value, sizeof(double) * (size_t)s->n_players);
        return;
    }
    int best_index = INT32_MAX;
    if (who == SA_CHANCE)
        maxn_chance(s, state, ply, depth, out);
    else
        maxn_decision(s, state, who, ply, depth, tt_move, out, &best_index);
    if (!s->stopped && s->use_table)
        ex_table_store(&s->table, key, depth, SA_BOUND_EXACT,
                       best_index == INT32_MAX ? EX_NO_MOVE : best_index, out,
                       s->n_players);
}

/* -- entry points for the root (expectimax_root.c) ------------------------ */

double ex_star_node(ex_search *s, const void *state, int ply, int depth, double alpha,
                    double beta)
{
    return star_node(s, state, ply, depth, alpha, beta);
}

void ex_maxn_node(ex_search *s, const void *state, int ply, int depth, double *out)
{
    maxn_node(s, state, ply, depth, out);
}

void ex_horizon_values(const ex_search *s, const void *state, double *out)
{
    leaf_values(s, state, out);
    if (!s->maxn && !s->paranoid)
        out[1] = -out[0];
}
