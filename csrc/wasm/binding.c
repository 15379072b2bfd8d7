/* csrc/wasm/binding.c: the C core's entry points for the WebAssembly module.
 *
 * Built only by `make -C csrc wasm` (clang --target=wasm32-wasi); the native
 * builds never compile it. Each export takes NUL-terminated UTF-8 text that
 * the JavaScript side (safari_ai/web/static/safari-engine.js) wrote into the
 * module's memory with safari_alloc(), and returns a pointer to a
 * NUL-terminated JSON text that stays valid until the next call: either the
 * answer, or {"error": MESSAGE, "field": PATH-or-null} with the C reader's
 * own message and field (sa_error), which the JavaScript side words as the
 * HTTP API does. No game or search logic is here: it calls the public API of
 * safari/safari.h and safari/search.h as the Cython skin does.
 *
 *   safari_new(game, rules)          the start position (rules: JSON or NULL)
 *   safari_moves(position)           {"moves": [...]} / {"outcomes": [[o, "p/q"]...]}
 *                                    (+ "result" at the end of the game)
 *   safari_apply(position, moves, n) the position after the n moves (each NUL-
 *                                    terminated, one after the other); an error
 *                                    also gives "index", the move refused
 *   safari_replay(record)            a game record read, checked and replayed (common/
 *                                    record.c): {"record": as GameRecord.to_json writes
 *                                    it, "positions": [every position from the start]}
 *   safari_annotate(record, opts)    the whole-game analysis (search/annotate.c), as
 *                                    safari_ai.annotate.Annotation.to_json without the
 *                                    reasons; opts: {"depth", "nodes", "movetime",
 *                                    "level", "algo", "seed", "movetime_cap",
 *                                    "budget"}; progress: {"done", "total"}
 *   safari_describe(position, moves, n)  {"moves": [{"move", "places", "text"}...]}:
 *                                    n < 0: every legal move or outcome; else
 *                                    each of the n moves where it comes (an
 *                                    error gives "index", as safari_apply)
 *   safari_analyse(position, opts)   the report, shaped as safari_ai.report.Report.to_json;
 *                                    opts: {"depth", "nodes", "movetime", "multipv",
 *                                    "seed", "algo", "predictions", "player",
 *                                    "samples"} (each optional; "predictions":
 *                                    "sampled" is sa_search_sampled for "player",
 *                                    "samples" copies, 8 by default, as
 *                                    safari_ai.analyse)
 *
 * While a search runs, every completed iteration is passed to the imported
 * function env.safari_progress(text, length) as the same report JSON.
 * safari_stop_flag() is the address of the search's stop flag (a non-zero
 * int32 there stops it, when the host can write memory during a search).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "safari/annotate.h"
#include "safari/game.h"
#include "safari/json.h"
#include "safari/record.h"
#include "safari/safari.h"
#include "safari/search.h"
#include "safari/writer.h"

#define EXPORT(name) __attribute__((export_name(name)))

/* The exports (declared here, as -Wmissing-prototypes wants a prototype). */
void *safari_alloc(size_t size);
void safari_free(void *p);
const char *safari_version(void);
const char *safari_new(const char *game, const char *rules);
const char *safari_moves(const char *position);
const char *safari_apply(const char *position, const char *moves, int count);
const char *safari_replay(const char *record);
const char *safari_annotate(const char *record, const char *options);
const char *safari_describe(const char *position, const char *moves, int count);
volatile int *safari_stop_flag(void);
const char *safari_analyse(const char *position, const char *options);

__attribute__((import_module("env"), import_name("safari_progress"))) extern void
host_progress(const char *text, size_t length);

/* -- the answer buffer -------------------------------------------------- */

static char *answer;
static size_t answer_cap;

/* Makes room for `need` bytes plus the NUL; 0 when out of memory. */
static int reserve(size_t need)
{
    if (need < answer_cap)
        return 1;
    size_t cap = answer_cap ? answer_cap : 4096;
    while (cap <= need)
        cap *= 2;
    char *grown = realloc(answer, cap);
    if (grown == NULL)
        return 0;
    answer = grown;
    answer_cap = cap;
    return 1;
}

typedef void write_fn(sa_writer *w, const void *what);

