/* games/arena_io.c: the arena at the boundary: the starting position, reading
 * and validating a position (rule book §6), writing it canonically, and the
 * spelling of moves (§7). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "common/error.h"
#include "games/arena.h"

#define TRY(call)                                                                        \
    do {                                                                                 \
        sa_status status_ = (call);                                                      \
        if (status_ != SA_OK)                                                            \
            return status_;                                                              \
    } while (0)

static sa_status bad(sa_error *err, const char *path, const char *what)
{
    return sa_error_set(err, SA_ERR_POSITION, "field '%s': %s", path, what);
}

const char *const arena_phase_names[PH_NB] = {
    "request", "event",     "initiative",  "order",         "select",
    "act",     "attack",    "allocate",    "animal_wounds", "behaviour",
    "wander",  "hunt_step", "hunt_target", "animal_target", "over"};
static const char *const unit_ids[ARENA_UNITS] = {"0a", "0b", "1a", "1b", "x", "y", "z"};
static const char *const team_names[3] = {"0", "1", "A"};
static const char *const entry_names[2] = {"I", "II"};

/* ------------------------------------------------------------------------
 * Hex names. */

/* The padded hex of a name like "c12", or -1 when malformed. */
static int parse_hex_name(const char *s)
{
    if (s[0] < 'a' || s[0] > 'z' || s[1] < '1' || s[1] > '9')
        return -1;
    int row = s[1] - '0';
    if (s[2] != '\0') {
        if (s[2] < '0' || s[2] > '9' || s[3] != '\0')
            return -1;
        row = row * 10 + (s[2] - '0');
    }
    if (row > ARENA_SIDE)
        return -1;
    return arena_hex(s[0] - 'a', row - 1);
}

static void hex_name(int hex, char out[4])
{
    int row = arena_hex_r(hex) + 1, n = 0;
    out[n++] = (char)('a' + arena_hex_q(hex));
    if (row >= 10)
        out[n++] = (char)('0' + row / 10);
    out[n++] = (char)('0' + row % 10);
    out[n] = '\0';
}

static void default_arena(arena_fixed *f)
{
    memset(f->hexes, 0, sizeof f->hexes);
    for (int q = 0; q <= 8; q++)
        for (int r = 0; r <= 8; r++)
            if (q + r >= 4 && q + r <= 12) {
                int h = arena_hex(q, r);
                f->hexes[h >> 6] |= 1ULL << (h & 63);
            }
    f->hex_start[0] = (uint16_t)arena_hex(0, 4);
    f->hex_start[1] = (uint16_t)arena_hex(8, 4);
}

static int is_default_arena(const arena_fixed *f)
{
    arena_fixed d;
    default_arena(&d);
    return memcmp(d.hexes, f->hexes, sizeof d.hexes) == 0 &&
           d.hex_start[0] == f->hex_start[0] && d.hex_start[1] == f->hex_start[1];
}

static int board_has(const arena_fixed *f, int hex)
{
    return hex >= 0 && ((f->hexes[hex >> 6] >> (hex & 63)) & 1);
}

/* A hex name on the board; `nullable` lets JSON null through as ARENA_NO_HEX. */
static sa_status read_hex(const sa_json *v, const char *path, const arena_fixed *f,
                          int nullable, int *out, sa_error *err)
{
    if (nullable && v->type == SA_JSON_NULL) {
        *out = ARENA_NO_HEX;
        return SA_OK;
    }
    const char *s;
    TRY(sa_json_get_string(v, path, &s, err));
    int hex = parse_hex_name(s);
    if (hex < 0)
        return sa_error_set(err, SA_ERR_POSITION,
                            "field '%s': \"%.20s\" is not a hex name", path, s);
    if (f != NULL && !board_has(f, hex))
        return sa_error_set(err, SA_ERR_POSITION,
                            "field '%s': hex %s is not on the board", path, s);
    *out = hex;
    return SA_OK;
}

/* ------------------------------------------------------------------------
 * Rules. */

static const char *const format_names[] = {"duel", "primus", NULL};
static const char *const initiative_names[] = {"lexicographic", "sum", NULL};
static const char *const spawn_names[] = {"triple", "three_sixes", NULL};
static const char *const event_names[] = {"always", "on_request", NULL};

/* The rules options (safari/rules.h draws a row's layout), in the order the
 * canonical JSON writes them. */
enum {
    RULE_FORMAT,
    RULE_ANIMALS,
    RULE_INITIATIVE,
    RULE_ATTACK_THEN_MOVE,
    RULE_SPAWN,
    RULE_EVENT_ROLL,
    RULE_ROUND_CAP,
    RULE_SIDE0,
    RULE_SIDE1
};

const sa_rule arena_rules[ARENA_N_RULES] = {
    {"format", SA_RULE_ENUM, FORMAT_DUEL, 0, 0, format_names, NULL,
     "one or two gladiators a side"},
    {"animals", SA_RULE_BOOL, 0, 0, 1, NULL, NULL, "the Wild Animals variant"},
    {"initiative", SA_RULE_ENUM, INIT_LEXICOGRAPHIC, 0, 0, initiative_names, NULL,
     "initiative rolls compared die by die from the highest, or by their totals"},
    {"attack_then_move", SA_RULE_BOOL, 1, 0, 1, NULL, NULL,
     "a gladiator may move after attacking"},
    {"spawn", SA_RULE_ENUM, SPAWN_TRIPLE, 0, 0, spawn_names, NULL,
     "what the event roll needs for an animal to appear"},
    {"event_roll", SA_RULE_ENUM, EVENT_ALWAYS, 0, 0, event_names, NULL,
     "the event roll happens every round, or when a side asks"},
    {"round_cap", SA_RULE_INT, 30, 1, 1000, NULL, NULL,
     "the combat is drawn when this round ends"},
    {"side0", SA_RULE_STRING, 0, 0, 0, NULL, "thraex",
     "side 0's gladiator at set-up: a roster name (primus: one, or two joined by '+')"},
    {"side1", SA_RULE_STRING, 0, 0, 0, NULL, "murmillo",
     "side 1's gladiator at set-up: a roster name (primus: one, or two joined by '+')"},
};

static int roster_index(const char *name, size_t len)
{
    for (int i = 0; i < ARENA_ROSTER_NB; i++)
        if (strlen(arena_roster_names[i]) == len &&
            strncmp(arena_roster_names[i], name, len) == 0)
            return i;
    return -1;
}

