/* games/arena_eval.c: the heuristic value of an arena position for
 * `player`: a weighted sum of features (safari/features.h, docs/tuning.md),
 * each counted over the standing gladiators, team 0's minus team 1's
 * (animals threaten both teams and are not counted). The defaults are a
 * material count: 300 per gladiator standing and 100 per die it has. */
#include "common/weights.h"
#include "games/arena.h"

enum {
    F_STANDING,  /* gladiators standing                     */
    F_ATTACK,    /* their attack dice                       */
    F_DEFENSE,   /* their defense dice                      */
    F_SPEED,     /* their speed dice                        */
    F_WOUNDS,    /* their wounds                            */
    ARENA_FEATURES
};
_Static_assert(ARENA_FEATURES == ARENA_N_FEATURES, "arena.h counts the features");

const char *const arena_feature_names[ARENA_FEATURES] = {
    "standing", "attack", "defense", "speed", "wounds",
};

const int32_t arena_default_weights[ARENA_FEATURES] = {
    [F_STANDING] = 300, [F_ATTACK] = 100, [F_DEFENSE] = 100, [F_SPEED] = 100, [F_WOUNDS] = 0,
};

void arena_features(const void *state, int32_t *out)
{
    const arena_state *st = state;
    for (int i = 0; i < ARENA_FEATURES; i++)
        out[i] = 0;
    for (int u = 0; u < ARENA_GLADIATORS; u++) {
        if (!((st->dyn.alive >> u) & 1))
            continue;
        int32_t sign = arena_team(u) == 0 ? 1 : -1;
        out[F_STANDING] += sign;
        out[F_ATTACK] += sign * st->dyn.attack[u];
        out[F_DEFENSE] += sign * st->dyn.defense[u];
        out[F_SPEED] += sign * st->dyn.speed[u];
        out[F_WOUNDS] += sign * st->dyn.wounds[u];
    }
}

int32_t arena_evaluate(const void *state, int player)
{
    const arena_state *st = state;
    int32_t f[ARENA_FEATURES];
    arena_features(st, f);
    int32_t v = sa_weighted_sum(sa_weights_of(st->fixed.weights, arena_default_weights), f,
                                ARENA_FEATURES);
    return player == 0 ? v : -v;
}
