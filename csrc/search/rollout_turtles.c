/* search/rollout_turtles.c: the random rollout compiled for turtles
 * (turtles_rollout): direct calls to the rules, to_move inlined, and a move
 * drawn by turtles_random_move, which counts the moves instead of listing
 * them when it can. */
#include "games/turtles.h"

#define GAME_STATE turtles_state
#define GAME_TO_MOVE(g, st) turtles_to_move(st)
#define GAME_LEGAL_MOVES(g, st, o) turtles_legal_moves((st), (o))
#define GAME_APPLY(g, st, m) turtles_apply((st), (m))
#define GAME_HAS_CHANCE 0
#define GAME_RANDOM_MOVE(g, st, o, rng) turtles_random_move((st), (o), (rng))
#define GAME_FN(name) turtles_##name
#include "search/rollout_impl.h"
