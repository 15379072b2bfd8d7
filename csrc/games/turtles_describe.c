/* games/turtles_describe.c: what a turtles move does, in words and cells
 * (sa_game.describe_move; rule book shared/rules/turtles.md, §4 and §6).
 *
 * The places are the cells the spelling names, in its order (a step's two
 * cells, a jump's start and landings, an add's cells, an effect's tattooed
 * turtle and its target): the cells a player clicks. The sentence says what
 * the rules make of the move: which turtles a jump neutralises or stands up,
 * what an effect adds or removes, and the end of the game when it comes.
 */
#include <string.h>

#include "common/bitboard.h"
#include "games/turtles.h"

static const char *const kind_names[TURTLES_KINDS] = {"Life", "Change", "Immortality",
                                                      "Contamination"};

/* "the Life turtle", "the turtle" for the piece code `code` (tattoo part). */
static const char *turtle_of(int code)
{
    static const char *const tattooed[TURTLES_KINDS] = {
        "the Life turtle", "the Change turtle", "the Immortality turtle",
        "the Contamination turtle"};
    int tattoo = code % 5;
    return tattoo ? tattooed[tattoo - 1] : "the turtle";
}

/* Every cell name of the spelling, in its order, as a place. */
static void spelled_cells(const turtles_state *s, sa_move m, sa_move_description *d)
{
    char text[SA_MOVE_STR_MAX];
    turtles_move_str(s, m, text);
    for (const char *p = text; p[0] && p[1]; p++) {
        char name[3] = {p[0], p[1], '\0'};
        if (turtles_sq_parse(name) != TURTLES_NO_SQ &&
            !(p > text && p[-1] >= 'a' && p[-1] <= 'g')) {
            sa_describe_place(d, "cell", name);
            p++;
        }
    }
}

/* " over the enemy turtle on d3 (now neutral) to d4" for one hop. */
static void describe_hop(const turtles_state *before, const turtles_state *after,
                         int over, int land, int mover, sa_move_description *d)
{
    char over_name[3], land_name[3];
    turtles_sq_name(over, over_name);
    turtles_sq_name(land, land_name);
    int code = turtles_piece_at(before, over);
    int owner = code / 5, now = turtles_piece_at(after, over) / 5;
    const char *what = turtle_of(code) + 4; /* without "the " */
    if (owner == mover)
        sa_describe_text(d, " over its own %s on %s", what, over_name);
    else if (owner == 2)
        sa_describe_text(d, " over the neutral %s on %s (it joins player %d)", what,
                         over_name, now);
    else
        sa_describe_text(d, " over the enemy %s on %s (now neutral)", what, over_name);
    sa_describe_text(d, " to %s", land_name);
}

static void describe_jump(const turtles_state *s, const turtles_state *after, sa_move m,
                          sa_move_description *d)
{
    int cur = turtles_m_from(m);
    char from[3];
    turtles_sq_name(cur, from);
    sa_describe_text(d, "%s on %s jumps", turtle_of(turtles_piece_at(s, cur)), from);
    for (int i = 0; i < turtles_m_hops(m); i++) {
        int dir = turtles_forward[s->side][turtles_m_dir(m, i)];
        if (i > 0)
            sa_describe_text(d, ", then");
        describe_hop(s, after, cur + dir, cur + 2 * dir, s->side, d);
        cur += 2 * dir;
    }
}

static void describe_add(const turtles_state *s, sa_move m, sa_move_description *d)
{
    char names[8][3];
    const char *items[8];
    int n = 0;
    for (uint64_t bb = turtles_m_add_bb(m); bb && n < 8; n++) {
        turtles_sq_name(sa_bb_pop(&bb), names[n]);
        items[n] = names[n];
    }
    sa_describe_text(d, "player %d adds %s on ", s->side,
                     n == 1 ? "a turtle" : "turtles");
    sa_describe_list(d, items, n);
    sa_describe_text(d, " from the reserve");
}