/* The roster name, or two joined by '+' (primus only), `s` of option `path`. */
static sa_status read_side_names(const char *s, const char *path, int format,
                                 uint8_t out[2], sa_error *err)
{
    const char *plus = strchr(s, '+');
    int a = roster_index(s, plus ? (size_t)(plus - s) : strlen(s));
    int b = plus ? roster_index(plus + 1, strlen(plus + 1)) : ARENA_NO_NAME;
    if (a < 0 || b < 0 || (plus && format == FORMAT_DUEL))
        return sa_error_set(err, SA_ERR_POSITION,
                            "field '%s': \"%.40s\" is not a roster name%s", path, s,
                            format == FORMAT_DUEL ? "" : " or two joined by '+'");
    out[0] = (uint8_t)a;
    out[1] = (uint8_t)b;
    return SA_OK;
}

static sa_status read_rules(arena_fixed *f, const sa_json *rules, sa_error *err)
{
    sa_rule_value v[ARENA_N_RULES];
    TRY(sa_rules_read(arena_rules, ARENA_N_RULES, rules, v, err));
    f->format = (uint8_t)v[RULE_FORMAT].number;
    f->animals = (uint8_t)v[RULE_ANIMALS].number;
    f->initiative = (uint8_t)v[RULE_INITIATIVE].number;
    f->attack_then_move = (uint8_t)v[RULE_ATTACK_THEN_MOVE].number;
    f->spawn = (uint8_t)v[RULE_SPAWN].number;
    f->event_roll = (uint8_t)v[RULE_EVENT_ROLL].number;
    f->round_cap = (uint16_t)v[RULE_ROUND_CAP].number;
    TRY(read_side_names(v[RULE_SIDE0].text, "rules.side0", f->format, f->side_names[0],
                        err));
    TRY(read_side_names(v[RULE_SIDE1].text, "rules.side1", f->format, f->side_names[1],
                        err));
    return SA_OK;
}

/* ------------------------------------------------------------------------
 * The starting position (§4). */

static void init_state(arena_state *st)
{
    memset(&st->dyn, 0, sizeof st->dyn);
    for (int u = 0; u < ARENA_UNITS; u++)
        st->dyn.hex[u] = ARENA_NO_HEX;
    st->dyn.round = 1;
}

static void place_gladiator(arena_state *st, int u, int roster, int hex)
{
    const uint8_t *stats = arena_roster_stats[roster];
    st->dyn.alive |= (uint8_t)(1u << u);
    st->dyn.attack[u] = stats[0], st->dyn.defense[u] = stats[1],
    st->dyn.speed[u] = stats[2];
    st->dyn.hex[u] = (uint16_t)hex;
    snprintf(st->fixed.names[u], sizeof st->fixed.names[u], "%s",
             arena_roster_names[roster]);
}

static sa_status arena_new_position(void *state, const sa_json *rules, sa_error *err)
{
    arena_state *st = state;
    memset(st, 0, sizeof *st);
    TRY(read_rules(&st->fixed, rules, err));
    default_arena(&st->fixed);
    init_state(st);
    for (int side = 0; side < 2; side++) {
        const uint8_t *names = st->fixed.side_names[side];
        int start = st->fixed.hex_start[side];
        place_gladiator(st, 2 * side, names[0], start);
        if (st->fixed.format == FORMAT_PRIMUS) {
            int second = names[1] == ARENA_NO_NAME ? names[0] : names[1];
            int hex = side == 0 ? arena_hex(0, 5) : arena_hex(8, 3); /* a6, i4 */
            place_gladiator(st, 2 * side + 1, second, hex);
        }
    }
    if (st->fixed.animals)
        st->dyn.pool = st->fixed.format == FORMAT_PRIMUS ? 4 : 2;
    st->base_key = arena_fixed_key(&st->fixed);
    st->key = arena_hash_from_scratch(st);
    arena_start_round(st);
    return SA_OK;
}

/* ------------------------------------------------------------------------
 * Reading a position. */

static sa_status read_arena(arena_fixed *f, const sa_json *v, sa_error *err)
{
    if (v->type == SA_JSON_STRING) {
        if (strcmp(v->string, "default") != 0)
            return bad(err, "arena", "expected \"default\" or an object");
        default_arena(f);
        return SA_OK;
    }
    static const char *const keys[] = {"hexes", "I", "II", NULL};
    TRY(sa_json_check_keys(v, "arena", keys, NULL, err));
    size_t n;
    const sa_json *hexes = sa_json_member(v, "hexes");
    TRY(sa_json_get_array(hexes, "arena.hexes", &n, err));
    if (n < 2)
        return bad(err, "arena.hexes", "an arena needs at least 2 hexes");
    memset(f->hexes, 0, sizeof f->hexes);
    char path[48];
    int i = 0;
    for (const sa_json *h = hexes->child; h != NULL; h = h->next, i++) {
        int hex = 0;
        snprintf(path, sizeof path, "arena.hexes[%d]", i);
        TRY(read_hex(h, path, NULL, 0, &hex, err));
        if (board_has(f, hex))
            return bad(err, path, "repeated hex");
        f->hexes[hex >> 6] |= 1ULL << (hex & 63);
    }
    int start[2];
    TRY(read_hex(sa_json_member(v, "I"), "arena.I", f, 0, &start[0], err));
    TRY(read_hex(sa_json_member(v, "II"), "arena.II", f, 0, &start[1], err));
    if (start[0] == start[1])
        return bad(err, "arena.II", "I and II must differ");
    f->hex_start[0] = (uint16_t)start[0];
    f->hex_start[1] = (uint16_t)start[1];
    return SA_OK;
}

static sa_status read_small_int(const sa_json *obj, const char *path, const char *key,
                                int min, int max, int *out, sa_error *err)
{
    const sa_json *v;
    char full[64];
    snprintf(full, sizeof full, "%s%s%s", path, path[0] ? "." : "", key);
    TRY(sa_json_require(obj, path, key, &v, err));
    int64_t x;
    TRY(sa_json_get_int(v, full, min, max, &x, err));
    *out = (int)x;
    return SA_OK;
}

static int id_index(const char *s)
{
    for (int u = 0; u < ARENA_UNITS; u++)
        if (strcmp(s, unit_ids[u]) == 0)
            return u;
    return -1;
}

/* An id of an existing unit (any unit when `any` is set). */
static sa_status read_id(const arena_state *st, const sa_json *v, const char *path,
                         int *out, sa_error *err)
{
    const char *s;
    TRY(sa_json_get_string(v, path, &s, err));
    int u = id_index(s);
    if (u < 0 || !((st->dyn.alive >> u) & 1))
        return sa_error_set(err, SA_ERR_POSITION,
                            "field '%s': \"%.20s\" is not a combatant here", path, s);
    *out = u;
    return SA_OK;
}

