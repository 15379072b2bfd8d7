/* games/arena_fight.c: the value of a stand-up duel, for the evaluation's
 * `fight` feature (arena_eval.c).
 *
 * The material count (100 a die) says every die is worth the same, and the
 * search, which sees a round or two, decides which die to give up from what
 * happens in those rounds. The fight itself lasts longer: a die of Attack
 * adds wounds to every blow to come, a die of Defense takes wounds away from
 * every enemy blow, a die of Speed only wins initiative (and steps). This
 * file values the fight to its end, exactly, under one simplification: the
 * two gladiators stand next to each other and both strike every round. Each
 * round the initiative roll (rule `initiative`; equal rolls roll again; the
 * odds of arena_initiative_chance) lets its winner choose who strikes first;
 * each blow causes k wounds with the odds of arena_wound_weights (both in
 * arena_dice.c); the wounded side splits them as suits it
 * best (the search's own rule: an avoidable defeat is never chosen), or is
 * beaten when k exceeds its spare dice. No movement, no round cap, no
 * animals. The value is side 0's chance to win that fight.
 *
 * A state is the six dice counts, each 1..ARENA_FIGHT_MAX_DIE:
 *
 *   index = ((((a0 * 8 + d0) * 8 + s0) * 8 + a1) * 8 + d1) * 8 + s1
 *           with every count less 1, so 8^6 = 262,144 states
 *
 * and is filled lazily, the first time a search asks for it: a duel only
 * reaches the states below its start (4/3/2 against 3/4/2: 576). Entries
 * are atomic floats holding value + 1 (0 = not computed yet), so two search
 * threads that compute the same entry both store the same number.
 *
 * The round: V(g) = sum over the initiative winner w of P(w) x the best,
 * for w, of F(g, first striker), where F is the first blow followed by the
 * second blow S. A round in which neither blow wounds ends where it
 * started, so V(g) = (P0 max F' + P1 min F') / (1 - q0 q1), F' being F
 * without that path (q0, q1 each blow's chance of no wound). Every other
 * path leads to fewer dice, so the recursion ends. */
#include <math.h>
#include <stdatomic.h>

#include "games/arena.h"

#define MAX_DIE ARENA_FIGHT_MAX_DIE
#define N_GLAD (MAX_DIE * MAX_DIE * MAX_DIE) /* one gladiator's dice */
#define N_STATES (N_GLAD * N_GLAD)

typedef struct glad {
    int a, d, s;
} glad;

/* [rule][state]: the round-start value V, and the value S of the round's
 * second blow by side 0 ([1]) or side 1 ([2]); value + 1, 0 = unknown. */
static _Atomic float round_value[2][N_STATES];
static _Atomic float second_value[2][2][N_STATES];
/* P(k wounds) for a Attack dice against d Defense dice; [a][d][k]. */
static _Atomic float wound_odds[MAX_DIE + 1][MAX_DIE + 1][MAX_DIE + 1];
static _Atomic int wound_ready[MAX_DIE + 1][MAX_DIE + 1];
/* [rule][s0][s1] (rule INIT_LEXICOGRAPHIC 0, INIT_SUM 1): side 0's initiative
 * chance + 1, 0 = unknown. */
static _Atomic float init_odds[2][MAX_DIE + 1][MAX_DIE + 1];

static int glad_index(glad g)
{
    return ((g.a - 1) * MAX_DIE + (g.d - 1)) * MAX_DIE + (g.s - 1);
}

static int state_index(glad g0, glad g1)
{
    return glad_index(g0) * N_GLAD + glad_index(g1);
}

static float load(_Atomic float *slot)
{
    return atomic_load_explicit(slot, memory_order_relaxed);
}

static void store(_Atomic float *slot, float v)
{
    atomic_store_explicit(slot, v, memory_order_relaxed);
}

static float wounds(int a, int d, int k)
{
    if (!atomic_load_explicit(&wound_ready[a][d], memory_order_acquire)) {
        uint64_t ways[MAX_DIE + 1];
        arena_wound_weights(a, d, ways);
        double total = 0;
        for (int i = 0; i <= a; i++)
            total += (double)ways[i];
        for (int i = 0; i <= a; i++)
            store(&wound_odds[a][d][i], (float)((double)ways[i] / total));
        atomic_store_explicit(&wound_ready[a][d], 1, memory_order_release);
    }
    return load(&wound_odds[a][d][k]);
}

