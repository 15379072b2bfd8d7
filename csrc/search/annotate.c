/* search/annotate.c: the whole-game analysis of a record (safari/annotate.h).
 *
 * A record of N plies costs at most N + 1 searches: the position before each
 * ply, and the last one when the last ply is a decision (the value after the
 * move played). Values are in the game's units for every player
 * (search/verdicts.c):
 *
 *   - a decision of player P: searched for min(16, legal) lines, so that the
 *     move played is valued in the same search as the best; its value is its
 *     line's, or, when it is not among the lines, the next position's own
 *     value capped at the last line's ("played_in_lines": false); the error
 *     is the best value minus it (never below 0), marked by its size;
 *   - a roll: "expected" every player's value before it (the expectimax of
 *     the position), "after" the value of the outcome that came, from the
 *     same search, the luck their difference (in a race, the difference of
 *     the player's margins); an outcome the search did not
 *     reach (limits cut its first iteration) is valued by the evaluation
 *     ("estimated": true);
 *   - plies whose entry says "comment": "opening" are analysed but charged
 *     to nobody.
 *
 * A race (not zero-sum) is searched by expectimax with every player choosing
 * by margin (SA_MULTI_MARGIN: its expected points less the mean of the
 * others'), at decisions and rolls alike, as the engine plays and as a match
 * scores a race; the values stay every player's expected points, but a
 * decision's best_value, played_value and error are the mover's margins
 * (docs/records.md).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "safari/annotate.h"
#include "safari/game.h"
#include "safari/json.h"
#include "safari/record.h"
#include "search/verdicts.h"

#define LINES SA_MAX_MULTIPV /* lines searched at each decision */

static const char *const LEVELS[3] = {"quick", "default", "thorough"};

/* -- a growing text ---------------------------------------------------------- */

typedef struct text {
    char *buf;
    size_t len, cap;
    int failed;
} text;

typedef void write_fn(sa_writer *w, const void *what);

/* Appends what `fn` writes, growing the buffer (and writing again) to fit. */
static void append(text *t, write_fn *fn, const void *what)
{
    for (;;) {
        sa_writer w;
        sa_writer_init(&w, t->buf ? t->buf + t->len : NULL, t->buf ? t->cap - t->len : 0);
        fn(&w, what);
        if (t->buf != NULL && t->len + w.len < t->cap) {
            t->len += w.len;
            return;
        }
        size_t cap = t->cap ? t->cap : 65536;
        while (cap <= t->len + w.len)
            cap *= 2;
        char *grown = realloc(t->buf, cap);
        if (grown == NULL) {
            t->failed = 1;
            return;
        }
        t->buf = grown;
        t->cap = cap;
    }
}

/* Hands the item appended since `before` to the options' ply callback
 * (without the ", " that separates it from the previous one). */
static void report_ply(const sa_annotate_options *o, const text *out, size_t before,
                       int index)
{
    size_t skip = index ? 2 : 0;
    o->ply(o->ply_user, out->buf + before + skip, out->len - before - skip);
}

static void write_values(sa_writer *w, const double *x, int n)
{
    sa_write(w, "[");
    for (int i = 0; i < n; i++) {
        sa_write(w, i ? ", " : "");
        sa_write_py_float(w, x[i]);
    }
    sa_write(w, "]");
}

/* A space-separated line of moves as a JSON list; at most `most` of them. */
static void write_line(sa_writer *w, const char *line, int most)
{
    sa_write(w, "[");
    int n = 0;
    for (const char *p = line; *p != '\0' && n < most;) {
        size_t len = strcspn(p, " ");
        if (len > 0) {
            char move[SA_OUTCOME_TEXT_MAX];
            size_t kept = len < sizeof move ? len : sizeof move - 1;
            memcpy(move, p, kept);
            move[kept] = '\0';
            sa_write(w, n++ ? ", " : "");
            sa_write_json_string(w, move);
        }
        p += len;
        while (*p == ' ')
            p++;
    }
    sa_write(w, "]");
}

static int line_moves(const char *line)
{
    int n = 0;
    for (const char *p = line; *p != '\0';) {
        size_t len = strcspn(p, " ");
        n += len > 0;
        p += len;
        while (*p == ' ')
            p++;
    }
    return n;
}