static sa_status read_name(const sa_json *v, const char *path, char out[33],
                           sa_error *err)
{
    const char *s;
    TRY(sa_json_get_string(v, path, &s, err));
    size_t n = strlen(s);
    if (n < 1 || n > 32 || n != v->length)
        return bad(err, path,
                   "a name has 1 to 32 printable ASCII characters without spaces");
    for (size_t i = 0; i < n; i++)
        if (s[i] <= ' ' || s[i] > '~')
            return bad(err, path,
                       "a name has 1 to 32 printable ASCII characters without spaces");
    memcpy(out, s, n + 1);
    return SA_OK;
}

static sa_status read_gladiators(arena_state *st, const sa_json *list, sa_error *err)
{
    static const char *const keys[] = {"id",    "name",   "side", "attack", "defense",
                                       "speed", "wounds", "hex",  NULL};
    size_t n;
    TRY(sa_json_get_array(list, "gladiators", &n, err));
    char path[48], full[64];
    int i = 0, last = -1;
    for (const sa_json *g = list->child; g != NULL; g = g->next, i++) {
        snprintf(path, sizeof path, "gladiators[%d]", i);
        TRY(sa_json_check_keys(g, path, keys, NULL, err));
        snprintf(full, sizeof full, "%s.id", path);
        const char *id;
        TRY(sa_json_get_string(sa_json_member(g, "id"), full, &id, err));
        int u = id_index(id);
        if (u < 0 || u >= ARENA_GLADIATORS ||
            (st->fixed.format == FORMAT_DUEL && (u & 1)))
            return sa_error_set(err, SA_ERR_POSITION,
                                "field '%s': \"%.20s\" is not a gladiator id of a %s",
                                full, id,
                                st->fixed.format == FORMAT_DUEL ? "duel" : "Primus");
        if (u == last)
            return bad(err, full, "repeated id");
        if (u < last)
            return bad(err, full, "gladiators must be sorted by id");
        last = u;
        int side = 0, a = 0, d = 0, s = 0, w = 0, hex = 0;
        TRY(read_small_int(g, path, "side", 0, 1, &side, err));
        if (side != arena_team(u))
            return sa_error_set(err, SA_ERR_POSITION,
                                "field '%s.side': %d differs from the id's digit", path,
                                side);
        TRY(read_small_int(g, path, "attack", 1, 8, &a, err));
        TRY(read_small_int(g, path, "defense", 1, 8, &d, err));
        TRY(read_small_int(g, path, "speed", 1, 8, &s, err));
        TRY(read_small_int(g, path, "wounds", 0, 99, &w, err));
        snprintf(full, sizeof full, "%s.name", path);
        TRY(read_name(sa_json_member(g, "name"), full, st->fixed.names[u], err));
        snprintf(full, sizeof full, "%s.hex", path);
        TRY(read_hex(sa_json_member(g, "hex"), full, &st->fixed, 0, &hex, err));
        st->dyn.alive |= (uint8_t)(1u << u);
        st->dyn.attack[u] = (uint8_t)a, st->dyn.defense[u] = (uint8_t)d;
        st->dyn.speed[u] = (uint8_t)s, st->dyn.wounds[u] = (uint8_t)w;
        st->dyn.hex[u] = (uint16_t)hex;
    }
    return SA_OK;
}

static sa_status read_animals(arena_state *st, const sa_json *list, sa_error *err)
{
    static const char *const keys[] = {"id",    "species", "attack", "defense",
                                       "speed", "hex",     "entry",  NULL};
    static const char *const species[] = {"lion", "bear", "rhino", NULL};
    static const char *const entries[] = {"I", "II", NULL};
    size_t n;
    TRY(sa_json_get_array(list, "animals", &n, err));
    if (n > 0 && !st->fixed.animals)
        return bad(err, "animals", "animals exist only with rules.animals");
    if (n > 3)
        return bad(err, "animals", "at most 3 animals");
    char path[48], full[64];
    int i = 0, rhinos = 0;
    for (const sa_json *g = list->child; g != NULL; g = g->next, i++) {
        snprintf(path, sizeof path, "animals[%d]", i);
        TRY(sa_json_check_keys(g, path, keys, NULL, err));
        snprintf(full, sizeof full, "%s.id", path);
        const char *id;
        TRY(sa_json_get_string(sa_json_member(g, "id"), full, &id, err));
        int u = id_index(id);
        if (u < ARENA_FIRST_ANIMAL)
            return sa_error_set(err, SA_ERR_POSITION,
                                "field '%s': \"%.20s\" is not an animal id", full, id);
        if ((st->dyn.alive >> u) & 1)
            return bad(err, full, "repeated id");
        int sp = 0, entry = 0, hex = 0, a = 0, d = 0, s = 0;
        snprintf(full, sizeof full, "%s.species", path);
        TRY(sa_json_get_enum(sa_json_member(g, "species"), full, species, &sp, err));
        if (sp == SPECIES_RHINO && rhinos++)
            return bad(err, full, "only one rhino may exist");
        const uint8_t *stats = arena_species_stats[sp];
        TRY(read_small_int(g, path, "attack", 1, stats[0], &a, err));
        TRY(read_small_int(g, path, "defense", 1, stats[1], &d, err));
        TRY(read_small_int(g, path, "speed", 1, stats[2], &s, err));
        snprintf(full, sizeof full, "%s.entry", path);
        TRY(sa_json_get_enum(sa_json_member(g, "entry"), full, entries, &entry, err));
        snprintf(full, sizeof full, "%s.hex", path);
        TRY(read_hex(sa_json_member(g, "hex"), full, &st->fixed, 1, &hex, err));
        st->dyn.alive |= (uint8_t)(1u << u);
        st->dyn.species[u] = (uint8_t)sp, st->dyn.entry[u] = (uint8_t)entry;
        st->dyn.attack[u] = (uint8_t)a, st->dyn.defense[u] = (uint8_t)d;
        st->dyn.speed[u] = (uint8_t)s, st->dyn.hex[u] = (uint16_t)hex;
        st->dyn.animal_age[st->dyn.n_animals++] = (uint8_t)u;
    }
    return SA_OK;
}

static sa_status check_hexes_distinct(const arena_state *st, sa_error *err)
{
    for (int u = 0; u < ARENA_UNITS; u++)
        for (int v = 0; v < u; v++)
            if (((st->dyn.alive >> u) & (st->dyn.alive >> v) & 1) &&
                st->dyn.hex[u] != ARENA_NO_HEX && st->dyn.hex[u] == st->dyn.hex[v])
                return sa_error_set(err, SA_ERR_POSITION,
                                    "field '%s': %s and %s share a hex",
                                    u < ARENA_FIRST_ANIMAL ? "gladiators" : "animals",
                                    unit_ids[v], unit_ids[u]);
    return SA_OK;
}

