/* games/turtles.c: the rules of turtles on bitboards (rule book
 * shared/rules/turtles.md §4): legal moves of every phase, apply with the
 * Zobrist key kept incrementally, end of the game. No allocation, no I/O.
 * The bit numbering and the move packing are drawn in turtles.h. */
#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "common/bitboard.h"
#include "games/turtles.h"

static inline int has(uint64_t bb, int sq)
{
    return (int)((bb >> sq) & 1);
}

/* -- pieces --------------------------------------------------------------- */

int turtles_piece_at(const turtles_state *s, int sq)
{
    int owner = has(s->active_bb[0], sq)   ? 0
                : has(s->active_bb[1], sq) ? 1
                : has(s->neutral_bb, sq)   ? 2
                                           : -1;
    if (owner < 0)
        return TURTLES_NO_PIECE;
    if (!has(turtles_tattooed(s), sq)) /* always, in a game without tattoos */
        return TURTLES_CODE(owner, 0);
    for (int k = 0; k < TURTLES_KINDS; k++)
        if (has(s->tattoo_bb[k], sq))
            return TURTLES_CODE(owner, k + 1);
    return TURTLES_CODE(owner, 0);
}

/* Puts piece `code` on the empty cell sq. */
static void put_piece(turtles_state *s, int sq, int code)
{
    assert(!has(turtles_occupied(s), sq) && turtles_sq_valid(sq));
    uint64_t bit = sa_bb_of(sq);
    int owner = code / 5, tattoo = code % 5;
    if (owner == 2)
        s->neutral_bb |= bit;
    else
        s->active_bb[owner] |= bit;
    if (tattoo)
        s->tattoo_bb[tattoo - 1] |= bit;
    s->hash ^= turtles_z_piece(sq, code);
}

/* Removes the piece on sq and returns its code. */
static int take_piece(turtles_state *s, int sq)
{
    int code = turtles_piece_at(s, sq);
    assert(code != TURTLES_NO_PIECE);
    uint64_t keep = ~sa_bb_of(sq);
    s->active_bb[0] &= keep;
    s->active_bb[1] &= keep;
    s->neutral_bb &= keep;
    for (int k = 0; k < TURTLES_KINDS; k++)
        s->tattoo_bb[k] &= keep;
    s->hash ^= turtles_z_piece(sq, code);
    return code;
}

/* Gives the piece on sq to `owner` (0, 1 or 2 = neutral), keeping its tattoo. */
static void set_owner(turtles_state *s, int sq, int owner)
{
    int code = take_piece(s, sq);
    put_piece(s, sq, TURTLES_CODE(owner, code % 5));
}

static int plain_on_board(const turtles_state *s)
{
    return sa_bb_count(turtles_occupied(s) & ~turtles_tattooed(s));
}

/* Plain turtles off the board (§4.6). */
static int pool_size(const turtles_state *s)
{
    return 16 - plain_on_board(s);
}

/* -- counters with their keys -------------------------------------------- */

static void set_phase(turtles_state *s, int phase)
{
    s->hash ^= turtles_z_phase(s->phase) ^ turtles_z_phase(phase);
    s->phase = (uint8_t)phase;
}

static void set_side(turtles_state *s, int side)
{
    if (side != s->side)
        s->hash ^= turtles_z_side();
    s->side = (uint8_t)side;
}

static void set_reserve(turtles_state *s, int p, int n)
{
    s->hash ^= turtles_z_reserve(p, s->reserve[p]) ^ turtles_z_reserve(p, n);
    s->reserve[p] = (uint8_t)n;
}

static void clear_pending(turtles_state *s, int sq)
{
    assert(has(s->pending_bb, sq));
    s->pending_bb &= ~sa_bb_of(sq);
    s->hash ^= turtles_z_pending(sq);
}

static void set_changing(turtles_state *s, int sq)
{
    if (s->changing != TURTLES_NO_SQ)
        s->hash ^= turtles_z_changing(s->changing);
    if (sq != TURTLES_NO_SQ)
        s->hash ^= turtles_z_changing(sq);
    s->changing = (int8_t)sq;
}

/* -- end of the game (§4.7) ---------------------------------------------- */

int turtles_winner_on_goal(const turtles_state *s)
{
    if (has(s->active_bb[0], turtles_goal(0)))
        return 0;
    if (has(s->active_bb[1], turtles_goal(1)))
        return 1;
    return -1;
}

