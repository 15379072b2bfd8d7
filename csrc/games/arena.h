/* games/arena.h: the arena of Spartacus (duel, Primus, Wild Animals): the
 * state struct, the move packing and the sizes, shared by the files of the
 * game (arena.c rules, arena_dice.c exact dice odds, arena_io.c JSON/text).
 * Only `sa_arena_game` is exported from the library; the arena_* functions
 * declared here are internal to the game's files.
 */
#ifndef SAFARI_GAMES_ARENA_H
#define SAFARI_GAMES_ARENA_H

#include <stddef.h>
#include <stdint.h>

#include "safari/game.h"

/* -- hexes -----------------------------------------------------------------
 * A hex (q, r), 0 <= q, r < 26, lives at the padded index
 *     hex = (q + 1) + ARENA_W * (r + 1)          (0 .. ARENA_CELLS-1)
 * of a 28 x 28 grid whose border row/column is never in an arena, so a
 * neighbour is hex + one of {+1, -1, +28, -28, -27, +27} with no bounds test.
 *
 *        r+1:   (q-1,r+1)=+27   (q,r+1)=+28
 *        r  :   (q-1,r)  =-1    [q,r]   (q+1,r)=+1
 *        r-1:   (q,r-1)  =-28   (q+1,r-1)=-27
 *
 * The arena is a bitset over these 784 cells (13 words). */
#define ARENA_SIDE 26
#define ARENA_W 28
#define ARENA_CELLS (ARENA_W * ARENA_W)
#define ARENA_WORDS ((ARENA_CELLS + 63) / 64)
#define ARENA_NO_HEX 0x3FF /* a waiting animal, or an empty slot */

static inline int arena_hex(int q, int r)
{
    return (q + 1) + ARENA_W * (r + 1);
}
static inline int arena_hex_q(int hex)
{
    return hex % ARENA_W - 1;
}
static inline int arena_hex_r(int hex)
{
    return hex / ARENA_W - 1;
}

/* -- combatants --------------------------------------------------------------
 * Seven unit slots, fixed by id:
 *     slot   0    1    2    3    4   5   6
 *     id     0a   0b   1a   1b   x   y   z
 *     team   0    0    1    1    A   A   A        (team A = 2)
 * A unit exists iff its bit is set in dyn.alive. */
enum { ARENA_UNITS = 7, ARENA_GLADIATORS = 4, ARENA_FIRST_ANIMAL = 4 };
enum { TEAM_A = 2 };
enum { SPECIES_LION = 0, SPECIES_BEAR = 1, SPECIES_RHINO = 2, SPECIES_NB = 3 };

static inline int arena_is_animal(int u)
{
    return u >= ARENA_FIRST_ANIMAL;
}
static inline int arena_team(int u)
{
    return u < ARENA_FIRST_ANIMAL ? u >> 1 : TEAM_A;
}

/* -- phases (rule book §6) ---------------------------------------------- */
enum arena_phase {
    PH_REQUEST,
    PH_EVENT,
    PH_INITIATIVE,
    PH_ORDER,
    PH_SELECT,
    PH_ACT,
    PH_ATTACK,
    PH_ALLOCATE,
    PH_ANIMAL_WOUNDS,
    PH_BEHAVIOUR,
    PH_WANDER,
    PH_HUNT_STEP,
    PH_HUNT_TARGET,
    PH_ANIMAL_TARGET,
    PH_OVER,
    PH_NB
};

/* -- rules options (§5.12) ---------------------------------------------- */
enum { FORMAT_DUEL, FORMAT_PRIMUS };
enum { INIT_LEXICOGRAPHIC, INIT_SUM };
enum { SPAWN_TRIPLE, SPAWN_THREE_SIXES };
enum { EVENT_ALWAYS, EVENT_ON_REQUEST };
#define ARENA_ROSTER_NB 7
#define ARENA_NO_NAME 0xFF

