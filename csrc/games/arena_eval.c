/* games/arena_eval.c: the heuristic value of an arena position for
 * `player`: a weighted sum of features (safari/features.h, docs/tuning.md),
 * each counted over the standing gladiators, team 0's minus team 1's
 * (animals threaten both teams and are not counted).
 *
 * The first five are the material: 300 per gladiator standing and 100 per
 * die it has. Material alone left the engine with nothing to play for while
 * the two sides stood apart (every move scored 0), so a duel could wander to
 * the round cap and be drawn although the engine would have won the fight
 * (docs/games/arena.md, "Evaluation"). The other three say what decides a
 * fight before the cap:
 *   centre      a gladiator near the middle of the arena reaches every hex
 *               soon and cannot be cornered: the side that holds it brings
 *               the fight to the other;
 *   kill_threat the chance that a gladiator's next attack defeats an enemy
 *               in its reach: a win there to take;
 *   late_lead   the material lead, counted in the last LATE_ROUNDS rounds
 *               by how close the cap is: a lead not converted by the cap is
 *               a draw, so (with a negative weight) it is worth less as the
 *               cap nears, and a kill worth more against it.
 * The last two correct the horizon, where a search can stop in the middle
 * of a round (issue 28 point 5):
 *   pending     the wounds of an attack under way (rolled for, or dealt and
 *               not yet split), which the dice counts do not hold yet;
 *   next_blow   the expected wounds of the attacks still to come before the
 *               next initiative roll, by gladiators with an enemy in reach.
 * Both are in hundredths of a wound, so a weight of 1 counts a wound as a
 * die (100). They weigh 0 by default: at weight 1 they played level with
 * the evaluation without them (docs/strength.md, the arena), so the default
 * plays and values as before; a weights file turns them on.
 * The last one values the dice unequally, as the fight to come does:
 *   fight       the log-odds that side 0 wins the duel fought to the end
 *               stand-up (arena_fight.c), in hundredths; at weight 2 it is
 *               the leaf's win chance itself (a leaf of value v is worth
 *               the logistic of v / 200). It weighs 0 too (level in
 *               matches, docs/games/arena.md), and is computed only when
 *               its weight is not 0. */
#include <math.h>

#include "common/weights.h"
#include "games/arena.h"

/* The rounds before the cap in which a lead fades (late_lead). A defeat
 * takes about spare / expected wounds = 6 / 1.3, some 5 attacks from the
 * start; a lead a few rounds from the cap can rarely be turned into one. */
#define LATE_ROUNDS 8
/* A standing gladiator counts as this many dice of lead (300 / 100). */
#define DICE_PER_STANDING 3

const char *const arena_feature_names[ARENA_N_FEATURES] = {
    "standing",    "attack",    "defense", "speed",     "wounds", "centre",
    "kill_threat", "late_lead", "pending", "next_blow", "fight",
};

/* The phrases of a marked move's reason (sa_game.feature_phrases): per
 * feature, the played line's end has less of it, then more. */
const char *const arena_feature_phrases[2 * ARENA_N_FEATURES] = {
    "{n} fewer gladiator{s} standing",
    "{n} more gladiator{s} standing",
    "{n} fewer attack di{ce}",
    "{n} more attack di{ce}",
    "{n} fewer defense di{ce}",
    "{n} more defense di{ce}",
    "{n} fewer speed di{ce}",
    "{n} more speed di{ce}",
    "{n} fewer wound{s}",
    "{n} more wound{s}",
    "{n} hex{es} farther from the centre",
    "{n} hex{es} nearer the centre",
    "{n} percentage point{s} less chance to defeat an enemy next attack",
    "{n} percentage point{s} more chance to defeat an enemy next attack",
    "{n} less lead near the round cap",
    "{n} more lead near the round cap",
    "{n} hundredths fewer wounds about to be dealt",
    "{n} hundredths more wounds about to be dealt",
    "{n} hundredths fewer wounds expected from blows to come this round",
    "{n} hundredths more wounds expected from blows to come this round",
    "{n} hundredths less log-odds of winning the fight",
    "{n} hundredths more log-odds of winning the fight",
};