/* Most turtles player p may add now (§4.5); <= 0 when none. */
static int add_limit(const turtles_state *s, int p)
{
    int own = s->reserve[p], other = s->reserve[1 - p];
    int by_margin = 2 + own - other;
    return own < by_margin ? own : by_margin;
}

static uint64_t add_squares(const turtles_state *s, int p)
{
    return turtles_start_bb(p) & ~sa_bb_of(turtles_home(p)) & TURTLES_BOARD_BB &
           ~turtles_occupied(s);
}

int turtles_side_has_move(const turtles_state *s)
{
    int p = s->side;
    uint64_t own = s->active_bb[p], occ = turtles_occupied(s);
    uint64_t empty = TURTLES_BOARD_BB & ~occ;
    for (int k = 0; k < 3; k++) {
        int d = turtles_forward[p][k];
        if (turtles_shift(own, d) & empty)
            return 1;
        if (own & turtles_shift(occ, -d) & turtles_shift(empty, -2 * d))
            return 1;
    }
    return s->hatching && add_limit(s, p) >= 1 && add_squares(s, p) != 0;
}

/* A turn boundary: play goes on, or ends by the turn limit or no move. */
static void turn_boundary(turtles_state *s)
{
    int over =
        (s->max_turns > 0 && s->turns >= s->max_turns) || !turtles_side_has_move(s);
    set_phase(s, over ? TURTLES_OVER : TURTLES_PLAY);
}

/* A goal reached ends the game; whatever is pending is dropped. */
static int end_if_goal(turtles_state *s)
{
    if (turtles_winner_on_goal(s) < 0)
        return 0;
    for (uint64_t bb = s->pending_bb; bb;)
        clear_pending(s, sa_bb_pop(&bb));
    set_changing(s, TURTLES_NO_SQ);
    set_phase(s, TURTLES_OVER);
    return 1;
}

/* After an action (§4.1): count it, pass the turn, then goal, effects or
 * the turn boundary. */
static void end_action(turtles_state *s)
{
    s->hash ^= turtles_z_turns(s->turns) ^ turtles_z_turns(s->turns + 1);
    s->turns++;
    set_side(s, 1 - s->side);
    if (end_if_goal(s))
        return;
    if (s->pending_bb)
        set_phase(s, TURTLES_EFFECTS);
    else
        turn_boundary(s);
}

/* After one effect (§4.6): goal, or the turn begins once nothing waits. */
static void end_effect(turtles_state *s)
{
    if (end_if_goal(s))
        return;
    if (s->pending_bb == 0 && s->changing == TURTLES_NO_SQ)
        turn_boundary(s);
}

/* -- jumps (§4.3, §4.4) --------------------------------------------------- */

enum { KIND_NONE = 0, KIND_OWN = 1, KIND_ENEMY = 2, KIND_NEUTRAL = 3 };

typedef struct jump_gen {
    int p;
    uint64_t own_bb, enemy_bb;
    uint64_t hop_from_bb[3]; /* X with X+d occupied and X+2d empty, per forward d */
    uint64_t hop_any_bb;     /* their union: where a jump may go on         */
    sa_move raw[TURTLES_MAX_RAW_JUMPS]; /* complete jumps, team bits still 0 */
    int n_raw;
} jump_gen;

static int what_is(const jump_gen *g, int sq)
{
    return has(g->own_bb, sq)     ? KIND_OWN
           : has(g->enemy_bb, sq) ? KIND_ENEMY
                                  : KIND_NEUTRAL;
}

/* Records the complete jump `base`, landed on cur (team bits still 0). */
static inline void record_jump(jump_gen *g, sa_move base, int cur, int hops, int neutrals)
{
    assert(g->n_raw < TURTLES_MAX_RAW_JUMPS);
    g->raw[g->n_raw++] =
        base | (sa_move)cur << 10 | (sa_move)hops << 16 | (sa_move)neutrals << 37;
}

static void extend_jump(jump_gen *g, sa_move base, int cur, int hops, int kind,
                        int neutrals);

/* Goes on with the jump `base` (hops made so far, landed on cur) in every
 * way the no-mixing rule allows; records it when it cannot go on. The usual
 * case, no hop at all from cur, is decided here without a call. */
static inline void continue_jump(jump_gen *g, sa_move base, int cur, int hops, int kind,
                                 int neutrals)
{
    if (has(g->hop_any_bb, cur))
        extend_jump(g, base, cur, hops, kind, neutrals);
    else
        record_jump(g, base, cur, hops, neutrals);
}

/* continue_jump where some hop from cur exists (it may still be barred by
 * the no-mixing rule). */
