/* search/alphabeta_turtles.c: alpha-beta compiled for turtles
 * (turtles_alphabeta): the node code of search/alphabeta_impl.h calling the
 * rules directly, with to_move and hash inlined from games/turtles.h and an
 * 88-byte state copy of constant size. */
#include "games/turtles.h"

#define GAME_STATE turtles_state
#define GAME_STATE_SIZE(g) sizeof(turtles_state)
#define GAME_TO_MOVE(g, st) turtles_to_move(st)
#define GAME_LEGAL_MOVES(g, st, o) turtles_legal_moves((st), (o))
#define GAME_APPLY(g, st, m) turtles_apply((st), (m))
#define GAME_HASH(g, st) turtles_hash(st)
#define GAME_RESULT(g, st, o) turtles_result((st), (o))
#define GAME_HAS_EVALUATE(g) 1
#define GAME_EVALUATE(g, st, p) turtles_evaluate((st), (p))
#define GAME_FN(name) turtles_##name
#include "search/alphabeta_impl.h"