static sa_status read_team_order(arena_state *st, const sa_json *list, sa_error *err)
{
    static const char *const teams[] = {"0", "1", "A", NULL};
    size_t n;
    TRY(sa_json_get_array(list, "team_order", &n, err));
    if (n > 3)
        return bad(err, "team_order", "at most 3 teams");
    int i = 0, seen = 0;
    char path[32];
    for (const sa_json *t = list->child; t != NULL; t = t->next, i++) {
        int team = 0;
        snprintf(path, sizeof path, "team_order[%d]", i);
        TRY(sa_json_get_enum(t, path, teams, &team, err));
        if ((seen >> team) & 1)
            return bad(err, path, "repeated team");
        seen |= 1 << team;
        st->dyn.team_order[i] = (uint8_t)team;
    }
    st->dyn.n_teams = (uint8_t)n;
    return SA_OK;
}

static sa_status read_animal_order(arena_state *st, const sa_json *list, sa_error *err)
{
    size_t n;
    TRY(sa_json_get_array(list, "animal_order", &n, err));
    if (n > 3)
        return bad(err, "animal_order", "at most 3 animals");
    int i = 0;
    unsigned seen = 0;
    char path[32];
    for (const sa_json *t = list->child; t != NULL; t = t->next, i++) {
        int u = 0;
        snprintf(path, sizeof path, "animal_order[%d]", i);
        TRY(read_id(st, t, path, &u, err));
        if (!arena_is_animal(u) || st->dyn.hex[u] == ARENA_NO_HEX)
            return bad(err, path, "not an animal on the board");
        if ((seen >> u) & 1)
            return bad(err, path, "repeated animal");
        seen |= 1u << u;
        st->dyn.animal_order[i] = (uint8_t)u;
    }
    st->dyn.n_animal_order = (uint8_t)n;
    return SA_OK;
}

static sa_status read_acted(arena_state *st, const sa_json *list, sa_error *err)
{
    size_t n;
    TRY(sa_json_get_array(list, "acted", &n, err));
    int i = 0, last = -1;
    char path[32];
    for (const sa_json *t = list->child; t != NULL; t = t->next, i++) {
        int u = 0;
        snprintf(path, sizeof path, "acted[%d]", i);
        TRY(read_id(st, t, path, &u, err));
        if (u <= last)
            return bad(err, path, u == last ? "repeated id" : "acted must be sorted");
        if (st->dyn.hex[u] == ARENA_NO_HEX)
            return bad(err, path, "a waiting animal cannot have acted");
        last = u;
        st->dyn.acted |= (uint8_t)(1u << u);
    }
    return SA_OK;
}

static sa_status read_active(arena_state *st, const sa_json *v, sa_error *err)
{
    if (v->type == SA_JSON_NULL)
        return SA_OK;
    if (v->type != SA_JSON_OBJECT)
        return bad(err, "active", "expected an object or null");
    const sa_json *id;
    int u = 0;
    TRY(sa_json_require(v, "active", "id", &id, err));
    TRY(read_id(st, id, "active.id", &u, err));
    st->dyn.active = (uint8_t)(u + 1);
    if (!arena_is_animal(u)) {
        static const char *const keys[] = {"id", "moved", "attacked", NULL};
        int moved = 0, attacked = 0;
        TRY(sa_json_check_keys(v, "active", keys, NULL, err));
        TRY(sa_json_get_bool(sa_json_member(v, "moved"), "active.moved", &moved, err));
        TRY(sa_json_get_bool(sa_json_member(v, "attacked"), "active.attacked", &attacked,
                             err));
        st->dyn.moved = (uint8_t)moved, st->dyn.attacked = (uint8_t)attacked;
        return SA_OK;
    }
    static const char *const keys[] = {"id", "steps", "left", "target", NULL};
    int steps = 0, left = 0;
    TRY(sa_json_check_keys(v, "active", keys, NULL, err));
    TRY(read_small_int(v, "active", "steps", 0,
                       arena_species_stats[st->dyn.species[u]][2], &steps, err));
    TRY(read_small_int(v, "active", "left", 0, st->dyn.speed[u], &left, err));
    st->dyn.steps = (uint8_t)steps, st->dyn.left = (uint8_t)left;
    const sa_json *target = sa_json_member(v, "target");
    if (target->type != SA_JSON_NULL) {
        int t = 0;
        TRY(read_id(st, target, "active.target", &t, err));
        st->dyn.target = (uint8_t)(t + 1);
    }
    return SA_OK;
}

static sa_status read_pending(arena_state *st, const sa_json *v, sa_error *err)
{
    if (v->type == SA_JSON_NULL)
        return SA_OK;
    if (v->type != SA_JSON_OBJECT)
        return bad(err, "pending", "expected an object or null");
    int target = 0;
    const sa_json *t;
    TRY(sa_json_require(v, "pending", "target", &t, err));
    if (sa_json_member(v, "attacker") != NULL) {
        static const char *const keys[] = {"attacker", "target", NULL};
        int attacker = 0;
        TRY(sa_json_check_keys(v, "pending", keys, NULL, err));
        TRY(read_id(st, sa_json_member(v, "attacker"), "pending.attacker", &attacker,
                    err));
        TRY(read_id(st, t, "pending.target", &target, err));
        st->dyn.pend_attacker = (uint8_t)(attacker + 1);
        st->dyn.pend_target = (uint8_t)(target + 1);
        return SA_OK;
    }
    static const char *const keys[] = {"target", "wounds", NULL};
    int wounds = 0;
    TRY(sa_json_check_keys(v, "pending", keys, NULL, err));
    TRY(read_id(st, t, "pending.target", &target, err));
    TRY(read_small_int(v, "pending", "wounds", 1, 21, &wounds, err));
    st->dyn.pend_target = (uint8_t)(target + 1);
    st->dyn.pend_wounds = (uint8_t)wounds;
    return SA_OK;
}

static sa_status read_result(arena_state *st, const sa_json *v, sa_error *err)
{
    if (v->type == SA_JSON_NULL)
        return SA_OK;
    size_t n;
    TRY(sa_json_get_array(v, "result", &n, err));
    if (n == 2 && v->child->type == SA_JSON_NUMBER && v->child->is_integer &&
        v->child->next->type == SA_JSON_NUMBER && v->child->next->is_integer) {
        int64_t a = v->child->integer, b = v->child->next->integer;
        st->dyn.result = a == 1 && b == -1   ? 1
                         : a == -1 && b == 1 ? 2
                         : a == 0 && b == 0  ? 3
                                             : 0;
    }
    if (st->dyn.result == 0)
        return bad(err, "result", "expected [1,-1], [-1,1] or [0,0]");
    return SA_OK;
}

/* ------------------------------------------------------------------------
 * Consistency (§6 "Invalid positions"). */

