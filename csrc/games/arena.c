/* games/arena.c: the rules of the arena (rule book §5): the phase machine,
 * legal moves, chance outcomes, apply with the forced-step collapse of §5,
 * and the incremental Zobrist key. No allocation, no I/O. */
#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "common/rng.h"
#include "games/arena.h"

const char *const arena_roster_names[ARENA_ROSTER_NB] = {
    "champion", "dimachaerus", "hoplomachus", "murmillo",
    "novice",   "retiarius",   "thraex"};
const uint8_t arena_roster_stats[ARENA_ROSTER_NB][3] = {
    {5, 4, 3}, {4, 2, 3}, {3, 3, 3}, {3, 4, 2}, {2, 2, 2}, {3, 2, 4}, {4, 3, 2}};
const char *const arena_species_names[SPECIES_NB] = {"lion", "bear", "rhino"};
const uint8_t arena_species_stats[SPECIES_NB][3] = {{5, 1, 4}, {4, 3, 3}, {2, 5, 3}};

static const int neighbour_offset[6] = {+1,       -1,          +ARENA_W,
                                        -ARENA_W, 1 - ARENA_W, ARENA_W - 1};

/* ------------------------------------------------------------------------
 * Zobrist key: one term per (byte offset of dyn, value). */

static inline uint64_t zobrist_term(unsigned offset, unsigned value)
{
    uint64_t x = 0xA5E7A0000000ULL ^ ((uint64_t)offset << 16) ^ value;
    return sa_splitmix64(&x);
}

static inline void put8(arena_state *st, uint8_t *field, unsigned value)
{
    unsigned offset = (unsigned)((uint8_t *)field - (uint8_t *)&st->dyn);
    assert(offset >= 2 * ARENA_DYN_WORDS && offset < sizeof st->dyn);
    assert(value < 256);
    if (*field == value)
        return;
    st->key ^= zobrist_term(offset, *field) ^ zobrist_term(offset, value);
    *field = (uint8_t)value;
}

static inline void put16(arena_state *st, uint16_t *field, unsigned value)
{
    unsigned offset = (unsigned)((uint8_t *)field - (uint8_t *)&st->dyn);
    assert(offset < 2 * ARENA_DYN_WORDS);
    if (*field == value)
        return;
    st->key ^= zobrist_term(offset, *field) ^ zobrist_term(offset, value);
    *field = (uint16_t)value;
}

uint64_t arena_fixed_key(const arena_fixed *fixed)
{
    uint64_t key = 0x5A11A7A1ULL;
    const uint8_t *bytes = (const uint8_t *)fixed;
    size_t hashed = offsetof(arena_fixed, names); /* labels are not play */
    for (size_t i = 0; i < hashed; i++) {
        uint64_t x = key ^ ((uint64_t)i << 8) ^ bytes[i];
        key = sa_splitmix64(&x);
    }
    return key;
}

uint64_t arena_hash_from_scratch(const void *state)
{
    const arena_state *st = state;
    uint64_t key = arena_fixed_key(&st->fixed);
    for (unsigned i = 0; i < ARENA_DYN_WORDS; i++)
        key ^= zobrist_term(2 * i, (&st->dyn.hex[0])[i]);
    const uint8_t *bytes = (const uint8_t *)&st->dyn;
    for (unsigned o = 2 * ARENA_DYN_WORDS; o < sizeof st->dyn; o++)
        key ^= zobrist_term(o, bytes[o]);
    return key;
}

/* ------------------------------------------------------------------------
 * Geometry and combatants. */

int arena_in_board(const arena_state *st, int hex)
{
    return hex >= 0 && hex < ARENA_CELLS &&
           ((st->fixed.hexes[hex >> 6] >> (hex & 63)) & 1);
}

int arena_distance(int a, int b)
{
    int dq = arena_hex_q(a) - arena_hex_q(b), dr = arena_hex_r(a) - arena_hex_r(b);
    int s = dq + dr;
    return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (s < 0 ? -s : s)) / 2;
}

static inline int is_alive(const arena_state *st, int u)
{
    return (st->dyn.alive >> u) & 1;
}
static inline int on_board(const arena_state *st, int u)
{
    return is_alive(st, u) && st->dyn.hex[u] != ARENA_NO_HEX;
}

/* The unit on `hex`, or -1. */
static int unit_at(const arena_state *st, int hex)
{
    for (int u = 0; u < ARENA_UNITS; u++)
        if (on_board(st, u) && st->dyn.hex[u] == hex)
            return u;
    return -1;
}

static int is_free(const arena_state *st, int hex)
{
    return arena_in_board(st, hex) && unit_at(st, hex) < 0;
}

static int side_has_gladiators(const arena_state *st, int side)
{
    return (st->dyn.alive >> (2 * side)) & 3;
}