static const char *out_of_memory = "{\"error\": \"out of memory\", \"field\": null}";

/* Runs `fn` into the answer buffer, again with a bigger one when it was cut. */
static const char *written(write_fn *fn, const void *what)
{
    for (;;) {
        if (!reserve(answer_cap ? answer_cap - 1 : 0))
            return out_of_memory;
        sa_writer w;
        sa_writer_init(&w, answer, answer_cap);
        fn(&w, what);
        if (w.len < answer_cap)
            return answer;
        if (!reserve(w.len))
            return out_of_memory;
    }
}

static void write_error(sa_writer *w, const void *what)
{
    const sa_error *err = what;
    sa_write(w, "{\"error\": ");
    sa_write_json_string(w, err->message);
    sa_write(w, ", \"field\": ");
    if (err->field[0] != '\0')
        sa_write_json_string(w, err->field);
    else
        sa_write(w, "null");
    sa_write(w, "}");
}

static const char *error_answer(const sa_error *err)
{
    return written(write_error, err);
}

static void write_position(sa_writer *w, const void *what)
{
    const sa_position *pos = what;
    size_t room = w->cap > w->len ? w->cap - w->len : 0;
    w->len += sa_position_to_json(pos, room ? w->buf + w->len : NULL, room);
}

static const char *position_answer(const sa_position *pos)
{
    return written(write_position, pos);
}

/* -- memory for the host ----------------------------------------------- */

EXPORT("safari_alloc") void *safari_alloc(size_t size)
{
    return malloc(size ? size : 1);
}

EXPORT("safari_free") void safari_free(void *p)
{
    free(p);
}

EXPORT("safari_version") const char *safari_version(void)
{
    return sa_version();
}

/* -- positions ------------------------------------------------------------ */

static sa_position *read_position(const char *text, sa_error *err)
{
    return sa_position_from_json(text, strlen(text), err);
}

EXPORT("safari_new") const char *safari_new(const char *game, const char *rules)
{
    sa_error err;
    sa_position *pos = sa_position_new(game, rules, &err);
    if (pos == NULL)
        return error_answer(&err);
    const char *out = position_answer(pos);
    sa_position_free(pos);
    return out;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b != 0) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Copies the space-delimited token at `p` into out[cap] (cut to fit) and
 * returns where the next one starts (past the space, or at the end). */
static const char *next_token(const char *p, char *out, size_t cap)
{
    size_t n = strcspn(p, " ");
    size_t kept = n < cap ? n : cap - 1;
    memcpy(out, p, kept);
    out[kept] = '\0';
    return p[n] == ' ' ? p + n + 1 : p + n;
}

/* The moves line "m1 m2 ..." or "o1:w1 o2:w2 ..." of sa_position_moves_text. */
typedef struct moves_view {
    const sa_position *pos;
    const char *text;
} moves_view;

static void write_moves(sa_writer *w, const void *what)
{
    const moves_view *v = what;
    int to_move = sa_position_to_move(v->pos);
    int chance = to_move == -1;
    uint64_t total = 0;
    /* each token is OUTCOME:WEIGHT, the outcome itself may hold ':' */
    for (const char *p = v->text; chance && *p != '\0';) {
        const char *end = p + strcspn(p, " ");
        const char *colon = end;
        while (colon > p && colon[-1] != ':')
            colon--;
        total += strtoull(colon, NULL, 10);
        p = *end ? end + 1 : end;
    }
    sa_write(w, chance ? "{\"outcomes\": [" : "{\"moves\": [");
    const char *p = v->text;
    int first = 1;
    while (*p != '\0') {
        char token[SA_PV_TEXT_MAX];
        p = next_token(p, token, sizeof token);
        sa_write(w, first ? "" : ", ");
        first = 0;
        if (chance) {
            char *colon = strrchr(token, ':');
            uint64_t weight = colon ? strtoull(colon + 1, NULL, 10) : 0;
            if (colon)
                *colon = '\0';
            uint64_t g = gcd(weight, total);
            sa_write(w, "[");
            sa_write_json_string(w, token);
            sa_write_fmt(w, ", \"%llu/%llu\"]", (unsigned long long)(weight / g),
                         (unsigned long long)(total / g));
        } else {
            sa_write_json_string(w, token);
        }
    }
    sa_write(w, "]");
    if (to_move == -2) {
        int32_t result[SA_MAX_PLAYERS];
        sa_error err;
        if (sa_position_result(v->pos, result, &err) == SA_OK) {
            sa_write(w, ", \"result\": [");
            for (int i = 0; i < sa_position_num_players(v->pos); i++)
                sa_write_fmt(w, "%s%d", i ? ", " : "", (int)result[i]);
            sa_write(w, "]");
        }
    }
    sa_write(w, "}");
}