/* -- the state ----------------------------------------------------------------
 * Two parts. `fixed` never changes during a game (board, rules, labels) and is
 * hashed once into `base_key`. `dyn` is everything play changes; every write
 * to it goes through arena_put8/arena_put16 (arena.c), which XOR the Zobrist
 * terms of the old and new value of that byte offset into `key`, so the key is
 * incremental by construction and hash_from_scratch simply re-XORs every
 * offset of `dyn`. Unused entries (tails of lists, fields of absent units, the
 * inactive form of `active`) are kept at 0 so equal positions are equal bytes.
 *
 *  arena_dyn, byte layout (no padding: 16-bit words first, then bytes)
 *  +--------+------------------------------------------------------------+
 *  |  0..13 | hex[7]          u16 padded hex of each unit, ARENA_NO_HEX   |
 *  | 14..15 | round           u16 1..round_cap                            |
 *  | 16..22 | attack[7]       u8  dice now                                |
 *  | 23..29 | defense[7]      u8                                          |
 *  | 30..36 | speed[7]        u8                                          |
 *  | 37..43 | wounds[7]       u8  gladiators: dice lost (0..99)           |
 *  | 44..50 | species[7]      u8  animals: SPECIES_*                      |
 *  | 51..57 | entry[7]        u8  animals: 0 = I, 1 = II                  |
 *  | 58     | alive           u8  bit u = unit u exists                   |
 *  | 59     | n_animals       u8  animals existing (waiting included)     |
 *  | 60..62 | animal_age[3]   u8  their slots, oldest first               |
 *  | 63     | pool            u8  event dice 0..20                        |
 *  | 64     | phase           u8  enum arena_phase                        |
 *  | 65     | n_teams         u8  length of team_order (0..3)             |
 *  | 66..68 | team_order[3]   u8  teams 0, 1, 2 = A                       |
 *  | 69     | slot            u8                                          |
 *  | 70     | n_animal_order  u8                                          |
 *  | 71..73 | animal_order[3] u8  unit slots in ranked order              |
 *  | 74     | acted           u8  bit u = unit u has started acting       |
 *  | 75     | chooser         u8  side + 1, 0 = null                      |
 *  | 76     | active          u8  unit + 1, 0 = null                      |
 *  | 77     | moved           u8  gladiator form of `active`              |
 *  | 78     | attacked        u8                                          |
 *  | 79     | steps           u8  animal form of `active`                 |
 *  | 80     | left            u8                                          |
 *  | 81     | target          u8  unit + 1, 0 = null (hunt target)        |
 *  | 82     | pend_attacker   u8  unit + 1, 0 = none                      |
 *  | 83     | pend_target     u8  unit + 1, 0 = none                      |
 *  | 84     | pend_wounds     u8  0 = no wounds form                      |
 *  | 85     | result          u8  0 none, 1 = [1,-1], 2 = [-1,1], 3 = [0,0] |
 *  +--------+------------------------------------------------------------+
 */
typedef struct arena_dyn {
    uint16_t hex[ARENA_UNITS];
    uint16_t round;
    uint8_t attack[ARENA_UNITS], defense[ARENA_UNITS], speed[ARENA_UNITS];
    uint8_t wounds[ARENA_UNITS], species[ARENA_UNITS], entry[ARENA_UNITS];
    uint8_t alive, n_animals, animal_age[3];
    uint8_t pool, phase, n_teams, team_order[3], slot;
    uint8_t n_animal_order, animal_order[3], acted;
    uint8_t chooser, active, moved, attacked, steps, left, target;
    uint8_t pend_attacker, pend_target, pend_wounds, result;
} arena_dyn;
#define ARENA_DYN_WORDS 8 /* the u16 prefix: hex[7] and round */

typedef struct arena_fixed {
    uint64_t hexes[ARENA_WORDS]; /* the arena, bit = padded hex            */
    uint16_t hex_start[2];       /* I and II                               */
    uint16_t round_cap;          /* 1..1000                                */
    uint8_t format, animals, initiative, attack_then_move, spawn, event_roll;
    uint8_t side_names[2][2];         /* roster index, [1] = ARENA_NO_NAME if one */
    char names[ARENA_GLADIATORS][33]; /* gladiator labels                     */
    uint8_t weights;                  /* weight-set slot of the evaluation      */
                                      /* (common/weights.h); not hashed         */
} arena_fixed;

typedef struct arena_state {
    uint64_t key;      /* Zobrist key: base_key ^ terms of dyn              */
    uint64_t base_key; /* hash of `fixed` (board and rules)                 */
    arena_dyn dyn;
    arena_fixed fixed;
} arena_state;

