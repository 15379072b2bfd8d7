/* search/searcher.c: sa_search(), which picks the algorithm for a search
 * and the game's own compiled copy of it (search/copies.c). The helpers
 * the algorithms share are in search/shared.c. */
#include "search/searcher.h"

#include "common/error.h"
#include "search/shared.h"

/* The algorithm `limits` asks for at `root`, the game's default for AUTO:
 * alpha-beta without chance; with chance expectimax, except MCTS at a
 * decision of a race of more than two players possible (ostrich, 2-5
 * players) searched under a time limit alone: measured stronger there at
 * 50 ms a move, against greedy seats and against expectimax
 * (docs/strength.md, "Several players"). A depth or node limit keeps
 * expectimax, whose depths and node counts tests, benchmarks and
 * annotation rely on; a chance root is expectimax's alone. */
static sa_algo algo_for(const sa_game *game, const void *root, const sa_limits *limits)
{
    if (limits->algo != SA_ALGO_AUTO)
        return limits->algo;
    if (!game->has_chance)
        return SA_ALGO_ALPHABETA;
    if (game->max_players > 2 && limits->depth == 0 && limits->nodes == 0 &&
        game->to_move(root) >= 0)
        return SA_ALGO_MCTS;
    return SA_ALGO_EXPECTIMAX;
}

sa_algo sa_search_algo(const sa_position *pos, const sa_limits *limits)
{
    return algo_for(sa_position_game_rules(pos), sa_position_state(pos), limits);
}

sa_status sa_search(const sa_position *pos, const sa_limits *limits,
                    sa_report *out, sa_error *err)
{
    const sa_game *game = sa_position_game_rules(pos);
    const void *root = sa_position_state(pos);
    sa_algo algo = algo_for(game, root, limits);
    /* Expectimax values chance roots too (it checks limits and root itself). */
    if (algo == SA_ALGO_EXPECTIMAX)
        return sa_expectimax(game, root, limits, out, err);
    sa_status status = sa_search_begin(game, root, limits, out, err);
    if (status != SA_OK)
        return status;
    out->threads = limits->threads;
    if (algo == SA_ALGO_MCTS) /* samples chance positions itself */
        return sa_mcts(game, root, limits, out, err);
    if (game->has_chance)
        return sa_error_set(err, SA_ERR_ARGUMENT,
                            "%s has chance positions: alpha-beta does not search them "
                            "(use expectimax or mcts)", game->name);
    return sa_alphabeta_for(game)(game, root, limits, out, err);
}