static int first_move_is(const char *line, const char *move)
{
    size_t n = strcspn(line, " ");
    return strlen(move) == n && strncmp(line, move, n) == 0;
}

/* -- the analysis ---------------------------------------------------------- */

typedef struct analysis {
    const sa_annotate_options *o;
    const sa_record *record;
    const sa_json *moves; /* the record's entries                      */
    int players;
    int race; /* not zero-sum: decisions valued by margin  */
    sa_units units;
    sa_limits decision, chance; /* each search's limits (multipv aside)      */
    int64_t started_ms;
    int total; /* positions: plies + 1                       */
    double (*values)[SA_MAX_PLAYERS];
    char *valued;         /* values[i] computed                        */
    sa_report reports[2]; /* the reports of positions i and i + 1      */
    int report_of[2];     /* which position each holds (-1: none)      */
    int threads;          /* the last search's                          */
    int *ended;
} analysis;

/* The search of position `index`, into the slot index % 2. */
static sa_status search(analysis *a, int index, sa_error *err)
{
    const sa_annotate_options *o = a->o;
    if (o->stop != NULL && *o->stop) {
        *a->ended = SA_ANNOTATE_STOPPED;
        return sa_error_set(err, SA_ERR_ARGUMENT, "stopped");
    }
    if (o->budget_ms > 0 && sa_now_ms() - a->started_ms > o->budget_ms) {
        *a->ended = SA_ANNOTATE_OVER_BUDGET;
        return sa_error_set(err, SA_ERR_ARGUMENT, "over budget");
    }
    const sa_position *pos = sa_record_position(a->record, index);
    const sa_game *game = sa_position_game_rules(pos);
    int chance = sa_position_to_move(pos) == SA_CHANCE;
    sa_limits limits = chance ? a->chance : a->decision;
    limits.algo = chance ? SA_ALGO_AUTO : o->algo;
    if (!sa_game_zero_sum(game)) { /* a race: every player chooses by margin */
        limits.algo = limits.algo == SA_ALGO_AUTO ? SA_ALGO_EXPECTIMAX : limits.algo;
        limits.multiplayer = SA_MULTI_MARGIN;
    }
    if (!chance) {
        size_t n = sa_position_moves_text(pos, NULL, 0);
        char *moves = malloc(n + 1);
        if (moves == NULL)
            return sa_error_set(err, SA_ERR_MEMORY, "out of memory");
        sa_position_moves_text(pos, moves, n + 1);
        int legal = line_moves(moves);
        free(moves);
        limits.multipv = legal < LINES ? legal : LINES;
    }
    int slot = index % 2;
    if (a->report_of[slot] >= 0)
        sa_report_free(&a->reports[slot]);
    a->report_of[slot] = -1;
    sa_status status = sa_search(pos, &limits, &a->reports[slot], err);
    a->report_of[slot] = index;
    if (status == SA_OK)
        a->threads = a->reports[slot].threads > 0 ? a->reports[slot].threads : 1;
    return status;
}

static const sa_report *report_at(const analysis *a, int index)
{
    return a->report_of[index % 2] == index ? &a->reports[index % 2] : NULL;
}

/* The values of position `index`, searching it the first time. */
static sa_status value(analysis *a, int index, sa_error *err)
{
    if (a->valued[index])
        return SA_OK;
    const sa_position *pos = sa_record_position(a->record, index);
    if (sa_position_to_move(pos) == SA_TERMINAL) {
        sa_terminal_values(pos, a->values[index]);
    } else {
        sa_status status = search(a, index, err);
        if (status != SA_OK)
            return status;
        sa_report_values(pos, report_at(a, index), -1, a->values[index]);
    }
    a->valued[index] = 1;
    if (a->o->progress != NULL)
        a->o->progress(a->o->progress_user, index + 1, a->total);
    return SA_OK;
}

/* One ply's item, with what its writer needs. */
typedef struct item {
    const analysis *a;
    int index;
    const sa_json *entry;
    sa_ply_verdict *verdict;
} item;