EXPORT("safari_moves") const char *safari_moves(const char *position)
{
    sa_error err;
    sa_position *pos = read_position(position, &err);
    if (pos == NULL)
        return error_answer(&err);
    size_t n = sa_position_moves_text(pos, NULL, 0);
    char *text = malloc(n + 1);
    const char *out = out_of_memory;
    if (text != NULL) {
        sa_position_moves_text(pos, text, n + 1);
        moves_view view = {pos, text};
        out = written(write_moves, &view);
        free(text);
    }
    sa_position_free(pos);
    return out;
}

typedef struct refused {
    const sa_error *err;
    int index;
} refused;

static void write_refused(sa_writer *w, const void *what)
{
    const refused *r = what;
    write_error(w, r->err);
    w->len--; /* reopen the object (the buffer is rewritten if it was cut) */
    if (w->len < w->cap)
        w->buf[w->len] = '\0';
    sa_write_fmt(w, ", \"index\": %d}", r->index);
}

EXPORT("safari_apply")
const char *safari_apply(const char *position, const char *moves, int count)
{
    sa_error err;
    sa_position *pos = read_position(position, &err);
    if (pos == NULL)
        return error_answer(&err);
    const char *out = NULL;
    const char *move = moves;
    for (int index = 0; index < count && out == NULL; index++) {
        if (sa_position_apply(pos, move, &err) != SA_OK) {
            refused r = {&err, index};
            out = written(write_refused, &r);
        }
        move += strlen(move) + 1;
    }
    if (out == NULL)
        out = position_answer(pos);
    sa_position_free(pos);
    return out;
}

/* -- game records ------------------------------------------------------------ */

/* A member of the record, or `fallback` (JSON) when it is missing or null. */
static void write_member(sa_writer *w, const sa_json *root, const char *key,
                         const char *fallback)
{
    const sa_json *v = sa_json_member(root, key);
    if (v == NULL || v->type == SA_JSON_NULL)
        sa_write(w, fallback);
    else
        sa_write_json_value(w, v);
}

/* {"record", "positions"} as POST /api/replay answers (GameRecord.to_json:
 * the members in its order, the optional ones defaulted). */
static void write_replay(sa_writer *w, const void *what)
{
    const sa_record *record = what;
    const sa_json *root = sa_record_json(record);
    const sa_json *start = sa_json_member(root, "start");
    sa_write(
        w, "{\"record\": {\"format\": \"safari-ai-record\", \"version\": 1, \"game\": ");
    sa_write_json_value(w, sa_json_member(start, "game"));
    sa_write(w, ", \"date\": ");
    write_member(w, root, "date", "\"\"");
    sa_write(w, ", \"players\": ");
    write_member(w, root, "players", "[]");
    sa_write(w, ", \"settings\": ");
    write_member(w, root, "settings", "{}");
    sa_write(w, ", \"start\": ");
    sa_write_json_value(w, start);
    sa_write(w, ", \"moves\": ");
    sa_write_json_value(w, sa_json_member(root, "moves"));
    sa_write(w, ", \"result\": ");
    write_member(w, root, "result", "null");
    sa_write(w, ", \"termination\": ");
    write_member(w, root, "termination", "null");
    const sa_json *forfeit = sa_json_member(root, "forfeit");
    if (forfeit != NULL && forfeit->type != SA_JSON_NULL) {
        sa_write(w, ", \"forfeit\": ");
        sa_write_json_value(w, forfeit);
    }
    sa_write(w, "}, \"positions\": [");
    for (int i = 0; i <= sa_record_plies(record); i++) {
        sa_write(w, i ? ", " : "");
        write_position(w, sa_record_position(record, i));
    }
    sa_write(w, "]}");
}

