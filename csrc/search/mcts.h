/* search/mcts.h: Monte Carlo tree search, and a tree kept between moves.
 * Internal to the library (the lead exposes what the API needs).
 *
 * sa_mcts() (searcher.h) is a one-shot search: it builds a tree, searches and
 * frees it. A program that plays a whole game can instead keep one
 * sa_mcts_tree and reuse the subtree of the move actually played:
 *
 *     sa_mcts_tree *tree = sa_mcts_tree_new(game, start, 1 << 20);
 *     for (;;) {
 *         sa_mcts_tree_search(tree, NULL, &limits, &report, &err);
 *         sa_move m = ...the move or dice outcome actually played...;
 *         sa_mcts_tree_advance(tree, m);     // keeps m's subtree, compacted
 *     }
 *     sa_mcts_tree_free(tree);
 *
 * The tree owns one arena of `capacity` nodes, allocated once by
 * sa_mcts_tree_new(); when it is full the tree stops growing and the search
 * goes on refining the values of the nodes it has until its limits. Advancing frees every node outside the kept subtree, so
 * the next search has that room again.
 */
#ifndef SAFARI_SEARCH_MCTS_H
#define SAFARI_SEARCH_MCTS_H

#include <stddef.h>
#include <stdint.h>

#include "safari/game.h"
#include "safari/search.h"

/* UCT's exploration constant c in  mean + c * sqrt(ln N / n), for values in
 * [-1, 1]. UCB1's sqrt(2) is for rewards in [0, 1]; the range here is twice
 * as wide, and OpenSpiel's MCTSBot uses c = 2 on the same [-1, 1] scale. */
#define SA_MCTS_UCT_C 2.0

/* In two-player zero-sum games the heuristic leaf value of player p is
 * tanh(evaluate(state, p) / scale); games whose evaluation is an expected
 * result (sa_game.eval_per_result) map it linearly instead (mcts_values.h). */
#define SA_MCTS_EVAL_SCALE 400.0

/* Progressive widening at chance nodes: a chance node visited v times has
 * children for at most ceil(C * v^alpha) of its outcomes (all of them once
 * that reaches their number). While it may widen, an outcome is drawn with
 * its exact probability (a new one gets a node); once it may not, the
 * simulation goes on through one of the children it has, drawn with the
 * outcomes' exact probabilities renormalised over them. Without this a
 * roll of 1,512 outcomes (ostrich) hardly ever repeats an outcome, so every
 * simulation through it ends in a new leaf there and the tree stays 3-4
 * moves deep. C = 0 turns widening off (every outcome drawn gets a node). */
#define SA_MCTS_CHANCE_WIDENING 1.0
#define SA_MCTS_CHANCE_ALPHA 0.5

/* How a new leaf is valued (OpenSpiel's Evaluator split: the tree code calls
 * one function and does not know which). */
typedef enum sa_mcts_leaf {
    SA_MCTS_LEAF_ROLLOUT = 0, /* a uniformly random playout to the end      */
    SA_MCTS_LEAF_EVALUATE = 1 /* the game's evaluate(), as a value in [-1, 1] */
} sa_mcts_leaf;

typedef struct sa_mcts_options {
    double exploration;     /* UCT c; SA_MCTS_UCT_C                        */
    sa_mcts_leaf leaf;      /* EVALUATE needs game->evaluate               */
    double eval_scale;      /* SA_MCTS_EVAL_SCALE (tanh leaves only)       */
    double chance_widening; /* C of the widening above; 0: off             */
    double chance_alpha;    /* alpha, in (0, 1]                            */
} sa_mcts_options;

void sa_mcts_options_default(sa_mcts_options *opt);

typedef struct sa_mcts_tree sa_mcts_tree;

/* Nodes each tree of a one-shot search allocates under `limits`: its share
 * of the node limit (one simulation adds at most one node) plus the root, but
 * at most its share of max(hash_mb, 1024) MiB; without a node limit, its
 * share of hash_mb MiB (16 when 0). A search that fills its arena stops. */
size_t sa_mcts_capacity(const sa_game *game, const void *root, const sa_limits *limits);

/* A tree of room for `capacity` nodes (>= 1, < 2^32 - 1) rooted at a copy of
 * `root`; NULL when out of memory. */
sa_mcts_tree *sa_mcts_tree_new(const sa_game *game, const void *root, size_t capacity);
void sa_mcts_tree_free(sa_mcts_tree *tree);

/* The position at the root, and the arena slots in use (the nodes, the root
 * included, and slots reserved for siblings to come). */
const void *sa_mcts_tree_root(const sa_mcts_tree *tree);
size_t sa_mcts_tree_size(const sa_mcts_tree *tree);

/* Makes room for `capacity` nodes (< 2^32 - 1) without moving the tree's
 * contents (indexes stay valid); never shrinks. Returns 0 when out of memory
 * or too large (the tree is then unchanged), else 1. */
int sa_mcts_tree_reserve(sa_mcts_tree *tree, size_t capacity);

/* Plays m at the root (precondition: a legal move or chance outcome there).
 * The child reached by m becomes the root and keeps its subtree, moved to the
 * front of the arena; the rest is freed (reserved slots too). When m was
 * never searched the tree restarts empty. Returns the number of nodes kept. */
size_t sa_mcts_tree_advance(sa_mcts_tree *tree, sa_move m);

/* Searches from the root (a decision position) under `limits`, growing the
 * tree; `opt` NULL for the defaults. limits->threads > 1 adds helper threads,
 * each with a tree of its own (root parallelism), whose root statistics are
 * summed with this tree's for the report; only this tree is kept. The
 * progress callback runs on the calling thread, over this tree alone. */
sa_status sa_mcts_tree_search(sa_mcts_tree *tree, const sa_mcts_options *opt,
                              const sa_limits *limits, sa_report *out, sa_error *err);

#endif
