/* safari/rules.h: a game's "rules" options as a table, and the one reader
 * that validates a "rules" object against it.
 *
 * Each game declares its options once, in a table of sa_rule (in the spirit
 * of OpenSpiel's GameParameter specification). The same table
 *   - validates every "rules" object the game reads (new positions and whole
 *     positions alike): unknown keys, wrong types, values out of range or not
 *     among the choices are refused with "field 'rules.KEY': ...";
 *   - gives the defaults of the starting position;
 *   - is what the Python layer exports as the game's rules schema (a JSON
 *     Schema, safari_ai.Game.rules_schema), from which the engine protocol's
 *     option lines, the CLI's --rules help and the web form are drawn.
 * Cross-field constraints (turtles: tattoo and hatching exclude each other)
 * and the format of string values (arena's roster names) stay in the game's
 * reader, after the table's checks.
 *
 * One row of a table (games/turtles_io.c has an example):
 *
 *   key             kind            default  minimum  maximum  choices   text   description
 *   "max_turns"     SA_RULE_INT     200      0        10000    NULL      NULL   "..."
 *   "max_rule"      SA_RULE_ENUM    0        -        -        names     NULL   "..."
 *   "tattoo"        SA_RULE_BOOL    0        -        -        NULL      NULL   "..."
 *   "side0"         SA_RULE_STRING  -        -        -        NULL      "thraex" "..."
 *
 *   default: BOOL 0 or 1; INT the value (minimum <= default <= maximum);
 *            ENUM an index into choices (a NULL-terminated list of names);
 *            STRING: unused, the default is `text`.
 */
#ifndef SAFARI_RULES_H
#define SAFARI_RULES_H

#include <stdint.h>

#include "safari/json.h"
#include "safari/safari.h"

/* Most options any game has (bounds the readers' value arrays). */
#define SA_MAX_RULES 16

typedef enum sa_rule_kind {
    SA_RULE_BOOL = 0,  /* JSON true / false                               */
    SA_RULE_INT = 1,   /* a JSON integer in [minimum, maximum]            */
    SA_RULE_ENUM = 2,  /* a JSON string among `choices`                   */
    SA_RULE_STRING = 3 /* any JSON string; the game checks its format     */
} sa_rule_kind;

typedef struct sa_rule {
    const char *key; /* the key in "rules"                          */
    sa_rule_kind kind;
    int64_t default_value;      /* BOOL 0/1, INT the value, ENUM an index      */
    int64_t minimum, maximum;   /* INT: the accepted range, both included      */
    const char *const *choices; /* ENUM: the names, NULL-terminated            */
    const char *default_text;   /* STRING: the default                         */
    const char *description;    /* one line, for help texts and forms          */
} sa_rule;

/* The value of one option as read: BOOL 0/1, INT the number, ENUM the
 * index into choices; STRING the text (borrowed from the JSON tree or the
 * table, valid while both live). */
typedef struct sa_rule_value {
    int64_t number;
    const char *text;
} sa_rule_value;

/* Reads the "rules" object `rules` (NULL: every default) against the
 * `n` options of `table`: out[i] gets option i's value, its default when the
 * key is absent. SA_ERR_POSITION naming "rules" or "rules.KEY" when `rules`
 * is not an object, has a key not in the table, or a value of the wrong type,
 * out of range or not among the choices. */
sa_status sa_rules_read(const sa_rule *table, int n, const sa_json *rules,
                        sa_rule_value *out, sa_error *err);

/* The number of names in a NULL-terminated choices list. */
int sa_rule_choice_count(const sa_rule *rule);

#endif /* SAFARI_RULES_H */
