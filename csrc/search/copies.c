/* search/copies.c: the searches compiled for one game (alpha-beta and the
 * rollout calling the rules directly), in one table. A game without a row,
 * or a copy of a registered table (whose functions may differ), gets the
 * copies over the sa_game function table, which give the same results. */
#include <stddef.h>

#include "search/rollout.h"
#include "search/searcher.h"

/* The registered games that have searches of their own. */
extern const sa_game sa_turtles_game;
extern const sa_game sa_zebras_game;

typedef struct game_copies {
    const sa_game *game;
    sa_search_fn *alphabeta;
    sa_rollout_fn *rollout;
} game_copies;

static const game_copies COPIES[] = {
    {&sa_turtles_game, turtles_alphabeta, turtles_rollout},
    {&sa_zebras_game, zebras_alphabeta, zebras_rollout},
};

/* The row of `game` (compared by address), NULL when it has none. */
static const game_copies *copies_of(const sa_game *game)
{
    for (size_t i = 0; i < sizeof COPIES / sizeof COPIES[0]; i++)
        if (COPIES[i].game == game)
            return &COPIES[i];
    return NULL;
}

sa_search_fn *sa_alphabeta_for(const sa_game *game)
{
    const game_copies *row = copies_of(game);
    return row != NULL ? row->alphabeta : sa_alphabeta;
}

sa_rollout_fn *sa_rollout_for(const sa_game *game)
{
    const game_copies *row = copies_of(game);
    return row != NULL ? row->rollout : sa_rollout;
}
