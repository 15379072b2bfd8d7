/* common/json.c: a strict JSON reader building a read-only tree.
 *
 * Nodes come from chunks of a per-document arena (no free per node); decoded
 * strings go into one buffer sized from the input, since a decoded string is
 * never longer than its quoted text. Recursion depth is bounded by
 * SA_JSON_MAX_DEPTH, so hostile input cannot exhaust the stack, and the text's
 * length by SA_JSON_MAX_BYTES, which bounds the memory the tree takes.
 */
#include "safari/json.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"

#define NODES_PER_CHUNK 256
#define SA_JSON_STR_(x) #x
#define SA_JSON_STR(x) SA_JSON_STR_(x)

typedef struct node_chunk {
    struct node_chunk *next;
    size_t used;
    sa_json nodes[NODES_PER_CHUNK];
} node_chunk;

struct sa_json_doc {
    node_chunk *chunks; /* newest first                         */
    char *strings;      /* decoded strings, NUL-separated       */
    size_t strings_used;
    const sa_json *root;
};

typedef struct parser {
    const char *text;
    size_t length;
    size_t pos;
    sa_json_doc *doc;
    sa_error *err;
} parser;

static sa_json *new_node(parser *p)
{
    node_chunk *chunk = p->doc->chunks;
    if (chunk == NULL || chunk->used == NODES_PER_CHUNK) {
        chunk = calloc(1, sizeof *chunk);
        if (chunk == NULL)
            return NULL;
        chunk->next = p->doc->chunks;
        p->doc->chunks = chunk;
    }
    sa_json *node = &chunk->nodes[chunk->used++];
    memset(node, 0, sizeof *node);
    return node;
}

static sa_status fail(parser *p, const char *what)
{
    return sa_error_set(p->err, SA_ERR_JSON, "malformed JSON at byte %zu: %s", p->pos,
                        what);
}

