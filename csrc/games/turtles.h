/* games/turtles.h: Tortuga / Tattoo Turtles / La Eclosion (rule book
 * shared/rules/turtles.md): the state, the cell numbering, the move packing
 * and the functions the turtles_*.c files share.
 *
 * Cell numbering. A cell with axial coordinates (q, r) is bit
 *     sq = 8 * c + s,   c = q + 3 (column a..g = 0..6),  s = 3 - r (0..6)
 * of one 64-bit word; bit 7 of every byte is padding and never on the board.
 * Its name is column letter 'a' + c and rank min(3, 6 - c) + s - 2, so the bit
 * order is the name order (a1 < a4 < b1 < ... < g4). Board (bit numbers):
 *
 *                           d7:30
 *                    c6:21         e6:38
 *             b5:12        d6:29         f5:46
 *      a4:3          c5:20         e5:37         g4:54
 *             b4:11        d5:28         f4:45
 *      a3:2          c4:19         e4:36         g3:53
 *             b3:10        d4:27         f3:44
 *      a2:1          c3:18         e3:35         g2:52
 *             b2:9         d3:26         f2:43
 *      a1:0          c2:17         e2:34         g1:51
 *             b1:8         d2:25         f1:42
 *                    c1:16         e1:33
 *                           d1:24
 *
 * Directions are constant bit offsets: N +1, NE +9, SE +8, S -1, SW -9, NW -8.
 * A step off the board always lands on a padding bit, below 0 or above 54, so
 * `(bb shifted by the offset) & TURTLES_BOARD_BB` is exact (checked by the C
 * tests against the axial definition). The point reflection (q, r) -> (-q, -r)
 * that swaps the players is sq -> 54 - sq.
 */
#ifndef SAFARI_GAMES_TURTLES_H
#define SAFARI_GAMES_TURTLES_H

#include <stdint.h>

#include "common/rng.h"
#include "safari/game.h"

#define TURTLES_BOARD_BB 0x787c7e7f3f1f0fULL
#define TURTLES_CELLS 37
#define TURTLES_SQ_NB 55 /* bit numbers 0..54 */
#define TURTLES_NO_SQ (-1)
/* Largest "turns" a position may hold (an implementation limit: with
 * max_turns 0 the rule book sets none). */
#define TURTLES_MAX_TURNS_FIELD 2147483647

/* Corners: d1 = player 0's home and player 1's goal; d7 the opposite. */
#define TURTLES_D1 24
#define TURTLES_D7 30
/* Start squares: b1 c1 c2 d1 d2 e1 e2 f1 and their mirror b5 c5 c6 d6 d7 e5 e6 f5. */
#define TURTLES_START0_BB 0x0000040603030100ULL
#define TURTLES_START1_BB 0x0000406060301000ULL

/* Phases (§4.1). */
enum { TURTLES_SETUP = 0, TURTLES_PLAY = 1, TURTLES_EFFECTS = 2, TURTLES_OVER = 3 };
/* Tattoo kinds, in setup order (§3.2). */
enum {
    TURTLES_LIFE = 0,
    TURTLES_CHANGE = 1,
    TURTLES_IMMORTAL = 2,
    TURTLES_CONTAM = 3,
    TURTLES_KINDS = 4
};
/* max_rule (§4.4). */
enum { TURTLES_FIRST_HOP = 0, TURTLES_ANY = 1, TURTLES_GLOBAL = 2 };

/* The state: 88 bytes, no pointers, copy-make by memcpy.
 *
 *   pieces (change with actions and effects)
 *     active_bb[p]   active turtles of player p         \  pairwise disjoint,
 *     neutral_bb     turtles on their backs             /  within TURTLES_BOARD_BB
 *     tattoo_bb[k]   tattooed turtles of kind k (L C I X), whoever owns them;
 *                    a subset of the three above; the kinds are disjoint
 *   effects bookkeeping
 *     pending_bb     neutral tattooed turtles whose effect awaits resolution
 *     changing       cell of the Change waiting for J's choice, or TURTLES_NO_SQ
 *   turn counters
 *     turns (0..TURTLES_MAX_TURNS_FIELD), side, phase, reserve[2] (0..8)
 *   rules (fixed for a game)
 *     tattoo, tattoo_choose, hatching, max_rule, max_turns (0 = no limit)
 *   hash             Zobrist key of everything above but the rules
 */
