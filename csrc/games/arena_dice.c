/* games/arena_dice.c: the exact odds of the arena's dice, as integer weights,
 * computed at outcome time without allocation: wounds of an attack (§5.5),
 * the spawn chance of the event roll (§5.9) and the initiative (§5.2). */
#include <assert.h>
#include <string.h>

#include "games/arena.h"

typedef unsigned __int128 u128;

/* Pascal's triangle, C(n, k) for n, k <= 10. */
static const uint64_t pascal[11][11] = {{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                                        {1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                                        {1, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0},
                                        {1, 3, 3, 1, 0, 0, 0, 0, 0, 0, 0},
                                        {1, 4, 6, 4, 1, 0, 0, 0, 0, 0, 0},
                                        {1, 5, 10, 10, 5, 1, 0, 0, 0, 0, 0},
                                        {1, 6, 15, 20, 15, 6, 1, 0, 0, 0, 0},
                                        {1, 7, 21, 35, 35, 21, 7, 1, 0, 0, 0},
                                        {1, 8, 28, 56, 70, 56, 28, 8, 1, 0, 0},
                                        {1, 9, 36, 84, 126, 126, 84, 36, 9, 1, 0},
                                        {1, 10, 45, 120, 210, 252, 210, 120, 45, 10, 1}};

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
#define WMAX 11 /* Attack dice: 8, or a charging rhino's 2 + 2 */

void arena_wound_weights(int a, int d, uint64_t *weights)
{
    assert(a >= 1 && a < WMAX && d >= 1 && d <= 8);
    /* cur/next[(na * (d + 1) + nd) * (a + 1) + w] */
    uint64_t cur[WMAX * 9 * WMAX], next[WMAX * 9 * WMAX];
    const uint64_t(*choose_a)[11] = pascal, (*choose_d)[11] = pascal;
    int stride_nd = a + 1, stride_na = (d + 1) * (a + 1), size = (a + 1) * stride_na;
    memset(cur, 0, sizeof cur[0] * (size_t)size);
    cur[0] = 1;
    /* Faces 6..2; the dice left then all show 1, which wounds nobody (a 1
     * never beats a Defense die and an unpaired 1 is below 3). */
    for (int v = 6; v >= 2; v--) {
        /* Defense dice showing v. */
        memset(next, 0, sizeof next[0] * (size_t)size);
        for (int na = 0; na <= a; na++)
            for (int nd = 0; nd <= d; nd++)
                for (int w = 0; w <= na; w++) {
                    uint64_t x = cur[na * stride_na + nd * stride_nd + w];
                    if (!x)
                        continue;
                    for (int kd = 0; nd + kd <= d; kd++)
                        next[na * stride_na + (nd + kd) * stride_nd + w] +=
                            x * choose_d[d - nd][kd];
                }
        /* Attack dice showing v: the die at sorted position i wounds when it
         * is paired with a lower Defense die (nd < i <= d) or unpaired with
         * v >= 3. */
        memset(cur, 0, sizeof cur[0] * (size_t)size);
        for (int na = 0; na <= a; na++)
            for (int nd = 0; nd <= d; nd++)
                for (int w = 0; w <= na; w++) {
                    uint64_t x = next[na * stride_na + nd * stride_nd + w];
                    if (!x)
                        continue;
                    int gain = 0;
                    for (int ka = 0; na + ka <= a; ka++) {
                        if (ka > 0) {
                            int i = na + ka;
                            gain += (i > nd && i <= d) || (i > d && v >= 3);
                        }
                        cur[(na + ka) * stride_na + nd * stride_nd + w + gain] +=
                            x * choose_a[a - na][ka];
                    }
                }
    }
    for (int w = 0; w <= a; w++)
        weights[w] = 0;
    for (int na = 0; na <= a; na++)
        for (int nd = 0; nd <= d; nd++)
            for (int w = 0; w <= na; w++)
                weights[w] += cur[na * stride_na + nd * stride_nd + w];
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
 * number of ways to roll that value (§5.2, "Computing it exactly").
 *
 * A DP state is (mask of ranked combatants, key), the key holding only what
 * the outcome's spelling needs:
 *     bits 0..1  team of the top combatant (3 = none yet)
 *     bits 2..3  when team A is on top: side of the best gladiator + 1
 *     bits 4..9  ranked animals on the board, 2 bits each (index + 1),
 *                kept only when 2 or more are on the board.
 * The states and the transitions between them do not depend on the values,
 * so they are built once (in increasing mask order); each value then only
 * runs the transitions of the combatants that can roll it, sources in
 * decreasing mask order so that no path takes one value twice.
 * Bounds (4 gladiators, 3 animals on the board, counted exhaustively): 760
 * states, 1967 transitions, 24 keys for one mask. */
#define INIT_MAX_UNITS 7
#define INIT_MAX_KEYS 24
#define INIT_MAX_STATES 1024
#define INIT_MAX_TRANS 2048

typedef struct init_dp {
    int n;                    /* combatants rolling                  */
    int unit[INIT_MAX_UNITS]; /* their unit slots                    */
    int speed[INIT_MAX_UNITS];
    int team[INIT_MAX_UNITS];
    int board_index[INIT_MAX_UNITS]; /* index among animals on the board, or -1 */
    int track_animals;               /* 2+ animals on the board             */
    int n_states, n_trans;
    uint8_t state_mask[INIT_MAX_STATES];
    uint16_t state_key[INIT_MAX_STATES];
    int narrow; /* 6^(total Speed) < 2^64: use weight64 */
    u128 weight[INIT_MAX_STATES];
    uint64_t weight64[INIT_MAX_STATES];
    uint16_t trans_from[INIT_MAX_TRANS], trans_to[INIT_MAX_TRANS];
    uint8_t trans_who[INIT_MAX_TRANS];
    /* transitions grouped by the mover's Speed, each group in decreasing
     * source order: group s is trans_order[group_start[s] .. group_start[s+1]) */
    uint16_t trans_order[INIT_MAX_TRANS];
    int group_start[10];
} init_dp;

static uint16_t next_key(const init_dp *dp, unsigned mask, uint16_t key, int c)
{
    int first = key & 3, best_side = (key >> 2) & 3, seq = key >> 4, team = dp->team[c];
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

/* Builds every state reachable from (empty, none) and the transitions. */
static void build_states(init_dp *dp)
{
    static const int none = 3;
    uint16_t by_mask[1 << INIT_MAX_UNITS][INIT_MAX_KEYS];
    uint8_t n_by_mask[1 << INIT_MAX_UNITS];
    unsigned full = (1u << dp->n) - 1;
    memset(n_by_mask, 0, sizeof n_by_mask[0] * (full + 1));
    dp->n_states = 1, dp->n_trans = 0;
    dp->state_mask[0] = 0, dp->state_key[0] = none;
    by_mask[0][0] = 0, n_by_mask[0] = 1;
    for (unsigned mask = 0; mask < full; mask++) {
        for (int i = 0; i < n_by_mask[mask]; i++) {
            int from = by_mask[mask][i];
            for (int c = 0; c < dp->n; c++) {
                if ((mask >> c) & 1)
                    continue;
                unsigned to_mask = mask | 1u << c;
                uint16_t key = next_key(dp, mask, dp->state_key[from], c);
                int to = -1;
                for (int k = 0; k < n_by_mask[to_mask] && to < 0; k++)
                    if (dp->state_key[by_mask[to_mask][k]] == key)
                        to = by_mask[to_mask][k];
                if (to < 0) {
                    assert(dp->n_states < INIT_MAX_STATES &&
                           n_by_mask[to_mask] < INIT_MAX_KEYS);
                    to = dp->n_states++;
                    dp->state_mask[to] = (uint8_t)to_mask, dp->state_key[to] = key;
                    by_mask[to_mask][n_by_mask[to_mask]++] = (uint16_t)to;
                }
                assert(dp->n_trans < INIT_MAX_TRANS);
                dp->trans_from[dp->n_trans] = (uint16_t)from;
                dp->trans_to[dp->n_trans] = (uint16_t)to;
                dp->trans_who[dp->n_trans++] = (uint8_t)c;
            }
        }
    }
    /* Group by Speed, keeping decreasing source order inside a group. */
    int count[10] = {0};
    for (int t = 0; t < dp->n_trans; t++)
        count[dp->speed[dp->trans_who[t]]]++;
    dp->group_start[0] = 0;
    for (int s = 0; s < 9; s++)
        dp->group_start[s + 1] = dp->group_start[s] + count[s];
    int fill[10];
    memcpy(fill, dp->group_start, sizeof fill);
    for (int t = dp->n_trans - 1; t >= 0; t--)
        dp->trans_order[fill[dp->speed[dp->trans_who[t]]]++] = (uint16_t)t;
    for (int s = 0; s < dp->n_states; s++)
        dp->weight[s] = 0, dp->weight64[s] = 0;
    dp->weight[0] = 1, dp->weight64[0] = 1;
}

/* One roll value that only combatants of Speed `size` can roll, in `ways` ways. */
static void take_value_of_size(init_dp *dp, int size, uint64_t ways)
{
    if (dp->narrow) {
        for (int i = dp->group_start[size]; i < dp->group_start[size + 1]; i++) {
            int t = dp->trans_order[i];
            dp->weight64[dp->trans_to[t]] += dp->weight64[dp->trans_from[t]] * ways;
        }
        return;
    }
    for (int i = dp->group_start[size]; i < dp->group_start[size + 1]; i++) {
        int t = dp->trans_order[i];
        dp->weight[dp->trans_to[t]] += dp->weight[dp->trans_from[t]] * ways;
    }
}

/* One roll value: ways[s] ways to roll it with s dice (any combatant). */
static void take_value_any(init_dp *dp, const uint64_t *ways)
{
    if (dp->narrow) {
        for (int t = dp->n_trans - 1; t >= 0; t--) {
            uint64_t w = ways[dp->speed[dp->trans_who[t]]];
            dp->weight64[dp->trans_to[t]] += dp->weight64[dp->trans_from[t]] * w;
        }
        return;
    }
    for (int t = dp->n_trans - 1; t >= 0; t--) {
        uint64_t w = ways[dp->speed[dp->trans_who[t]]];
        if (w)
            dp->weight[dp->trans_to[t]] += dp->weight[dp->trans_from[t]] * w;
    }
}

/* Lexicographic order: sorted rolls, a roll above its own prefixes. Visits the
 * non-increasing tuples extending the current one in descending order
 * (post-order, the higher next die first), feeding those of a rolled size. */
static void lexicographic_walk(init_dp *dp, int *multiplicity, int len, int last,
                               int max_len, unsigned sizes, uint64_t ways)
{
    if (len < max_len)
        for (int x = last; x >= 1; x--) {
            /* one more x: len!/prod(m!) becomes (len+1)!/prod(m!)/(m_x+1) */
            int m = ++multiplicity[x - 1];
            lexicographic_walk(dp, multiplicity, len + 1, x, max_len, sizes,
                               ways * (uint64_t)(len + 1) / (uint64_t)m);
            multiplicity[x - 1]--;
        }
    if (len > 0 && ((sizes >> len) & 1)) {
        take_value_of_size(dp, len, ways);
    }
}

static void sum_walk(init_dp *dp)
{
    uint64_t sums[9][49] = {{1}};
    for (int s = 1; s <= 8; s++)
        for (int v = s; v <= 6 * s; v++)
            for (int f = 1; f <= 6 && f <= v; f++)
                sums[s][v] += sums[s - 1][v - f];
    for (int v = 48; v >= 1; v--) {
        uint64_t ways[9];
        for (int s = 0; s <= 8; s++)
            ways[s] = s ? sums[s][v] : 0;
        take_value_any(dp, ways);
    }
}

static u128 gcd128(u128 a, u128 b)
{
    if ((a >> 64) == 0 && (b >> 64) == 0) { /* the usual case, in 64 bits */
        uint64_t x = (uint64_t)a, y = (uint64_t)b;
        while (y) {
            uint64_t t = x % y;
            x = y;
            y = t;
        }
        return x;
    }
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
        int n = 0, on_board[3] = {0, 0, 0};
        for (int c = 0; c < dp->n; c++)
            if (dp->board_index[c] >= 0)
                on_board[dp->board_index[c]] = dp->unit[c];
        for (int i = 0; i < 3 && ((seq >> (2 * i)) & 3); i++)
            payload |= (uint64_t)on_board[((seq >> (2 * i)) & 3) - 1] << (10 + 3 * i),
                n++;
        payload |= (uint64_t)n << 8;
    }
    return mv_make(MK_INIT, payload);
}

/* Fills dp->weight: the weight of each DP state once every roll value is
 * taken, for the combatants already in dp (n, unit, speed, team,
 * board_index, track_animals) under the rule `initiative`. */
static void initiative_weights(init_dp *dp, int initiative)
{
    int max_len = 0, total_speed = 0, multiplicity[6] = {0};
    unsigned sizes = 0;
    for (int c = 0; c < dp->n; c++) {
        sizes |= 1u << dp->speed[c];
        max_len = dp->speed[c] > max_len ? dp->speed[c] : max_len;
        total_speed += dp->speed[c];
    }
    dp->narrow = total_speed <= 24; /* 6^24 < 2^63 bounds every weight */
    build_states(dp);
    if (initiative == INIT_SUM)
        sum_walk(dp);
    else
        lexicographic_walk(dp, multiplicity, 0, 6, max_len, sizes, 1);
    if (dp->narrow)
        for (int s = 0; s < dp->n_states; s++)
            dp->weight[s] = dp->weight64[s];
}

double arena_initiative_chance(int initiative, int speed0, int speed1)
{
    assert(speed0 >= 1 && speed0 <= 8 && speed1 >= 1 && speed1 <= 8);
    init_dp dp;
    dp.n = 2, dp.track_animals = 0;
    for (int side = 0; side < 2; side++) {
        dp.unit[side] = 2 * side; /* the side's first gladiator slot */
        dp.speed[side] = side == 0 ? speed0 : speed1;
        dp.team[side] = side;
        dp.board_index[side] = -1;
    }
    initiative_weights(&dp, initiative);
    double first[2] = {0, 0}; /* weight of the orders each side tops */
    for (int s = 0; s < dp.n_states; s++)
        if (dp.state_mask[s] == 3)
            first[dp.state_key[s] & 3] += (double)dp.weight[s];
    return first[0] / (first[0] + first[1]);
}

int arena_initiative_outcomes(const arena_state *st, sa_move *out, uint64_t *weights)
{
    init_dp dp;
    int n_board = 0;
    dp.n = 0;
    for (int u = 0; u < ARENA_UNITS; u++) {
        if (!((st->dyn.alive >> u) & 1))
            continue;
        int c = dp.n++;
        dp.unit[c] = u;
        dp.speed[c] = st->dyn.speed[u];
        dp.team[c] = arena_team(u);
        dp.board_index[c] =
            arena_is_animal(u) && st->dyn.hex[u] != ARENA_NO_HEX ? n_board++ : -1;
    }
    dp.track_animals = n_board >= 2;
    initiative_weights(&dp, st->fixed.initiative);
    unsigned full = (1u << dp.n) - 1;
    u128 g = 0;
    for (int s = 0; s < dp.n_states; s++)
        if (dp.state_mask[s] == full)
            g = gcd128(g, dp.weight[s]);
    if (g == 0) {
        /* No roll can make every result differ: a uniform order (§5.2). */
        for (int s = 1; s < dp.n_states; s++)
            dp.weight[s] = 0;
        dp.narrow = 0;
        uint64_t ones[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
        for (int r = 0; r < dp.n; r++)
            take_value_any(&dp, ones);
        g = 1;
    }
    u128 top = 0;
    for (int s = 0; s < dp.n_states; s++)
        if (dp.state_mask[s] == full && dp.weight[s] / g > top)
            top = dp.weight[s] / g;
    int shift = 0; /* beyond 58 bits: the nearest weights that fit (docs) */
    while ((top >> shift) > (u128)UINT64_MAX / 64)
        shift++;
    int n = 0;
    for (int s = 0; s < dp.n_states; s++) {
        if (dp.state_mask[s] != full || dp.weight[s] == 0)
            continue; /* an order no roll can give is no outcome */
        u128 w = dp.weight[s] / g;
        if (shift)
            w = (w + ((u128)1 << (shift - 1))) >> shift;
        weights[n] = w ? (uint64_t)w : 1;
        out[n++] = init_move(st, &dp, dp.state_key[s]);
    }
    return n;
}