static unsigned on_board_animals(const arena_state *st)
{
    unsigned mask = 0;
    for (int u = ARENA_FIRST_ANIMAL; u < ARENA_UNITS; u++)
        if (on_board(st, u))
            mask |= 1u << u;
    return mask;
}

/* Enemies of a gladiator, foes of an animal (§3): units on the board. */
unsigned arena_enemies(const arena_state *st, int u)
{
    unsigned mask = 0;
    for (int v = 0; v < ARENA_UNITS; v++) {
        if (v == u || !on_board(st, v))
            continue;
        if (!arena_is_animal(u)) {
            if (arena_is_animal(v) || arena_team(v) != arena_team(u))
                mask |= 1u << v;
        } else if (!arena_is_animal(v) || st->dyn.species[v] != st->dyn.species[u]) {
            mask |= 1u << v;
        }
    }
    return mask;
}

/* The units of `mask` next to unit u. */
unsigned arena_adjacent(const arena_state *st, int u, unsigned mask)
{
    unsigned out = 0;
    for (int v = 0; v < ARENA_UNITS; v++)
        if (((mask >> v) & 1) && arena_distance(st->dyn.hex[u], st->dyn.hex[v]) == 1)
            out |= 1u << v;
    return out;
}

int arena_spare(const arena_state *st, int u)
{
    return st->dyn.attack[u] + st->dyn.defense[u] + st->dyn.speed[u] - 3;
}

int arena_is_wounded(const arena_state *st, int u)
{
    if (!arena_is_animal(u))
        return st->dyn.wounds[u] > 0;
    const uint8_t *full = arena_species_stats[st->dyn.species[u]];
    return st->dyn.attack[u] < full[0] || st->dyn.defense[u] < full[1] ||
           st->dyn.speed[u] < full[2];
}

/* Teams with combatants on the board, as a bit mask over 0, 1, A. */
int arena_teams_on_board(const arena_state *st)
{
    return (side_has_gladiators(st, 0) ? 1 : 0) | (side_has_gladiators(st, 1) ? 2 : 0) |
           (on_board_animals(st) ? 4 : 0);
}

int arena_event_roll_due(const arena_state *st)
{
    return st->fixed.animals && st->dyn.n_animals < 3 && st->dyn.pool >= 3;
}

/* Whether the combat is decided (§5.10); *result gets the code of dyn.result. */
int arena_is_over(const arena_state *st, int *result)
{
    int g0 = side_has_gladiators(st, 0) != 0, g1 = side_has_gladiators(st, 1) != 0;
    if (!g0 && !g1) {
        *result = 3;
        return 1;
    }
    if ((!g0 || !g1) && st->dyn.n_animals == 0) {
        *result = g0 ? 1 : 2;
        return 1;
    }
    return 0;
}

/* The unit with the (k)th smallest... helpers over masks. */
static inline int popcount(unsigned x)
{
    return __builtin_popcount(x);
}

/* ------------------------------------------------------------------------
 * State transitions. Each leaves the state at a real choice, at a forced
 * one (collapsed by settle()), or over. */

static void end_activation(arena_state *st);
static void start_round(arena_state *st);

static void set_active_fields(arena_state *st, int moved, int attacked, int steps,
                              int left, int target)
{
    put8(st, &st->dyn.moved, (unsigned)moved);
    put8(st, &st->dyn.attacked, (unsigned)attacked);
    put8(st, &st->dyn.steps, (unsigned)steps);
    put8(st, &st->dyn.left, (unsigned)left);
    put8(st, &st->dyn.target, (unsigned)target);
}

static void set_pending(arena_state *st, int attacker, int target, int wounds)
{
    put8(st, &st->dyn.pend_attacker, (unsigned)attacker);
    put8(st, &st->dyn.pend_target, (unsigned)target);
    put8(st, &st->dyn.pend_wounds, (unsigned)wounds);
}

static void clear_round_state(arena_state *st)
{
    put8(st, &st->dyn.n_teams, 0);
    for (int i = 0; i < 3; i++) {
        put8(st, &st->dyn.team_order[i], 0);
        put8(st, &st->dyn.animal_order[i], 0);
    }
    put8(st, &st->dyn.n_animal_order, 0);
    put8(st, &st->dyn.slot, 0);
    put8(st, &st->dyn.acted, 0);
    put8(st, &st->dyn.chooser, 0);
    put8(st, &st->dyn.active, 0);
    set_active_fields(st, 0, 0, 0, 0, 0);
    set_pending(st, 0, 0, 0);
}

static void game_over(arena_state *st, int result)
{
    clear_round_state(st);
    put8(st, &st->dyn.phase, PH_OVER);
    put8(st, &st->dyn.result, (unsigned)result);
}

static void remove_from_list(arena_state *st, uint8_t *list, uint8_t *count, int u)
{
    int n = *count, j = 0;
    for (int i = 0; i < n; i++)
        if (list[i] != u)
            put8(st, &list[j++], list[i]);
    for (int i = j; i < n; i++)
        put8(st, &list[i], 0);
    put8(st, count, (unsigned)j);
}

