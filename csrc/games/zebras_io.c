/* games/zebras_io.c: the boundary of Drôles de Zèbres: the starting position,
 * reading and validating a position's JSON (rule book §6, every check in its
 * order, the message naming the field), writing the canonical JSON, and the
 * canonical move spelling (§7).
 */
#include <stdio.h>
#include <string.h>

#include "common/bitboard.h"
#include "common/error.h"
#include "games/zebras.h"

#define ROW_CHARS 17 /* 6 tokens of 2 characters and 5 single spaces */

static const char *const SPECIES_KEYS[] = {"Z", "G", "E", "L", "C", NULL};

static void cell_name(int cell, char out[3])
{
    out[0] = (char)('a' + cell % 6);
    out[1] = (char)('1' + cell / 6);
    out[2] = '\0';
}

/* -- rules ------------------------------------------------------------------ */

/* The rules options (safari/rules.h draws a row's layout). */
const sa_rule zebras_rules[ZEBRAS_N_RULES] = {
    {"croc_chain", SA_RULE_BOOL, 1, 0, 1, NULL, NULL,
     "a crocodile may chain several swaps in one turn (Board Game Arena); false: one swap at most"},
};

/* Reads the rules object `rules` (NULL: all defaults) into s->croc_chain. */
static sa_status read_rules(zebras_state *s, const sa_json *rules, sa_error *err)
{
    sa_rule_value v[ZEBRAS_N_RULES];
    sa_status st = sa_rules_read(zebras_rules, ZEBRAS_N_RULES, rules, v, err);
    s->croc_chain = (uint8_t)v[0].number;
    return st;
}

static void start_position(zebras_state *s)
{
    uint8_t chain = s->croc_chain;
    memset(s, 0, sizeof *s);
    s->croc_chain = chain;
    for (int p = 0; p < 2; p++)
        memcpy(s->hand[p], ZEBRAS_INVENTORY, ZEBRAS_SPECIES);
    s->to_move = 0;
    s->guardian = -1;
    s->inauguration = -1;
    s->hash = zebras_hash_full(s);
}

sa_status zebras_new_position(void *state, const sa_json *rules, sa_error *err)
{
    zebras_state *s = state;
    memset(s, 0, sizeof *s);
    sa_status st = read_rules(s, rules, err);
    if (st == SA_OK)
        start_position(s);
    return st;
}

/* -- reading the fields (check 1 of §6) ------------------------------------- */

/* The two characters of a token for a message: printable ASCII as is, any
 * other byte as \xNN, so that the message stays ASCII. */
static void quote_token(const char *t, char out[16])
{
    size_t k = 0;
    for (int i = 0; i < 2; i++) {
        unsigned char c = (unsigned char)t[i];
        if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\')
            out[k++] = (char)c;
        else
            k += (size_t)snprintf(out + k, 16 - k, "\\x%02X", c);
    }
    out[k] = '\0';
}

/* Puts the token spelled t[0..1] on `cell` (no hash: it is set at the end). */
static sa_status read_token(zebras_state *s, const char *t, int cell, sa_error *err)
{
    static const char letters[] = "ZGELCzg";
    if (t[0] == '.' && t[1] == '.')
        return SA_OK;
    const char *letter = t[1] != '\0' ? strchr(letters, t[1]) : NULL;
    if ((t[0] != '0' && t[0] != '1') || letter == NULL) {
        char name[3], shown[16];
        cell_name(cell, name);
        quote_token(t, shown);
        return sa_error_set(err, SA_ERR_POSITION,
                            "field 'board.%s': unknown token \"%s\" (expected \"..\", or "
                            "0 or 1 then one of Z G E L C, or z g face down)",
                            name, shown);
    }
    int index = (int)(letter - letters);
    int species = index < 5 ? index : index - 5;
    uint32_t bit = (uint32_t)1 << cell;
    s->owner_bb[t[0] - '0'] |= bit;
    s->species_bb[species] |= bit;
    if (index >= 5)
        s->down_bb |= bit;
    return SA_OK;
}

static sa_status read_row(zebras_state *s, const sa_json *v, int row, sa_error *err)
{
    char path[32];
    snprintf(path, sizeof path, "board[%d]", row);
    const char *text;
    sa_status st = sa_json_get_string(v, path, &text, err);
    if (st != SA_OK)
        return st;
    if (v->length != ROW_CHARS)
        return sa_error_set(err, SA_ERR_POSITION,
                            "field '%s': a row is 6 tokens of 2 characters separated "
                            "by single spaces (17 characters), got %zu bytes",
                            path, v->length);
    for (int col = 0; col < 6; col++) {
        if (col < 5 && text[3 * col + 2] != ' ')
            return sa_error_set(err, SA_ERR_POSITION,
                                "field '%s': character %d must be a single space", path,
                                3 * col + 3);
        st = read_token(s, text + 3 * col, 6 * row + col, err);
        if (st != SA_OK)
            return st;
    }
    return SA_OK;
}

