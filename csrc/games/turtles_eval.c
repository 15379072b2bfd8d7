/* games/turtles_eval.c: a simple heuristic value of a turtles position, in
 * centi-turtles (one active turtle = 100) from `player`'s point of view:
 * material, advancement toward the goal, and the guard of the home corner.
 * A search calls it at non-terminal leaves; it is symmetric:
 * evaluate(s, 0) == -evaluate(s, 1). */
#include "common/bitboard.h"
#include "games/turtles.h"

/* All weights in one place. */
static const struct turtles_weights {
    int32_t active;        /* each active turtle                                  */
    int32_t reserve;       /* each turtle still in the hatching reserve           */
    int32_t advance;       /* each step an active turtle is closer to its goal    */
    int32_t next_to_goal;  /* an active turtle adjacent to its goal, corner empty */
    int32_t guard;         /* an own turtle standing on the home corner           */
    int32_t to_move;       /* the player who decides now (tempo)                  */
} weights = {
    .active = 100,
    .reserve = 90,
    .advance = 6,
    .next_to_goal = 150,
    .guard = 40,
    .to_move = 10,
};

/* Hex distance from bit sq to bit goal (numbering in turtles.h). */
static int distance(int sq, int goal)
{
    int dq = (sq >> 3) - (goal >> 3);
    int dr = (goal & 7) - (sq & 7);   /* r = 3 - s */
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

/* Player p's side of the sum. */
static int32_t side_value(const turtles_state *s, int p)
{
    uint64_t own = s->active_bb[p];
    int goal = turtles_goal(p), home = turtles_home(p);
    int32_t v = weights.active * sa_bb_count(own) + weights.reserve * s->reserve[p];
    for (uint64_t bb = own; bb;)
        v += weights.advance * (6 - distance(sa_bb_pop(&bb), goal));
    if ((own & neighbours(goal)) && !((turtles_occupied(s) >> goal) & 1))
        v += weights.next_to_goal;
    if ((own >> home) & 1)
        v += weights.guard;
    return v;
}

int32_t turtles_evaluate(const void *state, int player)
{
    const turtles_state *s = state;
    int32_t v = side_value(s, 0) - side_value(s, 1);
    int who = turtles_to_move(s);
    if (who == 0 || who == 1)
        v += who == 0 ? weights.to_move : -weights.to_move;
    return player == 0 ? v : -v;
}