EXPORT("safari_replay") const char *safari_replay(const char *text)
{
    sa_error err;
    sa_record *record = sa_record_replay(text, strlen(text), &err);
    if (record == NULL)
        return error_answer(&err);
    const char *out = written(write_replay, record);
    sa_record_free(record);
    return out;
}

/* -- descriptions of moves ------------------------------------------------ */

/* One {"move", "places", "text"} object; places space-separated. */
static void write_description(sa_writer *w, const char *move, const char *places,
                              const char *text)
{
    sa_write(w, "{\"move\": ");
    sa_write_json_string(w, move);
    sa_write(w, ", \"places\": [");
    for (const char *p = places; *p != '\0';) {
        char place[SA_PLACE_MAX];
        sa_write(w, p == places ? "" : ", ");
        p = next_token(p, place, sizeof place);
        sa_write_json_string(w, place);
    }
    sa_write(w, "], \"text\": ");
    sa_write_json_string(w, text);
    sa_write(w, "}");
}

/* The lines "MOVE<tab>PLACES<tab>TEXT" of sa_position_describe_all. */
static void write_all_described(sa_writer *w, const void *what)
{
    const char *p = what;
    sa_write(w, "{\"moves\": [");
    for (int first = 1; *p != '\0'; first = 0) {
        char move[SA_MOVE_STR_MAX], places[SA_PLACES_MAX * SA_PLACE_MAX],
            text[SA_DESCRIPTION_MAX];
        size_t n = strcspn(p, "\t"), k = strcspn(p + n + 1, "\t");
        size_t t = strcspn(p + n + 1 + k + 1, "\n");
        snprintf(move, sizeof move, "%.*s", (int)n, p);
        snprintf(places, sizeof places, "%.*s", (int)k, p + n + 1);
        snprintf(text, sizeof text, "%.*s", (int)t, p + n + 1 + k + 1);
        sa_write(w, first ? "" : ", ");
        write_description(w, move, places, text);
        p += n + 1 + k + 1 + t + (p[n + 1 + k + 1 + t] == '\n');
    }
    sa_write(w, "]}");
}

static const char *describe_all(const sa_position *pos)
{
    size_t n = sa_position_describe_all(pos, NULL, 0);
    char *text = malloc(n + 1);
    if (text == NULL)
        return out_of_memory;
    sa_position_describe_all(pos, text, n + 1);
    const char *out = written(write_all_described, text);
    free(text);
    return out;
}

/* Each of `count` NUL-separated moves, described where it comes. */
typedef struct line_view {
    sa_position *pos;
    const char *moves;
    int count;
    sa_error *err;
    int refused; /* the index of the move refused, or -1 */
} line_view;

static void write_line_described(sa_writer *w, const void *what)
{
    const line_view *v = what;
    sa_position *pos = sa_position_copy(v->pos);
    const char *move = v->moves;
    sa_write(w, "{\"moves\": [");
    for (int i = 0; pos != NULL && i < v->count; i++, move += strlen(move) + 1) {
        char places[SA_PLACES_MAX * SA_PLACE_MAX], text[SA_DESCRIPTION_MAX];
        if (sa_position_describe(pos, move, places, sizeof places, text, sizeof text,
                                 v->err) != SA_OK ||
            sa_position_apply(pos, move, v->err) != SA_OK) {
            ((line_view *)v)->refused = i;
            break;
        }
        sa_write(w, i ? ", " : "");
        write_description(w, move, places, text);
    }
    sa_write(w, "]}");
    sa_position_free(pos);
}

EXPORT("safari_describe")
const char *safari_describe(const char *position, const char *moves, int count)
{
    sa_error err;
    sa_position *pos = read_position(position, &err);
    if (pos == NULL)
        return error_answer(&err);
    const char *out;
    if (count < 0) {
        out = describe_all(pos);
    } else {
        line_view view = {pos, moves, count, &err, -1};
        out = written(write_line_described, &view);
        if (view.refused >= 0) {
            refused r = {&err, view.refused};
            out = written(write_refused, &r);
        }
    }
    sa_position_free(pos);
    return out;
}

