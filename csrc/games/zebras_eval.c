/* games/zebras_eval.c: the heuristic value of a zebras position, in
 * hundredths of a point (centi-points), from `player`'s point of view: a
 * weighted sum of four named features (safari/features.h), each player 0's
 * view, with the default weights below. It is antisymmetric:
 * evaluate(s, 0) == -evaluate(s, 1).
 *
 * Why it is not just "the score if the game ended now" (the first version):
 * that value hands a whole territory to whoever placed last in it, so it
 * swings by a zebra's 6 points with every placement, and the alpha-beta score
 * at the start alternated between 0 (odd depths: player 0 placed last) and
 * -600 (even depths: player 1 placed last). Here a territory still open is
 * only partly controlled (its margin against the cells left), and the player
 * about to place gets the tempo of that placement; the score at consecutive
 * depths then stays within about a point (docs/games/zebras.md).
 *
 * The features are fractions (a share of control is one), written in fixed
 * point: units of 1 / ZEBRAS_FEATURE_ONE (zebras.h). The evaluation is
 * sum(weight * feature) / ZEBRAS_FEATURE_ONE, truncated toward zero.
 */
#include <assert.h>

#include "common/bitboard.h"
#include "common/weights.h"
#include "games/zebras.h"

enum {
    /* sum over territories of (player 0's share of control) x (face-up
     * points already in the territory); at the end every share is +-1 and
     * this is player 0's territory points minus player 1's. */
    F_CONTROL,
    /* sum over territories of (player 0's share) x (empty cells): the points
     * the tokens still to come are expected to bring to the controller (in
     * the fitting games a territory gained 0.9-1.8 face-up points per empty
     * cell). */
    F_OPEN,
    /* +1 player 0 holds the Inauguration token, -1 player 1, 0 unclaimed. */
    F_INAUGURATION,
    /* +1 player 0 places the next token, -1 player 1, 0 at the end: the
     * tempo of a placement game. */
    F_TEMPO,
    /* The tokens still in hand, one feature a species (Z G E L C): player 0's
     * count minus player 1's. A token in hand is a placement still to make
     * where it helps most (a crocodile's swaps, a lion's raid, a zebra in a
     * territory already won); the fitted weights say what each is worth
     * kept. All are 0 at the end (the hands are empty). */
    F_HAND_Z,
    F_HAND_G,
    F_HAND_E,
    F_HAND_L,
    F_HAND_C,
    ZEBRAS_FEATURES
};
_Static_assert(ZEBRAS_FEATURES == ZEBRAS_N_FEATURES, "zebras.h counts the features");
_Static_assert(F_HAND_C - F_HAND_Z == ZEBRAS_C && ZEBRAS_C == ZEBRAS_SPECIES - 1,
               "one hand feature a species, in the order Z G E L C");

const char *const zebras_feature_names[ZEBRAS_FEATURES] = {
    "control",       "open",          "inauguration", "tempo",           "hand_zebras",
    "hand_gazelles", "hand_elephant", "hand_lion",    "hand_crocodiles",
};

/* The phrases of a marked move's reason (sa_game.feature_phrases): per
 * feature, the played line's end has less of it, then more. */
const char *const zebras_feature_phrases[2 * ZEBRAS_FEATURES] = {
    "{n} fewer point{s} of controlled territory",
    "{n} more point{s} of controlled territory",
    "{n} fewer open cell{s} in controlled territory",
    "{n} more open cell{s} in controlled territory",
    "the Inauguration token lost",
    "the Inauguration token won",
    "the next placement to the opponent",
    "the next placement kept",
    "{n} fewer zebra{s} in hand",
    "{n} more zebra{s} in hand",
    "{n} fewer gazelle{s} in hand",
    "{n} more gazelle{s} in hand",
    "{n} fewer elephant{s} in hand",
    "{n} more elephant{s} in hand",
    "{n} fewer lion{s} in hand",
    "{n} more lion{s} in hand",
    "{n} fewer crocodile{s} in hand",
    "{n} more crocodile{s} in hand",
};

