/* common/json_text.c: a JSON value read by common/json.c written back as
 * text, as JSON or as Python's repr() of the decoded value.
 *
 * The record reader (common/record.c) words its messages as the Python API
 * always did ("moves[2].ply: must be the integer 3, got '3'"), so a value
 * is shown as Python shows it: None, True, 3, 2.5, 1e+20, 'text', [1, 'x'],
 * {'a': 1}. A float is written in its shortest round-trip digits, as
 * Python's repr() and json.dumps write it (0.1, not 0.10000000000000001).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "safari/json.h"

/* The shortest "%.{p}e" spelling of x that reads back as x; its digits
 * (no point) into digits[] and its decimal exponent. */
static void shortest_digits(double x, char digits[24], int *exponent)
{
    char text[40];
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(text, sizeof text, "%.*e", precision - 1, x);
        if (strtod(text, NULL) == x)
            break;
    }
    int n = 0;
    const char *p = text;
    for (; *p != 'e'; p++)
        if (*p >= '0' && *p <= '9')
            digits[n++] = *p;
    digits[n] = '\0';
    *exponent = atoi(p + 1);
}

void sa_write_py_float(sa_writer *w, double x)
{
    if (signbit(x))
        sa_write_char(w, '-');
    x = fabs(x);
    if (x == 0.0) {
        sa_write(w, "0.0");
        return;
    }
    char digits[24];
    int e;
    shortest_digits(x, digits, &e);
    int n = (int)strlen(digits);
    if (e < -4 || e >= 16) { /* Python's repr: 1e+16, 1.5e-07 */
        sa_write_char(w, digits[0]);
        if (n > 1) {
            sa_write_char(w, '.');
            sa_write(w, digits + 1);
        }
        sa_write_fmt(w, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
    } else if (e < 0) { /* 0.00123 */
        sa_write(w, "0.");
        for (int i = 0; i < -e - 1; i++)
            sa_write_char(w, '0');
        sa_write(w, digits);
    } else { /* 123.5, 100.0 */
        for (int i = 0; i <= e; i++)
            sa_write_char(w, i < n ? digits[i] : '0');
        sa_write_char(w, '.');
        sa_write(w, n > e + 1 ? digits + e + 1 : "0");
    }
}

static void write_number(sa_writer *w, const sa_json *v)
{
    if (v->is_integer)
        sa_write_int(w, v->integer);
    else
        sa_write_py_float(w, v->number);
}

/* Python's repr of a str: single quotes unless the text holds a single
 * quote and no double one; \\, the quote, \n, \r, \t and other control
 * characters escaped. */
static void write_py_string(sa_writer *w, const char *s)
{
    char quote = strchr(s, '\'') != NULL && strchr(s, '"') == NULL ? '"' : '\'';
    sa_write_char(w, quote);
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
        if (*p == '\\' || *p == (unsigned char)quote) {
            sa_write_char(w, '\\');
            sa_write_char(w, (char)*p);
        } else if (*p == '\n') {
            sa_write(w, "\\n");
        } else if (*p == '\r') {
            sa_write(w, "\\r");
        } else if (*p == '\t') {
            sa_write(w, "\\t");
        } else if (*p < 0x20 || *p == 0x7f) {
            sa_write_fmt(w, "\\x%02x", *p);
        } else {
            sa_write_char(w, (char)*p);
        }
    }
    sa_write_char(w, quote);
}

/* An array or object: its elements (or keys and values) by the two writers. */
static void write_container(sa_writer *w, const sa_json *v,
                            void (*key)(sa_writer *, const char *),
                            void (*value)(sa_writer *, const sa_json *))
{
    int object = v->type == SA_JSON_OBJECT;
    sa_write_char(w, object ? '{' : '[');
    for (const sa_json *c = v->child; c != NULL; c = c->next) {
        if (c != v->child)
            sa_write(w, ", ");
        if (object) {
            key(w, c->key);
            sa_write(w, ": ");
        }
        value(w, c);
    }
    sa_write_char(w, object ? '}' : ']');
}

void sa_write_py_repr(sa_writer *w, const sa_json *v)
{
    if (v == NULL || v->type == SA_JSON_NULL) {
        sa_write(w, "None");
    } else if (v->type == SA_JSON_BOOL) {
        sa_write(w, v->boolean ? "True" : "False");
    } else if (v->type == SA_JSON_NUMBER) {
        write_number(w, v);
    } else if (v->type == SA_JSON_STRING) {
        write_py_string(w, v->string);
    } else {
        write_container(w, v, write_py_string, sa_write_py_repr);
    }
}

const char *sa_json_py_type(const sa_json *v)
{
    switch (v == NULL ? SA_JSON_NULL : v->type) {
    case SA_JSON_BOOL: return "bool";
    case SA_JSON_NUMBER: return v->is_integer ? "int" : "float";
    case SA_JSON_STRING: return "str";
    case SA_JSON_ARRAY: return "list";
    case SA_JSON_OBJECT: return "dict";
    default: return "NoneType";
    }
}

void sa_write_json_value(sa_writer *w, const sa_json *v)
{
    if (v == NULL || v->type == SA_JSON_NULL) {
        sa_write(w, "null");
    } else if (v->type == SA_JSON_BOOL) {
        sa_write(w, v->boolean ? "true" : "false");
    } else if (v->type == SA_JSON_NUMBER) {
        write_number(w, v);
    } else if (v->type == SA_JSON_STRING) {
        sa_write_json_string(w, v->string);
    } else {
        write_container(w, v, sa_write_json_string, sa_write_json_value);
    }
}

int sa_json_py_equal(const sa_json *a, const sa_json *b)
{
    if (a == NULL || b == NULL)
        return a == b || (a ? a : b)->type == SA_JSON_NULL;
    int a_num = a->type == SA_JSON_NUMBER || a->type == SA_JSON_BOOL;
    int b_num = b->type == SA_JSON_NUMBER || b->type == SA_JSON_BOOL;
    if (a_num && b_num) { /* Python: True == 1 == 1.0 */
        double x = a->type == SA_JSON_BOOL ? a->boolean : a->number;
        double y = b->type == SA_JSON_BOOL ? b->boolean : b->number;
        if (a->type == SA_JSON_NUMBER && b->type == SA_JSON_NUMBER && a->is_integer &&
            b->is_integer)
            return a->integer == b->integer;
        return x == y;
    }
    if (a->type != b->type || a->length != b->length)
        return 0;
    if (a->type == SA_JSON_NULL)
        return 1;
    if (a->type == SA_JSON_STRING)
        return strcmp(a->string, b->string) == 0;
    if (a->type == SA_JSON_ARRAY) {
        for (const sa_json *x = a->child, *y = b->child; x != NULL;
             x = x->next, y = y->next)
            if (!sa_json_py_equal(x, y))
                return 0;
        return 1;
    }
    for (const sa_json *x = a->child; x != NULL; x = x->next) /* objects */
        if (!sa_json_py_equal(x, sa_json_member(b, x->key)) ||
            sa_json_member(b, x->key) == NULL)
            return 0;
    return 1;
}