/* -- search ------------------------------------------------------------------ */

static const char *const ALGO_NAMES[] = {"auto", "alphabeta", "mcts", "expectimax", NULL};
static const char *const PREDICTIONS[] = {"open", "sampled", NULL};
static volatile int stop_flag;

/* The sampled search of the running analysis (samples 0: an open one), whose
 * reports carry "predictions", "samples" and "player" (report.extra). */
static struct {
    int samples;
    int player;
} sampled;

EXPORT("safari_stop_flag") volatile int *safari_stop_flag(void)
{
    return &stop_flag;
}

/* A double as JSON: shortest text that reads back to the same value. */
static void write_double(sa_writer *w, double x)
{
    if (!isfinite(x)) {
        sa_write(w, "null");
        return;
    }
    sa_write_fmt(w, "%.17g", x);
}

static void write_doubles(sa_writer *w, const double *x, int n)
{
    sa_write(w, "[");
    for (int i = 0; i < n; i++) {
        sa_write(w, i ? ", " : "");
        write_double(w, x[i]);
    }
    sa_write(w, "]");
}

static void write_pv(sa_writer *w, const char *pv)
{
    sa_write(w, "[");
    int first = 1;
    for (const char *p = pv; *p != '\0';) {
        char move[SA_OUTCOME_TEXT_MAX];
        p = next_token(p, move, sizeof move);
        if (move[0] != '\0') {
            sa_write(w, first ? "" : ", ");
            sa_write_json_string(w, move);
            first = 0;
        }
    }
    sa_write(w, "]");
}

/* The first move of a PV as a JSON string. */
static void write_first_move(sa_writer *w, const char *pv)
{
    char move[SA_OUTCOME_TEXT_MAX];
    next_token(pv, move, sizeof move);
    sa_write_json_string(w, move);
}

static void write_score_text(sa_writer *w, const sa_line *line)
{
    if (line->exact && line->score > 0)
        sa_write_fmt(w, "\"win %d\"", SA_SCORE_WIN - (int)line->score);
    else if (line->exact && line->score < 0)
        sa_write_fmt(w, "\"loss %d\"", SA_SCORE_WIN + (int)line->score);
    else
        sa_write_fmt(w, "\"cp %d\"", (int)line->score);
}

/* The fields every report has, after the answer's first ones. */
static void write_counts(sa_writer *w, const sa_report *r)
{
    uint64_t nps = r->seconds > 0 ? (uint64_t)((double)r->nodes / r->seconds) : 0;
    sa_write_fmt(w,
                 "\"nodes\": %llu, \"nps\": %llu, \"depth\": %d, \"seldepth\": %d, "
                 "\"seconds\": %.3f, \"algo\": \"%s\"",
                 (unsigned long long)r->nodes, (unsigned long long)nps, r->depth,
                 r->seldepth, r->seconds, ALGO_NAMES[r->algo <= 3 ? r->algo : 0]);
}

/* ", \"to_move\": ..." of an outcome: who moves after it, a player index or
 * "chance" / "terminal" (as safari_ai.report.Outcome.to_json writes it). */
static void write_mover(sa_writer *w, int to_move)
{
    if (to_move == SA_CHANCE)
        sa_write(w, ", \"to_move\": \"chance\"");
    else if (to_move < 0)
        sa_write(w, ", \"to_move\": \"terminal\"");
    else
        sa_write_fmt(w, ", \"to_move\": %d", to_move);
}

static void write_win_chances(sa_writer *w, const sa_report *r)
{
    if (r->n_win_chances > 0)
        write_doubles(w, r->win_chances, r->n_win_chances);
    else
        sa_write(w, "null");
}

