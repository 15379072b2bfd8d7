/* games/turtles_io.c: turtles positions as JSON (rule book §5): the starting
 * positions, reading with full validation (messages name the field), the
 * canonical writer, and move spelling (§6). */
#include <stdio.h>
#include <string.h>

#include "common/bitboard.h"
#include "common/error.h"
#include "games/turtles.h"

static const char *const phase_names[] = {"setup", "play", "effects", "over", NULL};
static const char *const setup_names[] = {"fixed", "choose", NULL};
static const char *const max_rule_names[] = {"first_hop", "any", "global", NULL};
static const char kind_letters[TURTLES_KINDS + 1] = "LCIX";

static sa_status invalid(sa_error *err, const char *field, const char *what)
{
    return sa_error_set(err, SA_ERR_POSITION, "field '%s': %s", field, what);
}

/* -- rules ------------------------------------------------------------------ */

/* The rules options (safari/rules.h draws a row's layout), in the order the
 * canonical JSON writes them. */
enum { RULE_TATTOO, RULE_TATTOO_SETUP, RULE_HATCHING, RULE_MAX_RULE, RULE_MAX_TURNS };

const sa_rule turtles_rules[TURTLES_N_RULES] = {
    {"tattoo", SA_RULE_BOOL, 0, 0, 1, NULL, NULL,
     "Tattoo Turtles: each side has one Life, Change, Immortality and Contamination turtle"},
    {"tattoo_setup", SA_RULE_ENUM, 0, 0, 0, setup_names, NULL,
     "with tattoo: the tattoos on fixed cells, or placed by the players in a setup phase"},
    {"hatching", SA_RULE_BOOL, 0, 0, 1, NULL, NULL,
     "La Eclosion: the board starts empty, eight turtles each in reserve (not with tattoo)"},
    {"max_rule", SA_RULE_ENUM, TURTLES_FIRST_HOP, 0, 0, max_rule_names, NULL,
     "how long a jump must be: longest with the same first hop, any complete jump, "
     "or longest of all"},
    {"max_turns", SA_RULE_INT, 200, 0, 10000, NULL, NULL,
     "the game is drawn after this many turns; 0: no limit"},
};

/* Reads the rules object `rules` (NULL: all defaults) into s. */
static sa_status read_rules(turtles_state *s, const sa_json *rules, sa_error *err)
{
    sa_rule_value v[TURTLES_N_RULES];
    sa_status st = sa_rules_read(turtles_rules, TURTLES_N_RULES, rules, v, err);
    if (st != SA_OK)
        return st;
    s->tattoo = (uint8_t)v[RULE_TATTOO].number;
    s->tattoo_choose = (uint8_t)v[RULE_TATTOO_SETUP].number;
    s->hatching = (uint8_t)v[RULE_HATCHING].number;
    s->max_rule = (uint8_t)v[RULE_MAX_RULE].number;
    s->max_turns = (uint16_t)v[RULE_MAX_TURNS].number;
    if (s->tattoo && s->hatching)
        return invalid(err, "rules.hatching", "tattoo and hatching cannot both be true");
    return SA_OK;
}

/* -- starting positions (§3) ------------------------------------------------ */

static void set_tattoo(turtles_state *s, int sq, int kind)
{
    s->tattoo_bb[kind] |= sa_bb_of(sq);
}

sa_status turtles_new_position(void *state, const sa_json *rules, sa_error *err)
{
    turtles_state *s = state;
    memset(s, 0, sizeof *s);
    sa_status st = read_rules(s, rules, err);
    if (st != SA_OK)
        return st;
    s->changing = TURTLES_NO_SQ;
    s->phase = TURTLES_PLAY;
    if (s->hatching) {
        s->reserve[0] = s->reserve[1] = 8;
    } else {
        s->active_bb[0] = TURTLES_START0_BB;
        s->active_bb[1] = TURTLES_START1_BB;
    }
    if (s->tattoo && s->tattoo_choose) {
        s->phase = TURTLES_SETUP;
    } else if (s->tattoo) {
        /* b1 f1 e2 c2 = L C I X, and their images f5 b5 c5 e5 (bit 54 - sq). */
        static const int fixed[TURTLES_KINDS] = {8, 42, 34, 17};
        for (int k = 0; k < TURTLES_KINDS; k++) {
            set_tattoo(s, fixed[k], k);
            set_tattoo(s, 54 - fixed[k], k);
        }
    }
    s->hash = turtles_hash_from_scratch(s);
    return SA_OK;
}

