/* games/ostrich_io.c: the boundary of the ostrich race: the rules object,
 * reading and validating a position (rule book section 6), writing it back in
 * canonical form, and move spellings (section 7). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/error.h"
#include "games/ostrich.h"

const char *const ostrich_effect_names[EFF_NB + 1] = {
    "none",     "bewitch",  "all_dice", "extra_turn", "advance1", "advance2",
    "advance3", "advance4", "advance5", "to_nest",    NULL};
const char *const ostrich_mode_names[MODE_NB + 1] = {"normal", "exhausted", "lion",
                                                     "bonus", NULL};
const char *const ostrich_phase_names[PH_NB + 1] = {
    "deal",        "roll",      "reroll_choice", "reroll",     "action", "moves",
    "berry",       "advance",   "nest",          "lion_place", "flip",   "lion_black",
    "lion_target", "lion_move", "vortex",        "over",       NULL};
const char *const ostrich_lion_names[LION_NB + 1] = {"off",       "hidden", "active",
                                                     "exhausted", "gone",   NULL};

static const char faces[] = "ABCDEW";
static const char *const trigger_names[] = {"enter", "end", NULL};
static const char *const quicksand_names[] = {"none", "stop", NULL};
static const char *const last_tie_names[] = {"both", "none", NULL};

#define BAD(...) sa_error_set(err, SA_ERR_POSITION, __VA_ARGS__)
#define TRY(expr)                                                                        \
    do {                                                                                 \
        sa_status st_ = (expr);                                                          \
        if (st_ != SA_OK)                                                                \
            return st_;                                                                  \
    } while (0)

/* ------------------------------------------------------------ small parts */

static void space_name(int sp, char out[8])
{
    int row = sp_row(sp) % 1000, n = 0;
    if (row >= 100)
        out[n++] = (char)('0' + row / 100);
    if (row >= 10)
        out[n++] = (char)('0' + row / 10 % 10);
    out[n++] = (char)('0' + row % 10);
    out[n++] = (char)('a' + sp_lane(sp));
    out[n] = '\0';
}

/* A space name ("13c") of this track; -1 if it is not one. */
static int parse_space(const ostrich_track *t, const char *text)
{
    int row = 0, digits = 0;
    const char *p = text;
    while (*p >= '0' && *p <= '9' && digits < 3) {
        row = row * 10 + (*p++ - '0');
        digits++;
    }
    if (digits == 0 || (digits > 1 && text[0] == '0') || p[0] < 'a' || p[0] > 'c' ||
        p[1] != '\0')
        return -1;
    if (row >= t->n_rows)
        return -1;
    return row * 3 + (p[0] - 'a');
}

static sa_status get_space(const ostrich_state *s, const sa_json *v, const char *path,
                           int *out, sa_error *err)
{
    const char *text;
    TRY(sa_json_get_string(v, path, &text, err));
    *out = parse_space(&s->track, text);
    if (*out < 0)
        return BAD("field '%s': \"%.20s\" is not a space of the track", path, text);
    return SA_OK;
}

static int valid_name(const char *name)
{
    size_t n = strlen(name);
    if (n < 1 || n > 16 || name[0] < 'a' || name[0] > 'z')
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= '0' && name[i] <= '9') ||
              name[i] == '_'))
            return 0;
    return 1;
}

/* A string of letters from `alphabet` (counts per index into `counts`, or a
 * bit mask into *mask), sorted when `sorted`, each at most `max_each` times. */
static sa_status get_letters(const sa_json *v, const char *path, const char *alphabet,
                             int sorted, int max_each, size_t min_len, size_t max_len,
                             uint8_t counts[N_FACES], sa_error *err)
{
    const char *text;
    TRY(sa_json_get_string(v, path, &text, err));
    size_t n = strlen(text);
    if (n < min_len || n > max_len)
        return min_len == max_len
                   ? BAD("field '%s': expected %zu letters, got \"%.20s\"", path, min_len,
                         text)
                   : BAD("field '%s': expected %zu to %zu letters, got \"%.20s\"", path,
                         min_len, max_len, text);
    memset(counts, 0, N_FACES);
    for (size_t i = 0; i < n; i++) {
        const char *at = text[i] ? strchr(alphabet, text[i]) : NULL;
        if (at == NULL)
            return BAD("field '%s': '%c' is not one of %s", path,
                       text[i] >= 32 && text[i] < 127 ? text[i] : '?', alphabet);
        if (sorted && i > 0 && text[i] < text[i - 1])
            return BAD("field '%s': \"%.20s\" is not sorted", path, text);
        if (++counts[at - alphabet] > max_each)
            return BAD("field '%s': '%c' appears twice", path, text[i]);
    }
    return SA_OK;
}

static int mask_of(const uint8_t counts[N_FACES])
{
    int m = 0;
    for (int x = 0; x < 5; x++)
        if (counts[x])
            m |= 1 << x;
    return m;
}

/* ----------------------------------------------------------------- rules */

/* The rules options (safari/rules.h draws a row's layout), in the order the
 * canonical JSON writes them. */
enum {
    RULE_PLAYERS,
    RULE_LION,
    RULE_BERRIES,
    RULE_BERRY_TRIGGER,
    RULE_QUICKSAND,
    RULE_LAST_TIE
};

const sa_rule ostrich_rules[OSTRICH_N_RULES] = {
    {"players", SA_RULE_INT, 4, 2, OSTRICH_MAX_PLAYERS, NULL, NULL, "number of players"},
    {"lion", SA_RULE_BOOL, 0, 0, 1, NULL, NULL, "the Lion variant (needs berries)"},
    {"berries", SA_RULE_BOOL, 1, 0, 1, NULL, NULL, "lay berries at set-up"},
    {"berry_trigger", SA_RULE_ENUM, 0, 0, 0, trigger_names, NULL,
     "a berry acts when an ostrich enters it (and stops it there), or only where a move ends"},
    {"quicksand", SA_RULE_ENUM, 0, 0, 0, quicksand_names, NULL,
     "entering quicksand does nothing, or ends the move"},
    {"last_tie", SA_RULE_ENUM, 0, 0, 0, last_tie_names, NULL,
     "two unfinished ostriches level at the end: both count as last, or neither"},
};