/* The report as safari_ai.report.Report.to_json writes it (key for key). */
static void write_report(sa_writer *w, const void *what)
{
    const sa_report *r = what;
    int threads = r->threads > 0 ? r->threads : 1;
    if (r->chance) {
        sa_write(w, "{\"bestmove\": null, \"expected\": ");
        write_doubles(w, r->expected, r->n_expected);
        sa_write(w, ", \"win_chances\": ");
        write_win_chances(w, r);
        sa_write(w, ", \"outcomes\": [");
        uint64_t total = r->total_weight > 0 ? r->total_weight : 1;
        for (int i = 0; r->outcomes != NULL && i < r->n_outcomes; i++) {
            const sa_outcome_value *o = &r->outcomes[i];
            uint64_t g = gcd(o->weight, total);
            sa_write(w, i ? ", {\"outcome\": " : "{\"outcome\": ");
            sa_write_json_string(w, o->outcome);
            sa_write_fmt(w, ", \"probability\": \"%llu/%llu\", \"expected\": ",
                         (unsigned long long)(o->weight / (g ? g : 1)),
                         (unsigned long long)(total / (g ? g : 1)));
            if (o->valued)
                write_doubles(w, o->expected, r->n_expected);
            else
                sa_write(w, "null");
            sa_write_fmt(w, ", \"depth\": %d, \"best\": ", o->depth);
            if (o->best[0] != '\0')
                sa_write_json_string(w, o->best);
            else
                sa_write(w, "null");
            write_mover(w, o->to_move);
            sa_write(w, "}");
        }
        sa_write_fmt(w, "], \"valued\": %d, ", r->n_valued);
        write_counts(w, r);
        sa_write_fmt(w, ", \"threads\": %d}", threads);
        return;
    }
    const sa_line *best = &r->lines[0];
    sa_write(w, "{\"bestmove\": ");
    if (r->n_lines > 0)
        write_first_move(w, best->pv);
    else
        sa_write(w, "null");
    sa_write_fmt(w, ", \"score\": %d, \"score_text\": ", (int)best->score);
    write_score_text(w, best);
    sa_write(w, ", \"pv\": ");
    write_pv(w, best->pv);
    sa_write(w, ", ");
    write_counts(w, r);
    sa_write(w, ", \"win_probability\": ");
    if (r->win_probability < 0)
        sa_write(w, "null");
    else
        write_double(w, r->win_probability);
    sa_write(w, ", \"lines\": [");
    for (int i = 0; i < r->n_lines; i++) {
        const sa_line *line = &r->lines[i];
        sa_write(w, i ? ", {\"move\": " : "{\"move\": ");
        write_first_move(w, line->pv);
        sa_write_fmt(w, ", \"score\": %d, \"score_text\": ", (int)line->score);
        write_score_text(w, line);
        sa_write(w, ", \"pv\": ");
        write_pv(w, line->pv);
        sa_write(w, ", \"expected\": ");
        write_doubles(w, line->expected, line->n_expected);
        sa_write(w, "}");
    }
    sa_write(w, "], \"expected\": ");
    write_doubles(w, best->expected, r->n_lines > 0 ? best->n_expected : 0);
    sa_write(w, ", \"win_chances\": ");
    write_win_chances(w, r);
    sa_write_fmt(w, ", \"reused\": %llu, \"threads\": %d", (unsigned long long)r->reused,
                 threads);
    if (sampled.samples > 0)
        sa_write_fmt(w, ", \"predictions\": \"sampled\", \"samples\": %d, \"player\": %d",
                     sampled.samples, sampled.player);
    if (r->sample > 0)
        sa_write_fmt(w, ", \"sample\": %d", r->sample);
    sa_write(w, "}");
}

static void progress(void *user, const sa_report *report)
{
    (void)user;
    const char *text = written(write_report, report);
    host_progress(text, strlen(text));
}

/* The options' "depth", "nodes" and "movetime", each when given. */
static sa_status read_limit_fields(const sa_json *root, int *depth, uint64_t *nodes,
                                   int64_t *movetime, sa_error *err)
{
    int64_t value;
    const sa_json *v;
    sa_status status = SA_OK;
    if ((v = sa_json_member(root, "depth")) != NULL &&
        (status = sa_json_get_int(v, "options.depth", 1, SA_MAX_DEPTH, &value, err)) ==
            SA_OK)
        *depth = (int)value;
    if (status == SA_OK && (v = sa_json_member(root, "nodes")) != NULL &&
        (status = sa_json_get_int(v, "options.nodes", 1, INT64_MAX, &value, err)) ==
            SA_OK)
        *nodes = (uint64_t)value;
    if (status == SA_OK && (v = sa_json_member(root, "movetime")) != NULL &&
        (status = sa_json_get_int(v, "options.movetime", 1, SA_MAX_MOVETIME_MS, &value,
                                  err)) == SA_OK)
        *movetime = value;
    return status;
}