/* -- reading a position ----------------------------------------------------- */

/* Parses a piece code ("0", "1X", "n", "nL") into owner (0, 1, 2) and
 * tattoo (0 plain, 1 + kind); -1 when it is not one. */
static int parse_code(const char *text)
{
    int owner = text[0] == '0' ? 0 : text[0] == '1' ? 1 : text[0] == 'n' ? 2 : -1;
    if (owner < 0)
        return -1;
    if (text[1] == '\0')
        return TURTLES_CODE(owner, 0);
    const char *kind = text[1] ? strchr(kind_letters, text[1]) : NULL;
    if (kind == NULL || text[2] != '\0')
        return -1;
    return TURTLES_CODE(owner, (int)(kind - kind_letters) + 1);
}

static sa_status read_board(turtles_state *s, const sa_json *board, sa_error *err)
{
    if (board->type != SA_JSON_OBJECT)
        return invalid(err, "board", "expected an object of cell name -> piece code");
    char field[64];
    for (const sa_json *m = board->child; m != NULL; m = m->next) {
        snprintf(field, sizeof field, "board.%.40s", m->key);
        int sq = turtles_sq_parse(m->key);
        if (sq == TURTLES_NO_SQ)
            return invalid(err, field, "not a cell name (a1 ... g4)");
        if (m->type != SA_JSON_STRING)
            return invalid(err, field, "expected a piece code string");
        int code = parse_code(m->string);
        if (code < 0)
            return invalid(err, field,
                           "not a piece code (0, 1 or n, then nothing, L, C, I or X)");
        if (code % 5 != 0 && !s->tattoo)
            return invalid(err, field, "a tattooed turtle needs rules.tattoo");
        int owner = code / 5;
        if (owner == 2)
            s->neutral_bb |= sa_bb_of(sq);
        else
            s->active_bb[owner] |= sa_bb_of(sq);
        if (code % 5)
            set_tattoo(s, sq, code % 5 - 1);
    }
    int plain = sa_bb_count(turtles_occupied(s) & ~turtles_tattooed(s));
    if (plain > 16)
        return invalid(err, "board",
                       s->tattoo ? "more than 16 plain turtles" : "more than 16 turtles");
    for (int k = 0; k < TURTLES_KINDS; k++)
        if (sa_bb_count(s->tattoo_bb[k]) > 2)
            return invalid(err, "board", "more than two turtles of one tattoo kind");
    return SA_OK;
}

static sa_status read_reserve(turtles_state *s, const sa_json *v, sa_error *err)
{
    size_t n;
    sa_status st = sa_json_get_array(v, "reserve", &n, err);
    if (st != SA_OK)
        return st;
    if (n != 2)
        return invalid(err, "reserve", "expected a list of two integers");
    int64_t r[2];
    const sa_json *e = v->child;
    for (int p = 0; p < 2; p++, e = e->next) {
        char field[32];
        snprintf(field, sizeof field, "reserve[%d]", p);
        if ((st = sa_json_get_int(e, field, 0, s->hatching ? 8 : 0, &r[p], err)) != SA_OK)
            return s->hatching ? st
                               : invalid(err, field, "must be 0 without rules.hatching");
        s->reserve[p] = (uint8_t)r[p];
    }
    if (r[0] - r[1] > 2 || r[1] - r[0] > 2)
        return invalid(err, "reserve", "the two reserves differ by more than 2");
    if (s->hatching && sa_bb_count(turtles_occupied(s)) + r[0] + r[1] > 16)
        return invalid(err, "reserve", "board and reserves hold more than 16 turtles");
    return SA_OK;
}

static int is_neutral_tattooed(const turtles_state *s, int sq)
{
    return ((s->neutral_bb & turtles_tattooed(s)) >> sq) & 1;
}