/* Removes a defeated unit (§5.6). Returns 1 when the combat is over. */
static int defeat(arena_state *st, int u)
{
    put16(st, &st->dyn.hex[u], ARENA_NO_HEX);
    put8(st, &st->dyn.attack[u], 0);
    put8(st, &st->dyn.defense[u], 0);
    put8(st, &st->dyn.speed[u], 0);
    put8(st, &st->dyn.wounds[u], 0);
    put8(st, &st->dyn.species[u], 0);
    put8(st, &st->dyn.entry[u], 0);
    put8(st, &st->dyn.alive, st->dyn.alive & ~(1u << u));
    put8(st, &st->dyn.acted, st->dyn.acted & ~(1u << u));
    if (arena_is_animal(u)) {
        remove_from_list(st, st->dyn.animal_order, &st->dyn.n_animal_order, u);
        remove_from_list(st, st->dyn.animal_age, &st->dyn.n_animals, u);
    }
    if (st->fixed.animals && st->fixed.format == FORMAT_PRIMUS && st->dyn.pool < 20)
        put8(st, &st->dyn.pool, st->dyn.pool + 1u);
    int result;
    if (arena_is_over(st, &result)) {
        game_over(st, result);
        return 1;
    }
    return 0;
}

static int has_unacted(const arena_state *st, int team)
{
    for (int u = 0; u < ARENA_UNITS; u++)
        if (arena_team(u) == team && on_board(st, u) && !((st->dyn.acted >> u) & 1))
            return 1;
    return 0;
}

static void activate(arena_state *st, int u)
{
    put8(st, &st->dyn.acted, st->dyn.acted | (1u << u));
    put8(st, &st->dyn.active, (unsigned)u + 1);
    set_active_fields(st, 0, 0, 0, 0, 0);
    if (!arena_is_animal(u)) {
        put8(st, &st->dyn.phase, PH_ACT);
        return;
    }
    unsigned adjacent = arena_adjacent(st, u, arena_enemies(st, u));
    put8(st, &st->dyn.phase, adjacent ? PH_ANIMAL_TARGET : PH_BEHAVIOUR);
}

/* Gives the turn to the team at `slot` or the next one with a combatant left
 * to act (§5.3); ends the round when none has. */
static void next_activation(arena_state *st)
{
    int n = st->dyn.n_teams;
    for (int i = 0; i < n; i++) {
        int slot = (st->dyn.slot + i) % n, team = st->dyn.team_order[slot];
        if (!has_unacted(st, team))
            continue;
        put8(st, &st->dyn.slot, (unsigned)slot);
        if (team == TEAM_A) {
            for (int k = 0; k < st->dyn.n_animal_order; k++) {
                int u = st->dyn.animal_order[k];
                if (!((st->dyn.acted >> u) & 1)) {
                    activate(st, u);
                    return;
                }
            }
            assert(0);
        }
        put8(st, &st->dyn.phase, PH_SELECT); /* settle() picks a lone gladiator */
        return;
    }
    /* The round is over. */
    if (st->dyn.round >= st->fixed.round_cap) {
        game_over(st, 3);
        return;
    }
    put16(st, &st->dyn.round, st->dyn.round + 1u);
    start_round(st);
}

static void end_activation(arena_state *st)
{
    put8(st, &st->dyn.active, 0);
    set_active_fields(st, 0, 0, 0, 0, 0);
    set_pending(st, 0, 0, 0);
    put8(st, &st->dyn.slot, (st->dyn.slot + 1u) % st->dyn.n_teams);
    next_activation(st);
}

static void set_team_order(arena_state *st, int n, const int *teams)
{
    put8(st, &st->dyn.n_teams, (unsigned)n);
    for (int i = 0; i < 3; i++)
        put8(st, &st->dyn.team_order[i], i < n ? (unsigned)teams[i] : 0);
    put8(st, &st->dyn.slot, 0);
    put8(st, &st->dyn.chooser, 0);
}

/* §5.2: roll initiative, or act alone when one team is on the board. */
static void begin_initiative(arena_state *st)
{
    put8(st, &st->dyn.chooser, 0);
    int teams = arena_teams_on_board(st);
    if (popcount((unsigned)teams) >= 2) {
        put8(st, &st->dyn.phase, PH_INITIATIVE);
        return;
    }
    assert(teams == 1 || teams == 2);
    int team = teams == 1 ? 0 : 1;
    set_team_order(st, 1, &team);
    next_activation(st);
}