typedef struct turtles_state {
    uint64_t active_bb[2];
    uint64_t neutral_bb;
    uint64_t tattoo_bb[TURTLES_KINDS];
    uint64_t pending_bb;
    uint64_t hash;
    uint32_t turns;
    uint16_t max_turns;
    int8_t changing;
    uint8_t side;
    uint8_t phase;
    uint8_t reserve[2];
    uint8_t tattoo;
    uint8_t tattoo_choose;
    uint8_t hatching;
    uint8_t max_rule;
    uint8_t weights; /* weight-set slot of the evaluation (common/weights.h) */
} turtles_state;

/* Moves: one sa_move, 64 bits.
 *
 *   bits  0..3   kind (TURTLES_M_*)
 *   STEP         4..9 from, 10..15 to
 *   JUMP         4..9 from, 10..15 last landing cell, 16..18 hops (1..6),
 *                19..30 hop i's direction in bits 19+2i..20+2i (index into the
 *                mover's three forward directions), 31..36 team of the i-th
 *                neutral jumped in bit 31+i, 37..39 number of neutrals jumped
 *   ADD          4..42 the added cells' bitboard shifted right by 8 (every add
 *                square lies in bits 8..46)
 *   SETUP        4..9 cell, 10..11 tattoo kind
 *   LIFE, CONTAM, CHANGE_JUMPER
 *                4..9 the tattooed turtle's cell c, 10..15 the target t (or s),
 *                16 set when there is a target (Lc/s, Xc/t, Cc/t)
 *   IMMORTAL, CHANGE_OWNER
 *                4..9 c
 *
 * TURTLES_MAX_MOVES, the proof. Complete jumps of one turtle form an antichain
 * of its tree of hop paths (a proper prefix of a complete jump is never
 * complete), so each maps to a distinct leaf of the geometric hop tree (hops
 * of two cells in the three forward directions, the board ignored); a jump
 * with k <= hops neutrals gives 2^k moves, at most 2^length of that leaf.
 * Summed over the 37 source cells, sum of 2^length over the leaves is 3768
 * (computed: see docs/rules/turtles.md) and there are 231 leaves. Add to that
 * 3 steps for each of at most 37 turtles (111) and at most 2^7 - 1 = 127 adds:
 * 4006 <= 4096. Effect moves: at most 24 (Change, one per active turtle of J)
 * or 2 Life x 8 + 2 Contamination x 6 + 4 = 32; setup moves: 8.
 * Every jump has at most 6 hops (each hop advances -(q + 2r) by >= 2, which
 * spans -6..6). */
#define TURTLES_MAX_MOVES 4096
#define TURTLES_MAX_RAW_JUMPS 256 /* complete jumps before team choice: <= 231 */
#define TURTLES_MAX_HOPS 6

enum {
    TURTLES_M_STEP = 0,
    TURTLES_M_JUMP = 1,
    TURTLES_M_ADD = 2,
    TURTLES_M_SETUP = 3,
    TURTLES_M_LIFE = 4,
    TURTLES_M_IMMORTAL = 5,
    TURTLES_M_CONTAM = 6,
    TURTLES_M_CHANGE_OWNER = 7,
    TURTLES_M_CHANGE_JUMPER = 8
};