static void extend_jump(jump_gen *g, sa_move base, int cur, int hops, int kind,
                        int neutrals)
{
    int extended = 0;
    for (int k = 0; k < 3; k++) {
        if (!has(g->hop_from_bb[k], cur))
            continue;
        int d = turtles_forward[g->p][k];
        int what = what_is(g, cur + d);
        if ((what == KIND_OWN && kind == KIND_ENEMY) ||
            (what == KIND_ENEMY && kind == KIND_OWN))
            continue;
        extended = 1;
        assert(hops < TURTLES_MAX_HOPS);
        continue_jump(g, base | (sa_move)k << (19 + 2 * hops), cur + 2 * d, hops + 1,
                      kind != KIND_NONE      ? kind
                      : what == KIND_NEUTRAL ? KIND_NONE
                                             : what,
                      neutrals + (what == KIND_NEUTRAL));
    }
    if (!extended)
        record_jump(g, base, cur, hops, neutrals);
}

/* Keeps, among raw[from..n_raw), only the longest jumps. */
static void keep_longest(jump_gen *g, int from)
{
    int longest = 0, shortest = TURTLES_MAX_HOPS;
    for (int i = from; i < g->n_raw; i++) {
        int hops = turtles_m_hops(g->raw[i]);
        longest = hops > longest ? hops : longest;
        shortest = hops < shortest ? hops : shortest;
    }
    if (shortest == longest) /* the usual case: nothing to drop */
        return;
    int n = from;
    for (int i = from; i < g->n_raw; i++)
        if (turtles_m_hops(g->raw[i]) == longest)
            g->raw[n++] = g->raw[i];
    g->n_raw = n;
}

/* All candidate jumps after the maximum rule, into g->raw; returns whether a
 * capture is forced. */
static int collect_jumps(const turtles_state *s, jump_gen *g)
{
    g->p = s->side;
    g->own_bb = s->active_bb[g->p];
    g->enemy_bb = s->active_bb[1 - g->p];
    g->n_raw = 0;
    uint64_t occ = turtles_occupied(s), empty = TURTLES_BOARD_BB & ~occ;
    uint64_t capture_bb = 0, jumper_bb = 0;
    for (int k = 0; k < 3; k++) {
        int d = turtles_forward[g->p][k];
        g->hop_from_bb[k] = turtles_shift(occ, -d) & turtles_shift(empty, -2 * d);
        capture_bb |= g->own_bb & g->hop_from_bb[k] & turtles_shift(g->enemy_bb, -d);
        jumper_bb |= g->own_bb & g->hop_from_bb[k];
    }
    g->hop_any_bb = g->hop_from_bb[0] | g->hop_from_bb[1] | g->hop_from_bb[2];
    int forced = capture_bb != 0;
    for (uint64_t bb = forced ? capture_bb : jumper_bb; bb;) {
        int from = sa_bb_pop(&bb);
        for (int k = 0; k < 3; k++) {
            if (!has(g->hop_from_bb[k], from))
                continue;
            int d = turtles_forward[g->p][k];
            int what = what_is(g, from + d);
            if (forced && what != KIND_ENEMY)
                continue;
            int group = g->n_raw;
            continue_jump(g, TURTLES_M_JUMP | (sa_move)from << 4 | (sa_move)k << 19,
                          from + 2 * d, 1, what == KIND_NEUTRAL ? KIND_NONE : what,
                          what == KIND_NEUTRAL);
            if (s->max_rule == TURTLES_FIRST_HOP && g->n_raw - group > 1)
                keep_longest(g, group);
        }
    }
    if (s->max_rule == TURTLES_GLOBAL)
        keep_longest(g, 0);
    return forced;
}

/* -- move lists per phase -------------------------------------------------- */

static int gen_steps(const turtles_state *s, sa_move *out, int n)
{
    int p = s->side;
    uint64_t empty = TURTLES_BOARD_BB & ~turtles_occupied(s);
    for (int k = 0; k < 3; k++) {
        int d = turtles_forward[p][k];
        for (uint64_t bb = turtles_shift(s->active_bb[p], d) & empty; bb;) {
            int to = sa_bb_pop(&bb);
            out[n++] = TURTLES_M_STEP | (sa_move)(to - d) << 4 | (sa_move)to << 10;
        }
    }
    return n;
}

