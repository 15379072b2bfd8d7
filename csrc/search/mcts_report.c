/* search/mcts_report.c: the report of an MCTS search: root children in the
 * order a player would pick them, their scores and every player's expected
 * result, principal variations along the most visited path, and the sum over
 * the trees of root parallelism.
 *
 * A mean value reads back as an expected result on the game's scale
 * (mcts_values.h). Zero-sum games: expected[p] = (v_p + 1) / 2, p's win
 * probability (a draw counting half), and win_probability is the mover's
 * on the best line;
 * scores (ostrich): expected[p] = p's expected score in points, and no
 * win_probability, as expectimax reports. The score is
 * scale.score_per_result x the mover's expected result: 100 (expectimax's
 * units: [-100, 100], ostrich centi-points) in games with chance, 1000 a
 * unit of value in deterministic ones. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search/mcts_report.h"
#include "search/mcts_values.h"
#include "search/shared.h"

/* A move's statistics, one node's or summed over the trees. */
typedef struct move_stat {
    sa_move move;
    uint64_t visits;
    double value_sum;            /* for the player choosing the move    */
    double sums[SA_MAX_PLAYERS]; /* for every player (the first ones)   */
    int proven_winner;
    int proof_plies;
    const sa_mcts_tree *pv_tree; /* the tree that searched it the most  */
    uint32_t pv_node;
    uint64_t pv_visits;
} move_stat;

/* 2: a proven win for `me`, 1: unknown or a proven draw, 0: a proven loss. */
static int proof_class(int proven_winner, int me)
{
    if (proven_winner == MCTS_UNPROVEN || proven_winner == MCTS_PROVEN_DRAW || me < 0)
        return 1;
    return proven_winner == me ? 2 : 0;
}

/* > 0 when a is the better pick for `me`, < 0 when b is, 0 on a full tie. */
static int compare_stats(const move_stat *a, const move_stat *b, int me)
{
    int ca = proof_class(a->proven_winner, me), cb = proof_class(b->proven_winner, me);
    if (ca != cb)
        return ca - cb;
    if (ca == 2 && a->proof_plies != b->proof_plies)
        return b->proof_plies - a->proof_plies; /* the quicker win   */
    if (ca == 0 && a->proof_plies != b->proof_plies)
        return a->proof_plies - b->proof_plies; /* the slower loss   */
    if (a->visits != b->visits)
        return a->visits > b->visits ? 1 : -1;
    double ma = a->visits ? a->value_sum / (double)a->visits : 0.0;
    double mb = b->visits ? b->value_sum / (double)b->visits : 0.0;
    return ma > mb ? 1 : ma < mb ? -1 : 0;
}

static int reported_players(const sa_mcts_tree *tree)
{
    return tree->n_players < SA_MAX_PLAYERS ? tree->n_players : SA_MAX_PLAYERS;
}

static move_stat node_stat(const sa_mcts_tree *tree, uint32_t idx, int me)
{
    const mcts_node *node = mcts_node_at(tree, idx);
    move_stat st;
    memset(&st, 0, sizeof st);
    st.move = node->move;
    st.visits = node->visits;
    st.value_sum = me >= 0 ? node->value_sum[me] : 0.0;
    for (int p = 0; p < reported_players(tree); p++)
        st.sums[p] = node->value_sum[p];
    st.proven_winner = node->proven_winner;
    st.proof_plies = node->proof_plies;
    st.pv_tree = tree;
    st.pv_node = idx;
    st.pv_visits = node->visits;
    return st;
}

uint32_t mcts_best_child(const sa_mcts_tree *tree, uint32_t parent)
{
    int me = mcts_node_at(tree, parent)->mover;
    uint32_t best = MCTS_NONE;
    move_stat best_stat = {0};
    for (uint32_t c = mcts_node_at(tree, parent)->first_child; c != MCTS_NONE;
         c = mcts_node_at(tree, c)->next_sibling) {
        move_stat st = node_stat(tree, c, me);
        if (best == MCTS_NONE || compare_stats(&st, &best_stat, me) > 0) {
            best = c;
            best_stat = st;
        }
    }
    return best;
}