static sa_status read_pending(turtles_state *s, const sa_json *v, sa_error *err)
{
    size_t n;
    sa_status st = sa_json_get_array(v, "pending", &n, err);
    if (st != SA_OK)
        return st;
    int last = -1, i = 0;
    char field[32];
    for (const sa_json *e = v->child; e != NULL; e = e->next, i++) {
        snprintf(field, sizeof field, "pending[%d]", i);
        const char *name;
        if ((st = sa_json_get_string(e, field, &name, err)) != SA_OK)
            return st;
        int sq = turtles_sq_parse(name);
        if (sq == TURTLES_NO_SQ)
            return invalid(err, field, "not a cell name");
        if (sq <= last)
            return invalid(err, field, "cells must be distinct and in ascending order");
        if (!is_neutral_tattooed(s, sq))
            return invalid(err, field, "does not hold a neutral tattooed turtle");
        s->pending_bb |= sa_bb_of(sq);
        last = sq;
    }
    return SA_OK;
}

static sa_status read_changing(turtles_state *s, const sa_json *v, sa_error *err)
{
    s->changing = TURTLES_NO_SQ;
    if (v->type == SA_JSON_NULL)
        return SA_OK;
    if (v->type != SA_JSON_STRING)
        return invalid(err, "changing", "expected a cell name or null");
    int sq = turtles_sq_parse(v->string);
    if (sq == TURTLES_NO_SQ)
        return invalid(err, "changing", "not a cell name");
    if (!is_neutral_tattooed(s, sq) || !((s->tattoo_bb[TURTLES_CHANGE] >> sq) & 1))
        return invalid(err, "changing", "does not hold a neutral Change turtle");
    if ((s->pending_bb >> sq) & 1)
        return invalid(err, "changing", "is also pending");
    if (s->active_bb[1 - s->side] == 0)
        return invalid(err, "changing", "the jumper has no active turtle to hand over");
    s->changing = (int8_t)sq;
    return SA_OK;
}

/* The setup phase (§5): the start squares full, tattoos a prefix of L C I X. */
static sa_status check_setup(const turtles_state *s, sa_error *err)
{
    if (!s->tattoo || !s->tattoo_choose)
        return invalid(err, "phase",
                       "\"setup\" needs rules.tattoo with tattoo_setup \"choose\"");
    if (s->turns != 0)
        return invalid(err, "turns", "must be 0 in the setup phase");
    if (s->pending_bb || s->changing != TURTLES_NO_SQ)
        return invalid(err, "pending", "must be empty in the setup phase");
    if (s->active_bb[0] != TURTLES_START0_BB || s->active_bb[1] != TURTLES_START1_BB ||
        s->neutral_bb)
        return invalid(err, "board",
                       "the setup phase needs exactly the 16 start "
                       "squares filled with their owners' turtles");
    int placed[2];
    for (int p = 0; p < 2; p++) {
        placed[p] = sa_bb_count(s->active_bb[p] & turtles_tattooed(s));
        for (int k = 0; k < TURTLES_KINDS; k++)
            if (sa_bb_count(s->active_bb[p] & s->tattoo_bb[k]) != (k < placed[p]))
                return invalid(err, "board",
                               "tattoos are placed in the order L, C, I, X, "
                               "one of each");
    }
    int side_ok =
        s->side == 0 ? placed[0] < 4 && placed[1] == 0 : placed[0] == 4 && placed[1] < 4;
    return side_ok ? SA_OK
                   : invalid(err, "side", "does not fit the tattoos placed so far");
}

static int over_by_rules(const turtles_state *s)
{
    return turtles_winner_on_goal(s) >= 0 ||
           (s->max_turns > 0 && s->turns >= s->max_turns) || !turtles_side_has_move(s);
}

static sa_status check_phase(const turtles_state *s, sa_error *err)
{
    if (s->phase == TURTLES_SETUP)
        return check_setup(s, err);
    if (s->phase == TURTLES_EFFECTS) {
        if (!s->tattoo)
            return invalid(err, "phase", "\"effects\" needs rules.tattoo");
        if (s->pending_bb == 0 && s->changing == TURTLES_NO_SQ)
            return invalid(err, "phase",
                           "\"effects\" needs something pending or changing");
        if (turtles_winner_on_goal(s) >= 0)
            return invalid(err, "phase", "\"effects\" with a player on their goal");
        return SA_OK;
    }
    if (s->pending_bb)
        return invalid(err, "pending", "must be empty outside the effects phase");
    if (s->changing != TURTLES_NO_SQ)
        return invalid(err, "changing", "must be null outside the effects phase");
    if (s->phase == TURTLES_PLAY && over_by_rules(s))
        return invalid(err, "phase",
                       "\"play\" but the game is over (goal, turn limit "
                       "or no legal move)");
    if (s->phase == TURTLES_OVER && !over_by_rules(s))
        return invalid(err, "phase", "\"over\" but the game is not over");
    return SA_OK;
}