/* §5.1. */
static void start_round(arena_state *st)
{
    clear_round_state(st);
    for (int i = 0; i < st->dyn.n_animals; i++) {
        int u = st->dyn.animal_age[i];
        int hex = st->fixed.hex_start[st->dyn.entry[u]];
        if (st->dyn.hex[u] == ARENA_NO_HEX && is_free(st, hex))
            put16(st, &st->dyn.hex[u], (unsigned)hex);
    }
    if (!arena_event_roll_due(st)) {
        begin_initiative(st);
    } else if (st->fixed.event_roll == EVENT_ON_REQUEST) {
        put8(st, &st->dyn.phase, PH_REQUEST);
        put8(st, &st->dyn.chooser, side_has_gladiators(st, 0) ? 1 : 2);
    } else {
        put8(st, &st->dyn.phase, PH_EVENT);
    }
}

void arena_start_round(arena_state *st)
{
    start_round(st);
}

/* After an attack is fully resolved (§5.6 last sentence). */
static void after_attack(arena_state *st)
{
    set_pending(st, 0, 0, 0);
    int u = st->dyn.active - 1;
    if (arena_is_animal(u)) {
        end_activation(st);
        return;
    }
    put8(st, &st->dyn.attacked, 1);
    put8(st, &st->dyn.phase, PH_ACT);
}

static void apply_wounds(arena_state *st, int k)
{
    int target = st->dyn.pend_target - 1;
    if (k == 0) {
        after_attack(st);
    } else if (k > arena_spare(st, target)) {
        if (!defeat(st, target))
            after_attack(st);
    } else {
        set_pending(st, 0, target + 1, k);
        put8(st, &st->dyn.phase,
             arena_is_animal(target) ? PH_ANIMAL_WOUNDS : PH_ALLOCATE);
    }
}

static void apply_lose(arena_state *st, int x, int y, int z)
{
    int u = st->dyn.pend_target - 1;
    put8(st, &st->dyn.attack[u], st->dyn.attack[u] - (unsigned)x);
    put8(st, &st->dyn.defense[u], st->dyn.defense[u] - (unsigned)y);
    put8(st, &st->dyn.speed[u], st->dyn.speed[u] - (unsigned)z);
    if (!arena_is_animal(u)) {
        unsigned w = st->dyn.wounds[u] + (unsigned)(x + y + z);
        put8(st, &st->dyn.wounds[u], w > 99 ? 99 : w);
    }
    after_attack(st);
}

/* An animal with a foe next to it attacks (§5.7 step 5). */
static void animal_attacks(arena_state *st)
{
    put8(st, &st->dyn.left, 0);
    put8(st, &st->dyn.phase, PH_ANIMAL_TARGET);
}

/* The free neighbours of hex one step closer to `goal`, as a list. */
static int closer_steps(const arena_state *st, int hex, int goal, int *out)
{
    int n = 0, d = arena_distance(hex, goal);
    for (int i = 0; i < 6; i++) {
        int next = hex + neighbour_offset[i];
        if (is_free(st, next) && arena_distance(next, goal) == d - 1)
            out[n++] = next;
    }
    return n;
}

/* §5.7 step 4: before each hunting step. */
static void hunt_continue(arena_state *st)
{
    int u = st->dyn.active - 1;
    if (arena_adjacent(st, u, arena_enemies(st, u))) {
        animal_attacks(st);
        return;
    }
    int steps[6];
    if (st->dyn.left == 0 ||
        closer_steps(st, st->dyn.hex[u], st->dyn.hex[st->dyn.target - 1], steps) == 0) {
        end_activation(st);
        return;
    }
    put8(st, &st->dyn.phase, PH_HUNT_STEP);
}

static void begin_hunt(arena_state *st, int target)
{
    int u = st->dyn.active - 1;
    put8(st, &st->dyn.target, (unsigned)target + 1);
    put8(st, &st->dyn.left, st->dyn.speed[u]);
    hunt_continue(st);
}

static void move_animal(arena_state *st, int hex)
{
    int u = st->dyn.active - 1;
    put16(st, &st->dyn.hex[u], (unsigned)hex);
    put8(st, &st->dyn.steps, st->dyn.steps + 1u);
}

static void apply_step(arena_state *st, int hex)
{
    if (hex != ARENA_NO_HEX)
        move_animal(st, hex);
    put8(st, &st->dyn.left, st->dyn.left - 1u);
    if (st->dyn.phase == PH_HUNT_STEP) {
        hunt_continue(st);
        return;
    }
    int u = st->dyn.active - 1;
    if (arena_adjacent(st, u, arena_enemies(st, u)))
        animal_attacks(st);
    else if (st->dyn.left == 0)
        end_activation(st);
}

static void apply_behave(arena_state *st, int behave)
{
    switch (behave) {
    case BEHAVE_ROAR: end_activation(st); return;
    case BEHAVE_WANDER1:
    case BEHAVE_WANDER2:
        put8(st, &st->dyn.left, behave == BEHAVE_WANDER1 ? 1u : 2u);
        put8(st, &st->dyn.phase, PH_WANDER);
        return;
    default: put8(st, &st->dyn.phase, PH_HUNT_TARGET); return;
    }
}

