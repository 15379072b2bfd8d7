/* common/rules.c: reading a "rules" object against a game's table of
 * options (safari/rules.h): every game's readers share this one check. */
#include <stdio.h>
#include <string.h>

#include "common/error.h"
#include "safari/rules.h"

/* The value `v` of option `rule`, checked against its kind and bounds. */
static sa_status read_value(const sa_rule *rule, const sa_json *v, sa_rule_value *out,
                            sa_error *err)
{
    char path[96];
    snprintf(path, sizeof path, "rules.%s", rule->key);
    int flag = 0;
    sa_status st;
    switch (rule->kind) {
    case SA_RULE_BOOL:
        st = sa_json_get_bool(v, path, &flag, err);
        if (st == SA_OK)
            out->number = flag;
        return st;
    case SA_RULE_INT:
        return sa_json_get_int(v, path, rule->minimum, rule->maximum, &out->number, err);
    case SA_RULE_ENUM:
        st = sa_json_get_enum(v, path, rule->choices, &flag, err);
        if (st == SA_OK)
            out->number = flag;
        return st;
    case SA_RULE_STRING: return sa_json_get_string(v, path, &out->text, err);
    }
    return sa_error_set(err, SA_ERR_ARGUMENT, "rules table: option %s has no kind",
                        rule->key);
}

sa_status sa_rules_read(const sa_rule *table, int n, const sa_json *rules,
                        sa_rule_value *out, sa_error *err)
{
    for (int i = 0; i < n; i++) {
        out[i].number = table[i].default_value;
        out[i].text = table[i].default_text;
    }
    if (rules == NULL)
        return SA_OK;
    /* Unknown keys first (and the type of `rules`), then the values in the
     * table's order: the first error a reader reports does not depend on the
     * order of the keys. */
    const char *keys[SA_MAX_RULES + 1];
    if (n > SA_MAX_RULES)
        return sa_error_set(err, SA_ERR_ARGUMENT, "rules table: %d options, at most %d",
                            n, SA_MAX_RULES);
    for (int i = 0; i < n; i++)
        keys[i] = table[i].key;
    keys[n] = NULL;
    sa_status st = sa_json_check_keys(rules, "rules", NULL, keys, err);
    if (st != SA_OK)
        return st;
    for (int i = 0; i < n; i++) {
        const sa_json *v = sa_json_member(rules, table[i].key);
        st = v == NULL ? SA_OK : read_value(&table[i], v, &out[i], err);
        if (st != SA_OK)
            return st;
    }
    return SA_OK;
}

int sa_rule_choice_count(const sa_rule *rule)
{
    int n = 0;
    while (rule->choices != NULL && rule->choices[n] != NULL)
        n++;
    return n;
}
