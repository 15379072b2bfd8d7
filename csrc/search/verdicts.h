/* search/verdicts.h: what a record analysis says of a position, a move and a
 * player (search/verdicts.c; internal to search/annotate.c): the values of a
 * searched position, a move's mark and accuracy, a player's rating and
 * summary. docs/records.md gives the figures and where they were measured.
 */
#ifndef SAFARI_SEARCH_VERDICTS_H
#define SAFARI_SEARCH_VERDICTS_H

#include "safari/game.h"
#include "safari/search.h"
#include "safari/writer.h"

/* The units of the values: a two-player zero-sum game's win probability (a
 * draw half), else a points race's expected points. */
typedef enum sa_units { SA_UNITS_WIN_PROBABILITY, SA_UNITS_POINTS } sa_units;

#define SA_N_MARKS 3 /* very bad, bad, doubtful: worst first */

sa_units sa_units_of(const sa_position *pos);
const char *sa_units_name(sa_units units);
/* The mark's name (0 very bad, 1 bad, 2 doubtful) and least error. */
const char *sa_mark_name(int mark);
double sa_mark_least(sa_units units, int mark);

/* Every player's value of a finished game (out[num_players]). */
void sa_terminal_values(const sa_position *pos, double *out);
/* ... of a position by its evaluation alone, as expectimax reads it at its
 * horizon (two players: (1 + tanh(cp / 400)) / 2; races: points). */
void sa_horizon_values(const sa_position *pos, double *out);
/* ... of a searched position by its line `line` (-1: the position's own:
 * a chance position's expected results or the best line's). Alpha-beta's
 * lines carry a score only: a proven result 1/0/0.5, else the win
 * probability (1 + tanh(score / 400)) / 2 for the mover. */
void sa_report_values(const sa_position *pos, const sa_report *report, int line,
                      double *out);

/* The mark of an error (-1: none). */
int sa_mark(double error, sa_units units);
/* One move's accuracy, 0..100, from its error (lichess's formula). */
double sa_move_accuracy(double error, sa_units units);
/* A decision in a game not yet decided (every decision of a race). */
int sa_contested(double best_value, sa_units units);

/* What the summary needs of one ply. */
typedef struct sa_ply_verdict {
    int by;      /* a player, or SA_CHANCE                       */
    int charged; /* 0: an opening ply, charged to nobody         */
    int forced;  /* a decision with one legal move               */
    int best;    /* the move played was the engine's             */
    int mark;    /* -1: none                                      */
    double error, best_value;
    int has_luck; /* a roll with every player's luck              */
    double luck[SA_MAX_PLAYERS];
} sa_ply_verdict;

/* The four least accuracies (expert, advanced, intermediate, casual) that
 * rate an analysis at `level` (0 quick, 1 default, 2 thorough) of `game`
 * (may be NULL) with `players` players: the level's own, else the default
 * level's (a level outside 0..2, explicit limits, is rated as the default);
 * NULL where neither was measured. */
const double *sa_rating_bands(const sa_game *game, int players, int level);

/* {"0": {"moves", "best_moves", "errors", "very_bad", "bad", "doubtful",
 * "total_error", "average_error", "accuracy", "rolls", "total_luck",
 * "contested", "rating"}, ...}: per player, the decisions charged and not
 * forced, the rolls charged; "rating" by `game`'s bands for `players`
 * (null where `game` is NULL or its bands for that many were not measured),
 * the bands of analysis level `level` (0 quick, 1 default, 2 thorough; -1:
 * explicit limits, rated as the default level). */
void sa_write_summary(sa_writer *w, const sa_ply_verdict *plies, int n, int players,
                      sa_units units, const sa_game *game, int level);

/* The same summary of analysed plies read back from their JSON (each
 * {"by", "charged", "forced", "move", "best", "class", "error",
 * "best_value", "luck"}): what safari_ai.annotate.Annotation.summary()
 * returns; `game` names the game whose bands at `level` rate them (an unknown
 * name or NULL: no rating). SA_ERR_ARGUMENT when `plies` is not a list. */
sa_status sa_write_plies_summary(sa_writer *w, const sa_json *plies, int players,
                                 sa_units units, const char *game, int level,
                                 sa_error *err);

#endif /* SAFARI_SEARCH_VERDICTS_H */
