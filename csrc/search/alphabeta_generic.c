/* search/alphabeta_generic.c: alpha-beta compiled over the sa_game function
 * table, for any game without a copy of its own (sa_alphabeta). It costs an
 * indirect call per primitive and a memcpy of run-time size per child; it
 * also serves as the cross-check of the specialised copies (same node counts,
 * tests/test_alphabeta.c) and as the scaffold of a new game. */
#include "safari/game.h"

#define GAME_STATE void
#define GAME_STATE_SIZE(g) ((g)->state_size)
#define GAME_TO_MOVE(g, st) ((g)->to_move(st))
#define GAME_LEGAL_MOVES(g, st, o) ((g)->legal_moves((st), (o)))
#define GAME_APPLY(g, st, m) ((g)->apply((st), (m)))
#define GAME_HASH(g, st) ((g)->hash(st))
#define GAME_RESULT(g, st, o) ((g)->result((st), (o)))
#define GAME_HAS_EVALUATE(g) ((g)->evaluate != NULL)
#define GAME_EVALUATE(g, st, p) ((g)->evaluate((st), (p)))
#define GAME_FN(name) sa_##name
#include "search/alphabeta_impl.h"
