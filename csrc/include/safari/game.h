/* safari/game.h: the one interface every game implements.
 *
 * A game is a tree of positions. At each position exactly one of these holds
 * (the contract, shared/rules/README.md):
 *   - decision:  player 0, 1, ... picks one of the legal moves;
 *   - chance:    the dice pick one outcome, each with an exact probability;
 *   - terminal:  the game is over and every player has a result.
 * Chance is a pseudo-player (SA_CHANCE), as in OpenSpiel, so that one search
 * interface serves alpha-beta, MCTS and expectimax.
 *
 * A game's state is a plain struct of `state_size` bytes with no pointers in it:
 * copying it with memcpy makes an independent position (copy-make). Everything
 * the rules need, the rules options included, lives inside the state.
 *
 * Hot-path functions (to_move, legal_moves, chance_outcomes, apply, hash,
 * evaluate) never allocate and never fail: their preconditions are checked with
 * assert() in debug builds. Boundary functions (new_position, from_json,
 * to_json, move_str) validate and report through sa_error.
 */
#ifndef SAFARI_GAME_H
#define SAFARI_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "safari/safari.h"
#include "safari/json.h"
#include "safari/rules.h"
#include "safari/writer.h"

/* The most players a game's rating bands are measured for (sa_game). */
#define SA_RATED_PLAYERS_MAX 5

/* A move or a chance outcome, packed by each game into 64 bits; its layout is
 * drawn in the game's header. 0 is a valid value for some games: no move value
 * is reserved. */
typedef uint64_t sa_move;

/* Who decides at a position: a player index >= 0, or one of these. */
enum { SA_CHANCE = -1, SA_TERMINAL = -2 };

/* Upper bound of a canonical move spelling, including the terminating NUL. */
#define SA_MOVE_STR_MAX 96

/* What a move or chance outcome does, for people (sa_game.describe_move):
 * the board places it touches, in the order a player points at them, and one
 * plain sentence. A place is "KIND:NAME", KIND the data attribute that names
 * it in the pictures of safari_ai/render and render.js: "cell:e3" (turtles,
 * zebras), "hex:d5" and "id:0a" (arena), "space:14b" and "id:A" (ostrich),
 * "position:7" (the zebras guardian's track). Filled with sa_describe_place
 * and sa_describe_text (common/describe.c): no allocation. */
#define SA_PLACES_MAX 16
#define SA_PLACE_MAX 16
#define SA_DESCRIPTION_MAX 320
typedef struct sa_move_description {
    int n_places;
    char places[SA_PLACES_MAX][SA_PLACE_MAX];
    char text[SA_DESCRIPTION_MAX];
} sa_move_description;

