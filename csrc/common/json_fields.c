/* common/json_fields.c: typed field checks over a parsed JSON tree, with
 * messages naming the field ("field 'rules.max_turns': ..."). */
#include <stdio.h>
#include <string.h>

#include "common/error.h"
#include "safari/json.h"

static const char *type_name(sa_json_type type)
{
    switch (type) {
    case SA_JSON_NULL: return "null";
    case SA_JSON_BOOL: return "a boolean";
    case SA_JSON_NUMBER: return "a number";
    case SA_JSON_STRING: return "a string";
    case SA_JSON_ARRAY: return "a list";
    case SA_JSON_OBJECT: return "an object";
    }
    return "a value";
}

static sa_status wrong_type(const sa_json *v, const char *path, const char *want,
                            sa_error *err)
{
    return sa_error_set(err, SA_ERR_POSITION, "field '%s': expected %s, got %s", path,
                        want, type_name(v->type));
}

static int in_list(const char *key, const char *const *list)
{
    for (; list != NULL && *list != NULL; list++)
        if (strcmp(key, *list) == 0)
            return 1;
    return 0;
}

/* "PATH.KEY", or just "KEY" at the top level (empty path). */
static void join_path(char *out, size_t cap, const char *path, const char *key)
{
    if (path[0] == '\0')
        snprintf(out, cap, "%s", key);
    else
        snprintf(out, cap, "%s.%s", path, key);
}

sa_status sa_json_check_keys(const sa_json *v, const char *path,
                             const char *const *required, const char *const *optional,
                             sa_error *err)
{
    char full[160];
    if (v->type != SA_JSON_OBJECT)
        return wrong_type(v, path[0] ? path : "(position)", "an object", err);
    for (const sa_json *m = v->child; m != NULL; m = m->next) {
        if (!in_list(m->key, required) && !in_list(m->key, optional)) {
            join_path(full, sizeof full, path, m->key);
            return sa_error_set(err, SA_ERR_POSITION, "field '%s': unknown field", full);
        }
    }
    for (; required != NULL && *required != NULL; required++) {
        if (sa_json_member(v, *required) == NULL) {
            join_path(full, sizeof full, path, *required);
            return sa_error_set(err, SA_ERR_POSITION, "field '%s': missing", full);
        }
    }
    return SA_OK;
}

sa_status sa_json_require(const sa_json *v, const char *path, const char *key,
                          const sa_json **out, sa_error *err)
{
    *out = sa_json_member(v, key);
    if (*out != NULL)
        return SA_OK;
    char full[160];
    join_path(full, sizeof full, path, key);
    return sa_error_set(err, SA_ERR_POSITION, "field '%s': missing", full);
}

sa_status sa_json_get_int(const sa_json *v, const char *path, int64_t min, int64_t max,
                          int64_t *out, sa_error *err)
{
    if (v->type != SA_JSON_NUMBER || !v->is_integer)
        return v->type == SA_JSON_NUMBER
                   ? sa_error_set(err, SA_ERR_POSITION,
                                  "field '%s': expected an integer, got a float (%g)",
                                  path, v->number)
                   : wrong_type(v, path, "an integer", err);
    if (v->integer < min || v->integer > max)
        return sa_error_set(err, SA_ERR_POSITION,
                            "field '%s': %lld is out of range %lld..%lld", path,
                            (long long)v->integer, (long long)min, (long long)max);
    *out = v->integer;
    return SA_OK;
}

sa_status sa_json_get_bool(const sa_json *v, const char *path, int *out, sa_error *err)
{
    if (v->type != SA_JSON_BOOL)
        return wrong_type(v, path, "true or false", err);
    *out = v->boolean;
    return SA_OK;
}

sa_status sa_json_get_string(const sa_json *v, const char *path, const char **out,
                             sa_error *err)
{
    if (v->type != SA_JSON_STRING)
        return wrong_type(v, path, "a string", err);
    *out = v->string;
    return SA_OK;
}

sa_status sa_json_get_enum(const sa_json *v, const char *path, const char *const *names,
                           int *out, sa_error *err)
{
    if (v->type != SA_JSON_STRING)
        return wrong_type(v, path, "a string", err);
    for (int i = 0; names[i] != NULL; i++) {
        if (strcmp(v->string, names[i]) == 0) {
            *out = i;
            return SA_OK;
        }
    }
    char allowed[256] = "";
    for (int i = 0; names[i] != NULL; i++) {
        size_t used = strlen(allowed);
        snprintf(allowed + used, sizeof allowed - used, "%s\"%s\"", i ? ", " : "",
                 names[i]);
    }
    return sa_error_set(err, SA_ERR_POSITION, "field '%s': \"%.40s\" is not one of %s",
                        path, v->string, allowed);
}

sa_status sa_json_get_array(const sa_json *v, const char *path, size_t *out_length,
                            sa_error *err)
{
    if (v->type != SA_JSON_ARRAY)
        return wrong_type(v, path, "a list", err);
    *out_length = v->length;
    return SA_OK;
}
