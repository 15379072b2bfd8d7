/* safari/record.h: game records (docs/records.md): read, checked, replayed.
 *
 * A record is a JSON object whose "format" is "safari-ai-record": the start
 * position, every move and chance outcome ({"ply", "by", "move"}), the
 * result, the players and their settings, the date. The one reader of
 * records: the Python API (safari_ai.record) and the WebAssembly module
 * (csrc/wasm/binding.c) both call it, so a record is accepted, refused and
 * replayed the same everywhere. Messages name the field first, as the Python
 * API always worded them ("moves[2].ply: must be the integer 3, got '3'",
 * "ply 5: by 0 but 1 is to move", "start: field 'board': ...").
 */
#ifndef SAFARI_RECORD_H
#define SAFARI_RECORD_H

#include <stddef.h>

#include "safari/json.h"
#include "safari/safari.h"

/* Checks every field of the record `root` (a decoded JSON value) but the
 * moves' legality: the format, version 1, the start an object whose "game"
 * is the record's, each move entry, the optional players, settings, date,
 * termination, result (numbers) and forfeit (a seat index).
 * SA_ERR_POSITION with the message naming the field. */
sa_status sa_record_check(const sa_json *root, sa_error *err);

typedef struct sa_record sa_record;

/* Reads the record text, checks it (sa_record_check), reads its start
 * position and plays every move, each by the player its entry names, and
 * checks the stored result against the final position: null, the final
 * result at a finished game; else all zeros (a draw adjudicated at a ply
 * cap) or, with a forfeit in a two-player game, a loss for the forfeiting
 * seat. NULL on error (SA_ERR_JSON for bad JSON, else SA_ERR_POSITION). */
sa_record *sa_record_replay(const char *text, size_t length, sa_error *err);

/* The plies replayed, and the position before ply `index` + 1 (0: the
 * start; sa_record_plies(): the final position). Borrowed from the record. */
int sa_record_plies(const sa_record *record);
const sa_position *sa_record_position(const sa_record *record, int index);

/* The record's decoded text (its root object), for writers. */
const sa_json *sa_record_json(const sa_record *record);

void sa_record_free(sa_record *record);

#endif /* SAFARI_RECORD_H */