static int phase_is_setup(int phase)
{
    return phase <= PH_ORDER;
}
static int phase_has_active(int phase)
{
    return phase >= PH_ACT && phase <= PH_ANIMAL_TARGET;
}

static sa_status check_over(const arena_state *st, sa_error *err)
{
    const arena_dyn *d = &st->dyn;
    int decided_result, decided = arena_is_over(st, &decided_result);
    if (d->phase != PH_OVER) {
        if (decided)
            return bad(err, "phase",
                       "the combat is decided, so the phase must be \"over\"");
        if (d->result)
            return bad(err, "result", "must be null until the combat is over");
        return SA_OK;
    }
    if (d->n_teams || d->n_animal_order || d->slot || d->acted || d->chooser ||
        d->active || d->pend_target)
        return bad(err, "phase", "\"over\" leaves no round state");
    if (d->result == 0)
        return bad(err, "result", "missing at the end of the combat");
    if (d->result == 3) {
        if ((d->alive & 15) && d->round != st->fixed.round_cap)
            return bad(err, "result", "[0,0] needs no gladiators left or the round cap");
    } else if (!decided || decided_result != d->result) {
        return bad(err, "result", "does not match the survivors");
    }
    return SA_OK;
}

static sa_status check_round_lists(const arena_state *st, sa_error *err)
{
    const arena_dyn *d = &st->dyn;
    unsigned on_board = 0, listed = 0;
    for (int u = ARENA_FIRST_ANIMAL; u < ARENA_UNITS; u++)
        if (((d->alive >> u) & 1) && d->hex[u] != ARENA_NO_HEX)
            on_board |= 1u << u;
    for (int i = 0; i < d->n_animal_order; i++)
        listed |= 1u << d->animal_order[i];
    if (d->phase == PH_OVER)
        return SA_OK;
    if (phase_is_setup(d->phase)) {
        if (d->n_teams)
            return bad(err, "team_order", "must be empty before the order is known");
        if (d->acted)
            return bad(err, "acted", "must be empty before the activations");
        if (d->slot)
            return bad(err, "slot", "must be 0 while team_order is empty");
        if (d->phase != PH_ORDER && d->n_animal_order)
            return bad(err, "animal_order", "must be empty before initiative");
    }
    if (d->phase >= PH_ORDER && listed != on_board)
        return bad(err, "animal_order", "must list exactly the animals on the board");
    if (d->phase > PH_ORDER) {
        int teams = arena_teams_on_board(st), have = 0;
        for (int i = 0; i < d->n_teams; i++)
            have |= 1 << d->team_order[i];
        if (d->n_teams == 0 || (teams & ~have))
            return bad(err, "team_order",
                       "must list every team with combatants on the board");
        if (d->slot >= d->n_teams)
            return bad(err, "slot", "does not index team_order");
    }
    return SA_OK;
}

static sa_status check_setup_phases(const arena_state *st, sa_error *err)
{
    const arena_dyn *d = &st->dyn;
    int asks = d->phase == PH_REQUEST || d->phase == PH_ORDER;
    if (asks) {
        int side = d->chooser - 1;
        if (side < 0 || !((d->alive >> (2 * side)) & 3))
            return bad(err, "chooser", "must be a side with gladiators");
    } else if (d->chooser) {
        return bad(err, "chooser", "must be null in this phase");
    }
    if (d->phase == PH_REQUEST && st->fixed.event_roll != EVENT_ON_REQUEST)
        return bad(err, "phase", "\"request\" needs rules.event_roll \"on_request\"");
    if ((d->phase == PH_REQUEST || d->phase == PH_EVENT) && !arena_event_roll_due(st))
        return bad(err, "phase", "no event roll can happen here");
    if (d->phase == PH_INITIATIVE &&
        __builtin_popcount((unsigned)arena_teams_on_board(st)) < 2)
        return bad(err, "phase", "initiative needs two teams on the board");
    if (d->phase == PH_SELECT && d->team_order[d->slot] == TEAM_A)
        return bad(err, "phase", "\"select\" at the slot of team A");
    return SA_OK;
}

static sa_status check_active(const arena_state *st, sa_error *err)
{
    const arena_dyn *d = &st->dyn;
    int u = d->active - 1;
    if (!phase_has_active(d->phase))
        return d->active ? bad(err, "active", "must be null in this phase") : SA_OK;
    if (!d->active)
        return bad(err, "active", "missing in this phase");
    if (!((d->acted >> u) & 1))
        return bad(err, "active", "the active combatant must be in acted");
    if (d->hex[u] == ARENA_NO_HEX)
        return bad(err, "active.id", "a waiting animal cannot act");
    if (arena_team(u) != d->team_order[d->slot])
        return bad(err, "active", "not of the team at team_order[slot]");
    if (!arena_is_animal(u)) {
        if (d->phase > PH_ANIMAL_WOUNDS)
            return bad(err, "active", "a gladiator cannot be active in an animal phase");
        if (d->phase != PH_ACT && d->attacked)
            return bad(err, "active.attacked",
                       "must be false while an attack is resolved");
        if (d->moved && d->attacked)
            return bad(err, "active", "moved and attacked cannot both be true");
        return SA_OK;
    }
    if (d->phase == PH_ACT)
        return bad(err, "active", "an animal has no \"act\" phase");
    int foe_adjacent = arena_adjacent(st, u, arena_enemies(st, u)) != 0;
    if (d->phase >= PH_BEHAVIOUR && d->phase <= PH_HUNT_TARGET && foe_adjacent)
        return bad(err, "active", "a foe is next to the animal, so it must attack");
    if ((d->phase == PH_BEHAVIOUR || d->phase == PH_HUNT_TARGET) &&
        (d->steps || d->left || d->target))
        return bad(err, "active", "needs steps = left = 0 and no target");
    if (d->phase == PH_WANDER && (d->left < 1 || d->left > 2 || d->target))
        return bad(err, "active", "\"wander\" needs left 1 or 2 and no target");
    if (d->phase == PH_HUNT_STEP &&
        (!d->target || d->left < 1 || !((arena_enemies(st, u) >> (d->target - 1)) & 1)))
        return bad(err, "active",
                   "\"hunt_step\" needs a foe on the board as target and left >= 1");
    if (d->phase == PH_ANIMAL_TARGET && d->left)
        return bad(err, "active.left", "must be 0 in \"animal_target\"");
    /* steps counts the hexes moved this activation and left those still to
     * go: a hunt starts with left = speed, a wander with left = 1 or 2, and
     * each step moves one from left to steps, so play never gets past
     * these sums (a position beyond them has children no reader accepts) */
    int full = arena_species_stats[d->species[u]][2];
    int most = d->phase == PH_HUNT_STEP ? d->speed[u]
               : d->phase == PH_WANDER  ? 2
               : full > 2               ? full
                          : 2; /* after the move: the species' speed bounds it */
    if (d->steps + d->left > most)
        return sa_error_set(
            err, SA_ERR_POSITION,
            "field 'active.steps': steps + left must be "
            "at most %d here (the animal's speed, 2 in a wander), got %d + %d",
            most, d->steps, d->left);
    if (d->target && d->phase != PH_HUNT_STEP && d->phase != PH_ATTACK &&
        d->phase != PH_ALLOCATE && d->phase != PH_ANIMAL_WOUNDS &&
        d->phase != PH_ANIMAL_TARGET)
        return bad(err, "active.target", "must be null in this phase");
    return SA_OK;
}

