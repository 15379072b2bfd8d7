/* common/record.c: a game record read, checked and replayed
 * (safari/record.h; the schema is docs/records.md).
 *
 * The checks come in the order the Python API made them, and each message
 * names the field first, with the offending value as Python's repr() shows
 * it (common/json_text.c): a record refused here is refused with the same
 * words by `safari-ai replay`, the HTTP API and the static site.
 */
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "safari/game.h"
#include "safari/record.h"
#include "safari/safari.h"

#define RECORD_FORMAT "safari-ai-record"
#define RECORD_VERSION 1

struct sa_record {
    sa_json_doc *doc;
    int plies;               /* moves replayed                          */
    size_t capacity;         /* the record's moves + 1                   */
    sa_position **positions; /* [0..plies]; a failed ply's copy after   */
};

/* A message built with a writer (a value's repr in it), as an sa_error. */
typedef struct message {
    char text[sizeof((sa_error *)0)->message];
    sa_writer w;
} message;

static sa_writer *begin(message *m)
{
    sa_writer_init(&m->w, m->text, sizeof m->text);
    return &m->w;
}

static sa_status refuse(message *m, sa_error *err)
{
    return sa_error_set(err, SA_ERR_POSITION, "%s", m->text);
}

static int is_int(const sa_json *v)
{
    return v != NULL && v->type == SA_JSON_NUMBER && v->is_integer;
}

static int is_null(const sa_json *v)
{
    return v == NULL || v->type == SA_JSON_NULL;
}

/* An optional member: null or missing, or of type `type` ("key: must be
 * WHAT, got TYPE" otherwise). */
static sa_status optional(const sa_json *root, const char *key, sa_json_type type,
                          const char *what, sa_error *err)
{
    const sa_json *v = sa_json_member(root, key);
    if (is_null(v) || v->type == type)
        return SA_OK;
    return sa_error_set(err, SA_ERR_POSITION, "%s: must be %s, got %s", key, what,
                        sa_json_py_type(v));
}

/* One entry of "moves": {"ply": index + 1, "by": P or "chance", "move": "..."}. */
static sa_status check_move_entry(int index, const sa_json *entry, sa_error *err)
{
    message m;
    if (entry->type != SA_JSON_OBJECT)
        return sa_error_set(err, SA_ERR_POSITION, "moves[%d]: must be an object", index);
    const sa_json *move = sa_json_member(entry, "move");
    if (move == NULL || move->type != SA_JSON_STRING)
        return sa_error_set(err, SA_ERR_POSITION, "moves[%d]: needs a \"move\" string",
                            index);
    const sa_json *ply = sa_json_member(entry, "ply");
    if (!is_int(ply)) {
        sa_write_fmt(begin(&m), "moves[%d].ply: must be the integer %d, got ", index,
                     index + 1);
        sa_write_py_repr(&m.w, ply);
        return refuse(&m, err);
    }
    if (ply->integer != index + 1)
        return sa_error_set(err, SA_ERR_POSITION,
                            "moves[%d].ply: must be %d (plies count 1, 2, ...), got %lld",
                            index, index + 1, (long long)ply->integer);
    const sa_json *by = sa_json_member(entry, "by");
    int chance =
        by != NULL && by->type == SA_JSON_STRING && strcmp(by->string, "chance") == 0;
    if (!chance && !is_int(by)) {
        sa_write_fmt(begin(&m), "moves[%d].by: a player index or \"chance\", got ",
                     index);
        sa_write_py_repr(&m.w, by);
        return refuse(&m, err);
    }
    return SA_OK;
}