/* The effect moves of §4.6: c the tattooed turtle's cell, t its target. */
static void describe_effect(const turtles_state *s, const turtles_state *after, sa_move m,
                            sa_move_description *d)
{
    int kind = turtles_m_kind(m), c = turtles_m_from(m), t = turtles_m_to(m);
    int target = turtles_m_has_target(m);
    char cn[3], tn[3];
    turtles_sq_name(c, cn);
    turtles_sq_name(t, tn);
    if (kind == TURTLES_M_LIFE && target)
        sa_describe_text(d, "the Life turtle on %s gives player %d a new turtle on %s",
                         cn, s->side, tn);
    else if (kind == TURTLES_M_LIFE)
        sa_describe_text(d, "the Life turtle on %s can give no new turtle", cn);
    else if (kind == TURTLES_M_IMMORTAL && turtles_piece_at(after, c) / 5 != 2)
        sa_describe_text(d,
                         "the Immortality turtle on %s leaves the game; a turtle of "
                         "player %d takes its cell",
                         cn, s->side);
    else if (kind == TURTLES_M_IMMORTAL)
        sa_describe_text(d,
                         "the Immortality turtle on %s stays neutral (no turtle left in "
                         "the pool)",
                         cn);
    else if (kind == TURTLES_M_CONTAM && target)
        sa_describe_text(
            d,
            "the Contamination turtle on %s removes player %d's turtle on %s, "
            "then leaves the board",
            cn, 1 - s->side, tn);
    else if (kind == TURTLES_M_CONTAM)
        sa_describe_text(d,
                         "the Contamination turtle on %s leaves the board (no turtle of "
                         "player %d beside it)",
                         cn, 1 - s->side);
    else if (kind == TURTLES_M_CHANGE_OWNER && after->changing == c)
        sa_describe_text(
            d, "the Change turtle on %s acts: player %d must hand over a turtle", cn,
            1 - s->side);
    else if (kind == TURTLES_M_CHANGE_OWNER)
        sa_describe_text(d,
                         "the Change turtle on %s leaves the board (player %d has no "
                         "turtle to hand over)",
                         cn, 1 - s->side);
    else
        sa_describe_text(d,
                         "player %d hands %s on %s over to player %d; the Change turtle "
                         "on %s leaves the board",
                         1 - s->side, turtle_of(turtles_piece_at(s, t)), tn, s->side, cn);
}

/* "; player 0 wins" / "; a draw" when the move ends the game. */
static void describe_end(const turtles_state *after, sa_move_description *d)
{
    if (after->phase != TURTLES_OVER)
        return;
    int32_t result[2];
    turtles_result(after, result);
    if (result[0] == result[1])
        sa_describe_text(d, "; the game ends in a draw");
    else
        sa_describe_text(d, "; player %d wins", result[0] > result[1] ? 0 : 1);
}

void turtles_describe_move(const void *state, sa_move m, sa_move_description *d)
{
    const turtles_state *s = state;
    turtles_state after;
    memcpy(&after, s, sizeof after);
    turtles_apply(&after, m);
    spelled_cells(s, m, d);
    char from[3], to[3];
    turtles_sq_name(turtles_m_from(m), from);
    turtles_sq_name(turtles_m_to(m), to);
    switch (turtles_m_kind(m)) {
    case TURTLES_M_STEP:
        sa_describe_text(d, "%s on %s steps to %s",
                         turtle_of(turtles_piece_at(s, turtles_m_from(m))), from, to);
        break;
    case TURTLES_M_JUMP: describe_jump(s, &after, m, d); break;
    case TURTLES_M_ADD: describe_add(s, m, d); break;
    case TURTLES_M_SETUP:
        sa_describe_text(d, "player %d puts the %s tattoo on the turtle on %s", s->side,
                         kind_names[turtles_m_to(m) & 3], from);
        break;
    default: describe_effect(s, &after, m, d); break;
    }
    describe_end(&after, d);
}
