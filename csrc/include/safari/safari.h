/* safari/safari.h: the public C API of the safari_ai core.
 *
 * This is the whole surface another program needs to embed the engine: find a
 * game, read or create a position, list moves and chance outcomes in their
 * canonical spellings, apply them, read results, count perft. Every function
 * that can fail returns an sa_status and fills an sa_error whose message names
 * the offending field or move.
 *
 * The declarations below are kept in the plain C subset that cffi's cdef()
 * parses (the cffi test feeds it this file with the '#' lines removed), so do
 * not put macros with arguments or inline functions here.
 */
#ifndef SAFARI_SAFARI_H
#define SAFARI_SAFARI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sa_status {
    SA_OK = 0,
    SA_ERR_JSON = 1,     /* the text is not well-formed JSON               */
    SA_ERR_POSITION = 2, /* well-formed, but not a valid position or rules */
    SA_ERR_MOVE = 3,     /* not a legal move or outcome here               */
    SA_ERR_ARGUMENT = 4, /* a bad argument (unknown game, depth < 0, ...)  */
    SA_ERR_MEMORY = 5    /* out of memory                                  */
} sa_status;

/* `field` is the JSON path of the offending field ("rules.max_turns",
 * "board.b9"), the one the message names as "field 'PATH': ...", or "" when
 * the error is not about a field (bad JSON, an illegal move, an argument). */
typedef struct sa_error {
    sa_status status;
    char message[512];
    char field[160];
} sa_error;

/* An opaque position: a game and one state of it. */
typedef struct sa_position sa_position;

/* Version of the library, "MAJOR.MINOR.PATCH". */
const char *sa_version(void);

/* The name of the i-th registered game, or NULL past the last one. */
const char *sa_game_name(int i);

/* The starting position of `game` under the rules object `rules_json` (JSON
 * text of an object, or NULL for the defaults). NULL on error. */
sa_position *sa_position_new(const char *game, const char *rules_json, sa_error *err);

/* Reads a position from JSON text of `length` bytes. NULL on error. */
sa_position *sa_position_from_json(const char *json, size_t length, sa_error *err);

sa_position *sa_position_copy(const sa_position *pos);
void sa_position_free(sa_position *pos);

/* The game's name, e.g. "turtles". */
const char *sa_position_game(const sa_position *pos);

/* Writes the canonical JSON text (NUL-terminated when cap > 0) and returns its
 * length; when the result is >= cap, the text was cut: call again with more. */
size_t sa_position_to_json(const sa_position *pos, char *buf, size_t cap);

/* A player index >= 0, or -1 at a chance position, -2 at a terminal one. */
int sa_position_to_move(const sa_position *pos);

int sa_position_num_players(const sa_position *pos);

/* The legal moves (at a decision) or the chance outcomes (at a chance
 * position), in canonical spelling, sorted, as one space-separated line.
 * Chance outcomes are written "OUTCOME:WEIGHT" and the probability of each is
 * its weight over the sum of all weights. Returns the length; as
 * sa_position_to_json for `cap`. Returns 0 and writes "" when there is none. */
size_t sa_position_moves_text(const sa_position *pos, char *buf, size_t cap);

/* Applies the move or outcome spelled `move` in place. On error the position
 * is unchanged. */
sa_status sa_position_apply(sa_position *pos, const char *move, sa_error *err);

/* What the move or chance outcome spelled `move` does, for people: `places`
 * gets the board places it touches, space-separated, in the order a player
 * points at them ("cell:d6 cell:d5"; "" for none; the kinds are listed in
 * safari/game.h), and `text` one plain sentence ("the turtle on d6 steps to
 * d5"). Each is NUL-terminated and cut to its cap (512 and 320 bytes always
 * suffice). An illegal move is SA_ERR_MOVE, as for sa_position_apply. */
sa_status sa_position_describe(const sa_position *pos, const char *move, char *places,
                               size_t places_cap, char *text, size_t text_cap,
                               sa_error *err);

/* sa_position_describe for every move or outcome of sa_position_moves_text,
 * in its order: one line each, "MOVE<tab>PLACES<tab>TEXT<newline>". Returns
 * the length; as sa_position_to_json for `cap`. "" when there is none. */
size_t sa_position_describe_all(const sa_position *pos, char *buf, size_t cap);

/* At a terminal position: writes one result per player into out[] (room for
 * sa_position_num_players entries). */
sa_status sa_position_result(const sa_position *pos, int32_t *out, sa_error *err);

/* The game's heuristic value of a non-terminal position for `player` (0 when
 * the game has no evaluation). */
int32_t sa_position_evaluate(const sa_position *pos, int player);

/* Zobrist key of the position, kept incrementally, and recomputed. */
uint64_t sa_position_hash(const sa_position *pos);
uint64_t sa_position_hash_from_scratch(const sa_position *pos);

/* Number of positions exactly `depth` plies below (every move and outcome one
 * ply; terminal positions above that depth count nothing). */
uint64_t sa_perft(const sa_position *pos, int depth);

/* sa_perft that another thread can end: the walk reads *stop between
 * positions (microseconds apart) and, once it is non-zero, returns the count
 * so far at once and sets *stopped to 1 (else 0). stop == NULL never stops;
 * stopped may be NULL. */
uint64_t sa_perft_stoppable(const sa_position *pos, int depth, const volatile int *stop,
                            int *stopped);

/* Plays `games` random games from pos (uniform moves, outcomes by their
 * probabilities, seeded) and returns the total number of plies played. */
uint64_t sa_random_playouts(const sa_position *pos, uint64_t games, uint64_t seed);

#ifdef __cplusplus
}
#endif

#endif /* SAFARI_SAFARI_H */
