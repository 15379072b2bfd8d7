/* search/mcts_report.c: the report of an MCTS search: root children in the
 * order a player would pick them, their scores, principal variations along
 * the most visited path, and the sum over the trees of root parallelism. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search/mcts_report.h"
#include "search/searcher.h"

#define SCORE_PER_UNIT 1000.0 /* a mean value in [-1, 1] reports as -1000..1000 */

/* A move's statistics, one node's or summed over the trees. */
typedef struct move_stat {
    sa_move move;
    uint64_t visits;
    double value_sum;              /* for the player choosing the move    */
    int proven_winner;
    int proof_plies;
    const sa_mcts_tree *pv_tree;   /* the tree that searched it the most  */
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
        return b->proof_plies - a->proof_plies;        /* the quicker win   */
    if (ca == 0 && a->proof_plies != b->proof_plies)
        return a->proof_plies - b->proof_plies;        /* the slower loss   */
    if (a->visits != b->visits)
        return a->visits > b->visits ? 1 : -1;
    double ma = a->visits ? a->value_sum / (double)a->visits : 0.0;
    double mb = b->visits ? b->value_sum / (double)b->visits : 0.0;
    return ma > mb ? 1 : ma < mb ? -1 : 0;
}

static move_stat node_stat(const sa_mcts_tree *tree, uint32_t idx, int me)
{
    const mcts_node *node = mcts_node_at(tree, idx);
    move_stat st = {node->move, node->visits, me >= 0 ? node->value_sum[me] : 0.0,
                    node->proven_winner, node->proof_plies, tree, idx, node->visits};
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

static int32_t line_score(const move_stat *st, int me)
{
    int cls = proof_class(st->proven_winner, me);
    int plies = st->proof_plies + 1;                    /* the move itself   */
    if (cls == 2)
        return SA_SCORE_WIN - plies;
    if (cls == 0)
        return -(SA_SCORE_WIN - plies);
    if (st->proven_winner == MCTS_PROVEN_DRAW || st->visits == 0)
        return 0;
    return (int32_t)lround(st->value_sum / (double)st->visits * SCORE_PER_UNIT);
}

static void set_line(sa_line *line, const sa_mcts_tree *tree, const move_stat *st, int me)
{
    sa_move pv[SA_MAX_PLY];
    int n = 0;
    pv[n++] = st->move;
    for (uint32_t c = mcts_best_child(tree, st->pv_node); c != MCTS_NONE && n < SA_MAX_PLY;
         c = mcts_best_child(tree, c))
        pv[n++] = mcts_node_at(tree, c)->move;
    line->score = line_score(st, me);
    line->exact = st->proven_winner != MCTS_UNPROVEN && me >= 0;
    sa_line_set_pv(line, tree->game, tree->root_state, pv, n);
}

/* Before any simulation: the first legal move, unscored (as alpha-beta). */
static void fallback_line(const sa_mcts_tree *tree, sa_report *out)
{
    const sa_game *game = tree->game;
    sa_move *moves = malloc(sizeof *moves * (size_t)(game->max_moves > 0 ? game->max_moves : 1));
    if (moves == NULL)
        return;
    int n = game->legal_moves(tree->root_state, moves);
    memset(&out->lines[0], 0, sizeof out->lines[0]);
    sa_line_set_pv(&out->lines[0], game, tree->root_state, moves, n > 0 ? 1 : 0);
    out->n_lines = n > 0 ? 1 : 0;
    free(moves);
}

static double win_probability(sa_mcts_tree *const *trees, int n_trees, int me)
{
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
    out->win_probability = win_probability(trees, n_trees, me);
    free(stats);
}