static sa_status read_board(zebras_state *s, const sa_json *v, sa_error *err)
{
    size_t rows;
    sa_status st = sa_json_get_array(v, "board", &rows, err);
    if (st != SA_OK)
        return st;
    if (rows != 5)
        return sa_error_set(err, SA_ERR_POSITION,
                            "field 'board': expected 5 rows, got %zu", rows);
    int row = 0;
    for (const sa_json *r = v->child; r != NULL && st == SA_OK; r = r->next)
        st = read_row(s, r, row++, err);
    return st;
}

static sa_status read_hands(zebras_state *s, const sa_json *v, sa_error *err)
{
    size_t n;
    sa_status st = sa_json_get_array(v, "hands", &n, err);
    if (st != SA_OK)
        return st;
    if (n != 2)
        return sa_error_set(err, SA_ERR_POSITION,
                            "field 'hands': expected 2 objects, got %zu", n);
    int p = 0;
    for (const sa_json *h = v->child; h != NULL; h = h->next, p++) {
        char path[32];
        snprintf(path, sizeof path, "hands[%d]", p);
        st = sa_json_check_keys(h, path, SPECIES_KEYS, NULL, err);
        for (int sp = 0; sp < ZEBRAS_SPECIES && st == SA_OK; sp++) {
            int64_t count = 0;
            snprintf(path, sizeof path, "hands[%d].%c", p, ZEBRAS_LETTER[sp]);
            st = sa_json_get_int(sa_json_member(h, SPECIES_KEYS[sp]), path, 0,
                                 ZEBRAS_INVENTORY[sp], &count, err);
            s->hand[p][sp] = (uint8_t)count;
        }
        if (st != SA_OK)
            return st;
    }
    return SA_OK;
}

/* `v` is null (*out = -1) or an integer in 0..max. */
static sa_status read_nullable_int(const sa_json *v, const char *path, int max, int *out,
                                   sa_error *err)
{
    *out = -1;
    if (v->type == SA_JSON_NULL)
        return SA_OK;
    int64_t value;
    sa_status st = sa_json_get_int(v, path, 0, max, &value, err);
    if (st == SA_OK)
        *out = (int)value;
    else if (v->type != SA_JSON_NUMBER)
        st = sa_error_set(err, SA_ERR_POSITION,
                          "field '%s': expected null or an integer 0..%d", path, max);
    return st;
}

static sa_status read_to_move(zebras_state *s, const sa_json *v, sa_error *err)
{
    if (v->type == SA_JSON_STRING && strcmp(v->string, "terminal") == 0 &&
        v->length == 8) {
        s->to_move = SA_TERMINAL;
        return SA_OK;
    }
    int64_t player;
    if (v->type != SA_JSON_NUMBER)
        return sa_error_set(err, SA_ERR_POSITION,
                            "field 'to_move': expected 0, 1 or \"terminal\"");
    sa_status st = sa_json_get_int(v, "to_move", 0, 1, &player, err);
    s->to_move = (int8_t)player;
    return st;
}

static sa_status read_fields(zebras_state *s, const sa_json *root, sa_error *err)
{
    static const char *const required[] = {"game",         "to_move", "board", "guardian",
                                           "inauguration", "hands",   NULL};
    static const char *const optional[] = {"rules", NULL};
    sa_status st = sa_json_check_keys(root, "", required, optional, err);
    if (st != SA_OK)
        return st;
    const sa_json *game = sa_json_member(root, "game");
    if (game->type != SA_JSON_STRING || strcmp(game->string, "zebras") != 0)
        return sa_error_set(err, SA_ERR_POSITION, "field 'game': expected \"zebras\"");
    if ((st = read_rules(s, sa_json_member(root, "rules"), err)) != SA_OK ||
        (st = read_to_move(s, sa_json_member(root, "to_move"), err)) != SA_OK ||
        (st = read_board(s, sa_json_member(root, "board"), err)) != SA_OK)
        return st;
    int guardian, inauguration;
    if ((st = read_nullable_int(sa_json_member(root, "guardian"), "guardian",
                                ZEBRAS_TRACK - 1, &guardian, err)) != SA_OK ||
        (st = read_nullable_int(sa_json_member(root, "inauguration"), "inauguration", 1,
                                &inauguration, err)) != SA_OK)
        return st;
    s->guardian = (int8_t)guardian;
    s->inauguration = (int8_t)inauguration;
    return read_hands(s, sa_json_member(root, "hands"), err);
}

/* -- consistency (checks 2 to 9 of §6) -------------------------------------- */

