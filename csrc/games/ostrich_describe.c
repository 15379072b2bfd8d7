/* games/ostrich_describe.c: what an ostrich-race move or outcome does, in
 * words and board places (sa_game.describe_move; rule book
 * shared/rules/ostrich.md, §4 and §7).
 *
 * Places: an ostrich ("id:A") for a movement, a flip or a lion target; the
 * space named by a nest, lion or vortex move ("space:0b"); each space a lion
 * path enters. Dice, deals, berries and re-roll choices touch no place.
 * The sentence reads the position before and after the move: where a path
 * ends, whom it jumps, whether it finishes, stops on a berry or is caught.
 */
#include <stdio.h>
#include <string.h>

#include "games/ostrich.h"

static const char faces[] = "ABCDEW";
static const char *const places_words[3] = {"1st", "2nd", "3rd"};

static void space_name(int sp, char out[16])
{
    snprintf(out, 16, "%d%c", sp_row(sp) % 1000, 'a' + sp_lane(sp));
}

static void place_ostrich(sa_move_description *d, int x)
{
    char name[2] = {(char)('A' + x), '\0'};
    sa_describe_place(d, "id", name);
}

static void place_space(sa_move_description *d, int sp)
{
    char name[16];
    space_name(sp, name);
    sa_describe_place(d, "space", name);
}

/* The ostrich on space sp before the move, or -1. */
static int ostrich_on(const ostrich_state *s, int sp)
{
    for (int x = 0; x < 5; x++)
        if (s->ost_where[x] == AT_TRACK && s->ost_space[x] == sp)
            return x;
    return -1;
}

/* Faces as "D, D and E" (n counts per face; the black die apart). */
static void describe_faces(sa_move_description *d, sa_move m)
{
    static const char *const names[N_FACES] = {"A", "B", "C", "D", "E", "W"};
    const char *items[6];
    int n = 0;
    for (int f = 0; f < N_FACES; f++)
        for (int i = 0; i < mv_count(m, f) && n < 6; i++)
            items[n++] = names[f];
    sa_describe_list(d, items, n);
}

/* A movement: from, to, jumps, wilds, and where it stops. */
static void describe_path(const ostrich_state *s, const ostrich_state *after, sa_move m,
                          sa_move_description *d)
{
    int x = mv_a(m), sp = s->ost_space[x];
    char from[16], to[16];
    space_name(sp, from);
    place_ostrich(d, x);
    sa_describe_text(d, "ostrich %c %s %d point%s from %s", 'A' + x,
                     s->phase == PH_ADVANCE ? "advances" : "moves", mv_len(m),
                     mv_len(m) == 1 ? "" : "s", from);
    char jumped[6][2];
    const char *items[6];
    int n = 0;
    for (int i = 0; i < mv_len(m); i++) {
        int st = mv_step(m, i), dl = (st & 3) - 1, rows = st & 4 ? 2 : 1;
        if ((st & 4) && n < 6) {
            jumped[n][0] =
                (char)('A' + ostrich_on(s, (sp_row(sp) + 1) * 3 + sp_lane(sp) + dl));
            jumped[n][1] = '\0';
            items[n] = jumped[n];
            n++;
        }
        sp = (sp_row(sp) + rows) * 3 + sp_lane(sp) + dl * rows;
    }
    space_name(sp, to);
    sa_describe_text(d, " to %s", to);
    if (n > 0) {
        sa_describe_text(d, ", jumping over ");
        sa_describe_list(d, items, n);
    }
    if (mv_wilds(m) > 0)
        sa_describe_text(d, ", using %d wild%s", mv_wilds(m),
                         mv_wilds(m) == 1 ? "" : "s");
    if (after->ost_where[x] == AT_FINISHED)
        sa_describe_text(d, ", and crosses the line %s",
                         places_words[after->n_finished - 1]);
    else if (after->ost_where[x] == AT_OFF)
        sa_describe_text(d, ", where the lion catches it: it goes back to a nest");
    else if (after->phase == PH_BERRY && after->pend_ostrich == x)
        sa_describe_text(d, ", and stops on the berry there");
}

static void describe_berry(const ostrich_state *s, const ostrich_state *after, sa_move m,
                           sa_move_description *d)
{
    static const char *const effects[EFF_NB] = {"does nothing",
                                                "bewitches the ostrich",
                                                "gives a bonus roll of all the dice",
                                                "gives an extra turn",
                                                "advances the ostrich 1 point",
                                                "advances the ostrich 2 points",
                                                "advances the ostrich 3 points",
                                                "advances the ostrich 4 points",
                                                "advances the ostrich 5 points",
                                                "sends the ostrich back to a nest"};
    int kind = mv_a(m), x = s->pend_ostrich, eff = s->kind_effect[kind];
    sa_describe_text(d, "the berry under ostrich %c is %s: ", 'A' + x,
                     s->kind_name[kind]);
    if (kind == KIND_PEEPA && s->lion_state == LION_HIDDEN)
        sa_describe_text(d, after->phase == PH_LION_PLACE
                                ? "the lion comes out"
                                : "the lion finds no space and never comes");
    else if (eff == EFF_BEWITCH && !(after->bewitched >> x & 1))
        sa_describe_text(
            d, "it only stops the ostrich (no spell while the lion is in play)");
    else if (eff >= EFF_ADVANCE1 && eff <= EFF_ADVANCE5 && after->phase != PH_ADVANCE)
        sa_describe_text(d, "the ostrich would advance but has no step");
    else
        sa_describe_text(d, "it %s", effects[eff]);
}

