/* search/rollout_zebras.c: the random rollout compiled for zebras
 * (zebras_rollout): direct calls to the rules, to_move inlined. */
#include "games/zebras.h"

#define GAME_STATE zebras_state
#define GAME_TO_MOVE(g, st) zebras_to_move(st)
#define GAME_LEGAL_MOVES(g, st, o) zebras_legal_moves((st), (o))
#define GAME_APPLY(g, st, m) zebras_apply((st), (m))
#define GAME_HAS_CHANCE 0
#define GAME_FN(name) zebras_##name
#include "search/rollout_impl.h"