static const char *const SPECIES_NAME[ZEBRAS_SPECIES] = {"zebra", "gazelle", "elephant",
                                                         "lion", "crocodile"};

/* Check 2: hand + board = inventory. */
static sa_status check_inventory(const zebras_state *s, sa_error *err)
{
    for (int p = 0; p < 2; p++) {
        for (int sp = 0; sp < ZEBRAS_SPECIES; sp++) {
            int on_board = sa_bb_count(s->owner_bb[p] & s->species_bb[sp]);
            if (s->hand[p][sp] + on_board != ZEBRAS_INVENTORY[sp])
                return sa_error_set(err, SA_ERR_POSITION,
                                    "field 'hands[%d].%c': %d in hand + %d on the board "
                                    "= %d, but player %d owns %d %s tokens",
                                    p, ZEBRAS_LETTER[sp], s->hand[p][sp], on_board,
                                    s->hand[p][sp] + on_board, p, ZEBRAS_INVENTORY[sp],
                                    SPECIES_NAME[sp]);
        }
    }
    return SA_OK;
}

static sa_status cell_error(int cell, const char *what, sa_error *err)
{
    char name[3];
    cell_name(cell, name);
    return sa_error_set(err, SA_ERR_POSITION, "field 'board.%s': %s", name, what);
}

/* Checks 3, 4 and 5: faces agree with the lions. */
static sa_status check_faces(const zebras_state *s, sa_error *err)
{
    uint32_t lions = s->species_bb[ZEBRAS_L];
    uint32_t near_lion = 0;
    for (uint32_t bb = lions; bb; bb &= bb - 1)
        near_lion |= ZEBRAS_ADJACENT_BB[__builtin_ctz(bb)];
    uint32_t zebras = s->species_bb[ZEBRAS_Z], gazelles = s->species_bb[ZEBRAS_G];
    uint32_t bad = (zebras | gazelles) & ~s->down_bb & near_lion;
    if (bad)
        return cell_error(__builtin_ctz(bad),
                          "a face-up zebra or gazelle next to a lion (it would be "
                          "face down)",
                          err);
    bad = zebras & s->down_bb & ~near_lion;
    if (bad)
        return cell_error(__builtin_ctz(bad), "a face-down zebra with no lion next to it",
                          err);
    bad = gazelles & s->down_bb;
    if (bad && lions == 0)
        return cell_error(__builtin_ctz(bad),
                          "a face-down gazelle while no lion is on the board", err);
    return SA_OK;
}

/* Check 6: a full territory has given the Inauguration away. */
static sa_status check_inauguration(const zebras_state *s, sa_error *err)
{
    uint32_t occupied = zebras_occupied(s);
    for (int t = 0; t < ZEBRAS_TERRITORIES && s->inauguration < 0; t++)
        if ((occupied & ZEBRAS_TERRITORY_BB[t]) == ZEBRAS_TERRITORY_BB[t])
            return sa_error_set(err, SA_ERR_POSITION,
                                "field 'inauguration': null, but territory T%d is full, "
                                "so someone has taken it",
                                t + 1);
    return SA_OK;
}

/* Check 7: before the opening move. */
static sa_status check_opening(const zebras_state *s, sa_error *err)
{
    if (s->guardian >= 0)
        return SA_OK;
    if (zebras_occupied(s) != 0)
        return sa_error_set(err, SA_ERR_POSITION,
                            "field 'guardian': null (before the opening move), but the "
                            "board is not empty");
    if (s->inauguration >= 0)
        return sa_error_set(err, SA_ERR_POSITION,
                            "field 'inauguration': must be null before the opening "
                            "move (guardian null)");
    if (s->to_move != 0)
        return sa_error_set(err, SA_ERR_POSITION,
                            "field 'to_move': must be 0 before the opening move "
                            "(guardian null): player 0 places the guardian");
    return SA_OK;
}

/* "column a" ... "row 5": the line guardian position p designates (§2.3). */
static const char *line_name(int p)
{
    static const char *const names[ZEBRAS_TRACK] = {
        "column a", "column b", "column c", "column d", "column e", "column f",
        "row 1",    "row 2",    "row 3",    "row 4",    "row 5",    "column f",
        "column e", "column d", "column c", "column b", "column a", "row 5",
        "row 4",    "row 3",    "row 2",    "row 1"};
    return names[p];
}

/* Checks 8 and 9: the game is over exactly when the board is full, and a
 * game in progress can go on. */