sa_status sa_record_check(const sa_json *root, sa_error *err)
{
    message m;
    const sa_json *format =
        root->type == SA_JSON_OBJECT ? sa_json_member(root, "format") : NULL;
    if (format == NULL || format->type != SA_JSON_STRING ||
        strcmp(format->string, RECORD_FORMAT))
        return sa_error_set(err, SA_ERR_POSITION,
                            "not a game record: \"format\" must be '" RECORD_FORMAT "'");
    const sa_json *version = sa_json_member(root, "version");
    int one =
        version != NULL && ((version->type == SA_JSON_NUMBER && version->number == 1.0) ||
                            (version->type == SA_JSON_BOOL && version->boolean));
    if (!one) {
        sa_write(begin(&m), "version: unsupported record version ");
        sa_write_py_repr(&m.w, version);
        return refuse(&m, err);
    }
    const sa_json *start = sa_json_member(root, "start");
    if (start == NULL || start->type != SA_JSON_OBJECT)
        return sa_error_set(err, SA_ERR_POSITION, "start: must be a position object");
    const sa_json *game = sa_json_member(root, "game");
    if (game != NULL && !sa_json_py_equal(game, sa_json_member(start, "game"))) {
        sa_write(begin(&m), "game: ");
        sa_write_py_repr(&m.w, game);
        sa_write(&m.w, " but start.game is ");
        sa_write_py_repr(&m.w, sa_json_member(start, "game"));
        return refuse(&m, err);
    }
    const sa_json *moves = sa_json_member(root, "moves");
    if (moves == NULL || moves->type != SA_JSON_ARRAY)
        return sa_error_set(err, SA_ERR_POSITION, "moves: must be a list");
    int index = 0;
    for (const sa_json *entry = moves->child; entry != NULL;
         entry = entry->next, index++) {
        sa_status status = check_move_entry(index, entry, err);
        if (status != SA_OK)
            return status;
    }
    sa_status status = optional(root, "players", SA_JSON_ARRAY, "a list", err);
    const sa_json *players = sa_json_member(root, "players");
    index = 0;
    for (const sa_json *p = is_null(players) ? NULL : players->child;
         status == SA_OK && p; p = p->next, index++)
        if (p->type != SA_JSON_OBJECT)
            status = sa_error_set(err, SA_ERR_POSITION, "players[%d]: must be an object",
                                  index);
    if (status == SA_OK)
        status = optional(root, "settings", SA_JSON_OBJECT, "an object", err);
    if (status == SA_OK)
        status = optional(root, "date", SA_JSON_STRING, "a string", err);
    if (status == SA_OK)
        status = optional(root, "termination", SA_JSON_STRING, "a string or null", err);
    if (status == SA_OK)
        status =
            optional(root, "result", SA_JSON_ARRAY, "a list of numbers or null", err);
    const sa_json *result = sa_json_member(root, "result");
    for (const sa_json *r = is_null(result) ? NULL : result->child; status == SA_OK && r;
         r = r->next) {
        if (r->type != SA_JSON_NUMBER) {
            sa_write(begin(&m), "result: must be a list of numbers or null, got ");
            sa_write_py_repr(&m.w, result);
            status = refuse(&m, err);
        }
    }
    if (status == SA_OK)
        status = optional(root, "forfeit", SA_JSON_OBJECT, "an object", err);
    const sa_json *forfeit = sa_json_member(root, "forfeit");
    if (status == SA_OK && !is_null(forfeit) &&
        !is_int(sa_json_member(forfeit, "seat"))) {
        sa_write(begin(&m), "forfeit.seat: must be the forfeiting seat's index, got ");
        sa_write_py_repr(&m.w, sa_json_member(forfeit, "seat"));
        status = refuse(&m, err);
    }
    return status;
}

/* -- replay ------------------------------------------------------------------ */

/* A player index or 'chance' / 'terminal', as Python's repr of Position.to_move. */
static void write_mover(sa_writer *w, int to_move)
{
    if (to_move >= 0)
        sa_write_int(w, to_move);
    else
        sa_write(w, to_move == SA_CHANCE ? "'chance'" : "'terminal'");
}

static void write_ints(sa_writer *w, const int32_t *values, int n)
{
    sa_write_char(w, '[');
    for (int i = 0; i < n; i++) {
        sa_write(w, i ? ", " : "");
        sa_write_int(w, values[i]);
    }
    sa_write_char(w, ']');
}

/* The stored result against the final position (safari/record.h). */
static sa_status check_result(const sa_json *root, const sa_position *final, int plies,
                              sa_error *err)
{
    const sa_json *result = sa_json_member(root, "result");
    if (is_null(result))
        return SA_OK;
    message m;
    int players = sa_position_num_players(final);
    sa_write(begin(&m), "result: ");
    sa_write_py_repr(&m.w, result);
    if ((int)result->length != players) {
        sa_write_fmt(&m.w, " has %d entries, the game has %d players",
                     (int)result->length, players);
        return refuse(&m, err);
    }
    int32_t want[16]; /* at most 8 players (SA_MAX_PLAYERS) */
    const sa_json *forfeit = sa_json_member(root, "forfeit");
    if (sa_position_to_move(final) == SA_TERMINAL) {
        sa_position_result(final, want, err);
        sa_write_fmt(&m.w, ", but the game ends after %d plies with the result ", plies);
        write_ints(&m.w, want, players);
    } else if (!is_null(forfeit)) {
        int64_t seat = sa_json_member(forfeit, "seat")->integer;
        for (int i = 0; i < players; i++)
            want[i] = i == seat ? -1 : 1;
        sa_write_fmt(&m.w, ", but seat %lld forfeited the game after %d plies (expected ",
                     (long long)seat, plies);
        write_ints(&m.w, want, players);
        sa_write_char(&m.w, ')');
        if (players != 2)
            return refuse(&m, err);
    } else {
        for (int i = 0; i < players; i++)
            want[i] = 0;
        sa_write_fmt(
            &m.w,
            ", but the game is not over after %d plies (expected null, all zeros "
            "for an adjudicated draw, or a forfeit's win and loss)",
            plies);
    }
    int i = 0;
    for (const sa_json *r = result->child; r != NULL; r = r->next, i++)
        if (r->number != (double)want[i])
            return refuse(&m, err);
    return SA_OK;
}

