/* search/rollout_generic.c: the random rollout over the sa_game function
 * table, chance positions included (sa_rollout): for ostrich, arena and any
 * game without a copy of its own. */
#include "safari/game.h"

#define GAME_STATE void
#define GAME_TO_MOVE(g, st) ((g)->to_move(st))
#define GAME_LEGAL_MOVES(g, st, o) ((g)->legal_moves((st), (o)))
#define GAME_APPLY(g, st, m) ((g)->apply((st), (m)))
#define GAME_HAS_CHANCE 1
#define GAME_CHANCE_OUTCOMES(g, st, o, w) ((g)->chance_outcomes((st), (o), (w)))
#define GAME_FN(name) sa_##name
#include "search/rollout_impl.h"