/* §5.8: the +1 for a gladiator moving away from every enemy. */
static void apply_gladiator_move(arena_state *st, int hex)
{
    int u = st->dyn.active - 1, from = st->dyn.hex[u];
    unsigned enemies = arena_enemies(st, u);
    if (st->fixed.animals && enemies && st->dyn.pool < 20) {
        int away = 1;
        for (int v = 0; v < ARENA_UNITS && away; v++)
            if ((enemies >> v) & 1)
                away = arena_distance(hex, st->dyn.hex[v]) >
                       arena_distance(from, st->dyn.hex[v]);
        if (away)
            put8(st, &st->dyn.pool, st->dyn.pool + 1u);
    }
    put16(st, &st->dyn.hex[u], (unsigned)hex);
    put8(st, &st->dyn.moved, 1);
}

static int first_free_animal_slot(const arena_state *st)
{
    for (int u = ARENA_FIRST_ANIMAL; u < ARENA_UNITS; u++)
        if (!is_alive(st, u))
            return u;
    assert(0);
    return -1;
}

static void apply_spawn(arena_state *st, int species, int entry)
{
    if (species != SPAWN_NONE) {
        int u = first_free_animal_slot(st);
        put8(st, &st->dyn.pool, 0);
        put8(st, &st->dyn.alive, st->dyn.alive | (1u << u));
        put8(st, &st->dyn.species[u], (unsigned)species);
        put8(st, &st->dyn.entry[u], (unsigned)entry);
        const uint8_t *stats = arena_species_stats[species];
        put8(st, &st->dyn.attack[u], stats[0]);
        put8(st, &st->dyn.defense[u], stats[1]);
        put8(st, &st->dyn.speed[u], stats[2]);
        int hex = st->fixed.hex_start[entry];
        put16(st, &st->dyn.hex[u], is_free(st, hex) ? (unsigned)hex : ARENA_NO_HEX);
        put8(st, &st->dyn.animal_age[st->dyn.n_animals], (unsigned)u);
        put8(st, &st->dyn.n_animals, st->dyn.n_animals + 1u);
    }
    begin_initiative(st);
}

static void apply_init(arena_state *st, sa_move m)
{
    int winner = mv_field(m, 4, 2), n_animals = mv_field(m, 12, 2);
    unsigned animals = on_board_animals(st);
    if (popcount(animals) == 1) {
        put8(st, &st->dyn.n_animal_order, 1);
        put8(st, &st->dyn.animal_order[0], (unsigned)__builtin_ctz(animals));
    } else {
        put8(st, &st->dyn.n_animal_order, (unsigned)n_animals);
        for (int i = 0; i < n_animals; i++)
            put8(st, &st->dyn.animal_order[i], (unsigned)mv_field(m, 14 + 3 * i, 3));
    }
    if (winner != TEAM_A) {
        put8(st, &st->dyn.phase, PH_ORDER);
        put8(st, &st->dyn.chooser, (unsigned)winner + 1);
        return;
    }
    int teams[3], n = 0, n_sides = mv_field(m, 6, 2);
    if (animals)
        teams[n++] = TEAM_A;
    for (int i = 0; i < n_sides; i++)
        teams[n++] = mv_field(m, 8 + 2 * i, 2);
    set_team_order(st, n, teams);
    next_activation(st);
}

static void apply_order(arena_state *st, sa_move m)
{
    int teams[3], n = mv_field(m, 4, 2);
    for (int i = 0; i < n; i++)
        teams[i] = mv_field(m, 6 + 2 * i, 2);
    set_team_order(st, n, teams);
    next_activation(st);
}

static void apply_pass(arena_state *st)
{
    if (st->dyn.chooser == 1 && side_has_gladiators(st, 1)) {
        put8(st, &st->dyn.chooser, 2);
        return;
    }
    begin_initiative(st);
}

/* One move or outcome, without the collapse of forced steps. */
static void apply_raw(arena_state *st, sa_move m)
{
    int u = st->dyn.active - 1;
    switch (mv_kind(m)) {
    case MK_ROLL:
        put8(st, &st->dyn.chooser, 0);
        put8(st, &st->dyn.phase, PH_EVENT);
        break;
    case MK_PASS: apply_pass(st); break;
    case MK_SPAWN: apply_spawn(st, mv_field(m, 4, 2), mv_field(m, 6, 1)); break;
    case MK_INIT: apply_init(st, m); break;
    case MK_ORDER: apply_order(st, m); break;
    case MK_ACTIVATE: activate(st, mv_field(m, 4, 3)); break;
    case MK_MOVE: apply_gladiator_move(st, mv_field(m, 4, 10)); break;
    case MK_ATTACK:
        set_pending(st, u + 1, mv_field(m, 4, 3) + 1, 0);
        put8(st, &st->dyn.phase, PH_ATTACK);
        break;
    case MK_END: end_activation(st); break;
    case MK_WOUNDS: apply_wounds(st, mv_field(m, 4, 4)); break;
    case MK_LOSE:
        apply_lose(st, mv_field(m, 4, 4), mv_field(m, 8, 4), mv_field(m, 12, 4));
        break;
    case MK_BEHAVE: apply_behave(st, mv_field(m, 4, 2)); break;
    case MK_STEP: apply_step(st, mv_field(m, 4, 10)); break;
    case MK_TARGET:
        if (st->dyn.phase == PH_HUNT_TARGET) {
            begin_hunt(st, mv_field(m, 4, 3));
        } else {
            set_pending(st, u + 1, mv_field(m, 4, 3) + 1, 0);
            put8(st, &st->dyn.phase, PH_ATTACK);
        }
        break;
    default: assert(0);
    }
}