/* Reads the options object into `limits` (and `sampled`); SA_ERR_ARGUMENT
 * naming the option. */
static sa_status read_options(const char *text, sa_limits *limits, sa_error *err)
{
    sampled.samples = 0;
    sampled.player = -1;
    sa_json_doc *doc = sa_json_parse(text, strlen(text), err);
    if (doc == NULL)
        return err->status;
    static const char *const optional[] = {"depth",   "nodes", "movetime",    "multipv",
                                           "seed",    "algo",  "predictions", "player",
                                           "samples", NULL};
    const sa_json *root = sa_json_root(doc);
    sa_status status = sa_json_check_keys(root, "options", NULL, optional, err);
    int64_t value;
    const sa_json *v;
    if (status == SA_OK)
        status = read_limit_fields(root, &limits->depth, &limits->nodes,
                                   &limits->movetime_ms, err);
    if (status == SA_OK && (v = sa_json_member(root, "multipv")) != NULL &&
        (status = sa_json_get_int(v, "options.multipv", 1, SA_MAX_MULTIPV, &value,
                                  err)) == SA_OK)
        limits->multipv = (int)value;
    if (status == SA_OK && (v = sa_json_member(root, "seed")) != NULL &&
        (status = sa_json_get_int(v, "options.seed", 0, INT64_MAX, &value, err)) == SA_OK)
        limits->seed = (uint64_t)value;
    int algo = 0;
    if (status == SA_OK && (v = sa_json_member(root, "algo")) != NULL &&
        (status = sa_json_get_enum(v, "options.algo", ALGO_NAMES, &algo, err)) == SA_OK)
        limits->algo = (sa_algo)algo;
    int predictions = 0;
    if (status == SA_OK && (v = sa_json_member(root, "predictions")) != NULL)
        status =
            sa_json_get_enum(v, "options.predictions", PREDICTIONS, &predictions, err);
    if (status == SA_OK && predictions == 1) {
        sampled.samples = 8; /* safari_ai.analyse's default */
        if ((v = sa_json_member(root, "samples")) != NULL &&
            (status = sa_json_get_int(v, "options.samples", 1, 1000, &value, err)) ==
                SA_OK)
            sampled.samples = (int)value;
        if (status == SA_OK && (v = sa_json_member(root, "player")) == NULL)
            status =
                sa_error_set(err, SA_ERR_ARGUMENT,
                             "field 'options.player': predictions 'sampled' needs it");
        else if (status == SA_OK &&
                 (status = sa_json_get_int(v, "options.player", 0, SA_MAX_PLAYERS - 1,
                                           &value, err)) == SA_OK)
            sampled.player = (int)value;
    }
    sa_json_free(doc);
    return status;
}

EXPORT("safari_analyse")
const char *safari_analyse(const char *position, const char *options)
{
    sa_error err;
    sa_position *pos = read_position(position, &err);
    if (pos == NULL)
        return error_answer(&err);
    /* The defaults of safari_ai.analyse (safari_ai.limits.Limits): one
     * thread, a 16 MiB table, MCTS leaves valued by the evaluation. */
    sa_limits limits = {
        .multipv = 1,
        .threads = 1,
        .hash_mb = 16,
        .mcts_evaluate = 1,
        .stop = &stop_flag,
        .progress = progress,
    };
    const char *out;
    sa_report report;
    if (read_options(options, &limits, &err) != SA_OK) {
        out = error_answer(&err);
    } else {
        if (limits.depth == 0 && limits.nodes == 0 && limits.movetime_ms == 0)
            limits.movetime_ms = 1000; /* as safari_ai.analyse without limits */
        stop_flag = 0;
        sa_status status = sampled.samples > 0
                               ? sa_search_sampled(pos, &limits, sampled.player,
                                                   sampled.samples, &report, &err)
                               : sa_search(pos, &limits, &report, &err);
        if (status == SA_OK)
            out = written(write_report, &report);
        else
            out = error_answer(&err);
        sa_report_free(&report);
    }
    sa_position_free(pos);
    return out;
}