/* -- moves and outcomes: sa_move packing --------------------------------------
 *   bits  0..3   kind (enum arena_move_kind)
 *   bits  4..    payload, by kind:
 *     ORDER     4..5 n teams, 6..7 / 8..9 / 10..11 teams in order
 *     ACTIVATE  4..6 unit           ATTACK  4..6 unit        TARGET 4..6 unit
 *     MOVE      4..13 hex           STEP    4..13 hex or ARENA_NO_HEX (stay)
 *     LOSE      4..7 attack, 8..11 defense, 12..15 speed dice lost
 *     SPAWN     4..5 species or 3 = none, 6 entry (0 = I, 1 = II)
 *     INIT      4..5 winning team, 6..7 n sides listed, 8..9 / 10..11 sides,
 *               12..13 n animals listed, 14..16 / 17..19 / 20..22 units
 *     WOUNDS    4..7 k              BEHAVE  4..5 roar/wander1/wander2/hunt
 *     ROLL, PASS, END  no payload */
enum arena_move_kind {
    MK_ROLL,
    MK_PASS,
    MK_ORDER,
    MK_ACTIVATE,
    MK_MOVE,
    MK_ATTACK,
    MK_END,
    MK_LOSE,
    MK_SPAWN,
    MK_INIT,
    MK_WOUNDS,
    MK_BEHAVE,
    MK_STEP,
    MK_TARGET
};
enum { BEHAVE_ROAR, BEHAVE_WANDER1, BEHAVE_WANDER2, BEHAVE_HUNT };
#define SPAWN_NONE 3

static inline int mv_kind(sa_move m)
{
    return (int)(m & 15);
}
static inline int mv_field(sa_move m, int shift, int bits)
{
    return (int)((m >> shift) & ((1u << bits) - 1));
}
static inline sa_move mv_make(int kind, uint64_t payload)
{
    return (sa_move)kind | (payload << 4);
}

/* -- sizes ---------------------------------------------------------------------
 * Decisions. `act`: a move to every hex within 8 steps but the own one, at
 * most 3*8*9 = 216 on any hex grid, + at most 5 adjacent enemies (2 gladiators
 * of the other side + 3 animals) + `end` = 222. `allocate`: x + y + z = k
 * with each part at most 7: at most 48 splits (the middle coefficient of
 * (1 + t + ... + t^7)^3). `order`: 3! = 6. So 224 bounds every phase.
 * Chance. `lose` on an animal: fewer than the 4 * 3 * 3 = 36 (x, y, z) of a bear
 * (lion 5 * 1 * 4, rhino 2 * 5 * 3); `init`: 2 sides x 3! animal orders + A x 2 side orders x 3! = 24;
 * `wounds`: at most 11; `spawn` 7; `step` 7. So 48 bounds them. */
#define ARENA_MAX_MOVES 224
#define ARENA_MAX_CHANCE 48

/* -- internal interface between the game's files ------------------------- */
extern const char *const arena_roster_names[ARENA_ROSTER_NB];

/* The "rules" options (arena_io.c; safari/rules.h). */
#define ARENA_N_RULES 9
extern const sa_rule arena_rules[ARENA_N_RULES];
extern const uint8_t arena_roster_stats[ARENA_ROSTER_NB][3];
extern const char *const arena_species_names[SPECIES_NB];
extern const uint8_t arena_species_stats[SPECIES_NB][3];
extern const char *const arena_phase_names[PH_NB];

/* arena.c: the rules. */
int arena_to_move(const void *state);
int arena_legal_moves(const void *state, sa_move *out);
int arena_chance_outcomes(const void *state, sa_move *out, uint64_t *weights);
void arena_apply(void *state, sa_move m);
uint64_t arena_hash_from_scratch(const void *state);
uint64_t arena_fixed_key(const arena_fixed *fixed);
void arena_start_round(arena_state *st);
int arena_option_count(const arena_state *st);
int arena_is_over(const arena_state *st, int *result);
int arena_spare(const arena_state *st, int u);
int arena_is_wounded(const arena_state *st, int u);
unsigned arena_enemies(const arena_state *st, int u);
unsigned arena_adjacent(const arena_state *st, int u, unsigned mask);
int arena_event_roll_due(const arena_state *st);
int arena_teams_on_board(const arena_state *st);
int arena_distance(int a, int b);
int arena_in_board(const arena_state *st, int hex);

