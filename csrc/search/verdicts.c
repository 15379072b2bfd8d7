/* search/verdicts.c: the values, marks, accuracies, ratings and summaries
 * of a record analysis (search/verdicts.h; docs/records.md). */
#include "search/verdicts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "safari/json.h"

#define EVAL_SCALE 400.0 /* cp -> value: tanh(cp / 400), as MCTS and expectimax */
/* two players: a best value below it (or above 1 - it)
 * is a game already decided, counted in no accuracy */
#define DECIDED 0.02

static const char *const MARKS[SA_N_MARKS] = {"very bad", "bad", "doubtful"};
/* the least error of each mark: win probability lost; margin points lost (a race) */
static const double MARK_LEAST[2][SA_N_MARKS] = {{0.10, 0.05, 0.02}, {1.0, 0.5, 0.2}};

/* Ratings by accuracy, best first; below all: beginner. The bounds are each
 * game's, by number of players (sa_game's rating_least). */
static const char *const RATINGS[4] = {"expert", "advanced", "intermediate", "casual"};

/* An error in percentage points of win probability (a point lost in the
 * race counts as ten). */
static const double PERCENT_PER_UNIT[2] = {100.0, 10.0};

static int two_player_zero_sum(const sa_position *pos)
{
    return sa_position_num_players(pos) == 2 &&
           sa_game_zero_sum(sa_position_game_rules(pos));
}

sa_units sa_units_of(const sa_position *pos)
{
    return two_player_zero_sum(pos) ? SA_UNITS_WIN_PROBABILITY : SA_UNITS_POINTS;
}

const char *sa_units_name(sa_units units)
{
    return units == SA_UNITS_WIN_PROBABILITY ? "win probability" : "points";
}

const char *sa_mark_name(int mark)
{
    return mark >= 0 && mark < SA_N_MARKS ? MARKS[mark] : NULL;
}

double sa_mark_least(sa_units units, int mark)
{
    return MARK_LEAST[units][mark];
}

void sa_terminal_values(const sa_position *pos, double *out)
{
    int32_t result[SA_MAX_PLAYERS];
    sa_error err;
    sa_position_result(pos, result, &err);
    int zero_sum = two_player_zero_sum(pos);
    for (int p = 0; p < sa_position_num_players(pos); p++)
        out[p] = !zero_sum       ? (double)result[p]
                 : result[p] > 0 ? 1.0
                 : result[p] < 0 ? 0.0
                                 : 0.5;
}

void sa_horizon_values(const sa_position *pos, double *out)
{
    if (sa_position_to_move(pos) == SA_TERMINAL) {
        sa_terminal_values(pos, out);
    } else if (two_player_zero_sum(pos)) {
        out[0] = (1.0 + tanh(sa_position_evaluate(pos, 0) / EVAL_SCALE)) / 2.0;
        out[1] = 1.0 - out[0];
    } else {
        for (int p = 0; p < sa_position_num_players(pos); p++)
            out[p] = sa_position_evaluate(pos, p) / 100.0;
    }
}

void sa_report_values(const sa_position *pos, const sa_report *report, int line,
                      double *out)
{
    int players = sa_position_num_players(pos);
    if (line < 0 && report->chance) {
        memcpy(out, report->expected, sizeof(double) * (size_t)players);
        return;
    }
    const sa_line *l = &report->lines[line < 0 ? 0 : line];
    if (l->n_expected > 0) {
        memcpy(out, l->expected, sizeof(double) * (size_t)players);
        return;
    }
    double mine; /* alpha-beta: the mover's score */
    if (l->exact)
        mine = l->score > 0 ? 1.0 : l->score < 0 ? 0.0 : 0.5;
    else
        mine = (1.0 + tanh(l->score / EVAL_SCALE)) / 2.0;
    int mover = sa_position_to_move(pos);
    for (int p = 0; p < players; p++)
        out[p] = p == mover ? mine : 1.0 - mine;
}

int sa_mark(double error, sa_units units)
{
    for (int mark = 0; mark < SA_N_MARKS; mark++)
        if (error >= MARK_LEAST[units][mark])
            return mark;
    return -1;
}

double sa_move_accuracy(double error, sa_units units)
{
    double lost = (error > 0.0 ? error : 0.0) * PERCENT_PER_UNIT[units];
    double accuracy = 103.1668 * exp(-0.04354 * lost) - 3.1669;
    return fmin(100.0, fmax(0.0, accuracy));
}

int sa_contested(double best_value, sa_units units)
{
    return units != SA_UNITS_WIN_PROBABILITY ||
           (DECIDED <= best_value && best_value <= 1 - DECIDED);
}

const double *sa_rating_bands(const sa_game *game, int players, int level)
{
    if (game == NULL || players < 0 || players > SA_RATED_PLAYERS_MAX)
        return NULL;
    if (level < 0 || level > 2 || game->rating_least[level][players][0] <= 0.0)
        level = 1;
    const double *least = game->rating_least[level][players];
    return least[0] > 0.0 ? least : NULL;
}

/* The band of an accuracy by `least` (NULL: no rating). */
static const char *rating(double accuracy, const double *least)
{
    if (least == NULL)
        return NULL;
    for (int i = 0; i < 4; i++)
        if (accuracy >= least[i])
            return RATINGS[i];
    return "beginner";
}