static sa_status read_rules(ostrich_state *s, const sa_json *rules, sa_error *err)
{
    sa_rule_value v[OSTRICH_N_RULES];
    TRY(sa_rules_read(ostrich_rules, OSTRICH_N_RULES, rules, v, err));
    s->players = (uint8_t)v[RULE_PLAYERS].number;
    s->lion_rule = (uint8_t)v[RULE_LION].number;
    s->berries_rule = (uint8_t)v[RULE_BERRIES].number;
    s->trigger_end = (uint8_t)v[RULE_BERRY_TRIGGER].number;
    s->quicksand_stop = (uint8_t)v[RULE_QUICKSAND].number;
    s->last_tie_both = (uint8_t)(v[RULE_LAST_TIE].number == 0);
    if (s->lion_rule && !s->berries_rule)
        return BAD(
            "field 'rules.lion': the lion variant needs berries (rules.berries is false)");
    return SA_OK;
}

sa_status ostrich_new_position(void *state, const sa_json *rules, sa_error *err)
{
    ostrich_state *s = state;
    ostrich_set_defaults(s);
    TRY(read_rules(s, rules, err));
    ostrich_start_position(s);
    return SA_OK;
}

/* ----------------------------------------------------------------- track */

static sa_status read_tile(ostrich_track *t, const sa_json *tile, int i, sa_error *err)
{
    static const char *const keys[] = {"name", "curve", "rows", NULL};
    char path[64];
    snprintf(path, sizeof path, "track[%d]", i);
    TRY(sa_json_check_keys(tile, path, keys, NULL, err));
    const char *name;
    int curve;
    size_t n_rows;
    snprintf(path, sizeof path, "track[%d].name", i);
    TRY(sa_json_get_string(sa_json_member(tile, "name"), path, &name, err));
    if (!valid_name(name))
        return BAD(
            "field '%s': \"%.20s\" is not a name (1-16 of a-z0-9_, starting with a letter)",
            path, name);
    snprintf(path, sizeof path, "track[%d].curve", i);
    TRY(sa_json_get_bool(sa_json_member(tile, "curve"), path, &curve, err));
    snprintf(path, sizeof path, "track[%d].rows", i);
    const sa_json *rows = sa_json_member(tile, "rows");
    TRY(sa_json_get_array(rows, path, &n_rows, err));
    if (n_rows < 1 || n_rows > OSTRICH_MAX_TILE_ROWS)
        return BAD("field '%s': a tile has 1 to 9 rows, got %zu", path, n_rows);
    if (t->n_rows + n_rows > OSTRICH_MAX_ROWS)
        return BAD("field '%s': the track has more than 99 rows", path);
    strcpy(t->tile_name[i], name);
    t->tile_curve[i] = (uint8_t)curve;
    t->tile_rows[i] = (uint8_t)n_rows;
    int r = 0;
    for (const sa_json *row = rows->child; row != NULL; row = row->next, r++) {
        const char *text;
        snprintf(path, sizeof path, "track[%d].rows[%d]", i, r);
        TRY(sa_json_get_string(row, path, &text, err));
        if (strlen(text) != 3)
            return BAD("field '%s': a row has 3 lanes (a, b, c), got \"%.20s\"", path,
                       text);
        for (int l = 0; l < 3; l++) {
            const char *at = strchr(ostrich_terrain_chars, text[l]);
            if (at == NULL)
                return BAD("field '%s': '%c' is not a terrain (one of %s)", path, text[l],
                           ostrich_terrain_chars);
            t->terrain[t->n_rows * 3 + l] = (uint8_t)(at - ostrich_terrain_chars);
        }
        t->row_curve[t->n_rows++] = (uint8_t)curve;
    }
    return SA_OK;
}

/* Does the passable space sp have a step forward on an empty track? */
static int has_way_forward(const ostrich_track *t, int sp)
{
    int row = sp_row(sp);
    for (int dl = -1; dl <= 1; dl++) {
        int lane = sp_lane(sp) + dl;
        if (row + 1 >= t->n_rows || lane < 0 || lane > 2)
            continue;
        if (dl != 0 && (t->row_curve[row] || t->row_curve[row + 1]))
            continue;
        int to = (row + 1) * 3 + lane;
        if (t->terrain[to] != T_ROCK && t->terrain[to] != T_RAVINE)
            return 1;
    }
    return 0;
}

static sa_status check_track(const ostrich_track *t, sa_error *err)
{
    int nests = 0, last = t->n_rows - 1;
    char name[8];
    for (int sp = 0; sp < t->n_rows * 3; sp++) {
        int ter = t->terrain[sp];
        space_name(sp, name);
        if (ter == T_NEST && sp_row(sp) >= t->tile_rows[0])
            return BAD("field 'track': nest %s is not on the first tile", name);
        nests += ter == T_NEST;
        if ((ter == T_FINISH) != (sp_row(sp) == last))
            return BAD(
                "field 'track': the last row must be \"fff\" and no other space a finish (%s)",
                name);
        if (ter != T_ROCK && ter != T_RAVINE && ter != T_FINISH &&
            !has_way_forward(t, sp))
            return BAD("field 'track': space %s has no way forward", name);
    }
    if (nests != 5)
        return BAD("field 'track': the track needs exactly five nests, it has %d", nests);
    return SA_OK;
}

static int same_track(const ostrich_track *a, const ostrich_track *b)
{
    if (a->n_rows != b->n_rows || a->n_tiles != b->n_tiles)
        return 0;
    for (int i = 0; i < a->n_tiles; i++)
        if (a->tile_rows[i] != b->tile_rows[i] || a->tile_curve[i] != b->tile_curve[i] ||
            strcmp(a->tile_name[i], b->tile_name[i]) != 0)
            return 0;
    return memcmp(a->terrain, b->terrain, (size_t)a->n_rows * 3) == 0;
}

static sa_status read_track(ostrich_state *s, const sa_json *v, sa_error *err)
{
    ostrich_track *t = &s->track;
    if (v->type == SA_JSON_STRING) {
        if (strcmp(v->string, "default") != 0)
            return BAD(
                "field 'track': expected \"default\" or a list of tiles, got \"%.20s\"",
                v->string);
        ostrich_default_track(t);
        return SA_OK;
    }
    size_t n;
    TRY(sa_json_get_array(v, "track", &n, err));
    if (n < 2 || n > OSTRICH_MAX_TILES)
        return BAD("field 'track': a track has 2 to 20 tiles, got %zu", n);
    memset(t, 0, sizeof *t);
    int i = 0;
    for (const sa_json *tile = v->child; tile != NULL; tile = tile->next, i++) {
        TRY(read_tile(t, tile, i, err));
        t->n_tiles++;
    }
    TRY(check_track(t, err));
    ostrich_track def;
    ostrich_default_track(&def);
    t->is_default = (uint8_t)same_track(t, &def);
    return SA_OK;
}

