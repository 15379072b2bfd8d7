/* safari/annotate.h: the whole-game analysis of a game record (gnubg-style;
 * docs/records.md, "Analysis of a record").
 *
 * Every position of the record is searched once with the same limits (a
 * decision for its best lines, every legal move when there are at most 16,
 * so that the played move is valued in the same search as the best; a chance
 * position by expectimax for every outcome): each decision gets its best
 * move, values, the error of the move played and its mark (doubtful, bad,
 * very bad), each roll every player's luck, and each player a summary
 * (errors by mark, accuracy, rating, luck). The one implementation: the
 * Python API (safari_ai.annotate, which adds the marked moves' reasons) and
 * the WebAssembly module both call it.
 */
#ifndef SAFARI_ANNOTATE_H
#define SAFARI_ANNOTATE_H

#include <stddef.h>
#include <stdint.h>

#include "safari/safari.h"
#include "safari/search.h"

typedef struct sa_annotate_options {
    /* each search's limits; all 0: the level's (the game's analysis_depth
     * and analysis_nodes: a decision's and a chance position's) */
    int depth;
    uint64_t nodes;
    int64_t movetime_ms;
    int level;    /* 0 quick, 1 default, 2 thorough                 */
    sa_algo algo; /* at decisions (chance positions: expectimax)    */
    uint64_t seed;
    int threads;    /* 0: 1                                           */
    size_t hash_mb; /* 0: 16                                          */
    int outcomes;   /* 1: every outcome's luck at each roll           */
    /* 1: a marked decision's "_played_line" (the
     * line after the move played, for its reason) */
    int played_lines;
    int64_t movetime_cap_ms; /* 0: none; else every search stops by then      */
    int64_t budget_ms;       /* 0: none; else no search starts past it        */
    volatile int *stop;      /* may be NULL: no search starts once it is set  */
    void (*progress)(void *user, int done, int total); /* may be NULL      */
    void *progress_user;
    /* may be NULL: called with each ply's item as soon as it is complete (its
     * JSON text, `length` bytes, not NUL-terminated), so that a client can
     * draw the evaluation while the analysis runs */
    void (*ply)(void *user, const char *item, size_t length);
    void *ply_user;
} sa_annotate_options;

/* Why sa_annotate ended early (sa_annotate's *ended). */
enum { SA_ANNOTATE_DONE = 0, SA_ANNOTATE_STOPPED = 1, SA_ANNOTATE_OVER_BUDGET = 2 };

/* Analyses the record `text` (read and replayed by sa_record_replay):
 * returns the analysis as JSON text (malloc'd; the caller frees it), as
 * safari_ai.annotate.Annotation.to_json writes it without the reasons:
 * {"game", "level", "limits", "chance_limits", "units", "thresholds",
 * "threads", "seconds", "plies", "summary"}. NULL on error: the record's
 * (SA_ERR_POSITION), a search's, or *ended set to STOPPED / OVER_BUDGET. */
char *sa_annotate(const char *text, size_t length, const sa_annotate_options *options,
                  int *ended, sa_error *err);

#endif /* SAFARI_ANNOTATE_H */
