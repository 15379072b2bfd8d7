/* search/mcts_tree.c: the MCTS arena: allocating the tree once, handing out
 * nodes, and keeping the subtree of a played move (tree reuse). */
#include <stdlib.h>
#include <string.h>

#include "search/mcts_tree.h"

#define DEFAULT_BUDGET_MB 16   /* without a node limit, when hash_mb is 0      */
#define NODE_LIMIT_CAP_MB 1024 /* most a node limit may ask for (hash_mb more) */
#define MAX_CAPACITY ((size_t)UINT32_MAX - 1) /* indexes are uint32, NONE excluded */

static size_t node_stride(int n_players)
{
    return sizeof(mcts_node) + (size_t)n_players * sizeof(double);
}

size_t sa_mcts_capacity(const sa_game *game, const void *root, const sa_limits *limits)
{
    size_t threads = limits->threads > 1 ? (size_t)limits->threads : 1;
    size_t stride = node_stride(game->num_players(root));
    size_t budget_mb = limits->hash_mb ? limits->hash_mb : DEFAULT_BUDGET_MB;
    size_t capacity = (budget_mb << 20) / threads / stride;
    if (limits->nodes != 0) {
        /* A simulation adds one node; reserved sibling slots add at most
         * (SIBLING_RUN - 1) per parent of two children or more: 1.5 a node. */
        uint64_t share = (limits->nodes / threads + 2) * 5 / 2;
        size_t cap_mb = budget_mb > NODE_LIMIT_CAP_MB ? budget_mb : NODE_LIMIT_CAP_MB;
        size_t cap = (cap_mb << 20) / threads / stride;
        capacity = share < cap ? (size_t)share : cap;
    }
    return capacity < 1 ? 1 : capacity > MAX_CAPACITY ? MAX_CAPACITY : capacity;
}

sa_mcts_tree *sa_mcts_tree_new(const sa_game *game, const void *root, size_t capacity)
{
    if (capacity < 1 || capacity > MAX_CAPACITY)
        return NULL;
    sa_mcts_tree *tree = calloc(1, sizeof *tree);
    if (tree == NULL)
        return NULL;
    tree->game = game;
    tree->n_players = game->num_players(root);
    tree->stride = node_stride(tree->n_players);
    tree->capacity = (uint32_t)capacity;
    /* One allocation for the life of the tree; the kernel only backs the
     * pages a search actually touches, so a generous capacity is cheap. */
    tree->arena = malloc(capacity * tree->stride);
    tree->remap = malloc(capacity * sizeof *tree->remap);
    tree->root_state = malloc(game->state_size);
    if (tree->arena == NULL || tree->remap == NULL || tree->root_state == NULL) {
        sa_mcts_tree_free(tree);
        return NULL;
    }
    memcpy(tree->root_state, root, game->state_size);
    mcts_node_new(tree, MCTS_NONE, 0, game->to_move(root));
    return tree;
}

void sa_mcts_tree_free(sa_mcts_tree *tree)
{
    if (tree == NULL)
        return;
    free(tree->arena);
    free(tree->remap);
    free(tree->root_state);
    free(tree);
}

const void *sa_mcts_tree_root(const sa_mcts_tree *tree)
{
    return tree->root_state;
}

size_t sa_mcts_tree_size(const sa_mcts_tree *tree)
{
    return tree->n_nodes;
}

int sa_mcts_tree_reserve(sa_mcts_tree *tree, size_t capacity)
{
    if (capacity <= tree->capacity)
        return 1;
    if (capacity > MAX_CAPACITY)
        return 0;
    unsigned char *arena = realloc(tree->arena, capacity * tree->stride);
    if (arena == NULL)
        return 0;
    tree->arena = arena;
    uint32_t *remap = realloc(tree->remap, capacity * sizeof *remap);
    if (remap == NULL)
        return 0; /* the bigger arena is kept; capacity stays until both fit */
    tree->remap = remap;
    tree->capacity = (uint32_t)capacity;
    return 1;
}

/* The slot for a new child of `up` (NULL for the root): the next reserved
 * one, or the first of a new run (see mcts_tree.h); MCTS_NONE when full. */
