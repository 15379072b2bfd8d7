/* tests/test_rules.c: every game's table of "rules" options (safari/rules.h)
 * is well formed, and the reader holds new positions to it: each bound and
 * each choice is accepted, one past a bound or an unknown choice is refused
 * with the option's field named. */
#include <stdio.h>
#include <string.h>

#include "safari/game.h"
#include "tests/check.h"

/* sa_position_new(game, text): 1 when accepted; else err holds the error. */
static int accepted(const sa_game *game, const char *text, sa_error *err)
{
    sa_position *pos = sa_position_new(game->name, text, err);
    sa_position_free(pos);
    return pos != NULL;
}

static void test_tables_are_well_formed(void)
{
    for (int g = 0; sa_games[g] != NULL; g++) {
        const sa_game *game = sa_games[g];
        CHECK(game->n_rules >= 0 && game->n_rules <= SA_MAX_RULES);
        CHECK(game->n_rules == 0 || game->rules != NULL);
        CHECK(game->min_players >= 1 && game->min_players <= game->max_players);
        CHECK(game->eval_units != NULL && game->eval_units[0] != '\0');
        for (int i = 0; i < game->n_rules; i++) {
            const sa_rule *rule = &game->rules[i];
            CHECK(rule->key != NULL && rule->description != NULL);
            for (int j = 0; j < i; j++)
                CHECK(strcmp(rule->key, game->rules[j].key) != 0);
            switch (rule->kind) {
            case SA_RULE_BOOL:
                CHECK(rule->default_value == 0 || rule->default_value == 1);
                break;
            case SA_RULE_INT:
                CHECK(rule->minimum <= rule->default_value &&
                      rule->default_value <= rule->maximum);
                break;
            case SA_RULE_ENUM:
                CHECK(rule->default_value >= 0 &&
                      rule->default_value < sa_rule_choice_count(rule));
                break;
            case SA_RULE_STRING: CHECK(rule->default_text != NULL); break;
            }
        }
    }
}

/* Each bound of each integer option, each choice of each enumeration. */
static void test_bounds_and_choices(void)
{
    char text[160];
    sa_error err;
    for (int g = 0; sa_games[g] != NULL; g++) {
        const sa_game *game = sa_games[g];
        for (int i = 0; i < game->n_rules; i++) {
            const sa_rule *rule = &game->rules[i];
            char field[96];
            snprintf(field, sizeof field, "rules.%s", rule->key);
            if (rule->kind == SA_RULE_INT) {
                const int64_t ok[2] = {rule->minimum, rule->maximum};
                const int64_t bad[2] = {rule->minimum - 1, rule->maximum + 1};
                for (int k = 0; k < 2; k++) {
                    snprintf(text, sizeof text, "{\"%s\":%lld}", rule->key,
                             (long long)ok[k]);
                    CHECK(accepted(game, text, &err));
                    snprintf(text, sizeof text, "{\"%s\":%lld}", rule->key,
                             (long long)bad[k]);
                    CHECK(!accepted(game, text, &err) && strcmp(err.field, field) == 0);
                    CHECK(strstr(err.message, "out of range") != NULL);
                }
            } else if (rule->kind == SA_RULE_ENUM) {
                for (int c = 0; rule->choices[c] != NULL; c++) {
                    snprintf(text, sizeof text, "{\"%s\":\"%s\"}", rule->key,
                             rule->choices[c]);
                    CHECK(accepted(game, text, &err));
                }
                snprintf(text, sizeof text, "{\"%s\":\"no such choice\"}", rule->key);
                CHECK(!accepted(game, text, &err) && strcmp(err.field, field) == 0);
            }
            /* A value of the wrong type: a list is no option's. */
            snprintf(text, sizeof text, "{\"%s\":[]}", rule->key);
            CHECK(!accepted(game, text, &err) && strcmp(err.field, field) == 0);
        }
        CHECK(!accepted(game, "{\"no_such_option\":1}", &err));
        CHECK(strcmp(err.field, "rules.no_such_option") == 0);
        CHECK(!accepted(game, "[]", &err) && strcmp(err.field, "rules") == 0);
    }
}

/* Unknown keys are reported before bad values, whatever the keys' order. */
static void test_unknown_key_first(void)
{
    sa_error err;
    CHECK(!accepted(sa_games[0], "{\"max_turns\":-1,\"zz\":1}", &err));
    CHECK(strcmp(err.field, "rules.zz") == 0);
}

const test_case rules_tests[] = {
    {"rules: tables well formed", test_tables_are_well_formed},
    {"rules: bounds and choices", test_bounds_and_choices},
    {"rules: unknown key first", test_unknown_key_first},
    {NULL, NULL},
};
