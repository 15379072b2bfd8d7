/* tools/mcts_shape.c: the shape of one MCTS tree, with and without
 * progressive widening at chance nodes (docs/strength.md, "MCTS with chance
 * widening"). A measuring tool, not part of the library or its tests:
 *
 *   make -C csrc build/libsafari.a
 *   cc -O2 -Icsrc/include -Icsrc -D_POSIX_C_SOURCE=200809L -std=c11 \
 *      csrc/tools/mcts_shape.c csrc/build/libsafari.a -lm -pthread -o mcts_shape
 *   ./mcts_shape POSITION.json C ALPHA SIMULATIONS
 *
 * Searches POSITION (a decision position) with the evaluation leaf, seed 1,
 * one thread, widening constant C (0: off) and exponent ALPHA; prints the
 * simulations per CPU-second, the report's depth, the mean depth at which
 * simulations ended, and the nodes at each depth.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "safari/game.h"
#include "safari/safari.h"
#include "safari/search.h"
#include "search/mcts.h"
#include "search/mcts_tree.h"

#define MAX_DEPTH 64

static int depth_of(const sa_mcts_tree *tree, uint32_t i)
{
    int d = 0;
    for (; mcts_node_at(tree, i)->parent != MCTS_NONE; i = mcts_node_at(tree, i)->parent)
        d++;
    return d;
}

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static sa_position *read_position(const char *path)
{
    static char text[1 << 16];
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return NULL;
    size_t n = fread(text, 1, sizeof text, f);
    fclose(f);
    sa_error err;
    sa_position *pos = sa_position_from_json(text, n, &err);
    if (pos == NULL)
        fprintf(stderr, "%s: %s\n", path, err.message);
    return pos;
}

/* Nodes at each depth, and the mean depth where simulations ended (a node's
 * visits that went to none of its children ended there). */
static void print_shape(const sa_mcts_tree *tree)
{
    long nodes[MAX_DEPTH] = {0};
    double ended = 0.0, depth_sum = 0.0;
    for (uint32_t i = 0; i < sa_mcts_tree_size(tree); i++) {
        const mcts_node *node = mcts_node_at(tree, i);
        if (node->mover == MCTS_FREE_SLOT)
            continue;
        int d = depth_of(tree, i);
        nodes[d < MAX_DEPTH ? d : MAX_DEPTH - 1]++;
        uint64_t below = 0;
        for (uint32_t c = node->first_child; c != MCTS_NONE;
             c = mcts_node_at(tree, c)->next_sibling)
            below += mcts_node_at(tree, c)->visits;
        ended += (double)(node->visits - below);
        depth_sum += (double)(node->visits - below) * d;
    }
    printf(" mean-end-depth %.2f nodes/depth", depth_sum / ended);
    for (int d = 0; d < MAX_DEPTH && nodes[d]; d++)
        printf(" %d:%ld", d, nodes[d]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: %s POSITION.json C ALPHA SIMULATIONS\n", argv[0]);
        return 2;
    }
    sa_position *pos = read_position(argv[1]);
    if (pos == NULL)
        return 1;
    const sa_game *game = sa_position_game_rules(pos);
    const void *root = sa_position_state(pos);
    sa_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.nodes = strtoull(argv[4], NULL, 10);
    limits.seed = 1;
    limits.multipv = 1;
    limits.threads = 1;
    limits.algo = SA_ALGO_MCTS;
    sa_mcts_options opt;
    sa_mcts_options_default(&opt);
    opt.leaf = SA_MCTS_LEAF_EVALUATE;
    opt.chance_widening = atof(argv[2]);
    opt.chance_alpha = atof(argv[3]);
    sa_mcts_tree *tree =
        sa_mcts_tree_new(game, root, sa_mcts_capacity(game, root, &limits));
    sa_report report;
    sa_error err;
    double start = cpu_seconds();
    if (tree == NULL ||
        sa_mcts_tree_search(tree, &opt, &limits, &report, &err) != SA_OK) {
        fprintf(stderr, "search failed\n");
        return 1;
    }
    double cpu = cpu_seconds() - start;
    printf("C %g alpha %g: %llu simulations, %.2f CPU s, %.0f/CPU s, depth %d, pv %s\n ",
           opt.chance_widening, opt.chance_alpha, (unsigned long long)report.nodes, cpu,
           (double)report.nodes / cpu, report.depth, report.lines[0].pv);
    print_shape(tree);
    sa_mcts_tree_free(tree);
    sa_position_free(pos);
    return 0;
}
