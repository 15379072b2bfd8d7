/* games/zebras_describe.c: what a zebras move does, in words and board places
 * (sa_game.describe_move; rule book shared/rules/zebras.md, §4 and §7).
 *
 * The places are the cells the spelling names (the token's cell, then each
 * crocodile swap's cell) and the guardian's new position ("position:NN"),
 * in that order: the places a player clicks. The sentence says what the
 * placement makes happen, read off the position before and after it: tokens
 * turned face down, gazelles sent home, swaps, the Inauguration, the end.
 */
#include <stdio.h>
#include <string.h>

#include "games/zebras.h"

static const char *const species_names[ZEBRAS_SPECIES] = {"zebra", "gazelle", "elephant",
                                                          "lion", "crocodile"};

static void cell_name(int cell, char out[3])
{
    out[0] = (char)('a' + cell % 6);
    out[1] = (char)('1' + cell / 6);
    out[2] = '\0';
}

/* The cells of `bb` as an English list after `lead` ("" for none). */
static void describe_cells(sa_move_description *d, const char *lead, uint32_t bb)
{
    char names[ZEBRAS_CELLS][3];
    const char *items[ZEBRAS_CELLS];
    int n = 0;
    for (int cell = 0; cell < ZEBRAS_CELLS; cell++)
        if (bb >> cell & 1) {
            cell_name(cell, names[n]);
            items[n] = names[n];
            n++;
        }
    if (n == 0)
        return;
    sa_describe_text(d, "%s", lead);
    sa_describe_list(d, items, n);
}

/* The crocodile's swaps, one cell each, as places and words; a gazelle
 * that arrives face up beside a lion turns face down (§4.4). */
static void describe_swaps(const zebras_state *s, const zebras_state *after, sa_move m,
                           sa_move_description *d)
{
    int cell = (int)zebras_move_cell(m);
    for (unsigned i = 0; i < zebras_move_swaps(m); i++) {
        int next = cell + ZEBRAS_STEP_DELTA[zebras_move_step(m, i)];
        char name[3];
        cell_name(next, name);
        sa_describe_place(d, "cell", name);
        sa_describe_text(
            d, i == 0 ? ", swaps with the gazelle on %s" : ", then with the one on %s",
            name);
        if ((after->down_bb >> cell & 1) && !(s->down_bb >> next & 1))
            sa_describe_text(d, " (the gazelle turns face down beside a lion)");
        cell = next;
    }
}

/* What a zebra's, gazelle's or lion's reaction did: the placed token face
 * down, zebras turned face down, gazelles sent home (§4.3). */
static void describe_reactions(const zebras_state *s, const zebras_state *after, int cell,
                               sa_move_description *d)
{
    uint32_t bit = (uint32_t)1 << cell;
    uint32_t down = after->down_bb & ~s->down_bb;
    uint32_t home = zebras_occupied(s) & ~zebras_occupied(after);
    if (down & bit)
        sa_describe_text(d, ", face down (a lion is beside it)");
    uint32_t turned = down & ~bit;
    describe_cells(d,
                   turned & (turned - 1) ? "; it turns face down the zebras on "
                                         : "; it turns face down the zebra on ",
                   turned);
    int one = home && !(home & (home - 1));
    describe_cells(d, one ? "; the gazelle on " : "; the gazelles on ", home);
    if (home)
        sa_describe_text(d, one ? " goes back to its owner's hand"
                                : " go back to their owners' hands");
}

static void describe_end(const zebras_state *s, const zebras_state *after, int player,
                         sa_move m, sa_move_description *d)
{
    if (s->inauguration < 0 && after->inauguration == player)
        sa_describe_text(d, "; player %d takes the Inauguration", player);
    if (after->to_move != SA_TERMINAL) {
        sa_describe_text(d, "; the guardian moves to %u", zebras_move_dest(m));
        return;
    }
    int score[2];
    zebras_scores(after, score);
    if (score[0] == score[1])
        sa_describe_text(d, "; the board is full: a draw, %d to %d", score[0], score[1]);
    else
        sa_describe_text(d, "; the board is full: player %d wins, %d to %d",
                         score[0] > score[1] ? 0 : 1, score[0], score[1]);
}

void zebras_describe_move(const void *state, sa_move m, sa_move_description *d)
{
    const zebras_state *s = state;
    char name[12];
    if (zebras_move_species(m) == ZEBRAS_OPENING) {
        snprintf(name, sizeof name, "%u", zebras_move_dest(m));
        sa_describe_place(d, "position", name);
        sa_describe_text(d, "player %d puts the guardian on position %s", s->to_move,
                         name);
        return;
    }
    zebras_state after;
    memcpy(&after, s, sizeof after);
    zebras_apply(&after, m);
    int cell = (int)zebras_move_cell(m), species = (int)zebras_move_species(m);
    cell_name(cell, name);
    sa_describe_place(d, "cell", name);
    sa_describe_text(d, "player %d places %s %s on %s", s->to_move,
                     species == ZEBRAS_E ? "an" : "a", species_names[species], name);
    if (species == ZEBRAS_C)
        describe_swaps(s, &after, m, d);
    else
        describe_reactions(s, &after, cell, d);
    describe_end(s, &after, s->to_move, m, d);
    if (after.to_move != SA_TERMINAL) {
        char dest[12];
        snprintf(dest, sizeof dest, "%u", zebras_move_dest(m));
        sa_describe_place(d, "position", dest);
    }
}