/* A sum as Python's sum() writes it: 0 (an integer) when nothing was added. */
static void write_sum(sa_writer *w, double sum, int terms)
{
    if (terms == 0)
        sa_write(w, "0");
    else
        sa_write_py_float(w, sum);
}

void sa_write_summary(sa_writer *w, const sa_ply_verdict *plies, int n, int players,
                      sa_units units, const sa_game *game, int level)
{
    const double *least = sa_rating_bands(game, players, level);
    sa_write(w, "{");
    for (int p = 0; p < players; p++) {
        int moves = 0, best = 0, marks[SA_N_MARKS] = {0}, rolls = 0, contested = 0;
        double total = 0.0, luck = 0.0, accuracy = 0.0;
        for (int i = 0; i < n; i++) {
            const sa_ply_verdict *v = &plies[i];
            if (v->by == SA_CHANCE && v->charged && v->has_luck) {
                luck += v->luck[p];
                rolls++;
            }
            if (v->by != p || !v->charged || v->forced)
                continue;
            moves++;
            best += v->best;
            if (v->mark >= 0)
                marks[v->mark]++;
            total += v->error;
            if (sa_contested(v->best_value, units)) {
                accuracy += sa_move_accuracy(v->error, units);
                contested++;
            }
        }
        sa_write_fmt(w, "%s\"%d\": {\"moves\": %d, \"best_moves\": %d, \"errors\": %d",
                     p ? ", " : "", p, moves, best, marks[0] + marks[1] + marks[2]);
        for (int mark = 0; mark < SA_N_MARKS; mark++)
            sa_write_fmt(w, ", \"%s\": %d", mark == 0 ? "very_bad" : MARKS[mark],
                         marks[mark]);
        sa_write(w, ", \"total_error\": ");
        write_sum(w, total, moves);
        sa_write(w, ", \"average_error\": ");
        sa_write_py_float(w, moves ? total / moves : 0.0);
        sa_write(w, ", \"accuracy\": ");
        if (contested)
            sa_write_py_float(w, accuracy / contested);
        else
            sa_write(w, "null");
        sa_write_fmt(w, ", \"rolls\": %d, \"total_luck\": ", rolls);
        write_sum(w, luck, rolls);
        sa_write_fmt(w, ", \"contested\": %d, \"rating\": ", contested);
        const char *band = contested ? rating(accuracy / contested, least) : NULL;
        if (band != NULL)
            sa_write_fmt(w, "\"%s\"", band);
        else
            sa_write(w, "null");
        sa_write(w, "}");
    }
    sa_write(w, "}");
}

/* -- the summary of plies read back (the Python API's Annotation.summary) -- */

static double number_of(const sa_json *v)
{
    return v != NULL && v->type == SA_JSON_NUMBER ? v->number : 0.0;
}

static int true_of(const sa_json *v)
{
    return v != NULL && v->type == SA_JSON_BOOL && v->boolean;
}

sa_status sa_write_plies_summary(sa_writer *w, const sa_json *plies, int players,
                                 sa_units units, const char *game, int level,
                                 sa_error *err)
{
    if (plies == NULL || plies->type != SA_JSON_ARRAY || players < 1 ||
        players > SA_MAX_PLAYERS)
        return sa_error_set(err, SA_ERR_ARGUMENT, "plies: a list of analysed plies");
    size_t n = plies->length;
    sa_ply_verdict *v = calloc(n ? n : 1, sizeof *v);
    if (v == NULL)
        return sa_error_set(err, SA_ERR_MEMORY, "out of memory");
    size_t i = 0;
    for (const sa_json *p = plies->child; p != NULL; p = p->next, i++) {
        const sa_json *by = sa_json_member(p, "by");
        v[i].by = by != NULL && by->type == SA_JSON_NUMBER ? (int)by->integer : SA_CHANCE;
        v[i].charged = true_of(sa_json_member(p, "charged"));
        v[i].forced = true_of(sa_json_member(p, "forced"));
        const sa_json *move = sa_json_member(p, "move"),
                      *best = sa_json_member(p, "best");
        v[i].best = move != NULL && best != NULL && move->type == SA_JSON_STRING &&
                    best->type == SA_JSON_STRING &&
                    strcmp(move->string, best->string) == 0;
        v[i].mark = -1;
        const sa_json *mark = sa_json_member(p, "class");
        for (int m = 0; mark != NULL && mark->type == SA_JSON_STRING && m < SA_N_MARKS;
             m++)
            if (strcmp(mark->string, MARKS[m]) == 0)
                v[i].mark = m;
        v[i].error = number_of(sa_json_member(p, "error"));
        v[i].best_value = number_of(sa_json_member(p, "best_value"));
        const sa_json *luck = sa_json_member(p, "luck");
        v[i].has_luck = luck != NULL && luck->type == SA_JSON_ARRAY;
        int k = 0;
        for (const sa_json *x = v[i].has_luck ? luck->child : NULL;
             x && k < SA_MAX_PLAYERS; x = x->next)
            v[i].luck[k++] = number_of(x);
    }
    sa_write_summary(w, v, (int)n, players, units,
                     game == NULL ? NULL : sa_game_find(game), level);
    free(v);
    return SA_OK;
}