typedef struct sa_game {
    /* -- facts (OpenSpiel's GameType) ------------------------------------ */
    const char *name;        /* "turtles", ... : the JSON "game" field       */
    int min_players;         /* fewest players a position of this game has   */
    int max_players;         /* most players a position of this game has     */
    int has_chance;          /* 0 for deterministic games                    */
    int max_moves;           /* capacity a legal_moves buffer needs          */
    int max_chance_outcomes; /* capacity a chance_outcomes buffer needs      */
    size_t state_size;       /* bytes of one state; copy-make by memcpy      */

    /* The "rules" options (safari/rules.h): n_rules rows of `rules`. Every
     * reader of a "rules" object validates it against this table; the Python
     * layer exports it as the game's rules schema. */
    const sa_rule *rules;
    int n_rules;
    /* What one unit of evaluate() (an alpha-beta score, "cp") is in this
     * game, in words, for reports and help texts. */
    const char *eval_units;
    /* The record analysis's levels quick, default and thorough: the search
     * depth of a decision position and of a chance position, measured per
     * game (docs/records.md, "Levels"; all 0: the analysis has no levels),
     * and a node limit on the same searches (0: none). A search with both
     * stops at whichever comes first: the race's default level is its
     * thorough depths cut at a node count, so that it never searches deeper
     * than the thorough level and costs a bounded share of it. */
    int analysis_depth[3][2];
    uint64_t analysis_nodes[3][2];
    /* The record analysis's ratings by accuracy (0-100), by level (quick,
     * default, thorough, as analysis_depth) and number of players: the least
     * accuracy of expert, advanced, intermediate and casual (below them all:
     * beginner), measured at that level by bench/analysis_ratings.py
     * (docs/records.md, "Ratings"), since a deeper analysis finds more errors
     * in the same play. A row of zeros at quick or thorough: not measured
     * there, the default level's row rates it; at the default level: no
     * rating. */
    double rating_least[3][SA_RATED_PLAYERS_MAX + 1][4];

    /* -- boundary: validation, text, JSON ------------------------------- */
    /* Writes the starting position for the rules object `rules` (a JSON object,
     * or NULL for all defaults). Unknown keys and bad values are errors. */
    sa_status (*new_position)(void *state, const sa_json *rules, sa_error *err);
    /* Reads a whole position object (the "game" field included), validating
     * everything the rule book lists; the message names the offending field. */
    sa_status (*from_json)(void *state, const sa_json *root, sa_error *err);
    /* Writes the canonical JSON object of the position (every field, every
     * rules key), as one line. */
    void (*to_json)(const void *state, sa_writer *out);
    /* The canonical spelling of move/outcome m, legal in `state`. */
    void (*move_str)(const void *state, sa_move m, char out[SA_MOVE_STR_MAX]);
    /* What move/outcome m, legal in `state`, does: its places and its
     * sentence (the rule book's meaning of the move kind, with what the rules
     * make happen: captures, flips, wounds). `out` starts empty (n_places 0,
     * text ""). Off the hot path, but allocation-free. */
    void (*describe_move)(const void *state, sa_move m, sa_move_description *out);

    /* -- rules: the hot path -------------------------------------------- */
    int (*num_players)(const void *state);
    /* A player index, SA_CHANCE or SA_TERMINAL. */
    int (*to_move)(const void *state);
    /* Writes the legal moves of a decision position into out[0..n) and returns
     * n (0 at chance and terminal positions). Any fixed order will do; the API
     * sorts by spelling where the contract asks for it. Never duplicates. */
    int (*legal_moves)(const void *state, sa_move *out);
    /* At a chance position: writes the outcomes and their integer weights; the
     * probability of out[i] is weights[i] / (sum of weights). Returns n, 0 at
     * other positions. Every weight is >= 1. */
    int (*chance_outcomes)(const void *state, sa_move *out, uint64_t *weights);
    /* Plays a legal move or outcome (precondition: it is one). */
    void (*apply)(void *state, sa_move m);
    /* Zobrist key maintained incrementally by apply ... */
    uint64_t (*hash)(const void *state);
    /* ... and the same key computed from scratch (tests compare the two). */
    uint64_t (*hash_from_scratch)(const void *state);
    /* At a terminal position: one integer result per player (num_players). */
    void (*result)(const void *state, int32_t *out);
    /* Heuristic value of a non-terminal position for `player`, in the game's
     * own units (the search issues define the scale). May be NULL. */
    int32_t (*evaluate)(const void *state, int player);

    /* -- values: how the searches read results and evaluations ---------- */
    /* Every result lies in [result_min, result_max]. Both 0 (the default):
     * the two-player contract's -1..1 (win, draw, loss), zero-sum. Ostrich:
     * 0..24 points. MCTS maps results linearly from this range to [-1, 1],
     * so that its exploration constant means the same in every game. */
    int32_t result_min, result_max;
    /* evaluate() units per result unit when evaluate() is an expected result
     * (ostrich: 100, centi-points); the searches then read evaluate / this
     * as a result. 0 (the default): evaluate() is a two-player heuristic in
     * centi-units, which the searches squash as tanh(evaluate / 400). */
    int32_t eval_per_result;
    /* The win probability a two-player search reports for the mover's
     * expected result p (0 < p < 1) at the root `state`: a calibration of p
     * fitted on self-play records, for a game whose expected results are
     * off in a way its evaluation cannot say (arena: docs/tuning.md). NULL:
     * p is reported as it is. Only the reported figure changes; no search
     * reads it. Applied with the default weights only (a weights file's
     * evaluation is another one; sa_expected_win_probability). */
    double (*calibrate_win)(const void *state, double p);

    /* -- the evaluation as a weighted sum (safari/features.h) ----------- */
    /* n_features > 0: evaluate(s, 0) == sum of w[i] * features(s)[i] /
     * feature_one, truncated toward zero, with w the state's weight set
     * (default_weights unless set otherwise), and evaluate(s, 1) ==
     * -evaluate(s, 0); or, for a game with player_features (ostrich, a
     * score race), evaluate(s, p) == that sum over player_features(s, p),
     * clamped to the evaluation's range (result_min .. result_max, times
     * eval_per_result) at non-terminal positions. 0: no features. */
    int n_features;
    const char *const *feature_names;
    /* Two phrases per feature, from which a marked move's reason is made
     * (docs/records.md): [2 i] the played line's end has less of feature i
     * than the best line's, [2 i + 1] more; "{n}" is the amount, "{s}",
     * "{es}", "{ce}" plural endings. NULL: none. */
    const char *const *feature_phrases;
    const int32_t *default_weights;
    /* Writes the n_features features of any position, player 0's view, in
     * units of 1 / feature_one. */
    void (*features)(const void *state, int32_t *out);
    /* NULL for a two-player game (player 1's features are player 0's
     * negated); else the features counted for `player` (ostrich). */
    void (*player_features)(const void *state, int player, int32_t *out);
    /* The features' fixed-point unit: a power of two (so that feature /
     * feature_one is exact as a double); 0 or 1 (the default): integers.
     * Zebras: 1024, its features are shares of territories. */
    int32_t feature_one;
    /* Offset in the state of its uint8_t weight-set slot (0: the defaults;
     * else an entry of the process-wide table, common/weights.h). */
    size_t weights_offset;
    /* The default win-probability scale K of the alpha-beta reports (the
     * mover's win probability is 1 / (1 + exp(-score / K))); 0: none. */
    double win_scale;

    /* -- score races: win chances --------------------------------------- */
    /* Writes every player's chance to win (the highest result wins; a tie
     * on top counts 1/k for each of the k tied players; the chances sum to
     * 1) at `state`, given every player's expected result `expected` (result
     * units: a search's best line's); a terminal position's are exact
     * (`expected` is not read there). NULL: the game has none (two-player
     * games report the win probability instead). Off the hot path: the
     * searches call it once per completed iteration. */
    void (*win_chances)(const void *state, const double *expected, double *out);

    /* -- hidden information: a tile each player holds face down --------- */
    /* n_hidden_tiles > 0: each player may hold one of n_hidden_tiles tiles
     * (ostrich's prediction tiles), no two players the same, which the
     * others do not see; hidden_tile(state, p) is player p's (-1: none
     * dealt yet) and set_hidden_tile writes it (keeping the Zobrist key).
     * Sampled analysis (search/predictions.c) redraws the others' tiles.
     * 0 / NULL: the game hides nothing. */
    int n_hidden_tiles;
    int (*hidden_tile)(const void *state, int player);
    void (*set_hidden_tile)(void *state, int player, int tile);
} sa_game;