static int gen_adds(const turtles_state *s, sa_move *out, int n)
{
    int limit = add_limit(s, s->side);
    uint64_t avail = add_squares(s, s->side);
    if (limit < 1)
        return n;
    for (uint64_t sub = avail; sub; sub = (sub - 1) & avail)
        if (sa_bb_count(sub) <= limit)
            out[n++] = TURTLES_M_ADD | (sub >> 8) << 4;
    return n;
}

static int gen_play(const turtles_state *s, sa_move *out)
{
    jump_gen g;
    int forced = collect_jumps(s, &g);
    int n = 0;
    for (int i = 0; i < g.n_raw; i++) {
        int teams = 1 << turtles_m_neutrals(g.raw[i]);
        for (int t = 0; t < teams; t++)
            out[n++] = g.raw[i] | (sa_move)t << 31;
    }
    if (forced)
        return n;
    n = gen_steps(s, out, n);
    if (s->hatching)
        n = gen_adds(s, out, n);
    return n;
}

static int gen_setup(const turtles_state *s, sa_move *out)
{
    uint64_t mine = s->active_bb[s->side];
    int kind = sa_bb_count(mine & turtles_tattooed(s));
    assert(kind < TURTLES_KINDS);
    int n = 0;
    for (uint64_t bb = mine & ~turtles_tattooed(s); bb;)
        out[n++] = TURTLES_M_SETUP | (sa_move)sa_bb_pop(&bb) << 4 | (sa_move)kind << 10;
    return n;
}

static uint64_t neighbours_bb(int sq)
{
    uint64_t n = 0;
    for (int i = 0; i < 6; i++)
        n |= turtles_shift(sa_bb_of(sq), turtles_all_dirs[i]);
    return n;
}

/* Moves for one pending effect at c; O = side, J = 1 - side. */
static int gen_effect(const turtles_state *s, int c, sa_move *out, int n)
{
    int o = s->side, j = 1 - o;
    if (has(s->tattoo_bb[TURTLES_LIFE], c)) {
        uint64_t free_bb = turtles_start_bb(o) & ~turtles_occupied(s);
        if (pool_size(s) <= 0 || free_bb == 0)
            out[n++] = turtles_move_cells(TURTLES_M_LIFE, c, -1);
        for (uint64_t bb = pool_size(s) > 0 ? free_bb : 0; bb;)
            out[n++] = turtles_move_cells(TURTLES_M_LIFE, c, sa_bb_pop(&bb));
    } else if (has(s->tattoo_bb[TURTLES_CONTAM], c)) {
        uint64_t near_bb = neighbours_bb(c) & s->active_bb[j];
        if (near_bb == 0)
            out[n++] = turtles_move_cells(TURTLES_M_CONTAM, c, -1);
        for (uint64_t bb = near_bb; bb;)
            out[n++] = turtles_move_cells(TURTLES_M_CONTAM, c, sa_bb_pop(&bb));
    } else if (has(s->tattoo_bb[TURTLES_IMMORTAL], c)) {
        out[n++] = turtles_move_cells(TURTLES_M_IMMORTAL, c, -1);
    } else {
        assert(has(s->tattoo_bb[TURTLES_CHANGE], c));
        out[n++] = turtles_move_cells(TURTLES_M_CHANGE_OWNER, c, -1);
    }
    return n;
}

static int gen_effects(const turtles_state *s, sa_move *out)
{
    int n = 0;
    if (s->changing != TURTLES_NO_SQ) {
        for (uint64_t bb = s->active_bb[1 - s->side]; bb;)
            out[n++] =
                turtles_move_cells(TURTLES_M_CHANGE_JUMPER, s->changing, sa_bb_pop(&bb));
        return n;
    }
    for (uint64_t bb = s->pending_bb; bb;)
        n = gen_effect(s, sa_bb_pop(&bb), out, n);
    return n;
}

int turtles_legal_moves(const turtles_state *s, sa_move *out)
{
    switch (s->phase) {
    case TURTLES_PLAY: return gen_play(s, out);
    case TURTLES_SETUP: return gen_setup(s, out);
    case TURTLES_EFFECTS: return gen_effects(s, out);
    default: return 0;
    }
}

/* -- one random move (rollouts) -------------------------------------------- */