static sa_status check_pending(const arena_state *st, sa_error *err)
{
    const arena_dyn *d = &st->dyn;
    int target = d->pend_target - 1;
    if (d->phase == PH_ATTACK) {
        if (!d->pend_attacker)
            return bad(err, "pending", "\"attack\" needs {\"attacker\",\"target\"}");
        if (d->pend_attacker != d->active)
            return bad(err, "pending.attacker", "must be the active combatant");
        int attacker = d->active - 1;
        if (((d->alive >> target) & 1) == 0 || d->hex[target] == ARENA_NO_HEX ||
            !((arena_adjacent(st, attacker, arena_enemies(st, attacker)) >> target) & 1))
            return bad(err, "pending.target",
                       "must be an adjacent enemy of the attacker");
        return SA_OK;
    }
    if (d->phase == PH_ALLOCATE || d->phase == PH_ANIMAL_WOUNDS) {
        if (!d->pend_wounds)
            return bad(err, "pending", "needs {\"target\",\"wounds\"}");
        if (d->phase == PH_ALLOCATE && arena_is_animal(target))
            return bad(err, "pending.target", "\"allocate\" needs a gladiator");
        if (d->phase == PH_ANIMAL_WOUNDS &&
            (!arena_is_animal(target) || d->hex[target] == ARENA_NO_HEX))
            return bad(err, "pending.target",
                       "\"animal_wounds\" needs an animal on the board");
        if (d->pend_wounds > arena_spare(st, target))
            return bad(err, "pending.wounds", "more than the target's spare dice");
        return SA_OK;
    }
    if (d->pend_target)
        return bad(err, "pending", "must be null in this phase");
    return SA_OK;
}

static sa_status check_to_move(const arena_state *st, const sa_json *v, sa_error *err)
{
    int who = arena_to_move(st);
    int ok;
    if (v->type == SA_JSON_STRING)
        ok = (who == SA_CHANCE && strcmp(v->string, "chance") == 0) ||
             (who == SA_TERMINAL && strcmp(v->string, "terminal") == 0);
    else if (v->type == SA_JSON_NUMBER && v->is_integer &&
             (v->integer == 0 || v->integer == 1))
        ok = v->integer == who; /* not -1/-2: those are "chance"/"terminal" */
    else
        return bad(err, "to_move", "expected 0, 1, \"chance\" or \"terminal\"");
    return ok ? SA_OK : bad(err, "to_move", "disagrees with the phase");
}

static const char *const position_keys[] = {
    "game",       "rules",   "to_move", "arena",      "round",        "pool",
    "gladiators", "animals", "phase",   "team_order", "animal_order", "slot",
    "acted",      "chooser", "active",  "pending",    "result",       NULL};
static const char *const optional_keys[] = {NULL}; /* "rules" too is required (6) */

static sa_status read_fields(arena_state *st, const sa_json *root, sa_error *err)
{
    int value = 0;
    TRY(read_rules(&st->fixed, sa_json_member(root, "rules"), err));
    TRY(read_arena(&st->fixed, sa_json_member(root, "arena"), err));
    TRY(read_small_int(root, "", "round", 1, st->fixed.round_cap, &value, err));
    st->dyn.round = (uint16_t)value;
    TRY(read_small_int(root, "", "pool", 0, 20, &value, err));
    if (value && !st->fixed.animals)
        return bad(err, "pool", "must be 0 without animals");
    st->dyn.pool = (uint8_t)value;
    TRY(read_gladiators(st, sa_json_member(root, "gladiators"), err));
    TRY(read_animals(st, sa_json_member(root, "animals"), err));
    TRY(check_hexes_distinct(st, err));
    static const char *const *phases = arena_phase_names;
    const char *names[PH_NB + 1];
    for (int i = 0; i < PH_NB; i++)
        names[i] = phases[i];
    names[PH_NB] = NULL;
    TRY(sa_json_get_enum(sa_json_member(root, "phase"), "phase", names, &value, err));
    st->dyn.phase = (uint8_t)value;
    TRY(read_team_order(st, sa_json_member(root, "team_order"), err));
    TRY(read_animal_order(st, sa_json_member(root, "animal_order"), err));
    TRY(read_small_int(root, "", "slot", 0, 2, &value, err));
    st->dyn.slot = (uint8_t)value;
    TRY(read_acted(st, sa_json_member(root, "acted"), err));
    const sa_json *chooser = sa_json_member(root, "chooser");
    if (chooser->type != SA_JSON_NULL) {
        TRY(read_small_int(root, "", "chooser", 0, 1, &value, err));
        st->dyn.chooser = (uint8_t)(value + 1);
    }
    TRY(read_active(st, sa_json_member(root, "active"), err));
    TRY(read_pending(st, sa_json_member(root, "pending"), err));
    return read_result(st, sa_json_member(root, "result"), err);
}

static sa_status arena_from_json(void *state, const sa_json *root, sa_error *err)
{
    arena_state *st = state;
    memset(st, 0, sizeof *st);
    init_state(st);
    TRY(sa_json_check_keys(root, "", position_keys, optional_keys, err));
    const char *game;
    TRY(sa_json_get_string(sa_json_member(root, "game"), "game", &game, err));
    if (strcmp(game, "arena") != 0)
        return bad(err, "game", "expected \"arena\"");
    TRY(read_fields(st, root, err));
    /* Fields that only make sense in their phase are rejected as unknown
     * combinations before any rule looks at them. */
    TRY(check_over(st, err));
    TRY(check_round_lists(st, err));
    TRY(check_setup_phases(st, err));
    TRY(check_active(st, err));
    TRY(check_pending(st, err));
    TRY(check_to_move(st, sa_json_member(root, "to_move"), err));
    if (st->dyn.phase != PH_OVER && arena_option_count(st) < 2)
        return bad(err, "phase",
                   "a position that is not over offers at least two moves or outcomes");
    st->base_key = arena_fixed_key(&st->fixed);
    st->key = arena_hash_from_scratch(st);
    return SA_OK;
}

/* ------------------------------------------------------------------------
 * Writing. */

