/* games/zebras_eval.c: the heuristic value of a zebras position, in
 * hundredths of a point (centi-points), from `player`'s point of view, as a
 * weighted sum of named terms (weights at the top). It is antisymmetric:
 * evaluate(s, 0) == -evaluate(s, 1).
 *
 * Why it is not just "the score if the game ended now" (the first version):
 * that value hands a whole territory to whoever placed last in it, so it
 * swings by a zebra's 6 points with every placement, and the alpha-beta score
 * at the start alternated between 0 (odd depths: player 0 placed last) and
 * -600 (even depths: player 1 placed last). Here a territory still open is
 * only partly controlled (its margin against the cells left), and the player
 * to move gets the tempo of the placement they are about to make; the score
 * at consecutive depths then stays within about a point (docs/games/zebras.md).
 */
#include <assert.h>

#include "common/bitboard.h"
#include "games/zebras.h"

/* All weights in one place (centi-points). */
static const struct zebras_weights {
    /* × (control share) × (face-up points already in the territory): 100 is
     * exact at the end, where every share is ±1. */
    int32_t control;
    /* × (control share) × (empty cells of the territory): points the tokens
     * still to come are expected to bring to its controller (in the same
     * games a territory gained 0.9-1.8 face-up points per empty cell). */
    int32_t open_cell;
    /* the Inauguration token's 5 points, to its holder */
    int32_t inauguration;
    /* the player about to place a token (the tempo of a placement game) */
    int32_t to_move;
} weights = {
    .control = 100,
    .open_cell = 140,
    .inauguration = 100,
    .to_move = 325,
};

/* Player 0's share of a territory's control, scaled by ZEBRAS_SHARE_ONE:
 * +ONE / -ONE once the margin m can no longer be overturned by the e cells
 * left (territories have an odd size, so that is |m| > e), else
 * m / (|m| + e / 5). The fit is empirical: over the positions of 200
 * alpha-beta games, the side ahead by 1 kept the territory 81% of the time
 * with 2 cells left and 75% with 6, ahead by 2 83-91%, by 3 90%, which is a
 * share (2 P - 1) of 0.50-0.63, 0.66-0.82 and 0.80; m / (e + 1) read the
 * same margins as 0.14-0.33, far too little (docs/games/zebras.md). */
#define ZEBRAS_SHARE_ONE 840

static int32_t control_share(int margin, int empty)
{
    if (margin > empty)
        return ZEBRAS_SHARE_ONE;
    if (-margin > empty)
        return -ZEBRAS_SHARE_ONE;
    int size = margin < 0 ? -margin : margin;
    return margin * 5 * ZEBRAS_SHARE_ONE / (5 * size + empty);
}

/* Face-up points of the tokens standing in `area`. */
static int32_t face_up_points(const zebras_state *s, uint32_t area)
{
    int32_t points = 0;
    for (int sp = 0; sp < ZEBRAS_SPECIES; sp++)
        points += ZEBRAS_VALUE[sp] * sa_bb_count(s->species_bb[sp] & ~s->down_bb & area);
    return points;
}

/* Who places the next token: the player to move, except at the opening,
 * where player 0 only puts the guardian down and player 1 places first;
 * -1 at the end. */
static int next_placer(const zebras_state *s)
{
    if (s->to_move != 0 && s->to_move != 1)
        return -1;
    return s->guardian < 0 ? 1 : s->to_move;
}

/* The value for player 0. */
static int32_t value_for_player0(const zebras_state *s)
{
    uint32_t occupied = zebras_occupied(s);
    int32_t sum = 0;
    for (int t = 0; t < ZEBRAS_TERRITORIES; t++) {
        uint32_t area = ZEBRAS_TERRITORY_BB[t];
        int margin = sa_bb_count(s->owner_bb[0] & area) - sa_bb_count(s->owner_bb[1] & area);
        int empty = sa_bb_count(area & ~occupied);
        int32_t share = control_share(margin, empty);
        sum += share * (weights.control * face_up_points(s, area) + weights.open_cell * empty)
               / ZEBRAS_SHARE_ONE;
    }
    if (s->inauguration >= 0)
        sum += (s->inauguration == 0 ? 1 : -1) * weights.inauguration * ZEBRAS_INAUGURATION_POINTS;
    int placer = next_placer(s);
    if (placer >= 0)
        sum += placer == 0 ? weights.to_move : -weights.to_move;
    return sum;
}

int32_t zebras_evaluate(const void *state, int player)
{
    assert(player == 0 || player == 1);
    int32_t v = value_for_player0(state);
    return player == 0 ? v : -v;
}
