/* tests/test_json.c: the JSON reader and the field checks. */
#include <string.h>

#include "safari/json.h"
#include "tests/check.h"

static sa_json_doc *parse(const char *text, sa_error *err)
{
    return sa_json_parse(text, strlen(text), err);
}

static void test_parses_nested_values(void)
{
    sa_error err;
    sa_json_doc *doc =
        parse(" {\"a\": [1, -2.5, true, null], \"b\": {\"c\": \"x\\u00e9\\n\"}} ", &err);
    CHECK(doc != NULL);
    if (doc == NULL)
        return;
    const sa_json *root = sa_json_root(doc);
    CHECK(root->type == SA_JSON_OBJECT && root->length == 2);
    const sa_json *a = sa_json_member(root, "a");
    CHECK(a->type == SA_JSON_ARRAY && a->length == 4);
    CHECK(a->child->is_integer && a->child->integer == 1);
    CHECK(!a->child->next->is_integer && a->child->next->number == -2.5);
    CHECK(a->child->next->next->type == SA_JSON_BOOL);
    const sa_json *c = sa_json_member(sa_json_member(root, "b"), "c");
    CHECK(c->type == SA_JSON_STRING && strcmp(c->string, "x\xc3\xa9\n") == 0);
    sa_json_free(doc);
}

static void test_rejects_malformed_text(void)
{
    static const char *const bad[] = {
        "",    "{",     "[1,]",     "{\"a\":1,}",    "{\"a\" 1}",   "{\"a\":1,\"a\":2}",
        "01",  "1.",    "\"abc",    "\"\\x\"",       "\"\\u0000\"", "\"\\ud800\"",
        "tru", "[1] x", "{'a': 1}", "\"tab\there\"", NULL};
    for (int i = 0; bad[i] != NULL; i++) {
        sa_error err;
        sa_json_doc *doc = parse(bad[i], &err);
        CHECK(doc == NULL);
        CHECK(doc != NULL || err.status == SA_ERR_JSON);
        CHECK(doc != NULL || strstr(err.message, "malformed JSON at byte") != NULL);
        sa_json_free(doc);
    }
}

static void test_depth_is_bounded(void)
{
    char deep[400];
    memset(deep, '[', 200);
    memset(deep + 200, ']', 199);
    deep[399] = '\0';
    sa_error err;
    CHECK(parse(deep, &err) == NULL);
}

static void test_integers_are_strict(void)
{
    sa_error err;
    sa_json_doc *doc = parse("[6.0, 7, 1e2, 99999999999999999999]", &err);
    CHECK(doc != NULL);
    if (doc == NULL)
        return;
    const sa_json *v = sa_json_root(doc)->child;
    int64_t out;
    CHECK(sa_json_get_int(v, "x", 0, 10, &out, &err) == SA_ERR_POSITION);
    CHECK(strstr(err.message, "field 'x'") != NULL);
    CHECK(sa_json_get_int(v->next, "y", 0, 10, &out, &err) == SA_OK && out == 7);
    CHECK(sa_json_get_int(v->next, "y", 0, 5, &out, &err) == SA_ERR_POSITION);
    CHECK(sa_json_get_int(v->next->next, "z", 0, 1000, &out, &err) != SA_OK);
    CHECK(sa_json_get_int(v->next->next->next, "w", 0, 1000, &out, &err) != SA_OK);
    sa_json_free(doc);
}

static void test_check_keys_names_the_field(void)
{
    sa_error err;
    sa_json_doc *doc = parse("{\"a\": 1, \"zz\": 2}", &err);
    static const char *const required[] = {"a", "b", NULL};
    static const char *const optional[] = {"zz", NULL};
    CHECK(sa_json_check_keys(sa_json_root(doc), "rules", required, NULL, &err) != SA_OK);
    CHECK(strstr(err.message, "'rules.zz': unknown field") != NULL);
    CHECK(sa_json_check_keys(sa_json_root(doc), "", required, optional, &err) != SA_OK);
    CHECK(strstr(err.message, "'b': missing") != NULL);
    static const char *const names[] = {"first_hop", "any", NULL};
    int index;
    CHECK(sa_json_get_enum(sa_json_member(sa_json_root(doc), "a"), "m", names, &index,
                           &err) != SA_OK);
    sa_json_free(doc);
}

const test_case json_tests[] = {
    {"json: nested values", test_parses_nested_values},
    {"json: malformed text", test_rejects_malformed_text},
    {"json: depth bound", test_depth_is_bounded},
    {"json: strict integers", test_integers_are_strict},
    {"json: key checks", test_check_keys_names_the_field},
    {NULL, NULL},
};
