/* search/alphabeta_zebras.c: alpha-beta compiled for zebras
 * (zebras_alphabeta): the node code of search/alphabeta_impl.h calling the
 * rules directly, with to_move and hash inlined from games/zebras.h and a
 * 56-byte state copy of constant size. */
#include "games/zebras.h"

#define GAME_STATE zebras_state
#define GAME_STATE_SIZE(g) sizeof(zebras_state)
#define GAME_TO_MOVE(g, st) zebras_to_move(st)
#define GAME_LEGAL_MOVES(g, st, o) zebras_legal_moves((st), (o))
#define GAME_APPLY(g, st, m) zebras_apply((st), (m))
#define GAME_HASH(g, st) zebras_hash(st)
#define GAME_RESULT(g, st, o) zebras_result((st), (o))
#define GAME_HAS_EVALUATE(g) 1
#define GAME_EVALUATE(g, st, p) zebras_evaluate((st), (p))
#define GAME_FN(name) zebras_##name
#include "search/alphabeta_impl.h"