static void write_rules(const arena_fixed *f, sa_writer *w)
{
    sa_write_fmt(
        w,
        "{\"format\":\"%s\",\"animals\":%s,\"initiative\":\"%s\","
        "\"attack_then_move\":%s,\"spawn\":\"%s\",\"event_roll\":\"%s\",\"round_cap\":%d",
        format_names[f->format], f->animals ? "true" : "false",
        initiative_names[f->initiative], f->attack_then_move ? "true" : "false",
        spawn_names[f->spawn], event_names[f->event_roll], f->round_cap);
    for (int side = 0; side < 2; side++) {
        sa_write_fmt(w, ",\"side%d\":\"%s", side,
                     arena_roster_names[f->side_names[side][0]]);
        if (f->side_names[side][1] != ARENA_NO_NAME)
            sa_write_fmt(w, "+%s", arena_roster_names[f->side_names[side][1]]);
        sa_write_char(w, '"');
    }
    sa_write_char(w, '}');
}

static void write_arena(const arena_fixed *f, sa_writer *w)
{
    if (is_default_arena(f)) {
        sa_write(w, "\"default\"");
        return;
    }
    /* Hex names sorted as strings: letter, then the row's digits as text. */
    char names[ARENA_CELLS][4];
    int n = 0;
    for (int hex = 0; hex < ARENA_CELLS; hex++)
        if (board_has(f, hex))
            hex_name(hex, names[n++]);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char t[4];
            memcpy(t, names[j], 4), memcpy(names[j], names[j - 1], 4),
                memcpy(names[j - 1], t, 4);
        }
    sa_write(w, "{\"hexes\":[");
    for (int i = 0; i < n; i++)
        sa_write_fmt(w, "%s\"%s\"", i ? "," : "", names[i]);
    char a[4], b[4];
    hex_name(f->hex_start[0], a), hex_name(f->hex_start[1], b);
    sa_write_fmt(w, "],\"I\":\"%s\",\"II\":\"%s\"}", a, b);
}

static void write_hex(int hex, sa_writer *w)
{
    char name[4];
    if (hex == ARENA_NO_HEX) {
        sa_write(w, "null");
        return;
    }
    hex_name(hex, name);
    sa_write_fmt(w, "\"%s\"", name);
}

static void write_units(const arena_state *st, sa_writer *w)
{
    const arena_dyn *d = &st->dyn;
    sa_write(w, ",\"gladiators\":[");
    int first = 1;
    for (int u = 0; u < ARENA_GLADIATORS; u++) {
        if (!((d->alive >> u) & 1))
            continue;
        sa_write_fmt(w, "%s{\"id\":\"%s\",\"name\":", first ? "" : ",", unit_ids[u]);
        sa_write_json_string(w, st->fixed.names[u]);
        sa_write_fmt(
            w,
            ",\"side\":%d,\"attack\":%d,\"defense\":%d,\"speed\":%d,\"wounds\":%d,\"hex\":",
            arena_team(u), d->attack[u], d->defense[u], d->speed[u], d->wounds[u]);
        write_hex(d->hex[u], w);
        sa_write_char(w, '}');
        first = 0;
    }
    sa_write(w, "],\"animals\":[");
    for (int i = 0; i < d->n_animals; i++) {
        int u = d->animal_age[i];
        sa_write_fmt(
            w,
            "%s{\"id\":\"%s\",\"species\":\"%s\",\"attack\":%d,\"defense\":%d,\"speed\":%d,\"hex\":",
            i ? "," : "", unit_ids[u], arena_species_names[d->species[u]], d->attack[u],
            d->defense[u], d->speed[u]);
        write_hex(d->hex[u], w);
        sa_write_fmt(w, ",\"entry\":\"%s\"}", entry_names[d->entry[u]]);
    }
    sa_write_char(w, ']');
}

static void write_round(const arena_state *st, sa_writer *w)
{
    const arena_dyn *d = &st->dyn;
    sa_write_fmt(w, ",\"phase\":\"%s\",\"team_order\":[", arena_phase_names[d->phase]);
    for (int i = 0; i < d->n_teams; i++)
        sa_write_fmt(w, "%s\"%s\"", i ? "," : "", team_names[d->team_order[i]]);
    sa_write(w, "],\"animal_order\":[");
    for (int i = 0; i < d->n_animal_order; i++)
        sa_write_fmt(w, "%s\"%s\"", i ? "," : "", unit_ids[d->animal_order[i]]);
    sa_write_fmt(w, "],\"slot\":%d,\"acted\":[", d->slot);
    for (int u = 0, first = 1; u < ARENA_UNITS; u++)
        if ((d->acted >> u) & 1) {
            sa_write_fmt(w, "%s\"%s\"", first ? "" : ",", unit_ids[u]);
            first = 0;
        }
    sa_write(w, "],\"chooser\":");
    if (d->chooser)
        sa_write_int(w, d->chooser - 1);
    else
        sa_write(w, "null");
    sa_write(w, ",\"active\":");
    int u = d->active - 1;
    if (!d->active)
        sa_write(w, "null");
    else if (!arena_is_animal(u))
        sa_write_fmt(w, "{\"id\":\"%s\",\"moved\":%s,\"attacked\":%s}", unit_ids[u],
                     d->moved ? "true" : "false", d->attacked ? "true" : "false");
    else if (d->target)
        sa_write_fmt(w, "{\"id\":\"%s\",\"steps\":%d,\"left\":%d,\"target\":\"%s\"}",
                     unit_ids[u], d->steps, d->left, unit_ids[d->target - 1]);
    else
        sa_write_fmt(w, "{\"id\":\"%s\",\"steps\":%d,\"left\":%d,\"target\":null}",
                     unit_ids[u], d->steps, d->left);
    sa_write(w, ",\"pending\":");
    if (d->pend_attacker)
        sa_write_fmt(w, "{\"attacker\":\"%s\",\"target\":\"%s\"}",
                     unit_ids[d->pend_attacker - 1], unit_ids[d->pend_target - 1]);
    else if (d->pend_target)
        sa_write_fmt(w, "{\"target\":\"%s\",\"wounds\":%d}", unit_ids[d->pend_target - 1],
                     d->pend_wounds);
    else
        sa_write(w, "null");
    static const char *const results[4] = {"null", "[1,-1]", "[-1,1]", "[0,0]"};
    sa_write_fmt(w, ",\"result\":%s}", results[d->result]);
}

