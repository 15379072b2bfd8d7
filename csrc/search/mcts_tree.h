/* search/mcts_tree.h: the MCTS node and the arena that holds the tree.
 * Internal to search/mcts*.c.
 *
 * Nodes store the move that leads to them, not the position: a simulation
 * replays the moves from the root while it descends (copy-make of one state).
 * A node is `stride` bytes: the fixed fields below, then one value sum per
 * player. Nodes refer to each other by index into the arena, so the tree can
 * be moved (compacted) as a block:
 *
 *   arena: [ root | node 1 | node 2 | ... | node n_nodes-1 | free ... ]
 *
 *   parent ──first_child──> newest child ──next_sibling──> older child ...
 *
 * Children are created one per simulation (never a whole block), newest
 * first in the sibling list. The UCT loop walks that list, and when siblings
 * lie scattered over the arena every step is a cache miss (measured: 3/4 of
 * the tree's time with heuristic leaves). So a parent's second child reserves
 * a run of up to SIBLING_RUN consecutive slots, filled by the next children:
 *
 *   [ ... | child 2 | child 3 | free | free | ... ]   n_spare = 2
 *            ^first_child was child 3 -> the next child takes first_child + 1
 *
 * (the first child comes alone: most nodes get no second). Reserved slots
 * not yet used have mover == MCTS_FREE_SLOT. The root is always node 0, and a
 * node's index is larger than its parent's: sa_mcts_tree_advance() relies
 * on it.
 */
#ifndef SAFARI_SEARCH_MCTS_TREE_H
#define SAFARI_SEARCH_MCTS_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "search/mcts.h"

#define MCTS_NONE UINT32_MAX    /* no node                              */
#define MCTS_UNKNOWN UINT32_MAX /* n_moves before the first expansion   */
#define MCTS_FREE_SLOT INT8_MIN /* mover of a reserved, unused slot     */
#define SIBLING_RUN 4           /* slots a parent reserves at a time    */

/* proven_winner: the game-theoretic result once the solver knows it. */
enum { MCTS_UNPROVEN = -3, MCTS_PROVEN_DRAW = -1 }; /* else the winning player */

typedef struct mcts_node {
    /* -- set at creation ------------------------------------------------ */
    sa_move move;    /* the move or chance outcome from the parent   */
    uint32_t parent; /* MCTS_NONE at the root                        */
    int8_t mover;    /* to_move() here: player, SA_CHANCE, SA_TERMINAL */
    /* -- set by the solver, once (2-player games only) ---------------- */
    int8_t proven_winner; /* MCTS_UNPROVEN, MCTS_PROVEN_DRAW or a player   */
    uint16_t proof_plies; /* plies to the end of the game under the proof */
    /* -- changed by expansion -------------------------------------------- */
    /* legal moves or outcomes; MCTS_UNKNOWN before the node is first expanded */
    uint32_t n_moves;
    uint32_t n_children;   /* children created so far, <= n_moves         */
    uint32_t first_child;  /* the newest child, or MCTS_NONE               */
    uint32_t next_sibling; /* the next older sibling, or MCTS_NONE         */
    /* -- changed by every backup through the node ---------------------- */
    uint32_t visits;  /* simulations through this node                */
    uint32_t n_spare; /* reserved free slots right after first_child  */
    /* -- set at creation, children of chance nodes only ----------------- */
    /* the outcome's probability at its parent; the
     * parent's widened sampling reads it (mcts.c);
     * with padding, 8 bytes more a node (48 + 8 a
     * player), cheaper than listing the outcomes
     * again at every visit */
    float chance_weight;
    double value_sum[]; /* per player: sum of values in [-1, 1]         */
} mcts_node;

struct sa_mcts_tree {
    const sa_game *game;
    int n_players;        /* num_players() at the root, fixed per tree    */
    size_t stride;        /* bytes per node                               */
    uint32_t capacity;    /* nodes the arena holds                        */
    uint32_t n_nodes;     /* slots in use (nodes and reserved slots)      */
    unsigned char *arena; /* capacity * stride bytes, allocated once      */
    uint32_t *remap;      /* capacity entries: scratch for advance()      */
    unsigned char *root_state;
};

static inline mcts_node *mcts_node_at(const sa_mcts_tree *tree, uint32_t index)
{
    return (mcts_node *)(tree->arena + (size_t)index * tree->stride);
}

/* A new node under `parent` (MCTS_NONE for the root) reached by `move`, whose
 * position has `mover` to move; MCTS_NONE when the arena is full. The parent's
 * n_moves, when known, bounds the slots it reserves. */
uint32_t mcts_node_new(sa_mcts_tree *tree, uint32_t parent, sa_move move, int mover);

/* The child of `parent` reached by m, or MCTS_NONE when it is not in the tree. */
uint32_t mcts_find_child(const sa_mcts_tree *tree, uint32_t parent, sa_move m);

/* Mean value of `node` for `player` (0 when never visited). */
static inline double mcts_node_mean(const mcts_node *node, int player)
{
    return node->visits ? node->value_sum[player] / node->visits : 0.0;
}

static inline int mcts_node_proven(const mcts_node *node)
{
    return node->proven_winner != MCTS_UNPROVEN;
}

#endif