static inline int turtles_m_kind(sa_move m)
{
    return (int)(m & 15);
}
static inline int turtles_m_from(sa_move m)
{
    return (int)((m >> 4) & 63);
}
static inline int turtles_m_to(sa_move m)
{
    return (int)((m >> 10) & 63);
}
static inline int turtles_m_hops(sa_move m)
{
    return (int)((m >> 16) & 7);
}
static inline int turtles_m_dir(sa_move m, int i)
{
    return (int)((m >> (19 + 2 * i)) & 3);
}
static inline int turtles_m_team(sa_move m, int i)
{
    return (int)((m >> (31 + i)) & 1);
}
static inline int turtles_m_neutrals(sa_move m)
{
    return (int)((m >> 37) & 7);
}
static inline uint64_t turtles_m_add_bb(sa_move m)
{
    return ((m >> 4) & ((1ULL << 39) - 1)) << 8;
}
static inline int turtles_m_has_target(sa_move m)
{
    return (int)((m >> 16) & 1);
}

static inline sa_move turtles_move_cells(int kind, int c, int t)
{
    return (sa_move)kind | (sa_move)c << 4 |
           (t >= 0 ? ((sa_move)t << 10 | (sa_move)1 << 16) : 0);
}

/* Forward direction offsets of player p: N NE NW for player 0, S SW SE for 1. */
static const int turtles_forward[2][3] = {{1, 9, -8}, {-1, -9, 8}};
static const int turtles_all_dirs[6] = {1, 9, 8, -1, -9, -8};

/* bb moved by `offset` bits (either sign), off-board bits dropped. */
static inline uint64_t turtles_shift(uint64_t bb, int offset)
{
    return (offset >= 0 ? bb << offset : bb >> -offset) & TURTLES_BOARD_BB;
}

static inline uint64_t turtles_occupied(const turtles_state *s)
{
    return s->active_bb[0] | s->active_bb[1] | s->neutral_bb;
}

static inline uint64_t turtles_tattooed(const turtles_state *s)
{
    return s->tattoo_bb[0] | s->tattoo_bb[1] | s->tattoo_bb[2] | s->tattoo_bb[3];
}

static inline uint64_t turtles_start_bb(int p)
{
    return p ? TURTLES_START1_BB : TURTLES_START0_BB;
}
static inline int turtles_home(int p)
{
    return p ? TURTLES_D7 : TURTLES_D1;
}
static inline int turtles_goal(int p)
{
    return p ? TURTLES_D1 : TURTLES_D7;
}

/* -- shared between the turtles_*.c files --------------------------------- */

/* Piece codes: owner 0, 1 or 2 (neutral) and tattoo 0 (plain) or 1 + kind. */
#define TURTLES_CODE(owner, tattoo) ((owner)*5 + (tattoo))
#define TURTLES_NO_PIECE (-1)

/* geometry and names (turtles_geometry.c) */
int turtles_sq_valid(int sq);
/* "d4" for sq; out holds 3 bytes. */
void turtles_sq_name(int sq, char out[3]);
/* The cell called `name`, or TURTLES_NO_SQ. */
int turtles_sq_parse(const char *name);

/* hashing (the table and its layout: turtles_zobrist.c) */
/* The seed the keys come from (tests recompute the table). */
#define TURTLES_ZOBRIST_SEED 0x7475727431657321ULL
#define TURTLES_Z_PIECE 0
#define TURTLES_Z_PENDING 896
#define TURTLES_Z_CHANGING 952
#define TURTLES_Z_PHASE 1008
#define TURTLES_Z_SIDE 1012
#define TURTLES_Z_RESERVE 1013
#define TURTLES_Z_COUNT 1031
extern const uint64_t turtles_zobrist_keys[TURTLES_Z_COUNT];

