/* tests/mcts_limits.h: the MCTS limits the C tests search with: a node limit
 * (0: none), a seed, one line, one thread; the rest zero. */
#ifndef SAFARI_TESTS_MCTS_LIMITS_H
#define SAFARI_TESTS_MCTS_LIMITS_H

#include <string.h>

#include "safari/search.h"

static inline sa_limits mcts_limits(uint64_t nodes, uint64_t seed)
{
    sa_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.nodes = nodes;
    limits.seed = seed;
    limits.multipv = 1;
    limits.threads = 1;
    limits.algo = SA_ALGO_MCTS;
    return limits;
}

#endif