static uint32_t take_slot(sa_mcts_tree *tree, mcts_node *up)
{
    if (up != NULL && up->n_spare > 0) {
        up->n_spare--;
        return up->first_child + 1;
    }
    uint32_t want = 1;
    if (up != NULL && up->n_children > 0 && up->n_moves != MCTS_UNKNOWN) {
        uint32_t left = up->n_moves - up->n_children;
        want = left < SIBLING_RUN ? left : SIBLING_RUN;
    }
    uint32_t room = tree->capacity - tree->n_nodes;
    want = want < room ? want : room;
    if (want == 0)
        return MCTS_NONE;
    uint32_t slot = tree->n_nodes;
    tree->n_nodes += want;
    for (uint32_t k = 1; k < want; k++)
        mcts_node_at(tree, slot + k)->mover = MCTS_FREE_SLOT;
    if (up != NULL)
        up->n_spare = want - 1;
    return slot;
}

uint32_t mcts_node_new(sa_mcts_tree *tree, uint32_t parent, sa_move move, int mover)
{
    mcts_node *up = parent != MCTS_NONE ? mcts_node_at(tree, parent) : NULL;
    uint32_t index = take_slot(tree, up);
    if (index == MCTS_NONE)
        return MCTS_NONE;
    mcts_node *node = mcts_node_at(tree, index);
    memset(node, 0, tree->stride);
    node->move = move;
    node->parent = parent;
    node->mover = (int8_t)mover;
    node->proven_winner = MCTS_UNPROVEN;
    node->n_moves = MCTS_UNKNOWN;
    node->first_child = MCTS_NONE;
    node->next_sibling = MCTS_NONE;
    if (up != NULL) {
        node->next_sibling = up->first_child;
        up->first_child = index;
        up->n_children++;
    }
    return index;
}

/* -- tree reuse ---------------------------------------------------------- */

uint32_t mcts_find_child(const sa_mcts_tree *tree, uint32_t parent, sa_move m)
{
    for (uint32_t c = mcts_node_at(tree, parent)->first_child; c != MCTS_NONE;
         c = mcts_node_at(tree, c)->next_sibling)
        if (mcts_node_at(tree, c)->move == m)
            return c;
    return MCTS_NONE;
}

static uint32_t remap_index(const sa_mcts_tree *tree, uint32_t old)
{
    return old == MCTS_NONE ? MCTS_NONE : tree->remap[old];
}

/* Moves the subtree under `keep` to the front of the arena, keep first.
 * Step 1 marks the kept nodes (free slots are dropped): since a child's index
 * exceeds its parent's, one pass in index order sees every parent before its
 * children. Step 2 numbers them in the same order, so each node moves down or
 * stays (never onto a kept node not yet moved). Step 3 rewrites the links
 * (no reserved slots survive), Step 4 moves the nodes. */
static uint32_t compact(sa_mcts_tree *tree, uint32_t keep)
{
    /* Step 1. */
    for (uint32_t i = 0; i < tree->n_nodes; i++) {
        const mcts_node *node = mcts_node_at(tree, i);
        int kept = i == keep || (i > keep && node->mover != MCTS_FREE_SLOT &&
                                 tree->remap[node->parent] != MCTS_NONE);
        tree->remap[i] = kept ? 1 : MCTS_NONE;
    }
    /* Step 2. */
    uint32_t n_kept = 0;
    for (uint32_t i = keep; i < tree->n_nodes; i++)
        if (tree->remap[i] != MCTS_NONE)
            tree->remap[i] = n_kept++;
    /* Step 3. */
    for (uint32_t i = keep; i < tree->n_nodes; i++) {
        if (tree->remap[i] == MCTS_NONE)
            continue;
        mcts_node *node = mcts_node_at(tree, i);
        node->parent = i == keep ? MCTS_NONE : remap_index(tree, node->parent);
        node->first_child = remap_index(tree, node->first_child);
        /* Siblings of `keep` are dropped; keep's own siblings link is cut. */
        node->next_sibling =
            i == keep ? MCTS_NONE : remap_index(tree, node->next_sibling);
        node->n_spare = 0;
    }
    /* Step 4. */
    for (uint32_t i = keep; i < tree->n_nodes; i++)
        if (tree->remap[i] != MCTS_NONE && tree->remap[i] != i)
            memcpy(mcts_node_at(tree, tree->remap[i]), mcts_node_at(tree, i),
                   tree->stride);
    tree->n_nodes = n_kept;
    return n_kept;
}

size_t sa_mcts_tree_advance(sa_mcts_tree *tree, sa_move m)
{
    const sa_game *game = tree->game;
    uint32_t child = mcts_find_child(tree, 0, m);
    game->apply(tree->root_state, m);
    if (child != MCTS_NONE)
        return compact(tree, child);
    tree->n_nodes = 0;
    mcts_node_new(tree, MCTS_NONE, 0, game->to_move(tree->root_state));
    return 1;
}