static double initiative(int rule, int s0, int s1)
{
    float v = load(&init_odds[rule][s0][s1]);
    if (v == 0) {
        double p = arena_initiative_chance(rule, s0, s1);
        v = (float)p + 1;
        store(&init_odds[rule][s0][s1], v);
    }
    return v - 1;
}

static double round_start(int rule, glad g0, glad g1);
static double last_blow(int rule, int striker, glad g0, glad g1);

/* What k wounds on side `struck`'s gladiator lead to, split as suits that
 * side best; `next` is the side that strikes next this round (-1: the
 * round is over). k above its spare dice beats it. */
static double after_wounds(int rule, int struck, glad g0, glad g1, int k, int next)
{
    glad t = struck == 0 ? g0 : g1;
    if (k > t.a + t.d + t.s - 3)
        return struck == 0 ? 0.0 : 1.0;
    double best = struck == 0 ? -1.0 : 2.0;
    for (int x = 0; x <= k && x < t.a; x++)
        for (int y = 0; x + y <= k && y < t.d; y++) {
            int z = k - x - y;
            if (z >= t.s)
                continue;
            glad split = {t.a - x, t.d - y, t.s - z};
            glad h0 = struck == 0 ? split : g0, h1 = struck == 0 ? g1 : split;
            double v =
                next < 0 ? round_start(rule, h0, h1) : last_blow(rule, next, h0, h1);
            if (struck == 0 ? v > best : v < best)
                best = v;
        }
    return best;
}

/* The value when side `striker` deals the round's last blow. No wound
 * leads to the next round in the same state. */
static double last_blow(int rule, int striker, glad g0, glad g1)
{
    _Atomic float *slot = &second_value[rule][striker][state_index(g0, g1)];
    float cached = load(slot);
    if (cached != 0)
        return cached - 1;
    glad att = striker == 0 ? g0 : g1, def = striker == 0 ? g1 : g0;
    double v = wounds(att.a, def.d, 0) * round_start(rule, g0, g1);
    for (int k = 1; k <= att.a; k++)
        v += wounds(att.a, def.d, k) * after_wounds(rule, 1 - striker, g0, g1, k, -1);
    store(slot, (float)v + 1);
    return v;
}

/* The round when side `first` strikes first, less the path on which
 * neither blow wounds (it returns to this very state). */
static double first_blow(int rule, int first, glad g0, glad g1)
{
    glad att = first == 0 ? g0 : g1, def = first == 0 ? g1 : g0;
    double miss = wounds(att.a, def.d, 0), v = 0;
    for (int k = 1; k <= def.a; k++) /* a miss, then the answer's k wounds */
        v += miss * wounds(def.a, att.d, k) * after_wounds(rule, first, g0, g1, k, -1);
    for (int k = 1; k <= att.a; k++)
        v +=
            wounds(att.a, def.d, k) * after_wounds(rule, 1 - first, g0, g1, k, 1 - first);
    return v;
}

static double round_start(int rule, glad g0, glad g1)
{
    _Atomic float *slot = &round_value[rule][state_index(g0, g1)];
    float cached = load(slot);
    if (cached != 0)
        return cached - 1;
    double p0 = initiative(rule, g0.s, g1.s);
    double f0 = first_blow(rule, 0, g0, g1), f1 = first_blow(rule, 1, g0, g1);
    double both_miss = wounds(g0.a, g1.d, 0) * wounds(g1.a, g0.d, 0);
    double v = (p0 * fmax(f0, f1) + (1 - p0) * fmin(f0, f1)) / (1 - both_miss);
    store(slot, (float)v + 1);
    return v;
}

double arena_fight_value(int initiative_rule, int a0, int d0, int s0, int a1, int d1,
                         int s1)
{
    int dice[6] = {a0, d0, s0, a1, d1, s1};
    for (int i = 0; i < 6; i++)
        if (dice[i] < 1 || dice[i] > MAX_DIE)
            return -1;
    glad g0 = {a0, d0, s0}, g1 = {a1, d1, s1};
    return round_start(initiative_rule == INIT_SUM ? INIT_SUM : INIT_LEXICOGRAPHIC, g0,
                       g1);
}