/* ---------------------------------------------------------------- berries */

static int find_kind(const ostrich_state *s, const char *name)
{
    for (int k = 0; k < s->n_kinds; k++)
        if (strcmp(s->kind_name[k], name) == 0)
            return k;
    return -1;
}

static sa_status read_berry_types(ostrich_state *s, const sa_json *v, sa_error *err)
{
    char path[64];
    if (v == NULL)
        return SA_OK;
    if (v->type != SA_JSON_OBJECT)
        return BAD("field 'berry_types': expected an object");
    for (const sa_json *m = v->child; m != NULL; m = m->next) {
        int eff;
        snprintf(path, sizeof path, "berry_types.%.20s", m->key);
        if (!valid_name(m->key))
            return BAD(
                "field '%s': not a berry name (1-16 of a-z0-9_, starting with a letter)",
                path);
        TRY(sa_json_get_enum(m, path, ostrich_effect_names, &eff, err));
        int k = find_kind(s, m->key);
        if (k >= 0 && k <= KIND_TER) {
            if (s->kind_effect[k] != eff)
                return BAD("field '%s': the known kind %s has the effect \"%s\"", path,
                           m->key, ostrich_effect_names[s->kind_effect[k]]);
            continue;
        }
        if (s->n_kinds >= OSTRICH_MAX_KINDS)
            return BAD("field '%s': more than %d berry kinds", path, OSTRICH_MAX_KINDS);
        strcpy(s->kind_name[s->n_kinds], m->key);
        s->kind_effect[s->n_kinds++] = (uint8_t)eff;
    }
    return SA_OK;
}