/* -- root parallelism: summing the root children over the trees ----------- */

static void add_stat(move_stat *stats, int *n, const move_stat *st)
{
    for (int k = 0; k < *n; k++) {
        if (stats[k].move != st->move)
            continue;
        stats[k].visits += st->visits;
        stats[k].value_sum += st->value_sum;
        for (int p = 0; p < SA_MAX_PLAYERS; p++)
            stats[k].sums[p] += st->sums[p];
        if (stats[k].proven_winner == MCTS_UNPROVEN) { /* proofs agree when known */
            stats[k].proven_winner = st->proven_winner;
            stats[k].proof_plies = st->proof_plies;
        }
        if (st->pv_visits > stats[k].pv_visits) {
            stats[k].pv_tree = st->pv_tree;
            stats[k].pv_node = st->pv_node;
            stats[k].pv_visits = st->pv_visits;
        }
        return;
    }
    stats[(*n)++] = *st;
}

/* Best first, by insertion (a few hundred moves at most; qsort would need
 * the root mover in a global, and searches are re-entrant). Ties fall back to
 * the move's value, so the order is total and the report deterministic. */
static int goes_before(const move_stat *a, const move_stat *b, int me)
{
    int c = compare_stats(a, b, me);
    return c != 0 ? c > 0 : a->move < b->move;
}

static void sort_stats(move_stat *stats, int n, int me)
{
    for (int i = 1; i < n; i++) {
        move_stat st = stats[i];
        int j = i;
        for (; j > 0 && goes_before(&st, &stats[j - 1], me); j--)
            stats[j] = stats[j - 1];
        stats[j] = st;
    }
}

/* -- lines ------------------------------------------------------------- */

static int32_t line_score(const mcts_scale *sc, const move_stat *st, int me)
{
    int cls = proof_class(st->proven_winner, me);
    int plies = st->proof_plies + 1; /* the move itself   */
    if (cls == 2)
        return SA_SCORE_WIN - plies;
    if (cls == 0)
        return -(SA_SCORE_WIN - plies);
    if (st->proven_winner == MCTS_PROVEN_DRAW || st->visits == 0)
        return 0;
    double mean = st->value_sum / (double)st->visits;
    return (int32_t)lround(sc->score_per_result * mcts_value_result(sc, mean));
}

/* Every player's expected result along the line (none in relative mode, or
 * before a visit): zero-sum, the win probability (a proof's 1, 1/2 or 0);
 * scores, the expected score. */
static void set_expected(sa_line *line, const sa_mcts_tree *tree, const mcts_scale *sc,
                         const move_stat *st)
{
    line->n_expected = 0;
    if (sc->kind == MCTS_RELATIVE || st->visits == 0)
        return;
    line->n_expected = reported_players(tree);
    for (int p = 0; p < line->n_expected; p++) {
        double mean = st->sums[p] / (double)st->visits;
        if (sc->kind == MCTS_SCORES) {
            line->expected[p] = mcts_value_result(sc, mean);
        } else if (st->proven_winner != MCTS_UNPROVEN) {
            line->expected[p] = st->proven_winner == MCTS_PROVEN_DRAW ? 0.5
                                : st->proven_winner == p              ? 1.0
                                                                      : 0.0;
        } else {
            line->expected[p] = (mean + 1.0) / 2.0;
        }
    }
}

static void set_line(sa_line *line, const sa_mcts_tree *tree, const move_stat *st, int me)
{
    mcts_scale sc = mcts_scale_of(tree->game);
    sa_move pv[SA_MAX_PLY];
    int n = 0;
    pv[n++] = st->move;
    for (uint32_t c = mcts_best_child(tree, st->pv_node);
         c != MCTS_NONE && n < SA_MAX_PLY; c = mcts_best_child(tree, c))
        pv[n++] = mcts_node_at(tree, c)->move;
    line->score = line_score(&sc, st, me);
    set_expected(line, tree, &sc, st);
    line->exact = st->proven_winner != MCTS_UNPROVEN && me >= 0;
    sa_line_set_pv(line, tree->game, tree->root_state, pv, n);
}