/* The i-th step of gen_steps' order (i < the number of steps). */
static sa_move nth_step(const turtles_state *s, uint64_t i)
{
    int p = s->side;
    uint64_t empty = TURTLES_BOARD_BB & ~turtles_occupied(s);
    for (int k = 0; k < 3; k++) {
        int d = turtles_forward[p][k];
        uint64_t bb = turtles_shift(s->active_bb[p], d) & empty;
        uint64_t count = (uint64_t)sa_bb_count(bb);
        if (i >= count) {
            i -= count;
            continue;
        }
        for (; i > 0; i--)
            bb &= bb - 1;
        int to = sa_bb_lsb(bb);
        return TURTLES_M_STEP | (sa_move)(to - d) << 4 | (sa_move)to << 10;
    }
    assert(0);
    return 0;
}

static int count_steps(const turtles_state *s)
{
    int p = s->side, n = 0;
    uint64_t empty = TURTLES_BOARD_BB & ~turtles_occupied(s);
    for (int k = 0; k < 3; k++)
        n += sa_bb_count(turtles_shift(s->active_bb[p], turtles_forward[p][k]) & empty);
    return n;
}

/* Play phase without hatching: the jumps with their team choices, then the
 * steps, counted rather than written; moves[i] picked without the list. */
static sa_move random_play_move(const turtles_state *s, sa_rng *rng)
{
    jump_gen g;
    int forced = collect_jumps(s, &g);
    int n_jumps = 0;
    for (int i = 0; i < g.n_raw; i++)
        n_jumps += 1 << turtles_m_neutrals(g.raw[i]);
    int n = n_jumps + (forced ? 0 : count_steps(s));
    uint64_t i = sa_rng_below(rng, (uint64_t)n);
    if (i >= (uint64_t)n_jumps)
        return nth_step(s, i - (uint64_t)n_jumps);
    for (int r = 0;; r++) {
        uint64_t teams = (uint64_t)1 << turtles_m_neutrals(g.raw[r]);
        if (i < teams)
            return g.raw[r] | (sa_move)i << 31;
        i -= teams;
    }
}

sa_move turtles_random_move(const turtles_state *s, sa_move *moves, sa_rng *rng)
{
    if (s->phase == TURTLES_PLAY && !s->hatching)
        return random_play_move(s, rng);
    int n = turtles_legal_moves(s, moves);
    return moves[sa_rng_below(rng, (uint64_t)n)];
}

/* -- apply ------------------------------------------------------------------ */

static void apply_jump(turtles_state *s, sa_move m)
{
    int p = s->side, cur = turtles_m_from(m), neutral_index = 0;
    int jumper = take_piece(s, cur);
    for (int i = 0; i < turtles_m_hops(m); i++) {
        int d = turtles_forward[p][turtles_m_dir(m, i)];
        int over = cur + d;
        if (has(s->active_bb[1 - p], over)) {
            set_owner(s, over, 2);
            if (turtles_tattooed(s) & sa_bb_of(over)) {
                s->pending_bb |= sa_bb_of(over);
                s->hash ^= turtles_z_pending(over);
            }
        } else if (has(s->neutral_bb, over)) {
            set_owner(s, over, turtles_m_team(m, neutral_index++));
        }
        cur += 2 * d;
    }
    assert(cur == turtles_m_to(m));
    put_piece(s, cur, jumper);
}

static void apply_add(turtles_state *s, sa_move m)
{
    uint64_t cells = turtles_m_add_bb(m);
    for (uint64_t bb = cells; bb;)
        put_piece(s, sa_bb_pop(&bb), TURTLES_CODE(s->side, 0));
    set_reserve(s, s->side, s->reserve[s->side] - sa_bb_count(cells));
}

static void apply_setup(turtles_state *s, sa_move m)
{
    int sq = turtles_m_from(m), kind = turtles_m_to(m) & 3;
    take_piece(s, sq);
    put_piece(s, sq, TURTLES_CODE(s->side, kind + 1));
    if (sa_bb_count(s->active_bb[s->side] & turtles_tattooed(s)) < TURTLES_KINDS)
        return;
    if (s->side == 0) {
        set_side(s, 1);
    } else {
        set_side(s, 0);
        turn_boundary(s);
    }
}

static void apply_effect(turtles_state *s, sa_move m)
{
    int o = s->side, c = turtles_m_from(m), t = turtles_m_to(m);
    int target = turtles_m_has_target(m);
    switch (turtles_m_kind(m)) {
    case TURTLES_M_LIFE:
        clear_pending(s, c);
        if (target)
            put_piece(s, t, TURTLES_CODE(o, 0));
        break;
    case TURTLES_M_IMMORTAL:
        clear_pending(s, c);
        if (pool_size(s) > 0) {
            take_piece(s, c);
            put_piece(s, c, TURTLES_CODE(o, 0));
        }
        break;
    case TURTLES_M_CONTAM:
        clear_pending(s, c);
        if (target)
            take_piece(s, t);
        take_piece(s, c);
        break;
    case TURTLES_M_CHANGE_OWNER:
        clear_pending(s, c);
        if (s->active_bb[1 - o])
            set_changing(s, c);
        else
            take_piece(s, c);
        break;
    default:
        assert(turtles_m_kind(m) == TURTLES_M_CHANGE_JUMPER && c == s->changing);
        set_owner(s, t, o);
        take_piece(s, c);
        set_changing(s, TURTLES_NO_SQ);
        break;
    }
    end_effect(s);
}