static sa_status check_to_move(const turtles_state *s, const sa_json *v, sa_error *err)
{
    int implied = turtles_to_move(s);
    int given;
    if (v->type == SA_JSON_STRING && strcmp(v->string, "terminal") == 0) {
        given = SA_TERMINAL;
    } else if (v->type == SA_JSON_NUMBER && v->is_integer &&
               (v->integer == 0 || v->integer == 1)) {
        given = (int)v->integer;
    } else {
        return invalid(err, "to_move", "expected 0, 1 or \"terminal\"");
    }
    if (given != implied) {
        char what[80];
        if (implied == SA_TERMINAL)
            snprintf(what, sizeof what, "is %d but the position is terminal", given);
        else
            snprintf(what, sizeof what, "does not match the position (player %d decides)",
                     implied);
        return invalid(err, "to_move", what);
    }
    return SA_OK;
}

/* The scalar fields: game, rules, phase, side, turns. */
static sa_status read_header(turtles_state *s, const sa_json *root, sa_error *err)
{
    const char *game;
    int index;
    int64_t number;
    sa_status st = sa_json_get_string(sa_json_member(root, "game"), "game", &game, err);
    if (st == SA_OK && strcmp(game, "turtles") != 0)
        return invalid(err, "game", "expected \"turtles\"");
    if (st == SA_OK)
        st = read_rules(s, sa_json_member(root, "rules"), err);
    if (st == SA_OK && (st = sa_json_get_enum(sa_json_member(root, "phase"), "phase",
                                              phase_names, &index, err)) == SA_OK)
        s->phase = (uint8_t)index;
    if (st == SA_OK && (st = sa_json_get_int(sa_json_member(root, "side"), "side", 0, 1,
                                             &number, err)) == SA_OK)
        s->side = (uint8_t)number;
    if (st == SA_OK &&
        (st = sa_json_get_int(sa_json_member(root, "turns"), "turns", 0,
                              TURTLES_MAX_TURNS_FIELD, &number, err)) == SA_OK)
        s->turns = (uint32_t)number;
    if (st == SA_OK && s->max_turns > 0 && s->turns > s->max_turns)
        return invalid(err, "turns", "exceeds rules.max_turns");
    return st;
}

sa_status turtles_from_json(void *state, const sa_json *root, sa_error *err)
{
    static const char *const fields[] = {"game",    "rules",    "to_move", "phase",
                                         "side",    "turns",    "board",   "reserve",
                                         "pending", "changing", NULL};
    turtles_state *s = state;
    memset(s, 0, sizeof *s);
    s->changing = TURTLES_NO_SQ;
    sa_status st = sa_json_check_keys(root, "", fields, NULL, err);
    if (st == SA_OK)
        st = read_header(s, root, err);
    if (st == SA_OK)
        st = read_board(s, sa_json_member(root, "board"), err);
    if (st == SA_OK)
        st = read_reserve(s, sa_json_member(root, "reserve"), err);
    if (st == SA_OK)
        st = read_pending(s, sa_json_member(root, "pending"), err);
    if (st == SA_OK)
        st = read_changing(s, sa_json_member(root, "changing"), err);
    if (st == SA_OK && ((s->active_bb[0] >> turtles_goal(0)) & 1) &&
        ((s->active_bb[1] >> turtles_goal(1)) & 1))
        return invalid(err, "board", "both players have an active turtle on their goal");
    if (st == SA_OK)
        st = check_phase(s, err);
    if (st == SA_OK)
        st = check_to_move(s, sa_json_member(root, "to_move"), err);
    if (st == SA_OK)
        s->hash = turtles_hash_from_scratch(s);
    return st;
}

/* -- writing ---------------------------------------------------------------- */

static void write_cell(sa_writer *out, int sq)
{
    char name[3];
    turtles_sq_name(sq, name);
    sa_write_char(out, '"');
    sa_write(out, name);
    sa_write_char(out, '"');
}

