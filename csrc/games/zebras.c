/* games/zebras.c: the rules of Drôles de Zèbres on the hot path: legal moves
 * (a whole turn is one move), apply with the Zobrist key kept incrementally,
 * scoring and the result. No allocation, no I/O. The state, the move packing
 * and the geometry tables are drawn in zebras.h; reading and writing JSON and
 * spelling moves live in zebras_io.c. Rule book: shared/rules/zebras.md.
 */
#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "common/bitboard.h"
#include "games/zebras.h"

/* -- Zobrist keys ----------------------------------------------------------
 * Read from the constant table zebras_zobrist_keys (zebras_keys.c: key k is
 * the k-th output of splitmix64 from ZEBRAS_ZOBRIST_SEED), indexed so:
 *
 *   keys   0..419  token: cell * 14 + owner * 7 + kind, kind 0..4 = Z G E L C
 *                  face up, 5 = face-down zebra, 6 = face-down gazelle
 *   keys 420..499  hand: 420 + (player * 5 + species) * 8 + count
 *   keys 500..521  guardian position 0..21 (no key before the opening)
 *   keys 522..523  Inauguration holder 0 / 1 (no key while unclaimed)
 *   key  524       player 1 to move; key 525: terminal (player 0: no key)
 *   key  526       croc_chain false
 */
#define KEY_HAND 420u
#define KEY_GUARDIAN 500u
#define KEY_INAUGURATION 522u
#define KEY_PLAYER1 524u
#define KEY_TERMINAL 525u
#define KEY_NO_CHAIN 526u

static inline uint64_t zobrist(unsigned index)
{
    assert(index < ZEBRAS_ZOBRIST_KEYS);
    return zebras_zobrist_keys[index];
}

static inline unsigned token_kind(int species, int down)
{
    return down ? (species == ZEBRAS_Z ? 5u : 6u) : (unsigned)species;
}

static inline uint64_t token_key(int cell, int owner, int species, int down)
{
    return zobrist((unsigned)(cell * 14 + owner * 7) + token_kind(species, down));
}

static inline uint64_t hand_key(int player, int species, int count)
{
    return zobrist(KEY_HAND + (unsigned)((player * 5 + species) * 8 + count));
}

static inline uint64_t to_move_key(int to_move)
{
    return to_move == 1             ? zobrist(KEY_PLAYER1)
           : to_move == SA_TERMINAL ? zobrist(KEY_TERMINAL)
                                    : 0;
}

uint64_t zebras_hash_full(const zebras_state *s)
{
    uint64_t h = 0;
    for (int owner = 0; owner < 2; owner++) {
        for (uint32_t bb = s->owner_bb[owner]; bb != 0; bb &= bb - 1) {
            int cell = __builtin_ctz(bb);
            h ^= token_key(cell, owner, zebras_species_at(s, cell),
                           (int)(s->down_bb >> cell) & 1);
        }
        for (int sp = 0; sp < ZEBRAS_SPECIES; sp++)
            h ^= hand_key(owner, sp, s->hand[owner][sp]);
    }
    if (s->guardian >= 0)
        h ^= zobrist(KEY_GUARDIAN + (unsigned)s->guardian);
    if (s->inauguration >= 0)
        h ^= zobrist(KEY_INAUGURATION + (unsigned)s->inauguration);
    h ^= to_move_key(s->to_move);
    if (!s->croc_chain)
        h ^= zobrist(KEY_NO_CHAIN);
    return h;
}

/* -- state edits that keep the key ------------------------------------------ */

static inline void put_token(zebras_state *s, int cell, int owner, int species, int down)
{
    uint32_t bit = (uint32_t)1 << cell;
    assert(!(zebras_occupied(s) & bit));
    s->owner_bb[owner] |= bit;
    s->species_bb[species] |= bit;
    if (down)
        s->down_bb |= bit;
    s->hash ^= token_key(cell, owner, species, down);
}

static inline void take_token(zebras_state *s, int cell, int owner, int species, int down)
{
    uint32_t bit = (uint32_t)1 << cell;
    assert((s->owner_bb[owner] & s->species_bb[species] & bit) != 0);
    s->owner_bb[owner] &= ~bit;
    s->species_bb[species] &= ~bit;
    s->down_bb &= ~bit;
    s->hash ^= token_key(cell, owner, species, down);
}

static inline int owner_at(const zebras_state *s, int cell)
{
    return (int)(s->owner_bb[1] >> cell) & 1;
}

