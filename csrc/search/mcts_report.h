/* search/mcts_report.h: turning one or more MCTS trees into an sa_report.
 * Internal to search/mcts*.c. */
#ifndef SAFARI_SEARCH_MCTS_REPORT_H
#define SAFARI_SEARCH_MCTS_REPORT_H

#include "search/mcts_tree.h"

/* What the searches measured, beyond the trees themselves. */
typedef struct mcts_totals {
    uint64_t simulations; /* over every tree, this search only  */
    int tree_depth;       /* deepest node reached               */
    int seldepth;         /* deepest ply, rollouts included     */
    double seconds;
} mcts_totals;

/* Which child of `parent` a player would pick: a proven win (the shortest),
 * else the most visited that is not a proven loss, else the longest proven
 * loss. At chance nodes: the most visited outcome. MCTS_NONE when childless. */
uint32_t mcts_best_child(const sa_mcts_tree *tree, uint32_t parent);

/* Fills `out` from the root children of trees[0..n_trees), all rooted at the
 * same position (statistics of the same move are summed: root
 * parallelism): lines ordered as mcts_best_child() orders, up to `multipv`. */
void mcts_report_fill(sa_mcts_tree *const *trees, int n_trees, int multipv,
                      const mcts_totals *totals, sa_report *out);

#endif
