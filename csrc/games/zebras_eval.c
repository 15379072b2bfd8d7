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
     * still to come are expected to bring to its controller. */
    int32_t open_cell;
    /* the Inauguration token's 5 points, to its holder */
    int32_t inauguration;
    /* the player about to place a token (the tempo of a placement game) */
    int32_t to_move;
} weights = {
    .control = 100,
    .open_cell = 60,
    .inauguration = 100,
    .to_move = 150,
};

/* Player 0's share of a territory's control, scaled by ZEBRAS_SHARE_ONE:
 * +ONE / -ONE once the margin can no longer be overturned by the cells left
 * (territories have an odd size, so a margin m with e empty cells is decided
 * when |m| > e), else m / (e + 1). */
#define ZEBRAS_SHARE_ONE 840 /* divisible by every e + 1 <= 8 */

static int32_t control_share(int margin, int empty)
{
    if (margin > empty)
        return ZEBRAS_SHARE_ONE;
    if (-margin > empty)
        return -ZEBRAS_SHARE_ONE;
    return margin * ZEBRAS_SHARE_ONE / (empty + 1);
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
