/* games/zebras.h: Drôles de Zèbres (Kiwara): the state, the move packing and
 * the board geometry shared by the rules (zebras.c) and the boundary code
 * (zebras_io.c). Rule book: shared/rules/zebras.md (sections cited as §n).
 *
 * The board: 30 cells, bit i of a cell set is cell i = 6 * (row - 1) + column
 * (a = 0 ... f = 5), so rows run top to bottom and columns left to right:
 *
 *         a  b  c  d  e  f         territory of each cell (T1..T6, §2.2)
 *     1   0  1  2  3  4  5         1 2 3 3 3 3
 *     2   6  7  8  9 10 11         1 2 2 3 4 4
 *     3  12 13 14 15 16 17         1 1 2 3 3 4
 *     4  18 19 20 21 22 23         5 1 2 2 2 6
 *     5  24 25 26 27 28 29         5 5 6 6 6 6
 *
 * Cell sets are uint32_t (bits 30 and 31 always 0).
 */
#ifndef SAFARI_GAMES_ZEBRAS_H
#define SAFARI_GAMES_ZEBRAS_H

#include <stdint.h>

#include "safari/game.h"

/* -- components ----------------------------------------------------------- */

#define ZEBRAS_CELLS 30
#define ZEBRAS_ALL_CELLS 0x3FFFFFFFu
#define ZEBRAS_TRACK 22 /* guardian positions 0..21 (§2.3)   */
#define ZEBRAS_TERRITORIES 6
#define ZEBRAS_SPECIES 5
#define ZEBRAS_MAX_CHAIN 10 /* longest crocodile chain, see below */

/* Species, in the order of the "hands" objects: Z G E L C. */
enum { ZEBRAS_Z = 0, ZEBRAS_G = 1, ZEBRAS_E = 2, ZEBRAS_L = 3, ZEBRAS_C = 4 };

/* Tokens per player and species (§2.4), 15 in all. */
static const uint8_t ZEBRAS_INVENTORY[ZEBRAS_SPECIES] = {5, 6, 1, 1, 2};
/* Value of a face-up token (§2.4); face-down tokens are worth 0. */
static const uint8_t ZEBRAS_VALUE[ZEBRAS_SPECIES] = {6, 2, 5, 1, 0};
static const char ZEBRAS_LETTER[ZEBRAS_SPECIES] = {'Z', 'G', 'E', 'L', 'C'};

#define ZEBRAS_INAUGURATION_POINTS 5

/* -- the state ------------------------------------------------------------ */
/*
 * One position, 56 bytes, copied by memcpy (copy-make). Grouped by when the
 * fields change:
 *
 *   offset  field            meaning
 *   ------  ---------------  -----------------------------------------------
 *    0      hash             Zobrist key, kept by apply (zebras.c)
 *    8      owner_bb[2]      cells holding a token of player 0 / player 1
 *   16      species_bb[5]    cells holding a Z G E L C token, either owner
 *   36      down_bb          cells holding a face-down token (always a
 *                            subset of species_bb[Z] | species_bb[G])
 *   40      hand[2][5]       tokens in each player's hand, by species
 *   50      to_move          0, 1 or SA_TERMINAL (-2)
 *   51      guardian         0..21, or -1 before the opening move
 *   52      inauguration     holder 0 or 1, or -1 (unclaimed)
 *   53      croc_chain       the rules option (§1): 1 = chains allowed
 *   54      weights          the evaluation's weight-set slot (0: defaults)
 *   55      (padding, always 0 so that states compare with memcmp)
 *
 * Invariants (checked by zebras_is_ok in debug builds): owner_bb[0] and
 * owner_bb[1] are disjoint and their union is the union of species_bb[], the
 * species sets are pairwise disjoint, and hand + board = inventory.
 */
typedef struct zebras_state {
    uint64_t hash;
    uint32_t owner_bb[2];
    uint32_t species_bb[ZEBRAS_SPECIES];
    uint32_t down_bb;
    uint8_t hand[2][ZEBRAS_SPECIES];
    int8_t to_move;
    int8_t guardian;
    int8_t inauguration;
    uint8_t croc_chain;
    uint8_t weights; /* weight-set slot of the evaluation (common/weights.h) */
    uint8_t pad;
} zebras_state;

