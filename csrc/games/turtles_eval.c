/* games/turtles_eval.c: a simple heuristic value of a turtles position from
 * `player`'s point of view, on the scale of the win-probability logistic
 * (TURTLES_WIN_SCALE): a weighted sum of six features (safari/features.h,
 * docs/tuning.md), each player 0's count minus player 1's: material,
 * advancement toward the goal, a turtle next to an open goal, the guard of
 * the home corner, and tempo.
 * A search calls it at non-terminal leaves; it is symmetric:
 * evaluate(s, 0) == -evaluate(s, 1). */
#include "common/bitboard.h"
#include "common/weights.h"
#include "games/turtles.h"

enum {
    F_ACTIVE,       /* active turtles                                      */
    F_RESERVE,      /* turtles still in the hatching reserve               */
    F_ADVANCE,      /* sum over active turtles of 6 - distance to the goal */
    F_NEXT_TO_GOAL, /* a turtle adjacent to its goal, the goal empty (0/1) */
    F_GUARD,        /* an own turtle on the home corner (0/1)              */
    F_TO_MOVE,      /* +1 player 0 decides now, -1 player 1, 0 otherwise   */
    TURTLES_FEATURES
};
_Static_assert(TURTLES_FEATURES == TURTLES_N_FEATURES, "turtles.h counts the features");

const char *const turtles_feature_names[TURTLES_FEATURES] = {
    "active", "reserve", "advance", "next_to_goal", "guard", "to_move",
};

/* The phrases of a marked move's reason (sa_game.feature_phrases): per
 * feature, the played line's end has less of it, then more. */
const char *const turtles_feature_phrases[2 * TURTLES_FEATURES] = {
    "{n} fewer active turtle{s}",
    "{n} more active turtle{s}",
    "{n} fewer turtle{s} in reserve",
    "{n} more turtle{s} in reserve",
    "{n} fewer step{s} toward the goal",
    "{n} more step{s} toward the goal",
    "{n} fewer turtle{s} next to an open goal",
    "{n} more turtle{s} next to an open goal",
    "the home corner not held",
    "the home corner held",
    "the move to the opponent",
    "the move kept",
};

/* The defaults, per unit of each feature: fitted to the
 * results of 800 self-play games by `safari-ai tune` (Texel's method) and
 * accepted after an SPRT against the hand-written weights (100, 90, 6, 150,
 * 40, 10): docs/tuning.md, docs/strength.md. The default rules never have a
 * reserve, so its weight keeps the hand-written ratio to `active` (0.9). */
#define W_ACTIVE 37
#define W_RESERVE 33
#define W_ADVANCE 26
#define W_NEXT_TO_GOAL 306
#define W_GUARD 155
#define W_TO_MOVE 70
const int32_t turtles_default_weights[TURTLES_FEATURES] = {
    [F_ACTIVE] = W_ACTIVE,   [F_RESERVE] = W_RESERVE,
    [F_ADVANCE] = W_ADVANCE, [F_NEXT_TO_GOAL] = W_NEXT_TO_GOAL,
    [F_GUARD] = W_GUARD,     [F_TO_MOVE] = W_TO_MOVE,
};

/* What one unit of the evaluation is (sa_game.eval_units), spelled from the
 * weights above so that the two cannot disagree: the unit is the weights'
 * own, not a fraction of a turtle (an active turtle is worth W_ACTIVE plus
 * W_ADVANCE for each step it has made toward its goal). */
#define STR_(x) #x
#define STR(x) STR_(x)
const char turtles_eval_units[] =
    "evaluation points (player's count minus the opponent's, times each weight): "
    "an active turtle = " STR(W_ACTIVE) ", a step toward the goal = " STR(W_ADVANCE) ", a turtle in reserve = " STR(W_RESERVE) ", a turtle next to its open goal = " STR(
        W_NEXT_TO_GOAL) ", the home corner held = " STR(W_GUARD) ", having the move = " STR(W_TO_MOVE);

/* Hex distance from bit sq to bit goal (numbering in turtles.h). */
static int distance(int sq, int goal)
{
    int dq = (sq >> 3) - (goal >> 3);
    int dr = (goal & 7) - (sq & 7); /* r = 3 - s */
    int ds = dq + dr;
    return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2;
}

static uint64_t neighbours(int sq)
{
    uint64_t n = 0;
    for (int i = 0; i < 6; i++)
        n |= turtles_shift(sa_bb_of(sq), turtles_all_dirs[i]);
    return n;
}

/* Adds player p's counts to f with sign `sign`. */
static void side_features(const turtles_state *s, int p, int32_t sign, int32_t *f)
{
    uint64_t own = s->active_bb[p];
    int goal = turtles_goal(p), home = turtles_home(p);
    int32_t advance = 0;
    for (uint64_t bb = own; bb;)
        advance += 6 - distance(sa_bb_pop(&bb), goal);
    f[F_ACTIVE] += sign * sa_bb_count(own);
    f[F_RESERVE] += sign * s->reserve[p];
    f[F_ADVANCE] += sign * advance;
    f[F_NEXT_TO_GOAL] +=
        sign * ((own & neighbours(goal)) && !((turtles_occupied(s) >> goal) & 1));
    f[F_GUARD] += sign * (int32_t)((own >> home) & 1);
}

void turtles_features(const void *state, int32_t *out)
{
    const turtles_state *s = state;
    for (int i = 0; i < TURTLES_FEATURES; i++)
        out[i] = 0;
    side_features(s, 0, 1, out);
    side_features(s, 1, -1, out);
    int who = turtles_to_move(s);
    out[F_TO_MOVE] = who == 0 ? 1 : who == 1 ? -1 : 0;
}

int32_t turtles_evaluate(const void *state, int player)
{
    const turtles_state *s = state;
    int32_t f[TURTLES_FEATURES];
    turtles_features(s, f);
    int32_t v = sa_weighted_sum(sa_weights_of(s->weights, turtles_default_weights), f,
                                TURTLES_FEATURES);
    return player == 0 ? v : -v;
}