/* Turns the face-up zebra or gazelle on `cell` face down. */
static inline void turn_down(zebras_state *s, int cell, int species)
{
    int owner = owner_at(s, cell);
    assert(!((s->down_bb >> cell) & 1));
    s->down_bb |= (uint32_t)1 << cell;
    s->hash ^= token_key(cell, owner, species, 0) ^ token_key(cell, owner, species, 1);
}

static inline void add_to_hand(zebras_state *s, int player, int species, int delta)
{
    int count = s->hand[player][species];
    s->hand[player][species] = (uint8_t)(count + delta);
    s->hash ^=
        hand_key(player, species, count) ^ hand_key(player, species, count + delta);
}

static inline void set_guardian(zebras_state *s, int position)
{
    if (s->guardian >= 0)
        s->hash ^= zobrist(KEY_GUARDIAN + (unsigned)s->guardian);
    s->guardian = (int8_t)position;
    s->hash ^= zobrist(KEY_GUARDIAN + (unsigned)position);
}

static inline void set_to_move(zebras_state *s, int to_move)
{
    s->hash ^= to_move_key(s->to_move) ^ to_move_key(to_move);
    s->to_move = (int8_t)to_move;
}

#ifndef NDEBUG
/* The invariants drawn in zebras.h. */
static int state_is_ok(const zebras_state *s)
{
    uint32_t all = 0;
    for (int sp = 0; sp < ZEBRAS_SPECIES; sp++) {
        if (s->species_bb[sp] & all)
            return 0;
        all |= s->species_bb[sp];
        for (int p = 0; p < 2; p++)
            if (s->hand[p][sp] + sa_bb_count(s->owner_bb[p] & s->species_bb[sp]) !=
                ZEBRAS_INVENTORY[sp])
                return 0;
    }
    return (s->owner_bb[0] & s->owner_bb[1]) == 0 &&
           (s->owner_bb[0] | s->owner_bb[1]) == all && (all & ~ZEBRAS_ALL_CELLS) == 0 &&
           (s->down_bb & ~(s->species_bb[ZEBRAS_Z] | s->species_bb[ZEBRAS_G])) == 0 &&
           s->hash == zebras_hash_full(s);
}
#endif

/* -- the guardian (§4.6) ---------------------------------------------------- */

/* The guardian positions whose line is open (has an empty cell), as a set of
 * 22 bits, when the board holds `occupied`. Positions 0..5 are columns a..f,
 * 6..10 rows 1..5, 11..16 columns f..a and 17..21 rows 5..1 (§2.3), so the
 * set is the open columns and rows, each once straight and once reversed. */
static uint32_t open_positions(uint32_t occupied)
{
    static const uint8_t reverse6[64] = {
        0, 32, 16, 48, 8,  40, 24, 56, 4, 36, 20, 52, 12, 44, 28, 60,
        2, 34, 18, 50, 10, 42, 26, 58, 6, 38, 22, 54, 14, 46, 30, 62,
        1, 33, 17, 49, 9,  41, 25, 57, 5, 37, 21, 53, 13, 45, 29, 61,
        3, 35, 19, 51, 11, 43, 27, 59, 7, 39, 23, 55, 15, 47, 31, 63};
    static const uint8_t reverse5[32] = {0,  16, 8,  24, 4,  20, 12, 28, 2,  18, 10,
                                         26, 6,  22, 14, 30, 1,  17, 9,  25, 5,  21,
                                         13, 29, 3,  19, 11, 27, 7,  23, 15, 31};
    uint32_t empty = ~occupied & ZEBRAS_ALL_CELLS;
    uint32_t columns =
        (empty | empty >> 6 | empty >> 12 | empty >> 18 | empty >> 24) & 63;
    uint32_t fold =
        empty | empty >> 1 | empty >> 2 | empty >> 3 | empty >> 4 | empty >> 5;
    uint32_t rows = (fold & 1) | (fold >> 5 & 2) | (fold >> 10 & 4) | (fold >> 15 & 8) |
                    (fold >> 20 & 16);
    return columns | rows << 6 | (uint32_t)reverse6[columns] << 11 |
           (uint32_t)reverse5[rows] << 17;
}

/* open_positions(occupied | cell), from open = open_positions(occupied): only
 * the cell's column (positions c and 16 - c) and row (6 + r and 21 - r) can
 * close. */
static inline uint32_t open_after_placing(uint32_t open, uint32_t occupied, int cell)
{
    int col = cell % 6, row = cell / 6;
    uint32_t bit = (uint32_t)1 << cell, empty = ~occupied;
    if ((empty & ZEBRAS_LINE_BB[col]) == bit)
        open &= ~((uint32_t)1 << col | (uint32_t)1 << (16 - col));
    if ((empty & ZEBRAS_LINE_BB[6 + row]) == bit)
        open &= ~((uint32_t)1 << (6 + row) | (uint32_t)1 << (21 - row));
    return open;
}

