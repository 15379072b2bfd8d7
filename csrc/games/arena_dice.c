/* games/arena_dice.c: the exact odds of the arena's dice, as integer weights,
 * computed at outcome time without allocation: wounds of an attack (§5.5),
 * the spawn chance of the event roll (§5.9) and the initiative (§5.2). */
#include <assert.h>
#include <string.h>

#include "games/arena.h"

typedef unsigned __int128 u128;

static uint64_t binomial(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    uint64_t c = 1;
    for (int i = 0; i < k; i++)
        c = c * (uint64_t)(n - i) / (uint64_t)(i + 1);
    return c;
}

/* ------------------------------------------------------------------------
 * Wounds. Walk the faces from 6 down to 1; the state (na, nd, w) counts the
 * Attack and Defense dice showing this face or higher and the wounds so far.
 * Sorted high to low, the Attack die at position i (1-based) pairs with the
 * Defense die at position i: when it shows v and i > nd (every Defense die
 * at a position > nd shows less than v), it wounds; an unpaired one (i > d)
 * wounds when v >= 3. Choosing which dice show v multiplies by binomials, so
 * the final weights count the 6^(a+d) rolls. */
#define WMAX 11

void arena_wound_weights(int a, int d, uint64_t *weights)
{
    assert(a >= 1 && a < WMAX && d >= 1 && d <= 8);
    static const int zero = 0;
    (void)zero;
    uint64_t cur[WMAX][9][WMAX], next[WMAX][9][WMAX];
    memset(cur, 0, sizeof cur);
    cur[0][0][0] = 1;
    for (int v = 6; v >= 1; v--) {
        /* Defense dice showing v. */
        memset(next, 0, sizeof next);
        for (int na = 0; na <= a; na++)
            for (int nd = 0; nd <= d; nd++)
                for (int w = 0; w <= na; w++) {
                    uint64_t x = cur[na][nd][w];
                    if (!x)
                        continue;
                    int lo = v == 1 ? d - nd : 0;
                    for (int kd = lo; nd + kd <= d; kd++)
                        next[na][nd + kd][w] += x * binomial(d - nd, kd);
                }
        /* Attack dice showing v. */
        memset(cur, 0, sizeof cur);
        for (int na = 0; na <= a; na++)
            for (int nd = 0; nd <= d; nd++)
                for (int w = 0; w <= na; w++) {
                    uint64_t x = next[na][nd][w];
                    if (!x)
                        continue;
                    int lo = v == 1 ? a - na : 0, gain = 0;
                    for (int ka = 0; na + ka <= a; ka++) {
                        if (ka > 0) {
                            int i = na + ka; /* the position just added */
                            gain += (i > nd && i <= d) || (i > d && v >= 3);
                        }
                        if (ka >= lo)
                            cur[na + ka][nd][w + gain] += x * binomial(a - na, ka);
                    }
                }
    }
    for (int w = 0; w <= a; w++)
        weights[w] = cur[a][d][w];
}

/* ------------------------------------------------------------------------
 * The event roll. */

uint64_t arena_spawn_ways(int n, int spawn_rule)
{
    assert(n >= 0 && n <= 20);
    uint64_t all = 1;
    for (int i = 0; i < n; i++)
        all *= 6;
    if (spawn_rule == SPAWN_THREE_SIXES) {
        uint64_t fewer = 0; /* at most two sixes */
        for (int k = 0; k <= 2 && k <= n; k++) {
            uint64_t p = binomial(n, k);
            for (int i = 0; i < n - k; i++)
                p *= 5;
            fewer += p;
        }
        return all - fewer;
    }
    /* Rolls in which every face shows at most twice. */
    uint64_t f[21] = {1};
    for (int face = 0; face < 6; face++) {
        uint64_t g[21] = {0};
        for (int j = 0; j <= n; j++)
            for (int c = 0; c <= 2 && j + c <= n; c++)
                g[j + c] += f[j] * binomial(n - j, c);
        memcpy(f, g, sizeof f);
    }
    return all - f[n];
}

/* ------------------------------------------------------------------------
 * Initiative. Everyone rolls; an order counts only when all rolls differ
 * (ties reroll). Walk the roll values from the highest down; at each value at
 * most one combatant not yet ranked takes it, multiplying the weight by its
 * number of ways to roll that value. The state is (mask of ranked
 * combatants, key), the key holding only what the outcome's spelling needs:
 *     bits 0..1  team of the top combatant (3 = none yet)
 *     bits 2..3  when team A is on top: side of the best gladiator + 1
 *     bits 4..9  ranked animals on the board, 2 bits each (slot index + 1),
 *                kept only when 2 or more are on the board. */