#define W_DIE 100
#define W_STANDING (DICE_PER_STANDING * W_DIE)
#define STR_(x) #x
#define STR(x) STR_(x)
/* What one unit of the evaluation is (sa_game.eval_units), next to the
 * weights that make it so. */
const char arena_eval_units[] = "hundredths of a die (a die = " STR(
    W_DIE) ", a gladiator standing = " STR(DICE_PER_STANDING) " dice)";
const int32_t arena_default_weights[ARENA_N_FEATURES] = {
    [ARENA_F_STANDING] = W_STANDING, [ARENA_F_ATTACK] = W_DIE, [ARENA_F_DEFENSE] = W_DIE,
    [ARENA_F_SPEED] = W_DIE,         [ARENA_F_WOUNDS] = 0,     [ARENA_F_CENTRE] = 10,
    [ARENA_F_KILL_THREAT] = 4,       [ARENA_F_LATE_LEAD] = -8, [ARENA_F_PENDING] = 0,
    [ARENA_F_NEXT_BLOW] = 0,         [ARENA_F_FIGHT] = 0,
};

/* The middle of the arena: halfway from hex I to hex II (e5 on the default
 * arena, 4 hexes from each), as a padded hex. */
static int centre_hex(const arena_state *st)
{
    int a = st->fixed.hex_start[0], b = st->fixed.hex_start[1];
    return arena_hex((arena_hex_q(a) + arena_hex_q(b)) / 2,
                     (arena_hex_r(a) + arena_hex_r(b)) / 2);
}

/* The best chance, in percent, that gladiator u's next attack defeats an
 * enemy gladiator it can reach: within its Speed + 1 hexes (blocking
 * ignored), the enemy beaten by more wounds than its spare dice. */
static int kill_threat(const arena_state *st, int u)
{
    int best = 0;
    for (int v = 0; v < ARENA_GLADIATORS; v++) {
        if (!((st->dyn.alive >> v) & 1) || arena_team(v) == arena_team(u))
            continue;
        if (arena_distance(st->dyn.hex[u], st->dyn.hex[v]) > st->dyn.speed[u] + 1)
            continue;
        int p =
            arena_kill_percent(st->dyn.attack[u], st->dyn.defense[v], arena_spare(st, v));
        if (p > best)
            best = p;
    }
    return best;
}

/* The wounds of an attack under way, which the dice counts do not hold
 * yet, in hundredths, counted for the attacker's team: while the dice are
 * rolled (`attack`) the expected wounds, while the target's side splits
 * them (`allocate`) the wounds themselves. Gladiators only; 0 elsewhere. */
static int32_t pending(const arena_state *st)
{
    int target = st->dyn.pend_target - 1;
    if (target < 0 || arena_is_animal(target))
        return 0;
    if (st->dyn.phase == PH_ATTACK) {
        int u = st->dyn.pend_attacker - 1;
        if (u < 0 || arena_is_animal(u))
            return 0;
        int32_t e = arena_expected_wounds100(st->dyn.attack[u], st->dyn.defense[target]);
        return arena_team(u) == 0 ? e : -e;
    }
    if (st->dyn.phase == PH_ALLOCATE) {
        int32_t w = 100 * st->dyn.pend_wounds;
        return arena_team(target) == 0 ? -w : w;
    }
    return 0;
}

/* The expected wounds, in hundredths, of gladiator u's attack still to come
 * before the next initiative roll: u has not acted this round, or is acting
 * and has not attacked (and no attack of its is under way); against the
 * best enemy gladiator it can reach (Speed + 1 hexes, or adjacent once it
 * has moved). 0 when it has none in reach or its blow is spent. */
static int next_blow(const arena_state *st, int u)
{
    int reach = st->dyn.speed[u] + 1;
    if (st->dyn.active == u + 1) {
        if (st->dyn.attacked || st->dyn.phase == PH_ATTACK ||
            st->dyn.phase == PH_ALLOCATE)
            return 0;
        if (st->dyn.moved)
            reach = 1;
    } else if ((st->dyn.acted >> u) & 1) {
        return 0;
    }
    int best = 0;
    for (int v = 0; v < ARENA_GLADIATORS; v++) {
        if (!((st->dyn.alive >> v) & 1) || arena_team(v) == arena_team(u))
            continue;
        if (arena_distance(st->dyn.hex[u], st->dyn.hex[v]) > reach)
            continue;
        int e = arena_expected_wounds100(st->dyn.attack[u], st->dyn.defense[v]);
        if (e > best)
            best = e;
    }
    return best;
}