static void skip_space(parser *p)
{
    while (p->pos < p->length) {
        char c = p->text[p->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        p->pos++;
    }
}

static int peek(const parser *p)
{
    return p->pos < p->length ? (unsigned char)p->text[p->pos] : -1;
}

static int match_word(parser *p, const char *word)
{
    size_t n = strlen(word);
    if (p->length - p->pos < n || memcmp(p->text + p->pos, word, n) != 0)
        return 0;
    p->pos += n;
    return 1;
}

static int hex_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Reads the 4 hex digits after "\u"; -1 when malformed. */
static long read_hex4(parser *p)
{
    if (p->length - p->pos < 4)
        return -1;
    long value = 0;
    for (int i = 0; i < 4; i++) {
        int digit = hex_value((unsigned char)p->text[p->pos + (size_t)i]);
        if (digit < 0)
            return -1;
        value = value * 16 + digit;
    }
    p->pos += 4;
    return value;
}

static void put_utf8(char **out, unsigned long cp)
{
    unsigned char *o = (unsigned char *)*out;
    if (cp < 0x80) {
        *o++ = (unsigned char)cp;
    } else if (cp < 0x800) {
        *o++ = (unsigned char)(0xC0 | (cp >> 6));
        *o++ = (unsigned char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *o++ = (unsigned char)(0xE0 | (cp >> 12));
        *o++ = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        *o++ = (unsigned char)(0x80 | (cp & 0x3F));
    } else {
        *o++ = (unsigned char)(0xF0 | (cp >> 18));
        *o++ = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        *o++ = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        *o++ = (unsigned char)(0x80 | (cp & 0x3F));
    }
    *out = (char *)o;
}

/* After a backslash: decodes one escape into *out. */
static sa_status read_escape(parser *p, char **out)
{
    static const char plain_from[] = "\"\\/bfnrt";
    static const char plain_to[] = "\"\\/\b\f\n\r\t";
    int c = peek(p);
    const char *hit = c > 0 ? strchr(plain_from, c) : NULL;
    if (hit != NULL) {
        *(*out)++ = plain_to[hit - plain_from];
        p->pos++;
        return SA_OK;
    }
    if (c != 'u')
        return fail(p, "unknown escape in string");
    p->pos++;
    long cp = read_hex4(p);
    if (cp < 0)
        return fail(p, "bad \\u escape");
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        long low = (match_word(p, "\\u")) ? read_hex4(p) : -1;
        if (low < 0xDC00 || low > 0xDFFF)
            return fail(p, "unpaired surrogate in \\u escape");
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
        return fail(p, "unpaired surrogate in \\u escape");
    }
    if (cp == 0)
        return fail(p, "NUL character in string");
    put_utf8(out, (unsigned long)cp);
    return SA_OK;
}

/* At the opening quote: decodes the string into the document's buffer. */
static sa_status read_string(parser *p, const char **out, size_t *out_length)
{
    char *start = p->doc->strings + p->doc->strings_used;
    char *o = start;
    p->pos++; /* the opening quote */
    for (;;) {
        int c = peek(p);
        if (c < 0)
            return fail(p, "unterminated string");
        if (c == '"')
            break;
        if (c < 0x20)
            return fail(p, "control character in string");
        p->pos++;
        if (c != '\\') {
            *o++ = (char)c;
            continue;
        }
        sa_status status = read_escape(p, &o);
        if (status != SA_OK)
            return status;
    }
    p->pos++; /* the closing quote */
    *o = '\0';
    *out = start;
    *out_length = (size_t)(o - start);
    p->doc->strings_used += *out_length + 1;
    return SA_OK;
}

static size_t skip_digits(parser *p)
{
    size_t n = 0;
    while (peek(p) >= '0' && peek(p) <= '9') {
        p->pos++;
        n++;
    }
    return n;
}

static sa_status read_number(parser *p, sa_json *node)
{
    size_t start = p->pos;
    int integral = 1;
    if (peek(p) == '-')
        p->pos++;
    if (peek(p) == '0')
        p->pos++;
    else if (skip_digits(p) == 0)
        return fail(p, "bad number");
    if (peek(p) == '.') {
        p->pos++;
        integral = 0;
        if (skip_digits(p) == 0)
            return fail(p, "bad number");
    }
    if (peek(p) == 'e' || peek(p) == 'E') {
        p->pos++;
        integral = 0;
        if (peek(p) == '+' || peek(p) == '-')
            p->pos++;
        if (skip_digits(p) == 0)
            return fail(p, "bad number");
    }
    char copy[SA_JSON_MAX_NUMBER_CHARS + 1];
    size_t n = p->pos - start;
    if (n > SA_JSON_MAX_NUMBER_CHARS) {
        p->pos = start;
        return fail(
            p, "number longer than " SA_JSON_STR(SA_JSON_MAX_NUMBER_CHARS) " characters");
    }
    memcpy(copy, p->text + start, n);
    copy[n] = '\0';
    node->type = SA_JSON_NUMBER;
    node->number = strtod(copy, NULL);
    if (integral) {
        errno = 0;
        long long value = strtoll(copy, NULL, 10);
        node->is_integer = (errno == 0);
        node->integer = value;
    }
    return SA_OK;
}

static sa_status read_value(parser *p, sa_json *node, int depth);

static sa_status read_array(parser *p, sa_json *node, int depth)
{
    node->type = SA_JSON_ARRAY;
    sa_json **link = (sa_json **)&node->child;
    p->pos++; /* '[' */
    skip_space(p);
    if (peek(p) == ']') {
        p->pos++;
        return SA_OK;
    }
    for (;;) {
        sa_json *element = new_node(p);
        if (element == NULL)
            return sa_error_set(p->err, SA_ERR_MEMORY, "out of memory");
        sa_status status = read_value(p, element, depth + 1);
        if (status != SA_OK)
            return status;
        *link = element;
        link = (sa_json **)&element->next;
        node->length++;
        skip_space(p);
        if (peek(p) == ']') {
            p->pos++;
            return SA_OK;
        }
        if (peek(p) != ',')
            return fail(p, "expected ',' or ']' in array");
        p->pos++;
    }
}

static sa_status read_member(parser *p, sa_json *node, int depth, sa_json **out)
{
    skip_space(p);
    if (peek(p) != '"')
        return fail(p, "expected a string key in object");
    const char *key;
    size_t key_length;
    sa_status status = read_string(p, &key, &key_length);
    if (status != SA_OK)
        return status;
    if (sa_json_member(node, key) != NULL)
        return fail(p, "duplicate key in object");
    skip_space(p);
    if (peek(p) != ':')
        return fail(p, "expected ':' after key");
    p->pos++;
    sa_json *member = new_node(p);
    if (member == NULL)
        return sa_error_set(p->err, SA_ERR_MEMORY, "out of memory");
    status = read_value(p, member, depth + 1);
    member->key = key;
    *out = member;
    return status;
}

static sa_status read_object(parser *p, sa_json *node, int depth)
{
    node->type = SA_JSON_OBJECT;
    sa_json **link = (sa_json **)&node->child;
    p->pos++; /* '{' */
    skip_space(p);
    if (peek(p) == '}') {
        p->pos++;
        return SA_OK;
    }
    for (;;) {
        sa_json *member = NULL;
        sa_status status = read_member(p, node, depth, &member);
        if (status != SA_OK)
            return status;
        *link = member;
        link = (sa_json **)&member->next;
        node->length++;
        skip_space(p);
        if (peek(p) == '}') {
            p->pos++;
            return SA_OK;
        }
        if (peek(p) != ',')
            return fail(p, "expected ',' or '}' in object");
        p->pos++;
    }
}

static sa_status read_value(parser *p, sa_json *node, int depth)
{
    if (depth > SA_JSON_MAX_DEPTH)
        return fail(p, "nesting deeper than " SA_JSON_STR(SA_JSON_MAX_DEPTH) " levels");
    skip_space(p);
    int c = peek(p);
    if (c == '{')
        return read_object(p, node, depth);
    if (c == '[')
        return read_array(p, node, depth);
    if (c == '"') {
        node->type = SA_JSON_STRING;
        return read_string(p, &node->string, &node->length);
    }
    if (c == '-' || (c >= '0' && c <= '9'))
        return read_number(p, node);
    if (match_word(p, "true")) {
        node->type = SA_JSON_BOOL;
        node->boolean = 1;
        return SA_OK;
    }
    if (match_word(p, "false")) {
        node->type = SA_JSON_BOOL;
        return SA_OK;
    }
    if (match_word(p, "null")) {
        node->type = SA_JSON_NULL;
        return SA_OK;
    }
    return fail(p, c < 0 ? "unexpected end of text" : "unexpected character");
}

sa_json_doc *sa_json_parse(const char *text, size_t length, sa_error *err)
{
    if (length > SA_JSON_MAX_BYTES) {
        sa_error_set(err, SA_ERR_JSON,
                     "input too large: %zu bytes, more than the limit of "
                     "%d",
                     length, SA_JSON_MAX_BYTES);
        return NULL;
    }
    sa_json_doc *doc = calloc(1, sizeof *doc);
    if (doc != NULL)
        doc->strings = malloc(length + 1);
    if (doc == NULL || doc->strings == NULL) {
        sa_json_free(doc);
        sa_error_set(err, SA_ERR_MEMORY, "out of memory");
        return NULL;
    }
    parser p = {text, length, 0, doc, err};
    sa_json *root = new_node(&p);
    sa_status status = root ? read_value(&p, root, 0)
                            : sa_error_set(err, SA_ERR_MEMORY, "out of memory");
    if (status == SA_OK) {
        skip_space(&p);
        if (p.pos != length)
            status = fail(&p, "text after the JSON value");
    }
    if (status != SA_OK) {
        sa_json_free(doc);
        return NULL;
    }
    doc->root = root;
    return doc;
}

const sa_json *sa_json_root(const sa_json_doc *doc)
{
    return doc->root;
}

void sa_json_free(sa_json_doc *doc)
{
    if (doc == NULL)
        return;
    node_chunk *chunk = doc->chunks;
    while (chunk != NULL) {
        node_chunk *next = chunk->next;
        free(chunk);
        chunk = next;
    }
    free(doc->strings);
    free(doc);
}

const sa_json *sa_json_member(const sa_json *object, const char *key)
{
    if (object == NULL || object->type != SA_JSON_OBJECT)
        return NULL;
    for (const sa_json *m = object->child; m != NULL; m = m->next)
        if (m->key != NULL && strcmp(m->key, key) == 0)
            return m;
    return NULL;
}