static void write_head(sa_writer *w, const item *it)
{
    const sa_json *entry = it->entry;
    const sa_json *comment = sa_json_member(entry, "comment");
    sa_write(w, it->index ? ", {\"ply\": " : "{\"ply\": ");
    sa_write_json_value(w, sa_json_member(entry, "ply"));
    sa_write(w, ", \"by\": ");
    sa_write_json_value(w, sa_json_member(entry, "by"));
    sa_write(w, ", \"move\": ");
    sa_write_json_value(w, sa_json_member(entry, "move"));
    sa_write_fmt(w, ", \"charged\": %s", it->verdict->charged ? "true" : "false");
    /* a comment that is there and not empty ("if entry.get('comment')") */
    int shown = comment != NULL && comment->type != SA_JSON_NULL &&
                !(comment->type == SA_JSON_STRING && comment->string[0] == '\0') &&
                !(comment->type == SA_JSON_BOOL && !comment->boolean) &&
                !(comment->type == SA_JSON_NUMBER && comment->number == 0.0) &&
                !((comment->type == SA_JSON_ARRAY || comment->type == SA_JSON_OBJECT) &&
                  comment->length == 0);
    if (shown) {
        sa_write(w, ", \"comment\": ");
        sa_write_json_value(w, comment);
    }
    sa_write_fmt(w, ", \"depth\": %d", report_at(it->a, it->index)->depth);
}

/* What the mover of a decision maximises in `values`: its own value, or in a
 * race its margin, its points less the mean of the others'. */
static double mover_value(const analysis *a, const double *values, int mover)
{
    if (!a->race || a->players < 2)
        return values[mover];
    double others = 0.0;
    for (int p = 0; p < a->players; p++)
        others += p == mover ? 0.0 : values[p];
    return values[mover] - others / (a->players - 1);
}

/* Player p's luck from the values `before` a roll to the values `after` it:
 * the change of its own value, or in a race of its margin (what a race is
 * decided by: a roll that gives everyone the same points helps nobody). */
static double luck_of(const analysis *a, const double *before, const double *after, int p)
{
    return mover_value(a, after, p) - mover_value(a, before, p);
}

/* A roll: its probability, the values before and after, every player's luck. */
static void write_chance(sa_writer *w, const void *what)
{
    const item *it = what;
    const analysis *a = it->a;
    const sa_report *r = report_at(a, it->index);
    const char *move = sa_json_member(it->entry, "move")->string;
    const double *before = a->values[it->index];
    int n = a->players;
    write_head(w, it);
    const sa_outcome_value *came = NULL;
    for (int i = 0; i < r->n_outcomes; i++)
        if (strcmp(r->outcomes[i].outcome, move) == 0)
            came = &r->outcomes[i];
    uint64_t total = r->total_weight > 0 ? r->total_weight : 1;
    sa_write(w, ", \"probability\": ");
    sa_write_fraction(w, came ? came->weight : 0, total);
    sa_write(w, ", \"expected\": ");
    write_values(w, before, n);
    double after[SA_MAX_PLAYERS];
    if (came != NULL && came->valued)
        memcpy(after, came->expected, sizeof after);
    else /* the limits stopped the search before it came: the evaluation's */
        sa_horizon_values(sa_record_position(a->record, it->index + 1), after);
    sa_write(w, ", \"after\": ");
    write_values(w, after, n);
    sa_write(w, ", \"luck\": [");
    for (int p = 0; p < n; p++) {
        it->verdict->luck[p] = luck_of(a, before, after, p);
        sa_write(w, p ? ", " : "");
        sa_write_py_float(w, it->verdict->luck[p]);
    }
    it->verdict->has_luck = 1;
    sa_write_fmt(w, "], \"estimated\": %s",
                 r->n_valued < r->n_outcomes ? "true" : "false");
    if (a->o->outcomes) {
        sa_write(w, ", \"outcomes\": [");
        for (int i = 0; i < r->n_outcomes; i++) {
            const sa_outcome_value *o = &r->outcomes[i];
            sa_write(w, i ? ", {\"outcome\": " : "{\"outcome\": ");
            sa_write_json_string(w, o->outcome);
            sa_write(w, ", \"probability\": ");
            sa_write_fraction(w, o->weight, total);
            sa_write(w, ", \"luck\": ");
            if (o->valued) {
                double luck[SA_MAX_PLAYERS];
                for (int p = 0; p < n; p++)
                    luck[p] = luck_of(a, before, o->expected, p);
                write_values(w, luck, n);
            } else {
                sa_write(w, "null");
            }
            sa_write(w, "}");
        }
        sa_write(w, "]");
    }
    sa_write(w, "}");
}