/* True when the game's results are the two-player zero-sum contract's
 * (no result range declared, at most two players): win 1, draw 0, loss -1. */
static inline int sa_game_zero_sum(const sa_game *game)
{
    return game->result_min == 0 && game->result_max == 0 && game->max_players <= 2;
}

/* The registry: every game, in a fixed order, NULL-terminated. */
extern const sa_game *const sa_games[];

/* The registered game called `name`, or NULL. */
const sa_game *sa_game_find(const char *name);

/* The move or chance outcome of `state` spelled `text` (canonical
 * spelling): 1 and *out set, 0 when there is none (or the game is over), -1
 * when out of memory. Spellings are unique, so the first match is the one;
 * nothing is sorted (an ostrich roll has 1,512 outcomes, and applying a move
 * by its spelling is done every ply). Defined in common/position.c. */
int sa_game_find_move(const sa_game *game, const void *state, const char *text,
                      sa_move *out);

/* A position from its decoded JSON object (sa_position_from_json's reader,
 * for a position inside a larger document: a game record's "start"). */
sa_position *sa_position_from_node(const sa_json *root, sa_error *err);

/* Appends the place "KIND:NAME" to d (ignored past SA_PLACES_MAX) and a
 * printf-style text to d->text (cut at SA_DESCRIPTION_MAX - 1 bytes).
 * Defined in common/describe.c, with sa_describe_list. */
void sa_describe_place(sa_move_description *d, const char *kind, const char *name);
void sa_describe_text(sa_move_description *d, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/* Appends items[0..n) as an English list: "a", "a and b", "a, b and c". */
void sa_describe_list(sa_move_description *d, const char *const *items, int n);

/* The game and the state behind a public position (for the search layer). */
const sa_game *sa_position_game_rules(const sa_position *pos);
const void *sa_position_state(const sa_position *pos);
/* The same state, to change in place (the caller keeps it a valid position
 * of its game, its Zobrist key included: search/predictions.c). */
void *sa_position_state_mutable(sa_position *pos);

#endif /* SAFARI_GAME_H */