static void write_piece(sa_writer *out, int code)
{
    sa_write_char(out, '"');
    sa_write_char(out, "01n"[code / 5]);
    if (code % 5)
        sa_write_char(out, kind_letters[code % 5 - 1]);
    sa_write_char(out, '"');
}

static void write_rules(const turtles_state *s, sa_writer *out)
{
    sa_write_fmt(out,
                 "{\"tattoo\": %s, \"tattoo_setup\": \"%s\", \"hatching\": %s, "
                 "\"max_rule\": \"%s\", \"max_turns\": %d}",
                 s->tattoo ? "true" : "false", setup_names[s->tattoo_choose],
                 s->hatching ? "true" : "false", max_rule_names[s->max_rule],
                 (int)s->max_turns);
}

void turtles_to_json(const void *state, sa_writer *out)
{
    const turtles_state *s = state;
    sa_write(out, "{\"game\": \"turtles\", \"rules\": ");
    write_rules(s, out);
    int who = turtles_to_move(s);
    if (who == SA_TERMINAL)
        sa_write(out, ", \"to_move\": \"terminal\"");
    else
        sa_write_fmt(out, ", \"to_move\": %d", who);
    sa_write_fmt(out, ", \"phase\": \"%s\", \"side\": %d, \"turns\": %lu, \"board\": {",
                 phase_names[s->phase], s->side, (unsigned long)s->turns);
    int first = 1;
    for (uint64_t bb = turtles_occupied(s); bb; first = 0) {
        int sq = sa_bb_pop(&bb);
        sa_write(out, first ? "" : ", ");
        write_cell(out, sq);
        sa_write(out, ": ");
        write_piece(out, turtles_piece_at(s, sq));
    }
    sa_write_fmt(out, "}, \"reserve\": [%d, %d], \"pending\": [", s->reserve[0],
                 s->reserve[1]);
    first = 1;
    for (uint64_t bb = s->pending_bb; bb; first = 0) {
        sa_write(out, first ? "" : ", ");
        write_cell(out, sa_bb_pop(&bb));
    }
    sa_write(out, "], \"changing\": ");
    if (s->changing == TURTLES_NO_SQ)
        sa_write(out, "null");
    else
        write_cell(out, s->changing);
    sa_write_char(out, '}');
}

/* -- move spelling (§6) ------------------------------------------------------ */

/* Appends the name of sq at *p. */
static char *put_name(char *p, int sq)
{
    turtles_sq_name(sq, p);
    return p + 2;
}

static char *spell_jump(const turtles_state *s, sa_move m, char *p)
{
    int cur = turtles_m_from(m);
    p = put_name(p, cur);
    for (int i = 0; i < turtles_m_hops(m); i++) {
        cur += 2 * turtles_forward[s->side][turtles_m_dir(m, i)];
        *p++ = 'x';
        p = put_name(p, cur);
    }
    if (turtles_m_neutrals(m) > 0)
        *p++ = '/';
    for (int i = 0; i < turtles_m_neutrals(m); i++)
        *p++ = (char)('0' + turtles_m_team(m, i));
    return p;
}

void turtles_move_str(const void *state, sa_move m, char out[SA_MOVE_STR_MAX])
{
    const turtles_state *s = state;
    static const char effect_letter[] = {0, 0, 0, 0, 'L', 'I', 'X', 'C', 'C'};
    char *p = out;
    int kind = turtles_m_kind(m);
    switch (kind) {
    case TURTLES_M_STEP:
        p = put_name(p, turtles_m_from(m));
        *p++ = '-';
        p = put_name(p, turtles_m_to(m));
        break;
    case TURTLES_M_JUMP: p = spell_jump(s, m, p); break;
    case TURTLES_M_ADD:
        for (uint64_t bb = turtles_m_add_bb(m); bb;) {
            *p++ = '+';
            p = put_name(p, sa_bb_pop(&bb));
        }
        break;
    case TURTLES_M_SETUP:
        *p++ = kind_letters[turtles_m_to(m) & 3];
        *p++ = '@';
        p = put_name(p, turtles_m_from(m));
        break;
    default:
        *p++ = effect_letter[kind];
        p = put_name(p, turtles_m_from(m));
        if (turtles_m_has_target(m)) {
            *p++ = '/';
            p = put_name(p, turtles_m_to(m));
        }
        break;
    }
    *p = '\0';
}