/* arena_describe.c: what a move or outcome does (sa_game.describe_move). */
void arena_describe_move(const void *state, sa_move m, sa_move_description *out);

/* arena_dice.c: exact odds as integer weights. */
/* weights[k], k = 0..a: ways (out of 6^(a+d)) that a Attack dice against d
 * Defense dice cause k wounds; 1 <= a <= 10, 1 <= d <= 8. */
void arena_wound_weights(int a, int d, uint64_t *weights);
/* Ways out of 6^n (n <= 20) that the event roll spawns (rule `spawn`). */
uint64_t arena_spawn_ways(int n, int spawn_rule);
/* Initiative: outcome moves (MK_INIT) and their weights; returns the count. */
int arena_initiative_outcomes(const arena_state *st, sa_move *out, uint64_t *weights);
/* The chance that a side of one combatant with speed0 Speed dice wins the
 * initiative against one with speed1 (1..8 each), ties rerolled, under the
 * rule `initiative` (INIT_LEXICOGRAPHIC, INIT_SUM): the same count as the
 * outcomes above, for dice alone (arena_fight.c). */
double arena_initiative_chance(int initiative, int speed0, int speed1);

/* The evaluation (arena_eval.c): a weighted sum of features (docs/tuning.md).
 * ARENA_WIN_SCALE is the win-probability scale K of alpha-beta reports
 * (safari/features.h). Arena is searched by expectimax, whose reports carry
 * its own expected result, (1 + tanh(v / 400)) / 2 at a leaf of value v,
 * which is the logistic of v / 200: the same K here. */
/* The features, in the order of arena_feature_names (arena_eval.c). */
enum arena_feature {
    ARENA_F_STANDING,    /* gladiators standing                             */
    ARENA_F_ATTACK,      /* their attack dice                               */
    ARENA_F_DEFENSE,     /* their defense dice                              */
    ARENA_F_SPEED,       /* their speed dice                                */
    ARENA_F_WOUNDS,      /* their wounds                                    */
    ARENA_F_CENTRE,      /* minus their hex distances to the arena's centre */
    ARENA_F_KILL_THREAT, /* percent chance of a defeat by their next attack */
    ARENA_F_LATE_LEAD,   /* dice lead x rounds into the last LATE_ROUNDS    */
    ARENA_F_PENDING,     /* wounds rolled for or dealt, not yet taken (x100) */
    ARENA_F_NEXT_BLOW,   /* expected wounds of attacks still to come (x100) */
    ARENA_F_FIGHT,       /* log-odds of winning a stand-up duel (x100)      */
    ARENA_N_FEATURES
};
#define ARENA_WIN_SCALE 200.0
extern const char *const arena_feature_names[ARENA_N_FEATURES];
extern const char *const arena_feature_phrases[2 * ARENA_N_FEATURES];
extern const int32_t arena_default_weights[ARENA_N_FEATURES];
/* What one unit of the evaluation is, next to those weights (arena_eval.c). */
extern const char arena_eval_units[];
void arena_features(const void *state, int32_t *out);
int32_t arena_evaluate(const void *state, int player);
/* arena_calibration.c: the win probability reported for the mover's
 * expected result p (sa_game.calibrate_win). */
double arena_calibrate_win(const void *state, double p);
/* arena_kill.c: the chance in percent (rounded) that `attack` Attack dice
 * against `defense` Defense dice defeat a gladiator with `spare` dice to
 * lose, P(wounds > spare); 0 for a spare of 8 or more. */
int arena_kill_percent(int attack, int defense, int spare);
/* arena_kill.c: 100 x the expected wounds of `attack` Attack dice against
 * `defense` Defense dice (rounded; both clamped to 1..8). */
int arena_expected_wounds100(int attack, int defense);

/* arena_fight.c: side 0's chance to win a stand-up duel of gladiators
 * with these dice (1..ARENA_FIGHT_MAX_DIE each; -1 outside), both striking
 * every round, under the rule `initiative` (INIT_LEXICOGRAPHIC, INIT_SUM).
 * Exact to float precision; computed on first use, then a table read. */
#define ARENA_FIGHT_MAX_DIE 8
double arena_fight_value(int initiative_rule, int a0, int d0, int s0, int a1, int d1,
                         int s1);

#endif /* SAFARI_GAMES_ARENA_H */