static void arena_to_json(const void *state, sa_writer *w)
{
    const arena_state *st = state;
    sa_write(w, "{\"game\":\"arena\",\"rules\":");
    write_rules(&st->fixed, w);
    int who = arena_to_move(st);
    if (who == SA_CHANCE)
        sa_write(w, ",\"to_move\":\"chance\"");
    else if (who == SA_TERMINAL)
        sa_write(w, ",\"to_move\":\"terminal\"");
    else
        sa_write_fmt(w, ",\"to_move\":%d", who);
    sa_write(w, ",\"arena\":");
    write_arena(&st->fixed, w);
    sa_write_fmt(w, ",\"round\":%d,\"pool\":%d", st->dyn.round, st->dyn.pool);
    write_units(st, w);
    write_round(st, w);
}

/* ------------------------------------------------------------------------
 * Move spelling (§7). */

static void arena_move_str(const void *state, sa_move m, char out[SA_MOVE_STR_MAX])
{
    (void)state;
    static const char *const behaviours[4] = {"roar", "wander1", "wander2", "hunt"};
    char hex[4];
    switch (mv_kind(m)) {
    case MK_ROLL: snprintf(out, SA_MOVE_STR_MAX, "roll"); return;
    case MK_PASS: snprintf(out, SA_MOVE_STR_MAX, "pass"); return;
    case MK_END: snprintf(out, SA_MOVE_STR_MAX, "end"); return;
    case MK_ORDER: {
        int n = mv_field(m, 4, 2);
        char t[4] = "";
        for (int i = 0; i < n; i++)
            t[i] = team_names[mv_field(m, 6 + 2 * i, 2)][0];
        t[n] = '\0';
        snprintf(out, SA_MOVE_STR_MAX, "order:%s", t);
        return;
    }
    case MK_ACTIVATE:
        snprintf(out, SA_MOVE_STR_MAX, "activate:%s", unit_ids[mv_field(m, 4, 3)]);
        return;
    case MK_ATTACK:
        snprintf(out, SA_MOVE_STR_MAX, "attack:%s", unit_ids[mv_field(m, 4, 3)]);
        return;
    case MK_TARGET:
        snprintf(out, SA_MOVE_STR_MAX, "target:%s", unit_ids[mv_field(m, 4, 3)]);
        return;
    case MK_MOVE:
        hex_name(mv_field(m, 4, 10), hex);
        snprintf(out, SA_MOVE_STR_MAX, "move:%s", hex);
        return;
    case MK_STEP:
        if (mv_field(m, 4, 10) == ARENA_NO_HEX) {
            snprintf(out, SA_MOVE_STR_MAX, "step:stay");
            return;
        }
        hex_name(mv_field(m, 4, 10), hex);
        snprintf(out, SA_MOVE_STR_MAX, "step:%s", hex);
        return;
    case MK_LOSE:
        snprintf(out, SA_MOVE_STR_MAX, "lose:%d-%d-%d", mv_field(m, 4, 4),
                 mv_field(m, 8, 4), mv_field(m, 12, 4));
        return;
    case MK_SPAWN:
        if (mv_field(m, 4, 2) == SPAWN_NONE)
            snprintf(out, SA_MOVE_STR_MAX, "spawn:none");
        else
            snprintf(out, SA_MOVE_STR_MAX, "spawn:%s-%s",
                     arena_species_names[mv_field(m, 4, 2)],
                     entry_names[mv_field(m, 6, 1)]);
        return;
    case MK_WOUNDS:
        snprintf(out, SA_MOVE_STR_MAX, "wounds:%d", mv_field(m, 4, 4));
        return;
    case MK_BEHAVE:
        snprintf(out, SA_MOVE_STR_MAX, "behave:%s", behaviours[mv_field(m, 4, 2)]);
        return;
    case MK_INIT: {
        int len =
            snprintf(out, SA_MOVE_STR_MAX, "init:%s", team_names[mv_field(m, 4, 2)]);
        for (int i = 0; i < mv_field(m, 6, 2); i++)
            len += snprintf(out + len, (size_t)(SA_MOVE_STR_MAX - len), "%d",
                            mv_field(m, 8 + 2 * i, 2));
        int n = mv_field(m, 12, 2);
        if (n)
            len += snprintf(out + len, (size_t)(SA_MOVE_STR_MAX - len), "/");
        for (int i = 0; i < n; i++)
            len += snprintf(out + len, (size_t)(SA_MOVE_STR_MAX - len), "%s",
                            unit_ids[mv_field(m, 14 + 3 * i, 3)]);
        return;
    }
    default: snprintf(out, SA_MOVE_STR_MAX, "?"); return;
    }
}

/* ------------------------------------------------------------------------
 * The game. */

static int arena_num_players(const void *state)
{
    (void)state;
    return 2;
}

static uint64_t arena_hash(const void *state)
{
    return ((const arena_state *)state)->key;
}

static void arena_result(const void *state, int32_t *out)
{
    static const int32_t results[4][2] = {{0, 0}, {1, -1}, {-1, 1}, {0, 0}};
    const arena_state *st = state;
    out[0] = results[st->dyn.result][0];
    out[1] = results[st->dyn.result][1];
}

const sa_game sa_arena_game = {
    .name = "arena",
    .min_players = 2,
    .max_players = 2,
    .has_chance = 1,
    .max_moves = ARENA_MAX_MOVES,
    .max_chance_outcomes = ARENA_MAX_CHANCE,
    .state_size = sizeof(arena_state),
    .rules = arena_rules,
    .n_rules = ARENA_N_RULES,
    .eval_units = arena_eval_units,
    /* record analysis levels (quick, default, thorough): decision depth,
     * chance depth; measured by bench/analysis_stability.py */
    .analysis_depth = {{6, 6}, {8, 8}, {10, 10}},
    /* bench/analysis_ratings.py at each level (docs/records.md) */
    .rating_least = {[0] = {[2] = {98.2, 98.2, 90.8, 82.6}},
                     [1] = {[2] = {99.2, 97.2, 91.9, 86.7}},
                     [2] = {[2] = {98.9, 97.2, 92.9, 87.8}}},
    .new_position = arena_new_position,
    .from_json = arena_from_json,
    .to_json = arena_to_json,
    .move_str = arena_move_str,
    .describe_move = arena_describe_move,
    .num_players = arena_num_players,
    .to_move = arena_to_move,
    .legal_moves = arena_legal_moves,
    .chance_outcomes = arena_chance_outcomes,
    .apply = arena_apply,
    .hash = arena_hash,
    .hash_from_scratch = arena_hash_from_scratch,
    .result = arena_result,
    .evaluate = arena_evaluate,
    .n_features = ARENA_N_FEATURES,
    .feature_names = arena_feature_names,
    .feature_phrases = arena_feature_phrases,
    .default_weights = arena_default_weights,
    .features = arena_features,
    .weights_offset = offsetof(arena_state, fixed.weights),
    .win_scale = ARENA_WIN_SCALE,
    .calibrate_win = arena_calibrate_win,
};