#define INIT_MAX_KEYS 24
#define INIT_MAX_UNITS 7

typedef struct init_dp {
    int n;                      /* combatants rolling                      */
    int unit[INIT_MAX_UNITS];   /* their unit slots                        */
    int speed[INIT_MAX_UNITS];
    int board_index[INIT_MAX_UNITS]; /* on-board animal index, or -1 (or none tracked) */
    int track_animals;          /* 2+ animals on the board                 */
    int n_keys[1 << INIT_MAX_UNITS];
    uint16_t keys[1 << INIT_MAX_UNITS][INIT_MAX_KEYS];
    u128 weight[1 << INIT_MAX_UNITS][INIT_MAX_KEYS];
} init_dp;

static uint16_t next_key(const init_dp *dp, unsigned mask, uint16_t key, int c, int team)
{
    int first = key & 3, best_side = (key >> 2) & 3, seq = key >> 4;
    if (first == 3)
        first = team;
    else if (first == TEAM_A && team != TEAM_A && best_side == 0)
        best_side = team + 1;
    if (dp->track_animals && dp->board_index[c] >= 0) {
        int placed = 0;
        for (int i = 0; i < dp->n; i++)
            placed += ((mask >> i) & 1) && dp->board_index[i] >= 0;
        seq |= (dp->board_index[c] + 1) << (2 * placed);
    }
    return (uint16_t)(first | best_side << 2 | seq << 4);
}

static void add_state(init_dp *dp, unsigned mask, uint16_t key, u128 w)
{
    int n = dp->n_keys[mask];
    for (int i = 0; i < n; i++)
        if (dp->keys[mask][i] == key) {
            dp->weight[mask][i] += w;
            return;
        }
    assert(n < INIT_MAX_KEYS);
    dp->keys[mask][n] = key;
    dp->weight[mask][n] = w;
    dp->n_keys[mask] = n + 1;
}

/* One roll value: ways[c] is combatant c's number of ways to roll it. */
static void take_value(init_dp *dp, const uint64_t *ways, const int *team)
{
    unsigned full = (1u << dp->n) - 1;
    for (int mask = (int)full - 1; mask >= 0; mask--) {
        int n_keys = dp->n_keys[mask];
        for (int c = 0; c < dp->n && n_keys; c++) {
            if (((unsigned)mask >> c) & 1 || ways[c] == 0)
                continue;
            unsigned to = (unsigned)mask | 1u << c;
            for (int i = 0; i < n_keys; i++)
                add_state(dp, to, next_key(dp, (unsigned)mask, dp->keys[mask][i], c, team[c]),
                          dp->weight[mask][i] * ways[c]);
        }
    }
}