void turtles_apply(turtles_state *s, sa_move m)
{
    assert(s->phase != TURTLES_OVER);
    switch (turtles_m_kind(m)) {
    case TURTLES_M_STEP:
        put_piece(s, turtles_m_to(m), take_piece(s, turtles_m_from(m)));
        end_action(s);
        break;
    case TURTLES_M_JUMP:
        apply_jump(s, m);
        end_action(s);
        break;
    case TURTLES_M_ADD:
        apply_add(s, m);
        end_action(s);
        break;
    case TURTLES_M_SETUP: apply_setup(s, m); break;
    default: apply_effect(s, m); break;
    }
}

/* -- the function table ------------------------------------------------------ */

static int tt_num_players(const void *state)
{
    (void)state;
    return 2;
}

static int tt_to_move(const void *state)
{
    return turtles_to_move(state);
}

static int tt_legal_moves(const void *state, sa_move *out)
{
    return turtles_legal_moves(state, out);
}

static int tt_chance_outcomes(const void *state, sa_move *out, uint64_t *weights)
{
    (void)state;
    (void)out;
    (void)weights;
    return 0;
}

static void tt_apply(void *state, sa_move m)
{
    turtles_apply(state, m);
}

static uint64_t tt_hash(const void *state)
{
    return turtles_hash(state);
}

static uint64_t tt_hash_from_scratch(const void *state)
{
    return turtles_hash_from_scratch(state);
}

/* Goal first, then the turn limit, else `side` lost by having no move. */
void turtles_result(const turtles_state *s, int32_t *out)
{
    assert(s->phase == TURTLES_OVER);
    int winner = turtles_winner_on_goal(s);
    if (winner < 0 && s->max_turns > 0 && s->turns >= s->max_turns) {
        out[0] = out[1] = 0;
        return;
    }
    if (winner < 0)
        winner = 1 - s->side;
    out[winner] = 1;
    out[1 - winner] = -1;
}

static void tt_result(const void *state, int32_t *out)
{
    turtles_result(state, out);
}

const sa_game sa_turtles_game = {
    .name = "turtles",
    .min_players = 2,
    .max_players = 2,
    .has_chance = 0,
    .max_moves = TURTLES_MAX_MOVES,
    .max_chance_outcomes = 0,
    .state_size = sizeof(turtles_state),
    .rules = turtles_rules,
    .n_rules = TURTLES_N_RULES,
    .eval_units = turtles_eval_units,
    /* record analysis levels (quick, default, thorough): decision depth,
     * chance depth; measured by bench/analysis_stability.py */
    .analysis_depth = {{5, 5}, {7, 7}, {9, 9}},
    /* bench/analysis_ratings.py at each level (docs/records.md) */
    .rating_least = {[0] = {[2] = {90.2, 90.2, 77.0, 56.3}},
                     [1] = {[2] = {91.5, 84.1, 71.2, 55.2}},
                     [2] = {[2] = {87.7, 79.2, 67.2, 52.2}}},
    .new_position = turtles_new_position,
    .from_json = turtles_from_json,
    .to_json = turtles_to_json,
    .move_str = turtles_move_str,
    .describe_move = turtles_describe_move,
    .num_players = tt_num_players,
    .to_move = tt_to_move,
    .legal_moves = tt_legal_moves,
    .chance_outcomes = tt_chance_outcomes,
    .apply = tt_apply,
    .hash = tt_hash,
    .hash_from_scratch = tt_hash_from_scratch,
    .result = tt_result,
    .evaluate = turtles_evaluate,
    .n_features = TURTLES_N_FEATURES,
    .feature_names = turtles_feature_names,
    .feature_phrases = turtles_feature_phrases,
    .default_weights = turtles_default_weights,
    .features = turtles_features,
    .weights_offset = offsetof(turtles_state, weights),
    .win_scale = TURTLES_WIN_SCALE,
};
