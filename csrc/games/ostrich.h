/* games/ostrich.h: Banjooli Xeet, the ostrich race (and the Lion variant):
 * the state, the move packing and the functions shared by ostrich.c (rules)
 * and ostrich_io.c (JSON, spelling).
 *
 * Spaces. The track is 3 lanes wide and up to 99 rows long; space index
 * sp = row * 3 + lane (lane 0 = a, 1 = b, 2 = c), 0 .. 296. OSTRICH_NO_SPACE
 * marks "nowhere" (finished, off the track, no lion).
 *
 * Letters and faces: 0..4 = ostriches A..E; face 5 = W (the wild).
 */
#ifndef SAFARI_GAMES_OSTRICH_H
#define SAFARI_GAMES_OSTRICH_H

#include <stdint.h>

#include "safari/game.h"

#define OSTRICH_MAX_ROWS 99
#define OSTRICH_MAX_SPACES (OSTRICH_MAX_ROWS * 3) /* 297            */
#define OSTRICH_MAX_TILES 20
#define OSTRICH_MAX_TILE_ROWS 9
#define OSTRICH_MAX_KINDS 16 /* berry kinds (implementation limit)  */
#define OSTRICH_NAME_CAP 17  /* 1..16 characters + NUL              */
#define OSTRICH_MAX_PLAYERS 5
#define OSTRICH_N_TILES 10 /* prediction tiles                    */
#define OSTRICH_NO_SPACE 0x1FF
#define OSTRICH_MAX_OWED 20   /* bonus / extra counters saturate here */
#define OSTRICH_BERRY_WORDS 5 /* 5 * 64 >= 297 bits                   */

#define FACE_W 5
#define N_FACES 6

/* Bound on legal moves. A movement path has at most c + R <= 6 points (six
 * dice in an exhausted turn) and at most 3 choices per point, so one ostrich
 * has at most 3+9+27+81+243+729 = 1092 paths over all lengths 1..6; when
 * several ostriches share the six dice, each has fewer points and the sum is
 * smaller (two ostriches with c = 1 and 4 wilds: 2 * 363 = 726). Add 5 flips
 * (sorcery and movement share one action; pass only when there is neither).
 * Re-roll choices: at most 2^5 * 2 = 64. Nests: 5. Lion paths: <= 8^3 = 512.
 * Vortex and lion placements: <= 297 spaces. Advance: <= 3^5. */
#define OSTRICH_MAX_MOVES 1100
/* Bound on chance outcomes: the roll, 252 white multisets x 6 black faces. */
#define OSTRICH_MAX_OUTCOMES 1512

/* Terrain codes (the rule book's characters in ostrich_terrain_chars). */
enum {
    T_NORMAL,
    T_ROCK,
    T_QUICKSAND,
    T_CROCODILE,
    T_LAVA,
    T_BRIDGE,
    T_RAVINE,
    T_VORTEX,
    T_NEST,
    T_FINISH,
    T_NB
};

/* Berry effect primitives (advance1..advance5 are EFF_ADVANCE1 + n - 1). */
enum {
    EFF_NONE,
    EFF_BEWITCH,
    EFF_ALL_DICE,
    EFF_EXTRA_TURN,
    EFF_ADVANCE1,
    EFF_ADVANCE5 = EFF_ADVANCE1 + 4,
    EFF_TO_NEST,
    EFF_NB
};
/* The three known kinds always occupy kind indices 0, 1, 2. */
enum { KIND_PEEPA, KIND_DOFNOOXOOR, KIND_TER };

enum { MODE_NORMAL, MODE_EXHAUSTED, MODE_LION, MODE_BONUS, MODE_NB };

enum {
    PH_DEAL,
    PH_ROLL,
    PH_REROLL_CHOICE,
    PH_REROLL,
    PH_ACTION,
    PH_MOVES,
    PH_BERRY,
    PH_ADVANCE,
    PH_NEST,
    PH_LION_PLACE,
    PH_FLIP,
    PH_LION_BLACK,
    PH_LION_TARGET,
    PH_LION_MOVE,
    PH_VORTEX,
    PH_OVER,
    PH_NB
};

enum { LION_OFF, LION_HIDDEN, LION_ACTIVE, LION_EXHAUSTED, LION_GONE, LION_NB };

/* Where an ostrich is. */
enum { AT_TRACK, AT_FINISHED, AT_OFF };

/* The track: fixed for a whole game (set when the position is read). */
typedef struct ostrich_track {
    uint8_t n_rows;                        /* 2 .. 99                     */
    uint8_t n_tiles;                       /* 2 .. 20                     */
    uint8_t is_default;                    /* equals the default track    */
    uint8_t tile_rows[OSTRICH_MAX_TILES];  /* 1 .. 9 each                 */
    uint8_t tile_curve[OSTRICH_MAX_TILES]; /* 0 / 1                       */
    char tile_name[OSTRICH_MAX_TILES][OSTRICH_NAME_CAP];
    uint8_t row_curve[OSTRICH_MAX_ROWS]; /* the row's tile is a curve   */
    uint8_t terrain[OSTRICH_MAX_SPACES]; /* T_* per space index         */
} ostrich_track;

