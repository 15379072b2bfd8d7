/* search/searcher.c: sa_search(), which picks the algorithm for a search
 * and the game's own compiled copy of it (search/copies.c). The helpers
 * the algorithms share are in search/shared.c. */
#include "search/searcher.h"

#include "common/error.h"
#include "search/shared.h"

/* The algorithm `limits` asks for, the game's default for AUTO:
 * alpha-beta without chance, expectimax with chance. MCTS was auto's choice
 * in the ostrich race under a time limit while the race's evaluation ignored
 * the dice in hand; once it read them, expectimax won the head-to-head
 * matches at 50 ms a move with 2, 3 and 4 players and was level with 5
 * (docs/strength.md, "Auto in the ostrich race"). */
static sa_algo algo_for(const sa_game *game, const sa_limits *limits)
{
    if (limits->algo != SA_ALGO_AUTO)
        return limits->algo;
    return game->has_chance ? SA_ALGO_EXPECTIMAX : SA_ALGO_ALPHABETA;
}

sa_algo sa_search_algo(const sa_position *pos, const sa_limits *limits)
{
    return algo_for(sa_position_game_rules(pos), limits);
}

sa_status sa_search(const sa_position *pos, const sa_limits *limits, sa_report *out,
                    sa_error *err)
{
    const sa_game *game = sa_position_game_rules(pos);
    const void *root = sa_position_state(pos);
    sa_algo algo = algo_for(game, limits);
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
                            "(use expectimax or mcts)",
                            game->name);
    return sa_alphabeta_for(game)(game, root, limits, out, err);
}