static inline uint64_t turtles_z_piece(int sq, int code)
{
    return turtles_zobrist_keys[TURTLES_Z_PIECE + 16 * sq + code];
}
static inline uint64_t turtles_z_pending(int sq)
{
    return turtles_zobrist_keys[TURTLES_Z_PENDING + sq];
}
static inline uint64_t turtles_z_changing(int sq)
{
    return turtles_zobrist_keys[TURTLES_Z_CHANGING + sq];
}
static inline uint64_t turtles_z_phase(int phase)
{
    return turtles_zobrist_keys[TURTLES_Z_PHASE + phase];
}
static inline uint64_t turtles_z_side(void)
{
    return turtles_zobrist_keys[TURTLES_Z_SIDE];
}
static inline uint64_t turtles_z_reserve(int p, int n)
{
    return turtles_zobrist_keys[TURTLES_Z_RESERVE + 9 * p + n];
}
/* The turn counter's key: a splitmix64 step of seed ^ turns. */
static inline uint64_t turtles_z_turns(uint32_t turns)
{
    uint64_t x = TURTLES_ZOBRIST_SEED ^ (uint64_t)turns;
    return sa_splitmix64(&x);
}
uint64_t turtles_hash_from_scratch(const turtles_state *s);

/* The "rules" options (turtles_io.c; safari/rules.h). */
#define TURTLES_N_RULES 5
extern const sa_rule turtles_rules[TURTLES_N_RULES];

/* rules (turtles.c) */
int turtles_piece_at(const turtles_state *s, int sq);
int turtles_winner_on_goal(const turtles_state *s); /* 0, 1, or -1 (none) */
int turtles_side_has_move(const turtles_state *s);  /* play-phase sense */
int turtles_legal_moves(const turtles_state *s, sa_move *out);
void turtles_apply(turtles_state *s, sa_move m);
/* moves[sa_rng_below(rng, n)] for the n moves turtles_legal_moves(s, moves)
 * would write: the same draw, the same move, mostly without writing the
 * list (a rollout's step; `moves` is scratch of TURTLES_MAX_MOVES). */
sa_move turtles_random_move(const turtles_state *s, sa_move *moves, sa_rng *rng);
/* At a terminal position: +1 / -1 / 0 for each player. */
void turtles_result(const turtles_state *s, int32_t *out);

/* Who decides: the side, J (the other one) choosing for a Change, or
 * SA_TERMINAL. Inline: the searches call it on every node. */
static inline int turtles_to_move(const turtles_state *s)
{
    if (s->phase == TURTLES_OVER)
        return SA_TERMINAL;
    if (s->phase == TURTLES_EFFECTS && s->changing != TURTLES_NO_SQ)
        return 1 - s->side;
    return s->side;
}

/* The Zobrist key apply keeps up to date. */
static inline uint64_t turtles_hash(const turtles_state *s)
{
    return s->hash;
}

/* JSON and spelling (turtles_io.c) */
sa_status turtles_new_position(void *state, const sa_json *rules, sa_error *err);
sa_status turtles_from_json(void *state, const sa_json *root, sa_error *err);
void turtles_to_json(const void *state, sa_writer *out);
void turtles_move_str(const void *state, sa_move m, char out[SA_MOVE_STR_MAX]);
/* What a move does (turtles_describe.c; sa_game.describe_move). */
void turtles_describe_move(const void *state, sa_move m, sa_move_description *out);

/* evaluation (turtles_eval.c) */
int32_t turtles_evaluate(const void *state, int player);

/* The evaluation's features (turtles_eval.c, docs/tuning.md). */
#define TURTLES_N_FEATURES 6
/* The alpha-beta reports' win-probability scale K (safari/features.h):
 * fitted on self-play records (docs/tuning.md). */
#define TURTLES_WIN_SCALE 223.0
extern const char *const turtles_feature_names[TURTLES_N_FEATURES];
extern const char *const turtles_feature_phrases[2 * TURTLES_N_FEATURES];
extern const int32_t turtles_default_weights[TURTLES_N_FEATURES];
/* What one unit of the evaluation is, spelled from those weights. */
extern const char turtles_eval_units[];
void turtles_features(const void *state, int32_t *out);

#endif /* SAFARI_GAMES_TURTLES_H */