static int ascii(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p != '\0'; p++)
        if (*p >= 0x80)
            return 0;
    return 1;
}

/* Plays every move of the checked record `root` from its start. */
static sa_status replay(sa_record *record, const sa_json *root, sa_error *err)
{
    const sa_json *moves = sa_json_member(root, "moves");
    record->capacity = moves->length + 1;
    record->positions = calloc(record->capacity, sizeof *record->positions);
    if (record->positions == NULL)
        return sa_error_set(err, SA_ERR_MEMORY, "out of memory");
    sa_error inner;
    sa_position *pos = sa_position_from_node(sa_json_member(root, "start"), &inner);
    if (pos == NULL)
        return sa_error_set(err, SA_ERR_POSITION, "start: %s", inner.message);
    record->positions[0] = pos;
    for (const sa_json *entry = moves->child; entry != NULL; entry = entry->next) {
        int ply = record->plies + 1;
        const sa_json *by = sa_json_member(entry, "by");
        int to_move = sa_position_to_move(pos);
        int same =
            by->type == SA_JSON_STRING ? to_move == SA_CHANCE : by->integer == to_move;
        if (!same) {
            message m;
            sa_write_fmt(begin(&m), "ply %d: by ", ply);
            sa_write_py_repr(&m.w, by);
            sa_write(&m.w, " but ");
            write_mover(&m.w, to_move);
            sa_write(&m.w, " is to move");
            return refuse(&m, err);
        }
        pos = sa_position_copy(pos);
        if (pos == NULL)
            return sa_error_set(err, SA_ERR_MEMORY, "out of memory");
        record->positions[ply] = pos;
        const sa_json *move = sa_json_member(entry, "move");
        if (!ascii(move->string)) { /* as the Python API's move check says it */
            message m;
            sa_write_fmt(begin(&m), "ply %d: illegal move ", ply);
            sa_write_py_repr(&m.w, move);
            sa_write(&m.w, ": not ASCII");
            return refuse(&m, err);
        }
        if (sa_position_apply(pos, move->string, &inner) != SA_OK)
            return sa_error_set(err, SA_ERR_POSITION, "ply %d: %s", ply, inner.message);
        record->plies = ply;
    }
    return check_result(root, pos, record->plies, err);
}

sa_record *sa_record_replay(const char *text, size_t length, sa_error *err)
{
    sa_record *record = calloc(1, sizeof *record);
    if (record == NULL) {
        sa_error_set(err, SA_ERR_MEMORY, "out of memory");
        return NULL;
    }
    record->doc = sa_json_parse(text, length, err);
    sa_status status = record->doc == NULL ? err->status : SA_OK;
    if (status == SA_OK)
        status = sa_record_check(sa_json_root(record->doc), err);
    if (status == SA_OK)
        status = replay(record, sa_json_root(record->doc), err);
    if (status != SA_OK) {
        sa_record_free(record);
        return NULL;
    }
    return record;
}

int sa_record_plies(const sa_record *record)
{
    return record->plies;
}

const sa_position *sa_record_position(const sa_record *record, int index)
{
    return index >= 0 && index <= record->plies ? record->positions[index] : NULL;
}

const sa_json *sa_record_json(const sa_record *record)
{
    return sa_json_root(record->doc);
}

void sa_record_free(sa_record *record)
{
    if (record == NULL)
        return;
    for (size_t i = 0; record->positions != NULL && i < record->capacity; i++)
        sa_position_free(record->positions[i]);
    free(record->positions);
    sa_json_free(record->doc);
    free(record);
}