/* -- the move ------------------------------------------------------------- */
/*
 * A whole turn is one sa_move (§4.2):
 *
 *   bits    field      values
 *   ------  ---------  -------------------------------------------------------
 *    0- 4   dest       guardian destination 0..21; 31 = none (the placement
 *                      filled the board, the game is over)
 *    5- 7   species    0..4 = Z G E L C; 7 = the opening move "@NN"
 *    8-12   cell       target cell 0..29 (0 for the opening)
 *   13-16   swaps      number of crocodile swaps k, 0..10
 *   17-36   steps      swap i (0-based) at bits 17+2i..18+2i: the direction
 *                      the crocodile moves, 0 up, 1 right, 2 down, 3 left
 *   37-63   0
 *
 * Why 10 swaps fit: every swap crosses a river, and a chain never visits a
 * cell twice (§4.4), so a chain is a simple path in the graph of the 25 river
 * crossings. Its longest simple path has 10 edges (a1 b1 c1 c2 d2 e2 e3 f3 f4
 * e4 e5 is one such path, found by exhaustive search, rechecked by
 * test_zebras.c).
 *
 * ZEBRAS_MAX_MOVES: a turn is one empty cell x of the designated line, one
 * species and, for a crocodile, one chain from x, then one of at most 3
 * guardian destinations (§4.6). The number of chains from cell x is at most
 * the number of simple paths from x in the river graph, P(x) (23 at most,
 * from f3 and f4; exhaustive search). Over the 22 lines the
 * largest sum over the line's cells of 3 * (4 + P(x)) is 336 (column/row
 * totals recomputed by test_zebras.c), and the opening has 22 moves.
 */
#define ZEBRAS_MAX_MOVES 336

#define ZEBRAS_DEST_NONE 31u
#define ZEBRAS_OPENING 7u

static inline sa_move zebras_move_make(unsigned species, unsigned cell, unsigned dest)
{
    return (sa_move)dest | (sa_move)species << 5 | (sa_move)cell << 8;
}
static inline unsigned zebras_move_dest(sa_move m)
{
    return (unsigned)(m & 31);
}
static inline unsigned zebras_move_species(sa_move m)
{
    return (unsigned)(m >> 5) & 7;
}
static inline unsigned zebras_move_cell(sa_move m)
{
    return (unsigned)(m >> 8) & 31;
}
static inline unsigned zebras_move_swaps(sa_move m)
{
    return (unsigned)(m >> 13) & 15;
}
static inline unsigned zebras_move_step(sa_move m, unsigned i)
{
    return (unsigned)(m >> (17 + 2 * i)) & 3;
}

/* -- geometry (precomputed; test_zebras.c rederives every table) ---------- */

/* Territory index 0..5 (T1..T6) of each cell. */
static const uint8_t ZEBRAS_TERRITORY_OF[ZEBRAS_CELLS] = {0, 1, 2, 2, 2, 2, 0, 1, 1, 2,
                                                          3, 3, 0, 0, 1, 2, 2, 3, 4, 0,
                                                          1, 1, 1, 5, 4, 4, 5, 5, 5, 5};

/* The cells of each territory. */
static const uint32_t ZEBRAS_TERRITORY_BB[ZEBRAS_TERRITORIES] = {
    0x00083041, 0x00704182, 0x0001823c, 0x00020c00, 0x03040000, 0x3c800000};

/* Orthogonal neighbours of each cell (§2.1). */
static const uint32_t ZEBRAS_ADJACENT_BB[ZEBRAS_CELLS] = {
    0x00000042, 0x00000085, 0x0000010a, 0x00000214, 0x00000428, 0x00000810,
    0x00001081, 0x00002142, 0x00004284, 0x00008508, 0x00010a10, 0x00020420,
    0x00042040, 0x00085080, 0x0010a100, 0x00214200, 0x00428400, 0x00810800,
    0x01081000, 0x02142000, 0x04284000, 0x08508000, 0x10a10000, 0x20420000,
    0x02040000, 0x05080000, 0x0a100000, 0x14200000, 0x28400000, 0x10800000};

/* The line (column or row) each guardian position designates (§2.3). */
static const uint32_t ZEBRAS_LINE_BB[ZEBRAS_TRACK] = {
    0x01041041, 0x02082082, 0x04104104, 0x08208208, 0x10410410, 0x20820820,
    0x0000003f, 0x00000fc0, 0x0003f000, 0x00fc0000, 0x3f000000, 0x20820820,
    0x10410410, 0x08208208, 0x04104104, 0x02082082, 0x01041041, 0x3f000000,
    0x00fc0000, 0x0003f000, 0x00000fc0, 0x0000003f};

/* The cell one step from `cell` in direction d (0 up, 1 right, 2 down,
 * 3 left) when a river lies between them, else -1 (§2.2). */