/* The default weights (centi-points per unit of the feature). control: 100
 * and the Inauguration's 5 points, exact at the end (held there); the others
 * fitted by `safari-ai tune`'s logistic regression on 1,621 self-play games
 * (docs/tuning.md), and accepted after GSPRT matches against the four-feature
 * evaluation (+99 Elo at 3,000 nodes a move, docs/strength.md). The hands'
 * shared part (about 9 points a token) is a tempo: at a given parity every
 * leaf has the same count; what steers the search is the spread between the
 * species, a lion or a crocodile kept being worth 2-5 points more than a
 * gazelle. */
#define W_POINT 100 /* a point of score: the unit is a centi-point */
#define STR_(x) #x
#define STR(x) STR_(x)
/* What one unit of the evaluation is (sa_game.eval_units), next to the
 * weight that makes it so. */
const char zebras_eval_units[] =
    "centi-points of the score difference (own points - opponent's; a point = " STR(
        W_POINT) ")";
const int32_t zebras_default_weights[ZEBRAS_FEATURES] = {
    [F_CONTROL] = W_POINT,
    [F_OPEN] = 172,
    [F_INAUGURATION] = W_POINT * ZEBRAS_INAUGURATION_POINTS,
    [F_TEMPO] = -60,
    [F_HAND_Z] = 877,
    [F_HAND_G] = 562,
    [F_HAND_E] = 936,
    [F_HAND_L] = 1112,
    [F_HAND_C] = 975,
};

#define ONE ZEBRAS_FEATURE_ONE

/* Player 0's share of a territory's control, in units of 1 / ONE: +ONE /
 * -ONE once the margin m can no longer be overturned by the e cells left
 * (territories have an odd size, so that is |m| > e), else m / (|m| + e / 5).
 * The fit is empirical: over the positions of 200 alpha-beta games, the side
 * ahead by 1 kept the territory 81% of the time with 2 cells left and 75%
 * with 6, ahead by 2 83-91%, by 3 90%, which is a share (2 P - 1) of
 * 0.50-0.63, 0.66-0.82 and 0.80; m / (e + 1) read the same margins as
 * 0.14-0.33, far too little (docs/games/zebras.md). */
static int32_t control_share(int margin, int empty)
{
    if (margin > empty)
        return ONE;
    if (-margin > empty)
        return -ONE;
    int size = margin < 0 ? -margin : margin;
    return margin * 5 * ONE / (5 * size + empty);
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

void zebras_features(const void *state, int32_t *out)
{
    const zebras_state *s = state;
    uint32_t occupied = zebras_occupied(s);
    int32_t control = 0, open = 0;
    for (int t = 0; t < ZEBRAS_TERRITORIES; t++) {
        uint32_t area = ZEBRAS_TERRITORY_BB[t];
        int margin =
            sa_bb_count(s->owner_bb[0] & area) - sa_bb_count(s->owner_bb[1] & area);
        int empty = sa_bb_count(area & ~occupied);
        int32_t share = control_share(margin, empty);
        control += share * face_up_points(s, area);
        open += share * empty;
    }
    out[F_CONTROL] = control;
    out[F_OPEN] = open;
    out[F_INAUGURATION] = s->inauguration == 0 ? ONE : s->inauguration == 1 ? -ONE : 0;
    int placer = next_placer(s);
    out[F_TEMPO] = placer == 0 ? ONE : placer == 1 ? -ONE : 0;
    for (int sp = 0; sp < ZEBRAS_SPECIES; sp++)
        out[F_HAND_Z + sp] = ((int32_t)s->hand[0][sp] - s->hand[1][sp]) * ONE;
}

int32_t zebras_evaluate(const void *state, int player)
{
    const zebras_state *s = state;
    int32_t f[ZEBRAS_FEATURES];
    assert(player == 0 || player == 1);
    zebras_features(s, f);
    int32_t v = sa_weighted_sum_fixed(sa_weights_of(s->weights, zebras_default_weights),
                                      f, ZEBRAS_FEATURES, ONE);
    return player == 0 ? v : -v;
}