/* The state. Layout, grouped by when fields change:
 *
 *   +-- fixed for the game -------------------------------------------+
 *   | rules: players, lion, berries, trigger_end, quicksand_stop,     |
 *   |        last_tie_both; the evaluation's weight slot (not hashed) |
 *   | track (above); berry kinds: n_kinds, kind_effect[], kind_name[] |
 *   +-- board (hashed piece by piece, incrementally) -----------------+
 *   | ost_space[5]  space index | NO_SPACE      ost_where[5] AT_*     |
 *   | berry_bb[5]   bit sp = face-down berry on space sp              |
 *   | pool[16]      face-down tokens per kind                         |
 *   | bewitched     bit x = ostrich x bewitched                       |
 *   +-- header (hashed as one packed block) ---------------------------+
 *   | finished[3], n_finished; pred[5] (tile or -1)                   |
 *   | current, mode, phase                                            |
 *   | dice_white[6] counts per face, dice_black face, has_dice        |
 *   | reroll_white[6], reroll_black, has_reroll                       |
 *   | left[6] counts per face, has_left; moved (bit per ostrich)      |
 *   | pend_ostrich, pend_steps, pend_target (0xFF = none)             |
 *   | bonus, extra; lion_state, lion_turns, lion_space                |
 *   +-----------------------------------------------------------------+
 */
typedef struct ostrich_state {
    uint64_t hash; /* Zobrist key, kept by apply          */
    uint64_t berry_bb[OSTRICH_BERRY_WORDS];
    uint16_t pool[OSTRICH_MAX_KINDS];
    uint16_t ost_space[5];
    uint16_t lion_space;
    uint8_t ost_where[5];
    uint8_t bewitched;
    /* header */
    uint8_t finished[3];
    uint8_t n_finished;
    int8_t pred[OSTRICH_MAX_PLAYERS];
    uint8_t current, mode, phase;
    uint8_t dice_white[N_FACES], dice_black, has_dice;
    uint8_t reroll_white[N_FACES], reroll_black, has_reroll;
    uint8_t left[N_FACES], has_left, moved;
    uint8_t pend_ostrich, pend_steps, pend_target;
    uint8_t bonus, extra;
    uint8_t lion_state, lion_turns;
    /* rules */
    uint8_t players, lion_rule, berries_rule, trigger_end, quicksand_stop, last_tie_both;
    uint8_t weights; /* weight-set slot of the evaluation (common/weights.h) */
    uint8_t n_kinds;
    uint8_t kind_effect[OSTRICH_MAX_KINDS];
    char kind_name[OSTRICH_MAX_KINDS][OSTRICH_NAME_CAP];
    ostrich_track track;
} ostrich_state;

/* sa_move packing:
 *
 *   bits   0..3   kind (MV_*)
 *   bits   4..7   a: ostrich / letter / face / tile / berry kind
 *   bits   8..11  wilds used (MV_PATH)
 *   bits  12..15  n: path length (MV_PATH, MV_LION_PATH)
 *   MV_PATH:        bits 16.. : step i in bits 16+3i .. 18+3i:
 *                               bits 0..1 direction (0 l, 1 s, 2 r),
 *                               bit 2 jump
 *   MV_DICE, MV_REROLL: bits 16..33 six 3-bit face counts (A..E, W),
 *                       bits 34..36 black face, bit 37 re-roll black
 *   MV_NEST, MV_LION_PLACE, MV_VORTEX: bits 16..24 space
 *   MV_LION_PATH:   bits 16+9i .. 24+9i: i-th space entered (i < 3)
 */
enum {
    MV_DEAL,
    MV_DICE,
    MV_REROLL,
    MV_PATH,
    MV_FLIP,
    MV_PASS,
    MV_BERRY,
    MV_NEST,
    MV_LION_PLACE,
    MV_BLACK,
    MV_TARGET,
    MV_LION_PATH,
    MV_VORTEX
};

static inline int mv_kind(sa_move m)
{
    return (int)(m & 15);
}
static inline int mv_a(sa_move m)
{
    return (int)((m >> 4) & 15);
}
static inline int mv_wilds(sa_move m)
{
    return (int)((m >> 8) & 15);
}
static inline int mv_len(sa_move m)
{
    return (int)((m >> 12) & 15);
}
static inline int mv_step(sa_move m, int i)
{
    return (int)((m >> (16 + 3 * i)) & 7);
}
static inline int mv_space(sa_move m, int i)
{
    return (int)((m >> (16 + 9 * i)) & 0x1FF);
}
static inline int mv_count(sa_move m, int face)
{
    return (int)((m >> (16 + 3 * face)) & 7);
}
static inline int mv_black(sa_move m)
{
    return (int)((m >> 34) & 7);
}
static inline int mv_black_flag(sa_move m)
{
    return (int)((m >> 37) & 1);
}

static inline int sp_row(int sp)
{
    return sp / 3;
}
static inline int sp_lane(int sp)
{
    return sp % 3;
}