/* ------------------------------------------------------------------------
 * Decisions. */

static int order_moves(const arena_state *st, sa_move *out)
{
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                    {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int teams[3] = {0, 0, 0}, n_teams = 0, present = arena_teams_on_board(st), n = 0;
    for (int t = 0; t < 3; t++)
        if ((present >> t) & 1)
            teams[n_teams++] = t;
    for (int p = 0; p < 6; p++) {
        if (n_teams == 2 && (perms[p][2] != 2))
            continue;
        uint64_t payload = (uint64_t)n_teams;
        for (int i = 0; i < n_teams; i++)
            payload |= (uint64_t)teams[perms[p][i]] << (2 + 2 * i);
        out[n++] = mv_make(MK_ORDER, payload);
    }
    return n;
}

static int select_moves(const arena_state *st, sa_move *out)
{
    int team = st->dyn.team_order[st->dyn.slot], n = 0;
    for (int u = 2 * team; u < 2 * team + 2; u++)
        if (is_alive(st, u) && !((st->dyn.acted >> u) & 1))
            out[n++] = mv_make(MK_ACTIVATE, (uint64_t)u);
    return n;
}

/* Hexes reachable in up to `speed` steps through free hexes (§5.4). */
static int reachable_hexes(const arena_state *st, int from, int speed, int *out)
{
    uint64_t seen[ARENA_WORDS] = {0};
    for (int u = 0; u < ARENA_UNITS; u++)
        if (on_board(st, u))
            seen[st->dyn.hex[u] >> 6] |= 1ULL << (st->dyn.hex[u] & 63);
    int n = 0, begin = 0;
    int frontier_end;
    (void)from;
    out[n++] = from;
    for (int step = 0; step < speed && begin < n; step++) {
        frontier_end = n;
        for (int i = begin; i < frontier_end; i++) {
            for (int d = 0; d < 6; d++) {
                int next = out[i] + neighbour_offset[d];
                if (next < 0 || next >= ARENA_CELLS || !arena_in_board(st, next) ||
                    ((seen[next >> 6] >> (next & 63)) & 1))
                    continue;
                seen[next >> 6] |= 1ULL << (next & 63);
                out[n++] = next;
            }
        }
        begin = frontier_end;
    }
    return n; /* out[0] is the start hex itself */
}

static int act_moves(const arena_state *st, sa_move *out)
{
    int u = st->dyn.active - 1, n = 0;
    if (!st->dyn.attacked) {
        unsigned targets = arena_adjacent(st, u, arena_enemies(st, u));
        for (int v = 0; v < ARENA_UNITS; v++)
            if ((targets >> v) & 1)
                out[n++] = mv_make(MK_ATTACK, (uint64_t)v);
    }
    if (!st->dyn.moved && (st->fixed.attack_then_move || !st->dyn.attacked)) {
        int hexes[ARENA_MAX_MOVES];
        int count = reachable_hexes(st, st->dyn.hex[u], st->dyn.speed[u], hexes);
        for (int i = 1; i < count; i++)
            out[n++] = mv_make(MK_MOVE, (uint64_t)hexes[i]);
    }
    out[n++] = mv_make(MK_END, 0);
    return n;
}

static sa_move lose_move(int x, int y, int z)
{
    return mv_make(MK_LOSE, (uint64_t)x | (uint64_t)y << 4 | (uint64_t)z << 8);
}

static int lose_moves(const arena_state *st, sa_move *out)
{
    int u = st->dyn.pend_target - 1, k = st->dyn.pend_wounds, n = 0;
    int a = st->dyn.attack[u] - 1, d = st->dyn.defense[u] - 1, s = st->dyn.speed[u] - 1;
    for (int x = 0; x <= a && x <= k; x++)
        for (int y = 0; y <= d && x + y <= k; y++)
            if (k - x - y <= s)
                out[n++] = lose_move(x, y, k - x - y);
    return n;
}

int arena_legal_moves(const void *state, sa_move *out)
{
    const arena_state *st = state;
    switch (st->dyn.phase) {
    case PH_REQUEST:
        out[0] = mv_make(MK_ROLL, 0);
        out[1] = mv_make(MK_PASS, 0);
        return 2;
    case PH_ORDER: return order_moves(st, out);
    case PH_SELECT: return select_moves(st, out);
    case PH_ACT: return act_moves(st, out);
    case PH_ALLOCATE: return lose_moves(st, out);
    default: return 0;
    }
}

/* ------------------------------------------------------------------------
 * Chance. */

static int spawn_outcomes(const arena_state *st, sa_move *out, uint64_t *weights)
{
    int n_dice = st->dyn.pool;
    uint64_t all = 1;
    for (int i = 0; i < n_dice; i++)
        all *= 6;
    uint64_t ways = arena_spawn_ways(n_dice, st->fixed.spawn);
    int rhino = 0;
    for (int i = 0; i < st->dyn.n_animals; i++)
        rhino |= st->dyn.species[st->dyn.animal_age[i]] == SPECIES_RHINO;
    /* species weights out of 6 (or 5 with a rhino), entry 1/2 each */
    static const uint64_t species_weight[3] = {3, 2, 1};
    uint64_t denominator = rhino ? 10 : 12, g = 0;
    int n = 0;
    if (ways < all) {
        out[n] = mv_make(MK_SPAWN, SPAWN_NONE);
        weights[n++] = (all - ways) * denominator;
    }
    for (int sp = 0; sp < (rhino ? 2 : 3); sp++)
        for (int entry = 0; entry < 2; entry++) {
            out[n] = mv_make(MK_SPAWN, (uint64_t)sp | (uint64_t)entry << 2);
            weights[n++] = ways * species_weight[sp];
        }
    for (int i = 0; i < n; i++) {
        uint64_t a = g, b = weights[i];
        while (b) {
            uint64_t t = a % b;
            a = b;
            b = t;
        }
        g = a;
    }
    for (int i = 0; i < n; i++)
        weights[i] /= g;
    return n;
}

static int attack_outcomes(const arena_state *st, sa_move *out, uint64_t *weights)
{
    int attacker = st->dyn.pend_attacker - 1, target = st->dyn.pend_target - 1;
    int a = st->dyn.attack[attacker];
    if (arena_is_animal(attacker) && st->dyn.species[attacker] == SPECIES_RHINO &&
        st->dyn.steps >= 2)
        a += 2;
    arena_wound_weights(a, st->dyn.defense[target], weights);
    for (int k = 0; k <= a; k++)
        out[k] = mv_make(MK_WOUNDS, (uint64_t)k);
    return a + 1;
}

static uint64_t choose(int n, int k)
{
    uint64_t c = 1;
    for (int i = 0; i < k; i++)
        c = c * (uint64_t)(n - i) / (uint64_t)(i + 1);
    return c;
}

static int animal_lose_outcomes(const arena_state *st, sa_move *out, uint64_t *weights)
{
    int n = lose_moves(st, out), u = st->dyn.pend_target - 1;
    for (int i = 0; i < n; i++)
        weights[i] = choose(st->dyn.attack[u] - 1, mv_field(out[i], 4, 4)) *
                     choose(st->dyn.defense[u] - 1, mv_field(out[i], 8, 4)) *
                     choose(st->dyn.speed[u] - 1, mv_field(out[i], 12, 4));
    return n;
}

static int behaviour_outcomes(const arena_state *st, sa_move *out, uint64_t *weights)
{
    int u = st->dyn.active - 1;
    if (arena_is_wounded(st, u)) {
        out[0] = mv_make(MK_BEHAVE, BEHAVE_ROAR), weights[0] = 1;
        out[1] = mv_make(MK_BEHAVE, BEHAVE_HUNT), weights[1] = 2;
        return 2;
    }
    static const uint64_t w[4] = {1, 1, 1, 3};
    for (int b = 0; b < 4; b++)
        out[b] = mv_make(MK_BEHAVE, (uint64_t)b), weights[b] = w[b];
    return 4;
}

static int wander_outcomes(const arena_state *st, sa_move *out, uint64_t *weights)
{
    int hex = st->dyn.hex[st->dyn.active - 1], n = 0, blocked = 0;
    for (int d = 0; d < 6; d++) {
        int next = hex + neighbour_offset[d];
        if (is_free(st, next)) {
            out[n] = mv_make(MK_STEP, (uint64_t)next);
            weights[n++] = 1;
        } else {
            blocked++;
        }
    }
    if (blocked) {
        out[n] = mv_make(MK_STEP, ARENA_NO_HEX);
        weights[n++] = (uint64_t)blocked;
    }
    return n;
}

static int hunt_step_outcomes(const arena_state *st, sa_move *out, uint64_t *weights)
{
    int steps[6], u = st->dyn.active - 1;
    int n = closer_steps(st, st->dyn.hex[u], st->dyn.hex[st->dyn.target - 1], steps);
    for (int i = 0; i < n; i++) {
        out[i] = mv_make(MK_STEP, (uint64_t)steps[i]);
        weights[i] = 1;
    }
    return n;
}

/* Among the units of `mask`, the wounded ones if any (§5.7). */
static unsigned prefer_wounded(const arena_state *st, unsigned mask)
{
    unsigned wounded = 0;
    for (int v = 0; v < ARENA_UNITS; v++)
        if (((mask >> v) & 1) && arena_is_wounded(st, v))
            wounded |= 1u << v;
    return wounded ? wounded : mask;
}

static unsigned target_candidates(const arena_state *st)
{
    int u = st->dyn.active - 1;
    unsigned foes = arena_enemies(st, u);
    if (st->dyn.phase == PH_ANIMAL_TARGET)
        return prefer_wounded(st, arena_adjacent(st, u, foes));
    int best = 1 << 20;
    unsigned nearest = 0;
    for (int v = 0; v < ARENA_UNITS; v++) {
        if (!((foes >> v) & 1))
            continue;
        int d = arena_distance(st->dyn.hex[u], st->dyn.hex[v]);
        if (d < best)
            best = d, nearest = 0;
        if (d == best)
            nearest |= 1u << v;
    }
    return prefer_wounded(st, nearest);
}

static int target_outcomes(const arena_state *st, sa_move *out, uint64_t *weights)
{
    unsigned mask = target_candidates(st);
    int n = 0;
    for (int v = 0; v < ARENA_UNITS; v++)
        if ((mask >> v) & 1) {
            out[n] = mv_make(MK_TARGET, (uint64_t)v);
            weights[n++] = 1;
        }
    return n;
}

int arena_chance_outcomes(const void *state, sa_move *out, uint64_t *weights)
{
    const arena_state *st = state;
    switch (st->dyn.phase) {
    case PH_EVENT: return spawn_outcomes(st, out, weights);
    case PH_INITIATIVE: return arena_initiative_outcomes(st, out, weights);
    case PH_ATTACK: return attack_outcomes(st, out, weights);
    case PH_ANIMAL_WOUNDS: return animal_lose_outcomes(st, out, weights);
    case PH_BEHAVIOUR: return behaviour_outcomes(st, out, weights);
    case PH_WANDER: return wander_outcomes(st, out, weights);
    case PH_HUNT_STEP: return hunt_step_outcomes(st, out, weights);
    case PH_HUNT_TARGET:
    case PH_ANIMAL_TARGET: return target_outcomes(st, out, weights);
    default: return 0;
    }
}

int arena_to_move(const void *state)
{
    const arena_state *st = state;
    switch (st->dyn.phase) {
    case PH_REQUEST:
    case PH_ORDER: return st->dyn.chooser - 1;
    case PH_SELECT: return st->dyn.team_order[st->dyn.slot];
    case PH_ACT: return arena_team(st->dyn.active - 1);
    case PH_ALLOCATE: return arena_team(st->dyn.pend_target - 1);
    case PH_OVER: return SA_TERMINAL;
    default: return SA_CHANCE;
    }
}

/* The number of options at the current position (0 when terminal). */
int arena_option_count(const arena_state *st)
{
    sa_move moves[ARENA_MAX_MOVES];
    uint64_t weights[ARENA_MAX_MOVES];
    int who = arena_to_move(st);
    if (who == SA_TERMINAL)
        return 0;
    return who == SA_CHANCE ? arena_chance_outcomes(st, moves, weights)
                            : arena_legal_moves(st, moves);
}

/* Carries out every choice that has one option (§5). Phases that always
 * offer two or more (event, initiative, order, request, attack, behaviour)
 * are not generated here. */
static void settle(arena_state *st)
{
    for (;;) {
        sa_move moves[ARENA_MAX_MOVES];
        uint64_t weights[ARENA_MAX_MOVES];
        int n;
        switch (st->dyn.phase) {
        case PH_SELECT: n = select_moves(st, moves); break;
        case PH_ACT: n = act_moves(st, moves); break;
        case PH_ALLOCATE: n = lose_moves(st, moves); break;
        case PH_ANIMAL_WOUNDS: n = lose_moves(st, moves); break;
        case PH_WANDER: n = wander_outcomes(st, moves, weights); break;
        case PH_HUNT_STEP: n = hunt_step_outcomes(st, moves, weights); break;
        case PH_HUNT_TARGET:
        case PH_ANIMAL_TARGET: n = target_outcomes(st, moves, weights); break;
        default: return;
        }
        if (n != 1)
            return;
        apply_raw(st, moves[0]);
    }
}

void arena_apply(void *state, sa_move m)
{
    arena_state *st = state;
    assert(st->dyn.phase != PH_OVER);
    apply_raw(st, m);
    settle(st);
    assert(st->key == arena_hash_from_scratch(st));
}