static int berry_cmp(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static sa_status read_berries(ostrich_state *s, const sa_json *list, const sa_json *pool,
                              sa_error *err)
{
    size_t n;
    char path[64], prev[64] = "";
    TRY(sa_json_get_array(list, "berries", &n, err));
    if (n > 0 && !s->berries_rule)
        return BAD("field 'berries': not empty, but rules.berries is false");
    int i = 0;
    for (const sa_json *b = list->child; b != NULL; b = b->next, i++) {
        int sp;
        snprintf(path, sizeof path, "berries[%d]", i);
        TRY(get_space(s, b, path, &sp, err));
        if (i > 0 && strcmp(prev, b->string) >= 0)
            return BAD(
                "field '%s': berries must be sorted and distinct (\"%s\" after \"%s\")",
                path, b->string, prev);
        snprintf(prev, sizeof prev, "%s", b->string);
        if (s->track.terrain[sp] != T_NORMAL)
            return BAD("field '%s': a berry lies only on a normal space", path);
        s->berry_bb[sp >> 6] |= 1ULL << (sp & 63);
    }
    if (pool->type != SA_JSON_OBJECT)
        return BAD("field 'berry_pool': expected an object");
    int64_t total = 0;
    for (const sa_json *m = pool->child; m != NULL; m = m->next) {
        int64_t count;
        snprintf(path, sizeof path, "berry_pool.%.20s", m->key);
        int k = find_kind(s, m->key);
        if (k < 0)
            return BAD("field '%s': not a kind of berry_types", path);
        TRY(sa_json_get_int(m, path, 1, OSTRICH_MAX_SPACES, &count, err));
        s->pool[k] = (uint16_t)count;
        total += count;
    }
    if (total != (int64_t)n)
        return BAD("field 'berry_pool': %lld tokens for %zu face-down berries",
                   (long long)total, n);
    return SA_OK;
}

/* --------------------------------------------------------------- ostriches */

static sa_status read_ostriches(ostrich_state *s, const sa_json *v, const sa_json *fin,
                                sa_error *err)
{
    char path[64];
    if (v->type != SA_JSON_OBJECT)
        return BAD("field 'ostriches': expected an object");
    for (const sa_json *m = v->child; m != NULL; m = m->next) {
        snprintf(path, sizeof path, "ostriches.%.20s", m->key);
        if (strlen(m->key) != 1 || m->key[0] < 'A' || m->key[0] > 'E')
            return BAD("field '%s': not an ostrich (A to E)", path);
        int x = m->key[0] - 'A', sp;
        TRY(get_space(s, m, path, &sp, err));
        int ter = s->track.terrain[sp];
        if (ter == T_ROCK || ter == T_RAVINE || ter == T_FINISH)
            return BAD("field '%s': an ostrich cannot stand on %s", path,
                       ter == T_ROCK     ? "rock"
                       : ter == T_RAVINE ? "the ravine"
                                         : "the finish");
        for (int y = 0; y < 5; y++)
            if (s->ost_where[y] == AT_TRACK && s->ost_space[y] == sp)
                return BAD("field '%s': %s already holds ostrich %c", path, m->string,
                           'A' + y);
        s->ost_space[x] = (uint16_t)sp;
        s->ost_where[x] = AT_TRACK;
    }
    uint8_t counts[N_FACES];
    TRY(get_letters(fin, "finished", "ABCDE", 0, 1, 0, 3, counts, err));
    for (int i = 0; fin->string[i]; i++) {
        int x = fin->string[i] - 'A';
        if (s->ost_where[x] == AT_TRACK)
            return BAD("field 'finished': %c is also in 'ostriches'", 'A' + x);
        s->ost_where[x] = AT_FINISHED;
        s->finished[s->n_finished++] = (uint8_t)x;
    }
    return SA_OK;
}

static sa_status read_predictions(ostrich_state *s, const sa_json *v, sa_error *err)
{
    size_t n;
    char path[64];
    TRY(sa_json_get_array(v, "predictions", &n, err));
    if (n != s->players)
        return BAD("field 'predictions': expected one per player (%d), got %zu",
                   s->players, n);
    int i = 0, seen_null = 0, dealt = 0;
    for (const sa_json *p = v->child; p != NULL; p = p->next, i++) {
        snprintf(path, sizeof path, "predictions[%d]", i);
        s->pred[i] = -1;
        if (p->type == SA_JSON_NULL) {
            seen_null = 1;
            continue;
        }
        if (p->type != SA_JSON_STRING)
            return BAD("field '%s': expected a tile or null", path);
        for (int t = 0; t < OSTRICH_N_TILES; t++)
            if (strcmp(p->string, ostrich_tiles[t]) == 0)
                s->pred[i] = (int8_t)t;
        if (s->pred[i] < 0)
            return BAD("field '%s': \"%.20s\" is not a prediction tile", path, p->string);
        if (seen_null)
            return BAD("field '%s': a tile follows a player not yet dealt", path);
        if (dealt >> s->pred[i] & 1)
            return BAD("field '%s': tile %s is dealt twice", path, p->string);
        dealt |= 1 << s->pred[i];
    }
    return SA_OK;
}

/* ----------------------------------------------------------- turn fields */

static sa_status read_dice(ostrich_state *s, const sa_json *v, sa_error *err)
{
    static const char *const keys[] = {"white", "black", NULL};
    s->has_dice = v->type != SA_JSON_NULL;
    if (!s->has_dice)
        return SA_OK;
    TRY(sa_json_check_keys(v, "dice", keys, NULL, err));
    uint8_t black[N_FACES];
    TRY(get_letters(sa_json_member(v, "white"), "dice.white", faces, 1, 5, 5, 5,
                    s->dice_white, err));
    TRY(get_letters(sa_json_member(v, "black"), "dice.black", faces, 1, 1, 1, 1, black,
                    err));
    for (int f = 0; f < N_FACES; f++)
        if (black[f])
            s->dice_black = (uint8_t)f;
    return SA_OK;
}

static sa_status read_reroll(ostrich_state *s, const sa_json *v, sa_error *err)
{
    static const char *const keys[] = {"white", "black", NULL};
    s->has_reroll = v->type != SA_JSON_NULL;
    if (!s->has_reroll)
        return SA_OK;
    TRY(sa_json_check_keys(v, "reroll", keys, NULL, err));
    int flag;
    TRY(get_letters(sa_json_member(v, "white"), "reroll.white", faces, 1, 5, 0, 5,
                    s->reroll_white, err));
    TRY(sa_json_get_bool(sa_json_member(v, "black"), "reroll.black", &flag, err));
    s->reroll_black = (uint8_t)flag;
    return SA_OK;
}

static sa_status read_pending(ostrich_state *s, const sa_json *v, sa_error *err)
{
    static const char *const keys[] = {"ostrich", "steps", "target", NULL};
    uint8_t counts[N_FACES];
    int64_t steps;
    if (v->type == SA_JSON_NULL)
        return SA_OK;
    TRY(sa_json_check_keys(v, "pending", NULL, keys, err));
    const sa_json *o = sa_json_member(v, "ostrich"), *st = sa_json_member(v, "steps"),
                  *t = sa_json_member(v, "target");
    if ((o == NULL) == (t == NULL))
        return BAD(
            "field 'pending': expected {\"ostrich\": X}, {\"ostrich\": X, \"steps\": N} or {\"target\": X}");
    if (o != NULL) {
        TRY(get_letters(o, "pending.ostrich", "ABCDE", 0, 1, 1, 1, counts, err));
        s->pend_ostrich = (uint8_t)(o->string[0] - 'A');
    } else {
        TRY(get_letters(t, "pending.target", "ABCDE", 0, 1, 1, 1, counts, err));
        s->pend_target = (uint8_t)(t->string[0] - 'A');
    }
    if (st != NULL) {
        if (o == NULL)
            return BAD("field 'pending.steps': only with 'pending.ostrich'");
        TRY(sa_json_get_int(st, "pending.steps", 1, 5, &steps, err));
        s->pend_steps = (uint8_t)steps;
    }
    return SA_OK;
}

static sa_status read_lion(ostrich_state *s, const sa_json *v, sa_error *err)
{
    static const char *const keys[] = {"state", "space", "turns", NULL};
    TRY(sa_json_check_keys(v, "lion", keys, NULL, err));
    int state;
    int64_t turns;
    TRY(sa_json_get_enum(sa_json_member(v, "state"), "lion.state", ostrich_lion_names,
                         &state, err));
    s->lion_state = (uint8_t)state;
    const sa_json *sp = sa_json_member(v, "space");
    if (sp->type != SA_JSON_NULL) {
        int where;
        TRY(get_space(s, sp, "lion.space", &where, err));
        s->lion_space = (uint16_t)where;
    }
    TRY(sa_json_get_int(sa_json_member(v, "turns"), "lion.turns", 0, 4, &turns, err));
    s->lion_turns = (uint8_t)turns;
    return SA_OK;
}

/* ------------------------------------------------------ consistency (6) */

static int lion_in_play(const ostrich_state *s)
{
    return s->lion_state == LION_ACTIVE || s->lion_state == LION_EXHAUSTED;
}

static sa_status check_lion(const ostrich_state *s, sa_error *err)
{
    if ((s->lion_state == LION_OFF) != !s->lion_rule)
        return BAD("field 'lion.state': \"%s\" does not fit rules.lion = %s",
                   ostrich_lion_names[s->lion_state], s->lion_rule ? "true" : "false");
    if (s->lion_state == LION_HIDDEN && s->pool[KIND_PEEPA] == 0 &&
        s->phase != PH_LION_PLACE)
        return BAD("field 'lion.state': the lion is hidden but no peepa is face down");
    if (s->lion_turns >= s->players ||
        (s->lion_turns != 0 && s->lion_state != LION_ACTIVE))
        return BAD("field 'lion.turns': %d does not fit the lion's state and %d players",
                   s->lion_turns, s->players);
    if (!lion_in_play(s)) {
        if (s->lion_space != OSTRICH_NO_SPACE)
            return BAD("field 'lion.space': the lion is not in play");
        return SA_OK;
    }
    if (s->lion_space == OSTRICH_NO_SPACE)
        return BAD("field 'lion.space': the lion in play needs a space");
    int t = s->track.terrain[s->lion_space];
    if (t == T_VORTEX ? s->phase != PH_VORTEX : !ostrich_lion_can_stand(s, s->lion_space))
        return BAD("field 'lion.space': the lion cannot stand there");
    if (s->bewitched != 0)
        return BAD(
            "field 'bewitched': no ostrich is bewitched while the lion is in play");
    return SA_OK;
}

static int main_mode(const ostrich_state *s)
{
    if (s->lion_state == LION_ACTIVE)
        return MODE_LION;
    return s->lion_state == LION_EXHAUSTED ? MODE_EXHAUSTED : MODE_NORMAL;
}

/* Which phases allow which mode, and the presence of the turn fields. */
static sa_status check_mode(const ostrich_state *s, sa_error *err)
{
    int ph = s->phase, mode = s->mode;
    if (mode == MODE_LION && s->lion_state != LION_ACTIVE && s->lion_state != LION_GONE)
        return BAD("field 'mode': a lion roll needs the lion active or gone");
    if (mode == MODE_EXHAUSTED && s->lion_state != LION_EXHAUSTED &&
        s->lion_state != LION_GONE)
        return BAD("field 'mode': an exhausted roll needs the lion exhausted or gone");
    int before_action = ph == PH_DEAL || ph == PH_ROLL || ph == PH_REROLL_CHOICE ||
                        ph == PH_REROLL || ph == PH_ACTION;
    if (before_action && mode != MODE_BONUS && mode != main_mode(s))
        return BAD("field 'mode': \"%s\" does not fit the lion's state (expected \"%s\")",
                   ostrich_mode_names[mode], ostrich_mode_names[main_mode(s)]);
    int simple = mode == MODE_NORMAL || mode == MODE_EXHAUSTED;
    if ((ph == PH_REROLL_CHOICE || ph == PH_REROLL || ph == PH_ACTION) && !simple)
        return BAD("field 'phase': \"%s\" only in normal and exhausted turns",
                   ostrich_phase_names[ph]);
    if (ph == PH_MOVES && simple)
        return BAD("field 'phase': \"moves\" only in lion turns and bonus rolls");
    if (ph == PH_DEAL && mode != MODE_NORMAL)
        return BAD("field 'mode': the deal comes before the first turn");
    if (ph == PH_FLIP &&
        (mode != MODE_BONUS || s->dice_black != FACE_W || lion_in_play(s)))
        return BAD(
            "field 'phase': \"flip\" only after a bonus roll with a wild black die and no lion in play");
    if (ph >= PH_LION_BLACK && ph <= PH_VORTEX &&
        (mode != MODE_LION || s->lion_state != LION_ACTIVE))
        return BAD("field 'phase': \"%s\" only in a lion turn with the lion active",
                   ostrich_phase_names[ph]);
    if (ph == PH_LION_PLACE && s->lion_state != LION_HIDDEN)
        return BAD("field 'phase': \"lion_place\" needs the lion hidden");
    if (ph == PH_VORTEX && s->track.terrain[s->lion_space] != T_VORTEX)
        return BAD("field 'phase': \"vortex\" needs the lion on a vortex");
    return SA_OK;
}

/* left/moved: present exactly during all-dice movement and what it resolves. */
static sa_status check_left(const ostrich_state *s, sa_error *err)
{
    int ph = s->phase, all_dice = s->mode == MODE_LION || s->mode == MODE_BONUS;
    int need;
    if (ph == PH_MOVES)
        need = 1;
    else if (ph == PH_BERRY || ph == PH_ADVANCE || ph == PH_LION_PLACE)
        need = all_dice;
    else if (ph == PH_NEST)
        need = all_dice ? -1 : 0; /* a lion turn's catch in the hunt has none */
    else
        need = 0;
    if (ph == PH_NEST && s->mode == MODE_BONUS)
        need = 1;
    if (need == 0 && s->has_left)
        return BAD("field 'left': must be null in phase \"%s\"", ostrich_phase_names[ph]);
    if (need == 1 && !s->has_left)
        return BAD("field 'left': missing during all-dice movement");
    if (!s->has_left && s->moved)
        return BAD("field 'moved': must be \"\" when 'left' is null");
    for (int f = 0; f < N_FACES && s->has_left; f++)
        if (s->left[f] > s->dice_white[f])
            return BAD("field 'left': not part of the white dice");
    for (int x = 0; x < 5; x++)
        if ((s->moved >> x & 1) && s->left[x])
            return BAD("field 'left': still holds dice of moved ostrich %c", 'A' + x);
    return SA_OK;
}

static sa_status check_turn_fields(const ostrich_state *s, sa_error *err)
{
    int ph = s->phase;
    int want_dice = ph != PH_DEAL && ph != PH_ROLL && ph != PH_OVER;
    if (want_dice != s->has_dice)
        return BAD("field 'dice': %s in phase \"%s\"",
                   want_dice ? "missing" : "must be null", ostrich_phase_names[ph]);
    if ((ph == PH_REROLL) != s->has_reroll)
        return BAD("field 'reroll': %s in phase \"%s\"",
                   s->has_reroll ? "must be null" : "missing", ostrich_phase_names[ph]);
    if (s->has_reroll) {
        int any = s->reroll_black;
        for (int f = 0; f < N_FACES; f++) {
            if (s->reroll_white[f] > s->dice_white[f])
                return BAD("field 'reroll.white': not part of the white dice");
            any |= s->reroll_white[f];
        }
        if (!any)
            return BAD("field 'reroll': re-rolls no die");
    }
    TRY(check_left(s, err));
    int want_ostrich =
        ph == PH_BERRY || ph == PH_ADVANCE || ph == PH_NEST || ph == PH_LION_PLACE;
    if (want_ostrich != (s->pend_ostrich != 0xFF) ||
        (ph == PH_ADVANCE) != (s->pend_steps != 0xFF) ||
        (ph == PH_LION_MOVE) != (s->pend_target != 0xFF))
        return BAD("field 'pending': does not fit phase \"%s\"", ostrich_phase_names[ph]);
    if (ph == PH_OVER && (s->bonus || s->extra))
        return BAD("field '%s': must be 0 in phase \"over\"",
                   s->bonus ? "bonus" : "extra");
    return SA_OK;
}

static sa_status check_board(const ostrich_state *s, sa_error *err)
{
    int ph = s->phase;
    for (int x = 0; x < 5; x++) {
        int off = s->ost_where[x] == AT_OFF;
        if (off && !(ph == PH_NEST && s->pend_ostrich == x))
            return BAD("field 'ostriches': ostrich %c is missing", 'A' + x);
        if (!off && ph == PH_NEST && s->pend_ostrich == x)
            return BAD(
                "field 'pending.ostrich': %c waits for a nest, so it is neither on the track nor finished",
                'A' + x);
    }
    if ((ph == PH_BERRY || ph == PH_ADVANCE || ph == PH_LION_PLACE) &&
        s->ost_where[s->pend_ostrich] != AT_TRACK)
        return BAD("field 'pending.ostrich': %c is not on the track",
                   'A' + s->pend_ostrich);
    for (int x = 0; x < 5; x++) {
        if (s->ost_where[x] != AT_TRACK)
            continue;
        int sp = s->ost_space[x];
        int on_berry = (int)(s->berry_bb[sp >> 6] >> (sp & 63) & 1);
        if (on_berry && !(ph == PH_BERRY && s->pend_ostrich == x))
            return BAD("field 'berries': a berry lies under ostrich %c", 'A' + x);
        if (!on_berry && ph == PH_BERRY && s->pend_ostrich == x)
            return BAD("field 'pending.ostrich': %c does not stand on a berry", 'A' + x);
        if (lion_in_play(s) && sp == s->lion_space)
            return BAD("field 'lion.space': the lion shares a space with ostrich %c",
                       'A' + x);
    }
    if ((s->n_finished == 3) != (ph == PH_OVER))
        return BAD("field 'finished': %d finished ostriches in phase \"%s\"",
                   s->n_finished, ostrich_phase_names[ph]);
    int any_null = 0;
    for (int p = 0; p < s->players; p++)
        any_null |= s->pred[p] < 0;
    if (any_null != (ph == PH_DEAL))
        return BAD("field 'predictions': %s",
                   any_null ? "tiles missing outside phase \"deal\""
                            : "phase \"deal\" with every tile dealt");
    return SA_OK;
}

/* The deal happens once, before the first turn (rule book, section 4):
 * nothing a turn does may have happened yet. */
static sa_status check_deal(const ostrich_state *s, sa_error *err)
{
    if (s->phase != PH_DEAL)
        return SA_OK;
    if (s->current != 0)
        return BAD(
            "field 'current': must be 0 in phase \"deal\" (the deal comes before the first turn)");
    if (s->bonus || s->extra)
        return BAD("field '%s': must be 0 in phase \"deal\"",
                   s->bonus ? "bonus" : "extra");
    if (s->n_finished)
        return BAD("field 'finished': must be \"\" in phase \"deal\"");
    if (s->bewitched)
        return BAD("field 'bewitched': must be \"\" in phase \"deal\"");
    if (s->lion_state != (s->lion_rule ? LION_HIDDEN : LION_OFF))
        return BAD("field 'lion.state': must be \"%s\" in phase \"deal\"",
                   s->lion_rule ? "hidden" : "off");
    return SA_OK;
}

static sa_status check_lion_phases(const ostrich_state *s, sa_error *err)
{
    int ph = s->phase;
    if (ph != PH_LION_BLACK && ph != PH_LION_TARGET && ph != PH_LION_MOVE)
        return SA_OK;
    int reach = ostrich_lion_reachable(s), b = s->dice_black;
    if (reach == 0)
        return BAD("field 'phase': \"%s\" but no ostrich is within the lion's reach",
                   ostrich_phase_names[ph]);
    if (ph == PH_LION_BLACK && (b == FACE_W || (reach >> b & 1)))
        return BAD(
            "field 'dice.black': \"lion_black\" only when the die names an unreachable ostrich");
    if (ph == PH_LION_TARGET && b != FACE_W)
        return BAD("field 'dice.black': \"lion_target\" needs a wild black die");
    if (ph == PH_LION_MOVE) {
        if (!(reach >> s->pend_target & 1))
            return BAD("field 'pending.target': %c is out of the lion's reach",
                       'A' + s->pend_target);
        if (b != FACE_W && b != s->pend_target)
            return BAD("field 'pending.target': the black die shows %c", faces[b]);
    }
    return SA_OK;
}

static sa_status check_to_move(const ostrich_state *s, const sa_json *v, sa_error *err)
{
    int who = ostrich_to_move(s);
    if (v->type == SA_JSON_STRING) {
        const char *want = who == SA_CHANCE     ? "chance"
                           : who == SA_TERMINAL ? "terminal"
                                                : NULL;
        if (want == NULL || strcmp(v->string, want) != 0)
            goto disagree;
        return SA_OK;
    }
    if (v->type != SA_JSON_NUMBER || !v->is_integer)
        return BAD("field 'to_move': expected a player, \"chance\" or \"terminal\"");
    if (v->integer != who)
        goto disagree;
    return SA_OK;
disagree:
    if (who >= 0)
        return BAD("field 'to_move': disagrees with the position (player %d to move)",
                   who);
    return BAD("field 'to_move': disagrees with the position (\"%s\")",
               who == SA_CHANCE ? "chance" : "terminal");
}

/* ---------------------------------------------------------------- reading */

static sa_status read_fields(ostrich_state *s, const sa_json *root, sa_error *err)
{
    int64_t num;
    int e;
    uint8_t counts[N_FACES];
    TRY(read_track(s, sa_json_member(root, "track"), err));
    TRY(read_berry_types(s, sa_json_member(root, "berry_types"), err));
    TRY(read_berries(s, sa_json_member(root, "berries"),
                     sa_json_member(root, "berry_pool"), err));
    TRY(read_ostriches(s, sa_json_member(root, "ostriches"),
                       sa_json_member(root, "finished"), err));
    TRY(get_letters(sa_json_member(root, "bewitched"), "bewitched", "ABCDE", 1, 1, 0, 5,
                    counts, err));
    s->bewitched = (uint8_t)mask_of(counts);
    for (int x = 0; x < 5; x++)
        if ((s->bewitched >> x & 1) && s->ost_where[x] != AT_TRACK)
            return BAD("field 'bewitched': %c is not on the track", 'A' + x);
    TRY(read_predictions(s, sa_json_member(root, "predictions"), err));
    TRY(sa_json_get_int(sa_json_member(root, "current"), "current", 0, s->players - 1,
                        &num, err));
    s->current = (uint8_t)num;
    TRY(sa_json_get_enum(sa_json_member(root, "mode"), "mode", ostrich_mode_names, &e,
                         err));
    s->mode = (uint8_t)e;
    TRY(sa_json_get_enum(sa_json_member(root, "phase"), "phase", ostrich_phase_names, &e,
                         err));
    s->phase = (uint8_t)e;
    TRY(read_dice(s, sa_json_member(root, "dice"), err));
    TRY(read_reroll(s, sa_json_member(root, "reroll"), err));
    const sa_json *left = sa_json_member(root, "left");
    if (left->type != SA_JSON_NULL) {
        TRY(get_letters(left, "left", faces, 1, 5, 0, 5, s->left, err));
        s->has_left = 1;
    }
    TRY(get_letters(sa_json_member(root, "moved"), "moved", "ABCDE", 1, 1, 0, 5, counts,
                    err));
    s->moved = (uint8_t)mask_of(counts);
    TRY(read_pending(s, sa_json_member(root, "pending"), err));
    TRY(sa_json_get_int(sa_json_member(root, "bonus"), "bonus", 0, OSTRICH_MAX_OWED, &num,
                        err));
    s->bonus = (uint8_t)num;
    TRY(sa_json_get_int(sa_json_member(root, "extra"), "extra", 0, OSTRICH_MAX_OWED, &num,
                        err));
    s->extra = (uint8_t)num;
    return read_lion(s, sa_json_member(root, "lion"), err);
}

sa_status ostrich_from_json(void *state, const sa_json *root, sa_error *err)
{
    static const char *const required[] = {
        "game",      "rules",    "to_move",   "track",       "berries", "berry_pool",
        "ostriches", "finished", "bewitched", "predictions", "current", "mode",
        "phase",     "dice",     "reroll",    "left",        "moved",   "pending",
        "bonus",     "extra",    "lion",      NULL};
    static const char *const optional[] = {"berry_types", NULL}; /* rule book section 6 */
    ostrich_state *s = state;
    ostrich_set_defaults(s);
    TRY(sa_json_check_keys(root, "", required, optional, err));
    TRY(read_rules(s, sa_json_member(root, "rules"), err));
    TRY(read_fields(s, root, err));
    TRY(check_turn_fields(s, err));
    TRY(check_board(s, err));
    TRY(check_lion(s, err));
    TRY(check_mode(s, err));
    TRY(check_lion_phases(s, err));
    TRY(check_deal(s, err));
    TRY(check_to_move(s, sa_json_member(root, "to_move"), err));
    ostrich_init_hash(s);
    int who = ostrich_to_move(s);
    if (who >= 0) {
        sa_move *moves = malloc(sizeof *moves * OSTRICH_MAX_MOVES);
        if (moves == NULL)
            return sa_error_set(err, SA_ERR_MEMORY, "out of memory");
        int n = ostrich_legal_moves(s, moves);
        free(moves);
        if (n == 0)
            return BAD("field 'phase': \"%s\" has no legal move here",
                       ostrich_phase_names[s->phase]);
    }
    return SA_OK;
}

/* ---------------------------------------------------------------- writing */

static void write_faces(sa_writer *w, const uint8_t counts[N_FACES])
{
    for (int f = 0; f < N_FACES; f++)
        for (int i = 0; i < counts[f]; i++)
            sa_write_char(w, faces[f]);
}

static void write_space(sa_writer *w, int sp)
{
    char name[8];
    space_name(sp, name);
    sa_write_json_string(w, name);
}

static void write_track(const ostrich_state *s, sa_writer *w)
{
    const ostrich_track *t = &s->track;
    if (t->is_default) {
        sa_write(w, "\"default\"");
        return;
    }
    sa_write_char(w, '[');
    for (int i = 0, row = 0; i < t->n_tiles; i++) {
        sa_write(w, i ? ",{\"name\":" : "{\"name\":");
        sa_write_json_string(w, t->tile_name[i]);
        sa_write(w, t->tile_curve[i] ? ",\"curve\":true,\"rows\":["
                                     : ",\"curve\":false,\"rows\":[");
        for (int r = 0; r < t->tile_rows[i]; r++, row++) {
            char text[4];
            for (int l = 0; l < 3; l++)
                text[l] = ostrich_terrain_chars[t->terrain[row * 3 + l]];
            text[3] = '\0';
            if (r)
                sa_write_char(w, ',');
            sa_write_json_string(w, text);
        }
        sa_write(w, "]}");
    }
    sa_write_char(w, ']');
}

static void write_berries(const ostrich_state *s, sa_writer *w)
{
    char names[OSTRICH_MAX_SPACES][8];
    int n = 0;
    for (int sp = 0; sp < s->track.n_rows * 3; sp++)
        if (s->berry_bb[sp >> 6] >> (sp & 63) & 1)
            space_name(sp, names[n++]);
    qsort(names, (size_t)n, sizeof names[0], berry_cmp);
    sa_write(w, ",\"berry_types\":{");
    for (int k = 0; k < s->n_kinds; k++)
        sa_write_fmt(w, "%s\"%s\":\"%s\"", k ? "," : "", s->kind_name[k],
                     ostrich_effect_names[s->kind_effect[k]]);
    sa_write(w, "},\"berries\":[");
    for (int i = 0; i < n; i++) {
        if (i)
            sa_write_char(w, ',');
        sa_write_json_string(w, names[i]);
    }
    sa_write(w, "],\"berry_pool\":{");
    int order[OSTRICH_MAX_KINDS], m = 0;
    for (int k = 0; k < s->n_kinds; k++) {
        if (s->pool[k] == 0)
            continue;
        int j = m++;
        while (j > 0 && strcmp(s->kind_name[order[j - 1]], s->kind_name[k]) > 0) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = k;
    }
    for (int i = 0; i < m; i++)
        sa_write_fmt(w, "%s\"%s\":%d", i ? "," : "", s->kind_name[order[i]],
                     s->pool[order[i]]);
    sa_write_char(w, '}');
}

static void write_ostriches(const ostrich_state *s, sa_writer *w)
{
    sa_write(w, ",\"ostriches\":{");
    int first = 1;
    for (int x = 0; x < 5; x++) {
        if (s->ost_where[x] != AT_TRACK)
            continue;
        sa_write_fmt(w, "%s\"%c\":", first ? "" : ",", 'A' + x);
        write_space(w, s->ost_space[x]);
        first = 0;
    }
    sa_write(w, "},\"finished\":\"");
    for (int i = 0; i < s->n_finished; i++)
        sa_write_char(w, (char)('A' + s->finished[i]));
    sa_write(w, "\",\"bewitched\":\"");
    for (int x = 0; x < 5; x++)
        if (s->bewitched >> x & 1)
            sa_write_char(w, (char)('A' + x));
    sa_write(w, "\",\"predictions\":[");
    for (int p = 0; p < s->players; p++) {
        if (p)
            sa_write_char(w, ',');
        if (s->pred[p] < 0)
            sa_write(w, "null");
        else
            sa_write_fmt(w, "\"%s\"", ostrich_tiles[s->pred[p]]);
    }
    sa_write_char(w, ']');
}

static void write_turn(const ostrich_state *s, sa_writer *w)
{
    sa_write_fmt(w,
                 ",\"current\":%d,\"mode\":\"%s\",\"phase\":\"%s\",\"dice\":", s->current,
                 ostrich_mode_names[s->mode], ostrich_phase_names[s->phase]);
    if (s->has_dice) {
        sa_write(w, "{\"white\":\"");
        write_faces(w, s->dice_white);
        sa_write_fmt(w, "\",\"black\":\"%c\"}", faces[s->dice_black]);
    } else {
        sa_write(w, "null");
    }
    sa_write(w, ",\"reroll\":");
    if (s->has_reroll) {
        sa_write(w, "{\"white\":\"");
        write_faces(w, s->reroll_white);
        sa_write_fmt(w, "\",\"black\":%s}", s->reroll_black ? "true" : "false");
    } else {
        sa_write(w, "null");
    }
    sa_write(w, ",\"left\":");
    if (s->has_left) {
        sa_write_char(w, '"');
        write_faces(w, s->left);
        sa_write_char(w, '"');
    } else {
        sa_write(w, "null");
    }
    sa_write(w, ",\"moved\":\"");
    for (int x = 0; x < 5; x++)
        if (s->moved >> x & 1)
            sa_write_char(w, (char)('A' + x));
    sa_write(w, "\",\"pending\":");
    if (s->pend_target != 0xFF)
        sa_write_fmt(w, "{\"target\":\"%c\"}", 'A' + s->pend_target);
    else if (s->pend_steps != 0xFF)
        sa_write_fmt(w, "{\"ostrich\":\"%c\",\"steps\":%d}", 'A' + s->pend_ostrich,
                     s->pend_steps);
    else if (s->pend_ostrich != 0xFF)
        sa_write_fmt(w, "{\"ostrich\":\"%c\"}", 'A' + s->pend_ostrich);
    else
        sa_write(w, "null");
    sa_write_fmt(w, ",\"bonus\":%d,\"extra\":%d,\"lion\":{\"state\":\"%s\",\"space\":",
                 s->bonus, s->extra, ostrich_lion_names[s->lion_state]);
    if (s->lion_space == OSTRICH_NO_SPACE)
        sa_write(w, "null");
    else
        write_space(w, s->lion_space);
    sa_write_fmt(w, ",\"turns\":%d}}", s->lion_turns);
}

void ostrich_to_json(const void *state, sa_writer *w)
{
    const ostrich_state *s = state;
    sa_write_fmt(
        w,
        "{\"game\":\"ostrich\",\"rules\":{\"players\":%d,\"lion\":%s,\"berries\":%s,"
        "\"berry_trigger\":\"%s\",\"quicksand\":\"%s\",\"last_tie\":\"%s\"},\"to_move\":",
        s->players, s->lion_rule ? "true" : "false", s->berries_rule ? "true" : "false",
        trigger_names[s->trigger_end], quicksand_names[s->quicksand_stop],
        last_tie_names[s->last_tie_both ? 0 : 1]);
    int who = ostrich_to_move(s);
    if (who >= 0)
        sa_write_int(w, who);
    else
        sa_write(w, who == SA_CHANCE ? "\"chance\"" : "\"terminal\"");
    sa_write(w, ",\"track\":");
    write_track(s, w);
    write_berries(s, w);
    write_ostriches(s, w);
    write_turn(s, w);
}

/* --------------------------------------------------------------- spelling */

void ostrich_move_str(const void *state, sa_move m, char out[SA_MOVE_STR_MAX])
{
    const ostrich_state *s = state;
    char name[8];
    int a = mv_a(m), n = 0;
    switch (mv_kind(m)) {
    case MV_DEAL: snprintf(out, SA_MOVE_STR_MAX, "pred:%s", ostrich_tiles[a]); return;
    case MV_DICE:
        for (int f = 0; f < N_FACES; f++)
            for (int i = 0; i < mv_count(m, f); i++)
                out[n++] = faces[f];
        snprintf(out + n, (size_t)(SA_MOVE_STR_MAX - n), "/%c", faces[mv_black(m)]);
        return;
    case MV_REROLL:
        n = snprintf(out, SA_MOVE_STR_MAX, "r:");
        for (int f = 0; f < N_FACES; f++)
            for (int i = 0; i < mv_count(m, f); i++)
                out[n++] = faces[f];
        if (mv_black_flag(m))
            out[n++] = '*';
        out[n] = '\0';
        if (n == 2)
            strcpy(out, "keep");
        return;
    case MV_PATH:
        n = snprintf(out, SA_MOVE_STR_MAX, "%c%d:", 'A' + a, mv_wilds(m));
        for (int i = 0; i < mv_len(m); i++) {
            int st = mv_step(m, i);
            out[n++] = (st & 4 ? "LSR" : "lsr")[st & 3];
        }
        out[n] = '\0';
        return;
    case MV_FLIP: snprintf(out, SA_MOVE_STR_MAX, "*%c", 'A' + a); return;
    case MV_PASS: strcpy(out, "pass"); return;
    case MV_BERRY: snprintf(out, SA_MOVE_STR_MAX, "berry:%s", s->kind_name[a]); return;
    case MV_NEST:
    case MV_LION_PLACE:
    case MV_VORTEX:
        space_name(mv_space(m, 0), name);
        snprintf(out, SA_MOVE_STR_MAX, "%s:%s",
                 mv_kind(m) == MV_NEST     ? "nest"
                 : mv_kind(m) == MV_VORTEX ? "vortex"
                                           : "lion",
                 name);
        return;
    case MV_BLACK: snprintf(out, SA_MOVE_STR_MAX, "black:%c", faces[a]); return;
    case MV_TARGET: snprintf(out, SA_MOVE_STR_MAX, "target:%c", 'A' + a); return;
    case MV_LION_PATH:
        n = snprintf(out, SA_MOVE_STR_MAX, "L:");
        for (int i = 0; i < mv_len(m); i++) {
            space_name(mv_space(m, i), name);
            n += snprintf(out + n, (size_t)(SA_MOVE_STR_MAX - n), "%s%s", i ? "-" : "",
                          name);
        }
        return;
    default: snprintf(out, SA_MOVE_STR_MAX, "?");
    }
}