/* Writes the guardian's destinations from `guardian` into out[] and returns
 * their number (1..3), given the open positions `open` (not empty: the board
 * is not full). Steps 1 to 3 to an open line; if none, the first open line
 * further on (§4.6). */
static int guardian_destinations(int guardian, uint32_t open, uint8_t out[3])
{
    assert(open != 0 && open < ((uint32_t)1 << ZEBRAS_TRACK));
    uint64_t twice = (uint64_t)open | (uint64_t)open << ZEBRAS_TRACK;
    uint32_t near = (uint32_t)(twice >> (guardian + 1)) & 7;
    int n = 0;
    if (near == 0) {
        int q = guardian + 4 + __builtin_ctzll(twice >> (guardian + 4));
        out[n++] = (uint8_t)(q % ZEBRAS_TRACK);
        return n;
    }
    for (; near; near &= near - 1) {
        int q = guardian + 1 + __builtin_ctz(near);
        out[n++] = (uint8_t)(q >= ZEBRAS_TRACK ? q - ZEBRAS_TRACK : q);
    }
    return n;
}

/* -- move generation (§4.10) ------------------------------------------------ */

/* The moves a placement leads to: one per guardian destination, or a single
 * move without one when the board is full afterwards. */
typedef struct turn_ends {
    uint8_t dest[3];
    int n; /* 0: the board is full, the move has no destination */
} turn_ends;

static inline void turn_ends_after(const zebras_state *s, uint32_t open, turn_ends *t)
{
    t->n = open == 0 ? 0 : guardian_destinations(s->guardian, open, t->dest);
}

static inline int emit(sa_move *out, int n, sa_move base, const turn_ends *t)
{
    if (t->n == 0) {
        out[n++] = base | ZEBRAS_DEST_NONE;
        return n;
    }
    for (int i = 0; i < t->n; i++)
        out[n++] = base | t->dest[i];
    return n;
}

/* Chains of crocodile swaps (§4.4): a simple path across rivers through cells
 * holding gazelles. */
typedef struct chain_walk {
    sa_move *out;
    int n;
    uint32_t gazelles_bb; /* cells holding a gazelle, either owner, any face */
    unsigned max_swaps;   /* 10 with croc_chain, else 1 */
    const turn_ends *ends;
} chain_walk;

static void walk_chains(chain_walk *w, int cell, uint32_t visited_bb, sa_move base,
                        unsigned swaps)
{
    for (unsigned d = 0; d < 4; d++) {
        int next = ZEBRAS_RIVER_STEP[cell][d];
        if (next < 0 || !((w->gazelles_bb >> next) & 1) || ((visited_bb >> next) & 1))
            continue;
        sa_move m = (base & ~((sa_move)15 << 13)) | (sa_move)(swaps + 1) << 13 |
                    (sa_move)d << (17 + 2 * swaps);
        w->n = emit(w->out, w->n, m, w->ends);
        if (swaps + 1 < w->max_swaps)
            walk_chains(w, next, visited_bb | (uint32_t)1 << next, m, swaps + 1);
    }
}

static int opening_moves(sa_move *out)
{
    for (unsigned q = 0; q < ZEBRAS_TRACK; q++)
        out[q] = zebras_move_make(ZEBRAS_OPENING, 0, q);
    return ZEBRAS_TRACK;
}

/* Every move placing a token on the empty cell `cell`, appended at out[n];
 * `open` holds the open guardian positions before the placement. */
static int placements_on(const zebras_state *s, int cell, uint32_t open, sa_move *out,
                         int n)
{
    const uint8_t *hand = s->hand[s->to_move];
    uint32_t occupied = zebras_occupied(s);
    turn_ends plain;
    turn_ends_after(s, open_after_placing(open, occupied, cell), &plain);
    for (int sp = ZEBRAS_Z; sp <= ZEBRAS_E; sp++)
        if (hand[sp])
            n = emit(out, n, zebras_move_make((unsigned)sp, (unsigned)cell, 0), &plain);
    if (hand[ZEBRAS_L]) {
        /* The lion sends its adjacent gazelles home, which may reopen lines. */
        uint32_t returned = s->species_bb[ZEBRAS_G] & ZEBRAS_ADJACENT_BB[cell];
        turn_ends after_lion = plain;
        if (returned)
            turn_ends_after(s,
                            open_positions((occupied | (uint32_t)1 << cell) & ~returned),
                            &after_lion);
        n = emit(out, n, zebras_move_make(ZEBRAS_L, (unsigned)cell, 0), &after_lion);
    }
    if (hand[ZEBRAS_C]) {
        sa_move base = zebras_move_make(ZEBRAS_C, (unsigned)cell, 0);
        n = emit(out, n, base, &plain);
        chain_walk w = {out, n, s->species_bb[ZEBRAS_G],
                        s->croc_chain ? ZEBRAS_MAX_CHAIN : 1, &plain};
        walk_chains(&w, cell, (uint32_t)1 << cell, base, 0);
        n = w.n;
    }
    return n;
}