static const int8_t ZEBRAS_RIVER_STEP[ZEBRAS_CELLS][4] = {
    {-1, 1, -1, -1},  {-1, 2, -1, 0},   {-1, -1, 8, 1},   {-1, -1, -1, -1},
    {-1, -1, 10, -1}, {-1, -1, 11, -1}, {-1, 7, -1, -1},  {-1, -1, 13, 6},
    {2, 9, -1, -1},   {-1, 10, -1, 8},  {4, -1, 16, 9},   {5, -1, -1, -1},
    {-1, -1, 18, -1}, {7, 14, -1, -1},  {-1, 15, -1, 13}, {-1, -1, 21, 14},
    {10, 17, 22, -1}, {-1, -1, 23, 16}, {12, 19, -1, -1}, {-1, 20, 25, 18},
    {-1, -1, 26, 19}, {15, -1, 27, -1}, {16, 23, 28, -1}, {17, -1, -1, 22},
    {-1, -1, -1, -1}, {19, 26, -1, -1}, {20, -1, -1, 25}, {21, -1, -1, -1},
    {22, -1, -1, -1}, {-1, -1, -1, -1}};

/* Cell index change of one step in each direction. */
static const int8_t ZEBRAS_STEP_DELTA[4] = {-6, 1, 6, -1};

/* -- small queries -------------------------------------------------------- */

static inline uint32_t zebras_occupied(const zebras_state *s)
{
    return s->owner_bb[0] | s->owner_bb[1];
}

static inline int zebras_hand_total(const zebras_state *s, int player)
{
    const uint8_t *h = s->hand[player];
    return h[0] + h[1] + h[2] + h[3] + h[4];
}

/* Species 0..4 of the token on `cell`, or -1 when the cell is empty. */
static inline int zebras_species_at(const zebras_state *s, int cell)
{
    uint32_t bit = (uint32_t)1 << cell;
    for (int sp = 0; sp < ZEBRAS_SPECIES; sp++)
        if (s->species_bb[sp] & bit)
            return sp;
    return -1;
}

/* -- the hot path (zebras.c), also called directly by the searches -------- */
/* These take `const void *` so that the function table (sa_zebras_game)
 * holds them as they are; the specialised searches (search/alphabeta_zebras.c)
 * call them with a zebras_state. Contracts: safari/game.h. */

int zebras_legal_moves(const void *state, sa_move *out);
void zebras_apply(void *state, sa_move m);
void zebras_result(const void *state, int32_t *out);
int32_t zebras_evaluate(const void *state, int player);

/* The evaluation's features (zebras_eval.c, docs/tuning.md): control,
 * open, inauguration, tempo and the five hand counts. They are fractions, written in fixed point:
 * feature i is features(s)[i] / ZEBRAS_FEATURE_ONE (a power of two, so that
 * every value is exact as a double and weights . features is exact). */
#define ZEBRAS_N_FEATURES 9
#define ZEBRAS_FEATURE_ONE 1024
/* The alpha-beta reports' win-probability scale K (safari/features.h):
 * fitted on self-play records of this evaluation (docs/tuning.md). */
#define ZEBRAS_WIN_SCALE 901.0
extern const char *const zebras_feature_names[ZEBRAS_N_FEATURES];
extern const char *const zebras_feature_phrases[2 * ZEBRAS_N_FEATURES];
extern const int32_t zebras_default_weights[ZEBRAS_N_FEATURES];
/* What one unit of the evaluation is, next to those weights (zebras_eval.c). */
extern const char zebras_eval_units[];
void zebras_features(const void *state, int32_t *out);

static inline int zebras_to_move(const void *state)
{
    return ((const zebras_state *)state)->to_move;
}

static inline uint64_t zebras_hash(const void *state)
{
    return ((const zebras_state *)state)->hash;
}

/* -- shared between zebras.c and zebras_io.c (not part of the public API) - */

/* The Zobrist keys (zebras_keys.c; layout drawn in zebras.c). */
#define ZEBRAS_ZOBRIST_SEED 0x7A65627261735A5AULL /* "zebrasZZ" */
#define ZEBRAS_ZOBRIST_KEYS 527
extern const uint64_t zebras_zobrist_keys[ZEBRAS_ZOBRIST_KEYS];

/* Zobrist key computed from scratch (zebras.c). */
uint64_t zebras_hash_full(const zebras_state *s);
/* Face-up points of each player at the end, Inauguration included (§4.8). */
void zebras_scores(const zebras_state *s, int out[2]);

/* Boundary functions (zebras_io.c). */
/* The "rules" options (zebras_io.c; safari/rules.h). */
#define ZEBRAS_N_RULES 1
extern const sa_rule zebras_rules[ZEBRAS_N_RULES];

sa_status zebras_new_position(void *state, const sa_json *rules, sa_error *err);
sa_status zebras_from_json(void *state, const sa_json *root, sa_error *err);
void zebras_to_json(const void *state, sa_writer *out);
void zebras_move_str(const void *state, sa_move m, char out[SA_MOVE_STR_MAX]);
/* What a move does (zebras_describe.c; sa_game.describe_move). */
void zebras_describe_move(const void *state, sa_move m, sa_move_description *out);

#endif /* SAFARI_GAMES_ZEBRAS_H */
