/* safari/json.h: a small strict JSON reader (RFC 8259) and the field checks
 * that the games' position readers share.
 *
 * The reader builds a read-only tree in memory owned by one sa_json_doc; it
 * rejects duplicate object keys, NUL characters in strings, anything after the
 * top-level value, and input beyond the limits below. Numbers written without
 * fraction or exponent and within int64 are "integers"; 6.0 is not one, as the
 * rule books require.
 *
 * Input limits. Every reader of the project shares them (the C position
 * reader, and in Python safari_ai.jsontext, which reads files, records,
 * rules values and protocol lines): a text of more than SA_JSON_MAX_BYTES
 * bytes, nesting of arrays and objects deeper than SA_JSON_MAX_DEPTH, or a
 * number spelled with more than SA_JSON_MAX_NUMBER_CHARS characters is
 * refused (SA_ERR_JSON). A position is a few KiB and a game record of
 * thousands of plies well under 1 MiB; the limits bound the reader's memory
 * (about 40 MiB at worst, a tree node per two bytes of text) and its stack.
 *
 * Field checks return SA_OK, or SA_ERR_POSITION with a message of the form
 * "field 'PATH': what is wrong", PATH being the JSON path the caller passes
 * ("rules.max_turns", "board.b9").
 */
#ifndef SAFARI_JSON_H
#define SAFARI_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "safari/safari.h"

#define SA_JSON_MAX_BYTES (1024 * 1024) /* text, in bytes                   */
#define SA_JSON_MAX_DEPTH 64            /* arrays and objects in one another */
/* "-", digits, ".", "e": int64 and double need at most 24 */
#define SA_JSON_MAX_NUMBER_CHARS 32

typedef enum sa_json_type {
    SA_JSON_NULL,
    SA_JSON_BOOL,
    SA_JSON_NUMBER,
    SA_JSON_STRING,
    SA_JSON_ARRAY,
    SA_JSON_OBJECT
} sa_json_type;

typedef struct sa_json sa_json;
struct sa_json {
    sa_json_type type;
    int boolean;          /* SA_JSON_BOOL: 0 or 1                           */
    int is_integer;       /* SA_JSON_NUMBER: no fraction/exponent, fits int64 */
    int64_t integer;      /* valid when is_integer                          */
    double number;        /* SA_JSON_NUMBER, always                         */
    const char *string;   /* SA_JSON_STRING: NUL-terminated UTF-8           */
    size_t length;        /* string bytes, or array/object element count    */
    const char *key;      /* the member's name when inside an object, else NULL */
    const sa_json *child; /* first element or member                        */
    const sa_json *next;  /* next sibling in the parent                     */
};

typedef struct sa_json_doc sa_json_doc;

/* Parses `length` bytes of text. NULL on error (SA_ERR_JSON or SA_ERR_MEMORY,
 * the message giving the byte offset). */
sa_json_doc *sa_json_parse(const char *text, size_t length, sa_error *err);
const sa_json *sa_json_root(const sa_json_doc *doc);
void sa_json_free(sa_json_doc *doc);

/* The member `key` of an object, or NULL. */
const sa_json *sa_json_member(const sa_json *object, const char *key);

/* -- field checks --------------------------------------------------------- */

/* `v` must be an object whose keys are all in the NULL-terminated lists
 * `required` (each must be present) and `optional` (either may be NULL). */
sa_status sa_json_check_keys(const sa_json *v, const char *path,
                             const char *const *required, const char *const *optional,
                             sa_error *err);
/* The member `key` of object `v`, which must be present ("missing"). */
sa_status sa_json_require(const sa_json *v, const char *path, const char *key,
                          const sa_json **out, sa_error *err);
sa_status sa_json_get_int(const sa_json *v, const char *path, int64_t min, int64_t max,
                          int64_t *out, sa_error *err);
sa_status sa_json_get_bool(const sa_json *v, const char *path, int *out, sa_error *err);
sa_status sa_json_get_string(const sa_json *v, const char *path, const char **out,
                             sa_error *err);
/* A string equal to one of the NULL-terminated `names`; *out is its index. */
sa_status sa_json_get_enum(const sa_json *v, const char *path, const char *const *names,
                           int *out, sa_error *err);
/* An array; *out_length gets its length. */
sa_status sa_json_get_array(const sa_json *v, const char *path, size_t *out_length,
                            sa_error *err);

/* -- values back as text (common/json_text.c) ----------------------------- */

#include "safari/writer.h"

/* The value as JSON (a float in its shortest round-trip digits). */
void sa_write_json_value(sa_writer *w, const sa_json *v);
/* The value as Python's repr() of it decoded: None, True, 3, 2.5, 1e+20,
 * 'text', [1, 'x'], {'a': 1} (NULL: None). For messages worded as the Python
 * API's. */
void sa_write_py_repr(sa_writer *w, const sa_json *v);
/* A double as Python's repr(): shortest round-trip digits, "1.0", "1e+20". */
void sa_write_py_float(sa_writer *w, double x);
/* Python's name of the decoded value's type: "int", "float", "str", "list",
 * "dict", "bool", "NoneType" (NULL: "NoneType"). */
const char *sa_json_py_type(const sa_json *v);
/* Python's == of the two decoded values (True == 1 == 1.0; NULL is None). */
int sa_json_py_equal(const sa_json *a, const sa_json *b);

#endif /* SAFARI_JSON_H */