/* The first `k` moves of `line` (space-separated) into out[cap]. */
static void first_moves(char *out, size_t cap, const char *line, int k)
{
    const char *p = line;
    while (*p == ' ')
        p++;
    const char *end = p;
    for (int i = 0; i < k && *end != '\0'; i++) {
        end += strcspn(end, " ");
        if (i + 1 < k)
            while (*end == ' ')
                end++;
    }
    size_t n = (size_t)(end - p);
    n = n < cap ? n : cap - 1;
    memcpy(out, p, n);
    out[n] = '\0';
}

/* The line after the move played, for a marked decision's reason: its own
 * line in the search; or, missing or cut short (a table hit), the next
 * position's search's line after the move, as long as the best line. */
static void write_played_line(sa_writer *w, const item *it, int line)
{
    const analysis *a = it->a;
    const sa_report *r = report_at(a, it->index);
    const sa_report *next = report_at(a, it->index + 1);
    const char *move = sa_json_member(it->entry, "move")->string;
    int best_len = line_moves(r->lines[0].pv);
    int own = line >= 0 ? line_moves(r->lines[line].pv) : -1;
    if (next != NULL && next->n_lines > 0 && line_moves(next->lines[0].pv) > 0 &&
        (own < 0 || own < best_len)) {
        char joined[SA_OUTCOME_TEXT_MAX + 1 + SA_PV_TEXT_MAX];
        size_t n = strlen(move);
        memcpy(joined, move, n);
        joined[n] = ' ';
        first_moves(joined + n + 1, sizeof joined - n - 1, next->lines[0].pv,
                    best_len - 1);
        write_line(w, joined, SA_PV_TEXT_MAX);
    } else if (own >= 0) {
        write_line(w, r->lines[line].pv, SA_PV_TEXT_MAX);
    } else {
        write_line(w, move, 1);
    }
}

/* A decision: the best move, the values, the error and its mark. */
static void write_decision(sa_writer *w, const void *what)
{
    const item *it = what;
    const analysis *a = it->a;
    const sa_position *pos = sa_record_position(a->record, it->index);
    const sa_report *r = report_at(a, it->index);
    const char *move = sa_json_member(it->entry, "move")->string;
    const double *before = a->values[it->index];
    const double *after = a->values[it->index + 1];
    int mover = sa_position_to_move(pos);
    sa_ply_verdict *v = it->verdict;
    write_head(w, it);
    int line = -1;
    for (int i = 0; i < r->n_lines && line < 0; i++)
        if (first_move_is(r->lines[i].pv, move))
            line = i;
    double played, values[SA_MAX_PLAYERS];
    v->best_value = mover_value(a, before, mover);
    v->best = line == 0;
    if (v->best) {
        played = v->best_value;
    } else if (line >= 0) { /* valued in the same search */
        sa_report_values(pos, r, line, values);
        played = mover_value(a, values, mover);
    } else { /* shown no better than the last line: the next position's, capped there */
        sa_report_values(pos, r, r->n_lines - 1, values);
        double last = mover_value(a, values, mover), next = mover_value(a, after, mover);
        played = next < last ? next : last;
    }
    v->error = v->best_value - played > 0.0 ? v->best_value - played : 0.0;
    v->mark = sa_mark(v->error, a->units);
    char best[SA_OUTCOME_TEXT_MAX];
    first_moves(best, sizeof best, r->lines[0].pv, 1);
    sa_write(w, ", \"best\": ");
    sa_write_json_string(w, best);
    sa_write(w, ", \"value\": ");
    write_values(w, before, a->players);
    sa_write(w, ", \"best_value\": ");
    sa_write_py_float(w, v->best_value);
    sa_write(w, ", \"played_value\": ");
    sa_write_py_float(w, played);
    sa_write_fmt(w,
                 ", \"played_in_lines\": %s, \"error\": ", line >= 0 ? "true" : "false");
    sa_write_py_float(w, v->error);
    sa_write(w, ", \"class\": ");
    if (v->mark >= 0)
        sa_write_fmt(w, "\"%s\"", sa_mark_name(v->mark));
    else
        sa_write(w, "null");
    sa_write_fmt(w, ", \"forced\": %s, \"pv\": ", v->forced ? "true" : "false");
    write_line(w, r->lines[0].pv, SA_PV_TEXT_MAX);
    if (a->o->played_lines && v->mark >= 0) {
        sa_write(w, ", \"_played_line\": ");
        write_played_line(w, it, line);
    }
    sa_write(w, ", \"win_probability\": ");
    if (r->win_probability < 0)
        sa_write(w, "null");
    else
        sa_write_py_float(w, r->win_probability);
    sa_write(w, ", \"win_chances\": ");
    if (r->n_win_chances > 0)
        write_values(w, r->win_chances, r->n_win_chances);
    else
        sa_write(w, "null");
    sa_write(w, "}");
}