int zebras_legal_moves(const void *state, sa_move *out)
{
    const zebras_state *s = state;
    if (s->to_move == SA_TERMINAL)
        return 0;
    if (s->guardian < 0)
        return opening_moves(out);
    int n = 0;
    uint32_t occupied = zebras_occupied(s), open = open_positions(occupied);
    for (uint32_t empty = ZEBRAS_LINE_BB[s->guardian] & ~occupied; empty != 0;
         empty &= empty - 1)
        n = placements_on(s, __builtin_ctz(empty), open, out, n);
    assert(n >= 1 && n <= ZEBRAS_MAX_MOVES);
    return n;
}

/* -- apply (§4.2 - §4.7) ---------------------------------------------------- */

/* A placed zebra or gazelle next to a lion turns face down (§4.3). */
static void react_grazer(zebras_state *s, int cell, int species)
{
    if (s->species_bb[ZEBRAS_L] & ZEBRAS_ADJACENT_BB[cell])
        turn_down(s, cell, species);
}

/* A placed lion hides every adjacent face-up zebra and sends every adjacent
 * gazelle, face up or down, back to its owner's hand (§4.3). */
static void react_lion(zebras_state *s, int cell)
{
    uint32_t near = ZEBRAS_ADJACENT_BB[cell];
    for (uint32_t bb = s->species_bb[ZEBRAS_Z] & ~s->down_bb & near; bb; bb &= bb - 1)
        turn_down(s, __builtin_ctz(bb), ZEBRAS_Z);
    for (uint32_t bb = s->species_bb[ZEBRAS_G] & near; bb; bb &= bb - 1) {
        int at = __builtin_ctz(bb);
        int owner = owner_at(s, at);
        take_token(s, at, owner, ZEBRAS_G, (int)(s->down_bb >> at) & 1);
        add_to_hand(s, owner, ZEBRAS_G, +1);
    }
}

/* The crocodile of player `player` on `cell` makes the swaps of move m
 * (§4.4); a face-up gazelle arriving next to a lion turns face down. */
static void crocodile_swaps(zebras_state *s, int player, int cell, sa_move m)
{
    unsigned swaps = zebras_move_swaps(m);
    for (unsigned i = 0; i < swaps; i++) {
        int next = cell + ZEBRAS_STEP_DELTA[zebras_move_step(m, i)];
        assert(ZEBRAS_RIVER_STEP[cell][zebras_move_step(m, i)] == next);
        int owner = owner_at(s, next);
        int down = (int)(s->down_bb >> next) & 1;
        take_token(s, next, owner, ZEBRAS_G, down);
        take_token(s, cell, player, ZEBRAS_C, 0);
        put_token(s, next, player, ZEBRAS_C, 0);
        down |= (s->species_bb[ZEBRAS_L] & ZEBRAS_ADJACENT_BB[cell]) != 0;
        put_token(s, cell, owner, ZEBRAS_G, down);
        cell = next;
    }
}

/* §4.5: after every reaction, a full territory claims the unclaimed token. */
static void check_inauguration(zebras_state *s, int player)
{
    if (s->inauguration >= 0)
        return;
    uint32_t occupied = zebras_occupied(s);
    for (int t = 0; t < ZEBRAS_TERRITORIES; t++) {
        if ((occupied & ZEBRAS_TERRITORY_BB[t]) == ZEBRAS_TERRITORY_BB[t]) {
            s->inauguration = (int8_t)player;
            s->hash ^= zobrist(KEY_INAUGURATION + (unsigned)player);
            return;
        }
    }
}