static uint64_t multinomial(const int *multiplicity, int size)
{
    static const uint64_t fact[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
    uint64_t r = fact[size];
    for (int f = 0; f < 6; f++)
        r /= fact[multiplicity[f]];
    return r;
}

/* Lexicographic order: sorted rolls, longer beats its own prefix. Visits the
 * non-increasing tuples below `prefix` in descending order (post-order, the
 * higher next die first), feeding those of a rolled size to the DP. */
static void lexicographic_walk(init_dp *dp, const int *team, int *multiplicity, int len,
                               int last, int max_len, unsigned sizes)
{
    if (len < max_len)
        for (int x = last; x >= 1; x--) {
            multiplicity[x - 1]++;
            lexicographic_walk(dp, team, multiplicity, len + 1, x, max_len, sizes);
            multiplicity[x - 1]--;
        }
    if (len == 0 || !((sizes >> len) & 1))
        return;
    uint64_t ways[INIT_MAX_UNITS], count = multinomial(multiplicity, len);
    for (int c = 0; c < dp->n; c++)
        ways[c] = dp->speed[c] == len ? count : 0;
    take_value(dp, ways, team);
}

static void sum_walk(init_dp *dp, const int *team)
{
    uint64_t sums[9][49] = {{1}};
    for (int s = 1; s <= 8; s++)
        for (int v = 0; v <= 6 * s; v++)
            for (int f = 1; f <= 6 && f <= v; f++)
                sums[s][v] += sums[s - 1][v - f];
    for (int v = 48; v >= 1; v--) {
        uint64_t ways[INIT_MAX_UNITS];
        int any = 0;
        for (int c = 0; c < dp->n; c++)
            any |= (ways[c] = sums[dp->speed[c]][v]) != 0;
        if (any)
            take_value(dp, ways, team);
    }
}

static u128 gcd128(u128 a, u128 b)
{
    while (b) {
        u128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Turns a final key into the outcome move (MK_INIT). */
static sa_move init_move(const arena_state *st, const init_dp *dp, uint16_t key)
{
    int first = key & 3, best_side = ((key >> 2) & 3) - 1, seq = key >> 4;
    uint64_t payload = (uint64_t)first;
    if (first == TEAM_A) {
        int sides[2], n = 0;
        int has0 = (st->dyn.alive & 3) != 0, has1 = (st->dyn.alive & 12) != 0;
        if (has0 && has1) {
            sides[n++] = best_side;
            sides[n++] = 1 - best_side;
        } else {
            sides[n++] = has0 ? 0 : 1;
        }
        payload |= (uint64_t)n << 2;
        for (int i = 0; i < n; i++)
            payload |= (uint64_t)sides[i] << (4 + 2 * i);
    }
    if (dp->track_animals) {
        int n = 0, on_board[3];
        for (int c = 0; c < dp->n; c++)
            if (dp->board_index[c] >= 0)
                on_board[dp->board_index[c]] = dp->unit[c];
        for (int i = 0; i < 3 && ((seq >> (2 * i)) & 3); i++)
            payload |= (uint64_t)on_board[((seq >> (2 * i)) & 3) - 1] << (10 + 3 * i), n++;
        payload |= (uint64_t)n << 8;
    }
    return mv_make(MK_INIT, payload);
}

int arena_initiative_outcomes(const arena_state *st, sa_move *out, uint64_t *weights)
{
    init_dp dp;
    int team[INIT_MAX_UNITS], n_board = 0;
    unsigned sizes = 0;
    dp.n = 0;
    for (int u = 0; u < ARENA_UNITS; u++) {
        if (!((st->dyn.alive >> u) & 1))
            continue;
        int c = dp.n++;
        dp.unit[c] = u;
        dp.speed[c] = st->dyn.speed[u];
        team[c] = arena_team(u);
        dp.board_index[c] = arena_is_animal(u) && st->dyn.hex[u] != ARENA_NO_HEX ? n_board++ : -1;
        sizes |= 1u << dp.speed[c];
    }
    dp.track_animals = n_board >= 2;
    memset(dp.n_keys, 0, sizeof dp.n_keys[0] << dp.n);
    dp.n_keys[0] = 1;
    dp.keys[0][0] = 3;
    dp.weight[0][0] = 1;
    int max_len = 0, multiplicity[6] = {0};
    for (int c = 0; c < dp.n; c++)
        max_len = dp.speed[c] > max_len ? dp.speed[c] : max_len;
    if (st->fixed.initiative == INIT_SUM)
        sum_walk(&dp, team);
    else
        lexicographic_walk(&dp, team, multiplicity, 0, 6, max_len, sizes);
    unsigned full = (1u << dp.n) - 1;
    if (dp.n_keys[full] == 0) {
        /* No roll can make every result differ: a uniform order (§5.2). */
        memset(dp.n_keys, 0, sizeof dp.n_keys[0] << dp.n);
        dp.n_keys[0] = 1;
        uint64_t ones[INIT_MAX_UNITS];
        for (int c = 0; c < dp.n; c++)
            ones[c] = 1;
        for (int r = 0; r < dp.n; r++)
            take_value(&dp, ones, team);
    }
    int n = dp.n_keys[full];
    u128 g = 0, top = 0;
    for (int i = 0; i < n; i++)
        g = gcd128(g, dp.weight[full][i]);
    for (int i = 0; i < n; i++) {
        u128 w = dp.weight[full][i] / g;
        top = w > top ? w : top;
    }
    int shift = 0; /* beyond 64 bits: the nearest weights that fit (see docs) */
    while ((top >> shift) > (u128)UINT64_MAX / 64)
        shift++;
    for (int i = 0; i < n; i++) {
        u128 w = dp.weight[full][i] / g;
        if (shift)
            w = (w + ((u128)1 << (shift - 1))) >> shift;
        weights[i] = w ? (uint64_t)w : 1;
        out[i] = init_move(st, &dp, dp.keys[full][i]);
    }
    return n;
}