/* The log-odds, in hundredths, that side 0 wins the duel as a stand-up
 * fight (arena_fight.c): ln(p / (1 - p)) x 100, within +-FIGHT_CLAMP.
 * Only with one gladiator a side and no animal; 0 otherwise. */
#define FIGHT_CLAMP 1000
static int32_t fight(const arena_state *st)
{
    int u0 = -1, u1 = -1;
    if (st->dyn.n_animals)
        return 0;
    for (int u = 0; u < ARENA_GLADIATORS; u++) {
        if (!((st->dyn.alive >> u) & 1))
            continue;
        int *slot = arena_team(u) == 0 ? &u0 : &u1;
        if (*slot >= 0)
            return 0;
        *slot = u;
    }
    if (u0 < 0 || u1 < 0)
        return 0;
    double p = arena_fight_value(
        st->fixed.initiative, st->dyn.attack[u0], st->dyn.defense[u0], st->dyn.speed[u0],
        st->dyn.attack[u1], st->dyn.defense[u1], st->dyn.speed[u1]);
    if (p < 0)
        return 0;
    double logit = p <= 0 ? -1e9 : p >= 1 ? 1e9 : 100 * log(p / (1 - p));
    return (int32_t)lround(fmax(-FIGHT_CLAMP, fmin(FIGHT_CLAMP, logit)));
}

/* Every feature; `fight` only when with_fight (it is 0 otherwise): the
 * evaluation skips its table read and logarithm while its weight is 0. */
static void features(const arena_state *st, int32_t *out, int with_fight)
{
    for (int i = 0; i < ARENA_N_FEATURES; i++)
        out[i] = 0;
    int centre = centre_hex(st);
    for (int u = 0; u < ARENA_GLADIATORS; u++) {
        if (!((st->dyn.alive >> u) & 1))
            continue;
        int32_t sign = arena_team(u) == 0 ? 1 : -1;
        out[ARENA_F_STANDING] += sign;
        out[ARENA_F_ATTACK] += sign * st->dyn.attack[u];
        out[ARENA_F_DEFENSE] += sign * st->dyn.defense[u];
        out[ARENA_F_SPEED] += sign * st->dyn.speed[u];
        out[ARENA_F_WOUNDS] += sign * st->dyn.wounds[u];
        out[ARENA_F_CENTRE] -= sign * arena_distance(st->dyn.hex[u], centre);
        out[ARENA_F_KILL_THREAT] += sign * kill_threat(st, u);
        out[ARENA_F_NEXT_BLOW] += sign * next_blow(st, u);
    }
    out[ARENA_F_PENDING] = pending(st);
    if (with_fight)
        out[ARENA_F_FIGHT] = fight(st);
    int rounds_left = st->fixed.round_cap - st->dyn.round;
    if (rounds_left < LATE_ROUNDS) {
        int32_t lead = DICE_PER_STANDING * out[ARENA_F_STANDING] + out[ARENA_F_ATTACK] +
                       out[ARENA_F_DEFENSE] + out[ARENA_F_SPEED];
        out[ARENA_F_LATE_LEAD] = lead * (LATE_ROUNDS - rounds_left);
    }
}

void arena_features(const void *state, int32_t *out)
{
    features(state, out, 1);
}

int32_t arena_evaluate(const void *state, int player)
{
    const arena_state *st = state;
    const int32_t *w = sa_weights_of(st->fixed.weights, arena_default_weights);
    int32_t f[ARENA_N_FEATURES];
    features(st, f, w[ARENA_F_FIGHT] != 0);
    int32_t v = sa_weighted_sum(w, f, ARENA_N_FEATURES);
    return player == 0 ? v : -v;
}