/* -- whole-game analysis ------------------------------------------------------ */

static const char *const LEVEL_NAMES[] = {"quick", "default", "thorough", NULL};

static void annotate_progress(void *user, int done, int total)
{
    (void)user;
    char text[64];
    int n = snprintf(text, sizeof text, "{\"done\": %d, \"total\": %d}", done, total);
    host_progress(text, (size_t)n);
}

/* Reads the analysis options into `o`; SA_ERR_ARGUMENT naming the option. */
static sa_status read_annotate_options(const char *text, sa_annotate_options *o,
                                       sa_error *err)
{
    sa_json_doc *doc = sa_json_parse(text, strlen(text), err);
    if (doc == NULL)
        return err->status;
    static const char *const optional[] = {"depth",        "nodes",  "movetime",
                                           "level",        "algo",   "seed",
                                           "movetime_cap", "budget", NULL};
    const sa_json *root = sa_json_root(doc);
    sa_status status = sa_json_check_keys(root, "options", NULL, optional, err);
    int64_t value;
    const sa_json *v;
    if (status == SA_OK)
        status = read_limit_fields(root, &o->depth, &o->nodes, &o->movetime_ms, err);
    if (status == SA_OK && (v = sa_json_member(root, "movetime_cap")) != NULL &&
        (status = sa_json_get_int(v, "options.movetime_cap", 1, SA_MAX_MOVETIME_MS,
                                  &value, err)) == SA_OK)
        o->movetime_cap_ms = value;
    if (status == SA_OK && (v = sa_json_member(root, "budget")) != NULL &&
        (status = sa_json_get_int(v, "options.budget", 1, INT64_MAX, &value, err)) ==
            SA_OK)
        o->budget_ms = value;
    if (status == SA_OK && (v = sa_json_member(root, "seed")) != NULL &&
        (status = sa_json_get_int(v, "options.seed", 0, INT64_MAX, &value, err)) == SA_OK)
        o->seed = (uint64_t)value;
    int choice = 0;
    if (status == SA_OK && (v = sa_json_member(root, "algo")) != NULL &&
        (status = sa_json_get_enum(v, "options.algo", ALGO_NAMES, &choice, err)) == SA_OK)
        o->algo = (sa_algo)choice;
    if (status == SA_OK && (v = sa_json_member(root, "level")) != NULL &&
        (status = sa_json_get_enum(v, "options.level", LEVEL_NAMES, &choice, err)) ==
            SA_OK)
        o->level = choice;
    sa_json_free(doc);
    return status;
}

EXPORT("safari_annotate")
const char *safari_annotate(const char *record, const char *options)
{
    sa_annotate_options o = {.level = 1,
                             .threads = 1,
                             .hash_mb = 16,
                             .stop = &stop_flag,
                             .progress = annotate_progress};
    sa_error err;
    if (read_annotate_options(options, &o, &err) != SA_OK)
        return error_answer(&err);
    stop_flag = 0;
    int ended = 0;
    char *text = sa_annotate(record, strlen(record), &o, &ended, &err);
    if (text == NULL && ended)
        return ended == SA_ANNOTATE_STOPPED
                   ? "{\"error\": \"stopped\", \"field\": null}"
                   : "{\"error\": \"over budget\", \"field\": null}";
    if (text == NULL)
        return error_answer(&err);
    size_t n = strlen(text);
    const char *out = out_of_memory;
    if (reserve(n)) {
        memcpy(answer, text, n + 1);
        out = answer;
    }
    free(text);
    return out;
}

/* -- Debian's compiler runtime ------------------------------------------------
 * Debian builds libclang_rt.builtins-wasm32.a (clang 14) with the stack
 * protector on, so its 128-bit division (used by the core's 64x64 -> 128-bit
 * arithmetic) needs these two symbols, which wasi-libc does not define. */
#include <stdint.h>
extern uintptr_t __stack_chk_guard;
void __stack_chk_fail(void);
uintptr_t __stack_chk_guard = 0x2f8a5c31u;
void __stack_chk_fail(void)
{
    __builtin_trap();
}