extern const char ostrich_terrain_chars[T_NB + 1];
extern const char *const ostrich_tiles[OSTRICH_N_TILES];
extern const char *const ostrich_effect_names[EFF_NB + 1];
extern const char *const ostrich_mode_names[MODE_NB + 1];
extern const char *const ostrich_phase_names[PH_NB + 1];
extern const char *const ostrich_lion_names[LION_NB + 1];

/* -- ostrich.c: rules ---------------------------------------------------- */
int ostrich_to_move(const void *state);
int ostrich_legal_moves(const void *state, sa_move *out);
int ostrich_chance_outcomes(const void *state, sa_move *out, uint64_t *weights);
void ostrich_apply(void *state, sa_move m);
uint64_t ostrich_hash(const void *state);
uint64_t ostrich_hash_from_scratch(const void *state);
/* The Zobrist key without the header (dice, phase, turn...): see ostrich.c. */
uint64_t ostrich_board_key(const ostrich_state *s);
void ostrich_result(const void *state, int32_t *out);
int ostrich_num_players(const void *state);
/* Bit x set when ostrich x is reachable by the lion (4.8). */
int ostrich_lion_reachable(const ostrich_state *s);
/* Spaces where a lion may be placed or reappear (no ostrich on it; not
 * quicksand, bridge, ravine, finish, nest, lava, vortex). */
int ostrich_lion_can_stand(const ostrich_state *s, int sp);
/* The default track and set-up. */
void ostrich_default_track(ostrich_track *t);
void ostrich_set_defaults(ostrich_state *s);
void ostrich_start_position(ostrich_state *s);
/* Writes every ostrich's occupancy etc. consistent hash after loading. */
void ostrich_init_hash(ostrich_state *s);

/* -- ostrich_eval.c: the heuristic value ---------------------------------- */
/* Results are scores of 0..OSTRICH_MAX_SCORE points (5 + 4 + 3, doubled);
 * the evaluation counts OSTRICH_EVAL_PER_POINT units a point. Both are
 * sa_game facts (result_max, eval_per_result) that the searches read. */
#define OSTRICH_MAX_SCORE 24
#define OSTRICH_EVAL_PER_POINT 100
/* The evaluation is a weighted sum of OSTRICH_N_FEATURES features counted
 * for the player asked, in points, written in units of 1/OSTRICH_FEATURE_ONE
 * (safari/features.h; docs/tuning.md): evaluate(s, p) = the weights .
 * player_features(s, p) / OSTRICH_FEATURE_ONE, truncated toward 0 and
 * clamped to 0 .. OSTRICH_MAX_SCORE * 100, except at the end (exact). */
#define OSTRICH_N_FEATURES 3
#define OSTRICH_FEATURE_ONE 1024
extern const char *const ostrich_feature_names[OSTRICH_N_FEATURES];
extern const char *const ostrich_feature_phrases[2 * OSTRICH_N_FEATURES];
extern const int32_t ostrich_default_weights[OSTRICH_N_FEATURES];
/* What one unit of the evaluation is, next to those weights (ostrich_eval.c). */
extern const char ostrich_eval_units[];
/* player's expected final score in centi-points (0 .. 2400) under a
 * Plackett-Luce model of the finishing order and the dice in hand; exact at
 * terminal positions. */
int32_t ostrich_evaluate(const void *state, int player);
void ostrich_player_features(const void *state, int player, int32_t *out);
/* Player 0's features. */
void ostrich_features(const void *state, int32_t *out);
/* The model cache (ostrich_eval.c, one per thread), for the tests: forget
 * drops this thread's cached model; model_builds counts the models this
 * thread has built (a board's model; its option models are not counted). */
void ostrich_eval_forget(void);
long ostrich_eval_model_builds(void);

/* -- ostrich_winchance.c: win chances ------------------------------------- */
/* Every player's chance to win the race (the highest score wins; a tie on
 * top counts 1/k for each of the k tied), out[0..players), summing to 1,
 * from every player's expected score `expected` (points), e.g. a search's
 * best line's: a softmax of expected / tau with a fitted temperature
 * (ostrich_winchance.c). At a terminal position the exact shares of the
 * result (expected is not read). The sa_game hook win_chances. */
void ostrich_win_chances(const void *state, const double *expected, double *out);
/* The model's temperature tau, in points, for `players` players (clamped
 * to 2 .. OSTRICH_MAX_PLAYERS). */
double ostrich_win_tau(int players);

/* -- ostrich_io.c: boundary ----------------------------------------------- */
/* The "rules" options (ostrich_io.c; safari/rules.h). */
#define OSTRICH_N_RULES 6
extern const sa_rule ostrich_rules[OSTRICH_N_RULES];

sa_status ostrich_new_position(void *state, const sa_json *rules, sa_error *err);
sa_status ostrich_from_json(void *state, const sa_json *root, sa_error *err);
void ostrich_to_json(const void *state, sa_writer *out);
void ostrich_move_str(const void *state, sa_move m, char out[SA_MOVE_STR_MAX]);
/* What a move or outcome does (ostrich_describe.c; sa_game.describe_move). */
void ostrich_describe_move(const void *state, sa_move m, sa_move_description *out);

#endif /* SAFARI_GAMES_OSTRICH_H */