/* -- the whole ---------------------------------------------------------------- */

static void write_limits(sa_writer *w, const sa_limits *l)
{
    int first = 1;
    sa_write(w, "{");
    if (l->depth > 0) {
        sa_write_fmt(w, "\"depth\": %d", l->depth);
        first = 0;
    }
    if (l->nodes > 0) {
        sa_write_fmt(w, "%s\"nodes\": %llu", first ? "" : ", ",
                     (unsigned long long)l->nodes);
        first = 0;
    }
    if (l->movetime_ms > 0 && !first)
        sa_write_fmt(w, ", \"movetime\": %lld", (long long)l->movetime_ms);
    else if (l->movetime_ms > 0)
        sa_write_fmt(w, "\"movetime\": %lld", (long long)l->movetime_ms);
    sa_write(w, "}");
}

typedef struct whole {
    const analysis *a;
    const sa_limits *asked, *asked_chance; /* as given (no cap, no default) */
    int level;                             /* -1: explicit limits           */
    const sa_ply_verdict *verdicts;
    int n;
    double seconds;
} whole;

static void write_opening(sa_writer *w, const void *what)
{
    const whole *h = what;
    const sa_position *start = sa_record_position(h->a->record, 0);
    sa_write(w, "{\"game\": ");
    sa_write_json_string(w, sa_position_game(start));
    sa_write(w, ", \"level\": ");
    if (h->level >= 0)
        sa_write_fmt(w, "\"%s\"", LEVELS[h->level]);
    else
        sa_write(w, "null");
    sa_write(w, ", \"limits\": ");
    write_limits(w, h->asked);
    sa_write(w, ", \"chance_limits\": ");
    write_limits(w, h->asked_chance);
    sa_write_fmt(w, ", \"units\": \"%s\", \"thresholds\": {", sa_units_name(h->a->units));
    for (int mark = 0; mark < SA_N_MARKS; mark++) {
        sa_write_fmt(w, "%s\"%s\": ", mark ? ", " : "", sa_mark_name(mark));
        sa_write_py_float(w, sa_mark_least(h->a->units, mark));
    }
    sa_write(w, "}, \"plies\": [");
}

static void write_closing(sa_writer *w, const void *what)
{
    const whole *h = what;
    sa_write(w, "], \"summary\": ");
    sa_write_summary(w, h->verdicts, h->n, h->a->players, h->a->units,
                     sa_position_game_rules(sa_record_position(h->a->record, 0)),
                     h->level);
    sa_write_fmt(w, ", \"threads\": %d, \"seconds\": %.3f}", h->a->threads, h->seconds);
}

/* The limits of each search: the options' or the level's (a decision's and a
 * chance position's depth and node limit); a time cap on both. */
static int set_limits(analysis *a, const sa_position *start, sa_limits *asked,
                      sa_limits *asked_chance)
{
    const sa_annotate_options *o = a->o;
    sa_limits base = {
        .multipv = 1,
        .threads = o->threads > 0 ? o->threads : 1,
        .seed = o->seed,
        .hash_mb = o->hash_mb > 0 ? o->hash_mb : 16,
        .mcts_evaluate = 1,
        .stop = o->stop,
    };
    int level = -1;
    *asked = base;
    if (o->depth == 0 && o->nodes == 0 && o->movetime_ms == 0) {
        level = o->level >= 0 && o->level < 3 ? o->level : 1;
        const sa_game *game = sa_position_game_rules(start);
        asked->depth = game->analysis_depth[level][0];
        asked->nodes = game->analysis_nodes[level][0];
        *asked_chance = base;
        asked_chance->depth = game->analysis_depth[level][1];
        asked_chance->nodes = game->analysis_nodes[level][1];
    } else {
        asked->depth = o->depth;
        asked->nodes = o->nodes;
        asked->movetime_ms = o->movetime_ms;
        *asked_chance = *asked;
    }
    a->decision = *asked;
    a->chance = *asked_chance;
    sa_limits *each[2] = {&a->decision, &a->chance};
    for (int i = 0; i < 2; i++) {
        sa_limits *l = each[i];
        if (o->movetime_cap_ms > 0) /* every search stops by the cap */
            l->movetime_ms = l->movetime_ms > 0 && l->movetime_ms < o->movetime_cap_ms
                                 ? l->movetime_ms
                                 : o->movetime_cap_ms;
        else if (l->depth == 0 && l->nodes == 0 && l->movetime_ms == 0)
            l->movetime_ms = 1000;
    }
    return level;
}