static void describe_lion_path(const ostrich_state *s, const ostrich_state *after,
                               sa_move m, sa_move_description *d)
{
    char names[3][16];
    const char *items[3];
    for (int i = 0; i < mv_len(m) && i < 3; i++) {
        space_name(mv_space(m, i), names[i]);
        items[i] = names[i];
        place_space(d, mv_space(m, i));
    }
    sa_describe_text(d, "the lion steps to ");
    sa_describe_list(d, items, mv_len(m));
    int caught = ostrich_on(s, mv_space(m, mv_len(m) - 1));
    if (caught >= 0)
        sa_describe_text(d, " and catches ostrich %c: it goes back to a nest",
                         'A' + caught);
    else if (after->phase == PH_VORTEX)
        sa_describe_text(d, " and falls into the vortex");
    else if (after->lion_state == LION_GONE)
        sa_describe_text(d, " and dies in the lava");
}

static void describe_dice(const ostrich_state *s, sa_move m, sa_move_description *d)
{
    sa_describe_text(d, s->phase == PH_REROLL ? "after the re-roll the dice show "
                                              : "the dice show ");
    describe_faces(d, m);
    sa_describe_text(d, ", the black die %c", faces[mv_black(m)]);
}

static void describe_reroll(sa_move m, sa_move_description *d)
{
    int whites = 0;
    for (int f = 0; f < N_FACES; f++)
        whites += mv_count(m, f);
    if (whites == 0 && !mv_black_flag(m)) {
        sa_describe_text(d, "keep the dice, re-roll none");
        return;
    }
    sa_describe_text(d, "re-roll ");
    describe_faces(d, m);
    if (mv_black_flag(m))
        sa_describe_text(d, whites ? " and the black die" : "the black die");
}

static void describe_other(const ostrich_state *s, const ostrich_state *after, sa_move m,
                           sa_move_description *d)
{
    int a = mv_a(m);
    char name[16];
    space_name(mv_space(m, 0), name);
    switch (mv_kind(m)) {
    case MV_DEAL: {
        int p = 0;
        while (p < s->players && s->pred[p] >= 0)
            p++;
        const char *t = ostrich_tiles[a];
        sa_describe_text(d,
                         "player %d is dealt the prediction %s (1st %c, 2nd %c, 3rd %c, "
                         "last %c)",
                         p, t, t[0], t[1], t[2], t[3]);
        break;
    }
    case MV_FLIP:
        place_ostrich(d, a);
        sa_describe_text(d,
                         (after->bewitched >> a & 1) ? "bewitch ostrich %c"
                                                     : "free ostrich %c from its spell",
                         'A' + a);
        break;
    case MV_PASS:
        sa_describe_text(d, "pass: no ostrich can move and no sorcery is possible");
        break;
    case MV_NEST:
        place_space(d, mv_space(m, 0));
        sa_describe_text(d, "put ostrich %c on the nest %s", 'A' + s->pend_ostrich, name);
        break;
    case MV_LION_PLACE:
        place_space(d, mv_space(m, 0));
        sa_describe_text(d, "put the lion on %s; every bewitched ostrich runs again",
                         name);
        break;
    case MV_VORTEX:
        place_space(d, mv_space(m, 0));
        sa_describe_text(d, "the lion comes out of the vortex on %s", name);
        break;
    case MV_BLACK:
        sa_describe_text(d,
                         a == FACE_W
                             ? "the black die shows W: the player picks the lion's prey"
                             : "the black die shows %c: the lion hunts ostrich %c",
                         faces[a], faces[a]);
        break;
    case MV_TARGET:
        place_ostrich(d, a);
        sa_describe_text(d, "the lion hunts ostrich %c", 'A' + a);
        break;
    default: break;
    }
}

void ostrich_describe_move(const void *state, sa_move m, sa_move_description *d)
{
    const ostrich_state *s = state;
    ostrich_state after;
    memcpy(&after, s, sizeof after);
    ostrich_apply(&after, m);
    switch (mv_kind(m)) {
    case MV_DICE: describe_dice(s, m, d); break;
    case MV_REROLL: describe_reroll(m, d); break;
    case MV_PATH: describe_path(s, &after, m, d); break;
    case MV_BERRY: describe_berry(s, &after, m, d); break;
    case MV_LION_PATH: describe_lion_path(s, &after, m, d); break;
    default: describe_other(s, &after, m, d); break;
    }
    if (after.phase == PH_OVER)
        sa_describe_text(d, "; the race ends");
}
