/* games/registry.c: the list of games the library knows, in a fixed order.
 * A game joins by declaring its sa_game here and adding it to the list. */
#include <stddef.h>

#include "safari/game.h"

extern const sa_game sa_turtles_game;
extern const sa_game sa_zebras_game;
extern const sa_game sa_ostrich_game;
extern const sa_game sa_arena_game;

const sa_game *const sa_games[] = {
    &sa_turtles_game, &sa_zebras_game, &sa_ostrich_game, &sa_arena_game, NULL,
};