char *sa_annotate(const char *record_text, size_t length, const sa_annotate_options *o,
                  int *ended, sa_error *err)
{
    int64_t started = sa_now_ms();
    *ended = SA_ANNOTATE_DONE;
    sa_record *record = sa_record_replay(record_text, length, err);
    if (record == NULL)
        return NULL;
    const sa_position *start = sa_record_position(record, 0);
    analysis a = {
        .o = o,
        .record = record,
        .moves = sa_json_member(sa_record_json(record), "moves"),
        .players = sa_position_num_players(start),
        .race = !sa_game_zero_sum(sa_position_game_rules(start)),
        .units = sa_units_of(start),
        .started_ms = started,
        .total = sa_record_plies(record) + 1,
        .report_of = {-1, -1},
        .threads = o->threads > 0 ? o->threads : 1,
        .ended = ended,
    };
    sa_limits asked, asked_chance;
    int level = set_limits(&a, start, &asked, &asked_chance);
    a.values = calloc((size_t)a.total, sizeof *a.values);
    a.valued = calloc((size_t)a.total, 1);
    sa_ply_verdict *verdicts = calloc((size_t)a.total, sizeof *verdicts);
    text out = {0};
    whole h = {&a, &asked, &asked_chance, level, verdicts, 0, 0.0};
    sa_status status = SA_OK;
    if (a.values == NULL || a.valued == NULL || verdicts == NULL)
        status = sa_error_set(err, SA_ERR_MEMORY, "out of memory");
    if (status == SA_OK)
        append(&out, write_opening, &h);
    int index = 0;
    for (const sa_json *entry = a.moves->child; status == SA_OK && entry != NULL;
         entry = entry->next, index++) {
        const sa_position *pos = sa_record_position(record, index);
        sa_ply_verdict *v = &verdicts[index];
        const sa_json *comment = sa_json_member(entry, "comment");
        v->charged = !(comment != NULL && comment->type == SA_JSON_STRING &&
                       strcmp(comment->string, "opening") == 0);
        v->by = sa_position_to_move(pos);
        v->mark = -1;
        status = value(&a, index, err);
        if (status != SA_OK)
            break;
        item it = {&a, index, entry, v};
        size_t before = out.len;
        if (v->by == SA_CHANCE) {
            append(&out, write_chance, &it);
        } else {
            status = value(&a, index + 1, err);
            if (status != SA_OK)
                break;
            size_t n = sa_position_moves_text(pos, NULL, 0);
            char *moves = malloc(n + 1);
            if (moves != NULL) {
                sa_position_moves_text(pos, moves, n + 1);
                v->forced = line_moves(moves) == 1;
                free(moves);
            }
            append(&out, write_decision, &it);
        }
        h.n = index + 1;
        if (o->ply != NULL && !out.failed)
            report_ply(o, &out, before, index);
    }
    if (status == SA_OK && o->progress != NULL && !a.valued[a.total - 1])
        o->progress(o->progress_user, a.total, a.total);
    if (status == SA_OK) {
        h.seconds = (double)(sa_now_ms() - started) / 1000.0;
        append(&out, write_closing, &h);
        if (out.failed)
            status = sa_error_set(err, SA_ERR_MEMORY, "out of memory");
    }
    for (int slot = 0; slot < 2; slot++)
        if (a.report_of[slot] >= 0)
            sa_report_free(&a.reports[slot]);
    free(a.values);
    free(a.valued);
    free(verdicts);
    sa_record_free(record);
    if (status != SA_OK) {
        free(out.buf);
        return NULL;
    }
    return out.buf;
}