static sa_status check_progress(const zebras_state *s, sa_error *err)
{
    int full = zebras_occupied(s) == ZEBRAS_ALL_CELLS;
    if (full && s->to_move != SA_TERMINAL)
        return sa_error_set(err, SA_ERR_POSITION,
                            "field 'to_move': the board is full, so it must be "
                            "\"terminal\"");
    if (!full && s->to_move == SA_TERMINAL)
        return sa_error_set(err, SA_ERR_POSITION,
                            "field 'to_move': \"terminal\", but the board is not full");
    if (full || s->guardian < 0)
        return SA_OK;
    if (zebras_hand_total(s, s->to_move) == 0)
        return sa_error_set(err, SA_ERR_POSITION,
                            "field 'to_move': player %d holds no token", s->to_move);
    if ((ZEBRAS_LINE_BB[s->guardian] & ~zebras_occupied(s)) == 0)
        return sa_error_set(err, SA_ERR_POSITION,
                            "field 'guardian': position %d designates %s, which is full",
                            s->guardian, line_name(s->guardian));
    if (zebras_occupied(s) == 0 && s->to_move != 1)
        return sa_error_set(err, SA_ERR_POSITION,
                            "field 'to_move': the board is empty after the opening "
                            "move, so player 1 must be to move");
    return SA_OK;
}

sa_status zebras_from_json(void *state, const sa_json *root, sa_error *err)
{
    zebras_state *s = state;
    memset(s, 0, sizeof *s);
    sa_status st;
    if ((st = read_fields(s, root, err)) != SA_OK ||
        (st = check_inventory(s, err)) != SA_OK || (st = check_faces(s, err)) != SA_OK ||
        (st = check_inauguration(s, err)) != SA_OK ||
        (st = check_opening(s, err)) != SA_OK || (st = check_progress(s, err)) != SA_OK)
        return st;
    s->hash = zebras_hash_full(s);
    return SA_OK;
}

/* -- writing ----------------------------------------------------------------- */

static void write_cell(const zebras_state *s, int cell, sa_writer *out)
{
    int species = zebras_species_at(s, cell);
    if (species < 0) {
        sa_write(out, "..");
        return;
    }
    char letter = ZEBRAS_LETTER[species];
    if ((s->down_bb >> cell) & 1)
        letter = (char)(letter - 'A' + 'a');
    sa_write_char(out, (char)('0' + ((s->owner_bb[1] >> cell) & 1)));
    sa_write_char(out, letter);
}

static void write_nullable(sa_writer *out, int value)
{
    if (value < 0)
        sa_write(out, "null");
    else
        sa_write_int(out, value);
}

void zebras_to_json(const void *state, sa_writer *out)
{
    const zebras_state *s = state;
    sa_write(out, "{\"game\": \"zebras\", \"rules\": {\"croc_chain\": ");
    sa_write(out, s->croc_chain ? "true" : "false");
    sa_write(out, "}, \"to_move\": ");
    if (s->to_move == SA_TERMINAL)
        sa_write(out, "\"terminal\"");
    else
        sa_write_int(out, s->to_move);
    sa_write(out, ", \"board\": [");
    for (int row = 0; row < 5; row++) {
        sa_write(out, row ? ", \"" : "\"");
        for (int col = 0; col < 6; col++) {
            if (col)
                sa_write_char(out, ' ');
            write_cell(s, 6 * row + col, out);
        }
        sa_write_char(out, '"');
    }
    sa_write(out, "], \"guardian\": ");
    write_nullable(out, s->guardian);
    sa_write(out, ", \"inauguration\": ");
    write_nullable(out, s->inauguration);
    sa_write(out, ", \"hands\": [");
    for (int p = 0; p < 2; p++) {
        sa_write(out, p ? ", {" : "{");
        for (int sp = 0; sp < ZEBRAS_SPECIES; sp++)
            sa_write_fmt(out, "%s\"%c\": %d", sp ? ", " : "", ZEBRAS_LETTER[sp],
                         s->hand[p][sp]);
        sa_write_char(out, '}');
    }
    sa_write(out, "]}");
}

/* -- move spelling (§7) ------------------------------------------------------ */

void zebras_move_str(const void *state, sa_move m, char out[SA_MOVE_STR_MAX])
{
    (void)state;
    unsigned species = zebras_move_species(m), dest = zebras_move_dest(m);
    if (species == ZEBRAS_OPENING) {
        snprintf(out, SA_MOVE_STR_MAX, "@%02u", dest);
        return;
    }
    int cell = (int)zebras_move_cell(m);
    size_t k = 0;
    out[k++] = ZEBRAS_LETTER[species];
    cell_name(cell, out + k);
    k += 2;
    for (unsigned i = 0; i < zebras_move_swaps(m); i++) {
        cell += ZEBRAS_STEP_DELTA[zebras_move_step(m, i)];
        out[k++] = 'x';
        cell_name(cell, out + k);
        k += 2;
    }
    if (dest != ZEBRAS_DEST_NONE)
        k += (size_t)snprintf(out + k, SA_MOVE_STR_MAX - k, "@%02u", dest);
    out[k] = '\0';
}