void zebras_apply(void *state, sa_move m)
{
    zebras_state *s = state;
    unsigned species = zebras_move_species(m);
    assert(s->to_move >= 0);
    if (species == ZEBRAS_OPENING) {
        assert(s->guardian < 0);
        set_guardian(s, (int)zebras_move_dest(m));
        set_to_move(s, 1);
        return;
    }
    int player = s->to_move;
    int cell = (int)zebras_move_cell(m);
    assert(s->hand[player][species] > 0);
    add_to_hand(s, player, (int)species, -1);
    put_token(s, cell, player, (int)species, 0);
    if (species == ZEBRAS_Z || species == ZEBRAS_G)
        react_grazer(s, cell, (int)species);
    else if (species == ZEBRAS_L)
        react_lion(s, cell);
    else if (species == ZEBRAS_C)
        crocodile_swaps(s, player, cell, m);
    check_inauguration(s, player);
    if (zebras_occupied(s) == ZEBRAS_ALL_CELLS) {
        assert(zebras_move_dest(m) == ZEBRAS_DEST_NONE);
        set_to_move(s, SA_TERMINAL);
    } else {
        assert(zebras_move_dest(m) < ZEBRAS_TRACK);
        set_guardian(s, (int)zebras_move_dest(m));
        /* §4.7: the opponent if they hold a token, else the same player. */
        set_to_move(s, zebras_hand_total(s, 1 - player) > 0 ? 1 - player : player);
    }
    assert(state_is_ok(s));
}

/* -- end of game (§4.8) ------------------------------------------------------ */

void zebras_scores(const zebras_state *s, int out[2])
{
    out[0] = out[1] = 0;
    for (int t = 0; t < ZEBRAS_TERRITORIES; t++) {
        uint32_t area = ZEBRAS_TERRITORY_BB[t];
        int count0 = sa_bb_count(s->owner_bb[0] & area);
        int count1 = sa_bb_count(s->owner_bb[1] & area);
        if (count0 == count1)
            continue; /* only before the end: nobody controls it yet */
        int points = 0;
        for (int sp = 0; sp < ZEBRAS_SPECIES; sp++)
            points +=
                ZEBRAS_VALUE[sp] * sa_bb_count(s->species_bb[sp] & ~s->down_bb & area);
        out[count0 > count1 ? 0 : 1] += points;
    }
    if (s->inauguration >= 0)
        out[s->inauguration] += ZEBRAS_INAUGURATION_POINTS;
}

void zebras_result(const void *state, int32_t *out)
{
    int score[2];
    zebras_scores(state, score);
    out[0] = score[0] > score[1] ? 1 : score[0] < score[1] ? -1 : 0;
    out[1] = -out[0];
}

/* zebras_evaluate and zebras_features: games/zebras_eval.c */

/* -- the function table ------------------------------------------------------ */

static int zebras_num_players(const void *state)
{
    (void)state;
    return 2;
}

static int zebras_chance_outcomes(const void *state, sa_move *out, uint64_t *weights)
{
    (void)state, (void)out, (void)weights;
    return 0;
}

static uint64_t zebras_hash_from_scratch(const void *state)
{
    return zebras_hash_full(state);
}

const sa_game sa_zebras_game = {
    .name = "zebras",
    .min_players = 2,
    .max_players = 2,
    .has_chance = 0,
    .max_moves = ZEBRAS_MAX_MOVES,
    .max_chance_outcomes = 0,
    .state_size = sizeof(zebras_state),
    .rules = zebras_rules,
    .n_rules = ZEBRAS_N_RULES,
    .eval_units = zebras_eval_units,
    /* record analysis levels (quick, default, thorough): decision depth,
     * chance depth; measured by bench/analysis_stability.py */
    .analysis_depth = {{3, 3}, {4, 4}, {5, 5}},
    /* bench/analysis_ratings.py at each level (docs/records.md) */
    .rating_least = {[0] = {[2] = {89.9, 89.9, 77.1, 51.3}},
                     [1] = {[2] = {88.1, 82.8, 71.0, 48.9}},
                     [2] = {[2] = {83.7, 76.8, 67.7, 47.6}}},
    .new_position = zebras_new_position,
    .from_json = zebras_from_json,
    .to_json = zebras_to_json,
    .move_str = zebras_move_str,
    .describe_move = zebras_describe_move,
    .num_players = zebras_num_players,
    .to_move = zebras_to_move,
    .legal_moves = zebras_legal_moves,
    .chance_outcomes = zebras_chance_outcomes,
    .apply = zebras_apply,
    .hash = zebras_hash,
    .hash_from_scratch = zebras_hash_from_scratch,
    .result = zebras_result,
    .evaluate = zebras_evaluate,
    .n_features = ZEBRAS_N_FEATURES,
    .feature_names = zebras_feature_names,
    .feature_phrases = zebras_feature_phrases,
    .default_weights = zebras_default_weights,
    .features = zebras_features,
    .feature_one = ZEBRAS_FEATURE_ONE,
    .weights_offset = offsetof(zebras_state, weights),
    .win_scale = ZEBRAS_WIN_SCALE,
};