/* Before any simulation: the first legal move, unscored (as alpha-beta). */
static void fallback_line(const sa_mcts_tree *tree, sa_report *out)
{
    const sa_game *game = tree->game;
    sa_move *moves =
        malloc(sizeof *moves * (size_t)(game->max_moves > 0 ? game->max_moves : 1));
    if (moves == NULL)
        return;
    int n = game->legal_moves(tree->root_state, moves);
    memset(&out->lines[0], 0, sizeof out->lines[0]);
    sa_line_set_pv(&out->lines[0], game, tree->root_state, moves, n > 0 ? 1 : 0);
    out->n_lines = n > 0 ? 1 : 0;
    free(moves);
}

/* Zero-sum games only (-1 otherwise, as expectimax). */
static double win_probability(sa_mcts_tree *const *trees, int n_trees, int me)
{
    if (mcts_scale_of(trees[0]->game).kind != MCTS_ZERO_SUM)
        return -1.0;
    uint64_t visits = 0;
    double sum = 0.0;
    for (int t = 0; t < n_trees; t++) {
        const mcts_node *root = mcts_node_at(trees[t], 0);
        int cls = proof_class(root->proven_winner, me);
        if (cls != 1)
            return cls == 2 ? 1.0 : 0.0;
        if (root->proven_winner == MCTS_PROVEN_DRAW)
            return 0.5;
        visits += root->visits;
        sum += root->value_sum[me];
    }
    return visits == 0 ? -1.0 : (sum / (double)visits + 1.0) / 2.0;
}

void mcts_report_fill(sa_mcts_tree *const *trees, int n_trees, int multipv,
                      const mcts_totals *totals, sa_report *out)
{
    int me = mcts_node_at(trees[0], 0)->mover;
    size_t cap = 0;
    for (int t = 0; t < n_trees; t++)
        cap += mcts_node_at(trees[t], 0)->n_children;
    move_stat *stats = malloc(sizeof *stats * (cap > 0 ? cap : 1));
    int n = 0;
    for (int t = 0; stats != NULL && t < n_trees; t++)
        for (uint32_t c = mcts_node_at(trees[t], 0)->first_child; c != MCTS_NONE;
             c = mcts_node_at(trees[t], c)->next_sibling) {
            move_stat st = node_stat(trees[t], c, me);
            add_stat(stats, &n, &st);
        }
    sort_stats(stats, n, me);
    out->algo = SA_ALGO_MCTS;
    out->n_lines = 0;
    for (int k = 0; k < n && k < multipv; k++)
        set_line(&out->lines[out->n_lines++], stats[k].pv_tree, &stats[k], me);
    if (out->n_lines == 0)
        fallback_line(trees[0], out);
    out->nodes = totals->simulations;
    out->depth = totals->tree_depth;
    out->seldepth = totals->seldepth;
    out->seconds = totals->seconds;
    /* As expectimax: the best line's win probability for the mover (the
     * root's mean, which counts the exploration of worse moves, before any
     * line has one). */
    int zero_sum = mcts_scale_of(trees[0]->game).kind == MCTS_ZERO_SUM;
    out->win_probability = zero_sum && out->lines[0].n_expected > 0
                               ? out->lines[0].expected[me]
                               : win_probability(trees, n_trees, me);
    sa_report_set_win_chances(out, trees[0]->game, trees[0]->root_state,
                              out->lines[0].expected, out->lines[0].n_expected);
    out->hashfull = trees[0]->capacity == 0
                        ? -1
                        : (int)((uint64_t)trees[0]->n_nodes * 1000 / trees[0]->capacity);
    free(stats);
}
