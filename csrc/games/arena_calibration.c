/* games/arena_calibration.c: the win probability the arena's searches report.
 *
 * Expectimax values an arena position by its expected result, the leaves by
 * (1 + tanh(evaluation / 400)) / 2. Read as a win probability on held-out
 * self-play, that figure is off in two ways the evaluation does not see:
 *   - the seat: side 0 wins more than its share (a mirror duel, thraex
 *     against thraex, scores 0.60 for side 0 with level play), and the more
 *     so the more rounds are left;
 *   - the dice: the evaluation counts an Attack, Defense and Speed die
 *     alike (100 each), but early in a duel the side with more Attack dice
 *     wins more often than that says, and the one with more Speed less.
 * Late in a duel the bias fades and the search's value decides.
 *
 * So the reported probability is a logistic model of the search's value and
 * of those facts, fitted by maximum likelihood on self-play records
 * (bench/arena_calibration.py; data, fit and held-out calibration tables in
 * docs/tuning.md, "arena"):
 *
 *   logit(reported) = (Z + ZT t) logit(p) + s (S + ST t)
 *                     + t (DA dA + DD dD + DS dS)
 *
 *   p      the mover's expected result (0 < p < 1; 0 and 1 are kept)
 *   t      the share of the duel still to come: (round_cap - round) / round_cap
 *   s      +1 when side 0 is to move, -1 for side 1
 *   dA ... the mover's standing gladiators' Attack (Defense, Speed) dice
 *          minus the other side's
 *
 * The searches never read this figure: it changes what `winprob` and
 * report.win_probability say, not which move is chosen. Putting the side's
 * edge into the evaluation instead would make side 1 value a draw at the
 * round cap above fighting on (docs/tuning.md). */
#include <math.h>

#include "games/arena.h"

/* The fit of bench/arena_calibration.py (coefficient order as above). */
static const double CAL_Z = 0.406, CAL_ZT = 1.092, CAL_S = -0.275, CAL_ST = 0.373;
static const double CAL_DA = 0.406, CAL_DD = 0.172, CAL_DS = 0.071;

/* logit(p) is bounded so that p within 1e-9 of 0 or 1 stays finite. */
#define LOGIT_BOUND 20.0

double arena_calibrate_win(const void *state, double p)
{
    const arena_state *st = state;
    int mover = arena_to_move(st);
    if (mover != 0 && mover != 1)
        return p;
    int32_t f[ARENA_N_FEATURES];
    arena_features(st, f); /* side 0's view */
    double s = mover == 0 ? 1.0 : -1.0;
    double t = (double)(st->fixed.round_cap - st->dyn.round) / st->fixed.round_cap;
    double z = log(p / (1.0 - p));
    z = z > LOGIT_BOUND ? LOGIT_BOUND : z < -LOGIT_BOUND ? -LOGIT_BOUND : z;
    double logit = (CAL_Z + CAL_ZT * t) * z + s * (CAL_S + CAL_ST * t) +
                   t * s *
                       (CAL_DA * f[ARENA_F_ATTACK] + CAL_DD * f[ARENA_F_DEFENSE] +
                        CAL_DS * f[ARENA_F_SPEED]);
    return 1.0 / (1.0 + exp(-logit));
}
